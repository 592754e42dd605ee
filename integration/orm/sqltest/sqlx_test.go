package sqltest

import (
	"errors"
	"slices"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/integration/orm/internal/testdb"
	"github.com/jmoiron/sqlx"
)

// member is the row type sqlx maps columns into by db tag.
type member struct {
	ID     id.ID  `db:"id"`
	TeamID *id.ID `db:"team_id"`
	Name   string `db:"name"`
}

// TestSqlx: Get, Select, NamedExec and sqlx.In with id.ID values and
// fields, on the three databases; the zero ID is refused with ErrZero.
func TestSqlx(t *testing.T) {
	for _, d := range databases {
		t.Run(d.name, func(t *testing.T) {
			db := sqlx.NewDb(d.open(t), d.driver)
			tb := testdb.Name("sqlx")
			db.MustExec("CREATE TABLE " + tb + " (id " + d.text + " NOT NULL PRIMARY KEY, team_id " + d.text + " NULL, name VARCHAR(50) NOT NULL)")
			testdb.Drop(t, db.DB, tb)

			team := id.New()
			ms := []member{{ID: id.New(), TeamID: &team, Name: "a"}, {ID: id.New(), Name: "b"}, {ID: id.New(), TeamID: &team, Name: "c"}}
			for _, m := range ms {
				_, err := db.NamedExec("INSERT INTO "+tb+" (id, team_id, name) VALUES (:id, :team_id, :name)", m)
				testdb.Must(t, err)
			}

			var got member
			testdb.Must(t, db.Get(&got, db.Rebind("SELECT id, team_id, name FROM "+tb+" WHERE id = ?"), ms[0].ID))
			if got.ID != ms[0].ID || got.TeamID == nil || *got.TeamID != team || got.Name != "a" {
				t.Fatalf("Get = %+v, want %+v with team %v", got, ms[0], team)
			}

			var all []member
			testdb.Must(t, db.Select(&all, "SELECT id, team_id, name FROM "+tb+" ORDER BY id"))
			if len(all) != 3 || all[1].ID != ms[1].ID || all[1].TeamID != nil || all[2].ID != ms[2].ID {
				t.Fatalf("Select = %+v, want the 3 members in order, b without a team", all)
			}

			q, args, err := sqlx.In("SELECT id FROM "+tb+" WHERE id IN (?) ORDER BY id", []id.ID{ms[0].ID, ms[2].ID})
			testdb.Must(t, err)
			if len(args) != 2 {
				t.Fatalf("sqlx.In expanded []id.ID into %d arguments, want 2", len(args))
			}
			var ids []id.ID
			testdb.Must(t, db.Select(&ids, db.Rebind(q), args...))
			if !slices.Equal(ids, []id.ID{ms[0].ID, ms[2].ID}) {
				t.Fatalf("sqlx.In select = %v, want %v", ids, []id.ID{ms[0].ID, ms[2].ID})
			}

			_, err = db.NamedExec("INSERT INTO "+tb+" (id, team_id, name) VALUES (:id, :team_id, :name)", member{Name: "nobody"})
			if !errors.Is(err, id.ErrZero) {
				t.Fatalf("NamedExec with the zero id: err = %v, want one wrapping id.ErrZero", err)
			}
			var n int
			testdb.Must(t, db.Get(&n, "SELECT count(*) FROM "+tb))
			if n != 3 {
				t.Fatalf("%d rows after the refused insert, want 3", n)
			}
		})
	}
}
