package sqltest

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/integration/orm/internal/testdb"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
	"github.com/uptrace/bun"
)

// memberID and teamID are typed ids as docs/typed-ids.md declares them.
type (
	memberID struct{ id.ID }
	teamID   struct{ id.ID }
)

// typedMember is sqlx's row type of TestSqlx with typed ids.
type typedMember struct {
	ID     memberID `db:"id"`
	TeamID *teamID  `db:"team_id"`
	Name   string   `db:"name"`
}

// TestSqlxTypedIDs: Get, Select (into structs and into []memberID),
// NamedExec and sqlx.In with typed ids, on the three databases; the zero
// typed id is refused with ErrZero. sqlx maps the field by its tag and
// does not take the struct apart: *memberID is an sql.Scanner.
func TestSqlxTypedIDs(t *testing.T) {
	for _, d := range databases {
		t.Run(d.name, func(t *testing.T) {
			db := sqlx.NewDb(d.open(t), d.driver)
			tb := testdb.Name("sqlxt")
			db.MustExec("CREATE TABLE " + tb + " (id " + d.text + " NOT NULL PRIMARY KEY, team_id " + d.text + " NULL, name VARCHAR(50) NOT NULL)")
			testdb.Drop(t, db.DB, tb)

			team := id.NewAs[teamID]()
			ms := []typedMember{{ID: id.NewAs[memberID](), TeamID: &team, Name: "a"}, {ID: id.NewAs[memberID](), Name: "b"}, {ID: id.NewAs[memberID](), TeamID: &team, Name: "c"}}
			for _, m := range ms {
				_, err := db.NamedExec("INSERT INTO "+tb+" (id, team_id, name) VALUES (:id, :team_id, :name)", m)
				testdb.Must(t, err)
			}
			var got typedMember
			testdb.Must(t, db.Get(&got, db.Rebind("SELECT id, team_id, name FROM "+tb+" WHERE id = ?"), ms[0].ID))
			if got.ID != ms[0].ID || got.TeamID == nil || *got.TeamID != team || got.Name != "a" {
				t.Fatalf("Get = %+v, want %+v with team %v", got, ms[0], team)
			}
			var all []typedMember
			testdb.Must(t, db.Select(&all, "SELECT id, team_id, name FROM "+tb+" ORDER BY id"))
			if len(all) != 3 || all[1].ID != ms[1].ID || all[1].TeamID != nil || all[2].ID != ms[2].ID {
				t.Fatalf("Select = %+v, want the 3 members in order, b without a team", all)
			}
			q, args, err := sqlx.In("SELECT id FROM "+tb+" WHERE id IN (?) ORDER BY id", []memberID{ms[0].ID, ms[2].ID})
			testdb.Must(t, err)
			var ids []memberID
			testdb.Must(t, db.Select(&ids, db.Rebind(q), args...))
			if len(args) != 2 || !slices.Equal(ids, []memberID{ms[0].ID, ms[2].ID}) {
				t.Fatalf("sqlx.In: %d arguments, selected %v; want 2 and %v", len(args), ids, []memberID{ms[0].ID, ms[2].ID})
			}
			_, err = db.NamedExec("INSERT INTO "+tb+" (id, team_id, name) VALUES (:id, :team_id, :name)", typedMember{Name: "nobody"})
			if !errors.Is(err, id.ErrZero) {
				t.Fatalf("NamedExec with the zero typed id: err = %v, want one wrapping id.ErrZero", err)
			}
		})
	}
}

// bunTypedAccount is TestBun's model with typed ids, with the same
// type:varchar(26) tag that id.ID needs on PostgreSQL.
type bunTypedAccount struct {
	bun.BaseModel `bun:"alias:a"`

	ID     memberID `bun:"id,pk,type:varchar(26)"`
	TeamID *teamID  `bun:"team_id,type:varchar(26)"`
	Name   string   `bun:"name,notnull"`
}

// TestBunTypedIDs: create, insert, select by key and with bun.List,
// update and delete with typed ids on the three databases, as TestBun
// does with id.ID.
func TestBunTypedIDs(t *testing.T) {
	for _, d := range bunDatabases {
		t.Run(d.name, func(t *testing.T) {
			ctx := context.Background()
			db := bun.NewDB(d.open(t), d.dialect())
			tb := testdb.Name("bunt")
			_, err := db.NewCreateTable().Model((*bunTypedAccount)(nil)).ModelTableExpr(tb).Exec(ctx)
			testdb.Must(t, err)
			testdb.Drop(t, db.DB, tb)
			for _, col := range []string{"id", "team_id"} {
				if got := d.columnType(t, db, tb, col); !strings.EqualFold(got, "varchar(26)") && got != "character varying(26)" {
					t.Fatalf("%s column: type %q, want varchar(26)", col, got)
				}
			}
			team := id.NewAs[teamID]()
			accs := []bunTypedAccount{{ID: id.NewAs[memberID](), TeamID: &team, Name: "a"}, {ID: id.NewAs[memberID](), Name: "b"}, {ID: id.NewAs[memberID](), Name: "c"}}
			_, err = db.NewInsert().Model(&accs).ModelTableExpr(tb).Exec(ctx)
			testdb.Must(t, err)
			var raw string
			testdb.Must(t, db.QueryRow("SELECT team_id FROM "+tb+" WHERE name = 'a'").Scan(&raw))
			if raw != team.String() {
				t.Fatalf("stored team_id %q, want %q", raw, team.String())
			}
			var got bunTypedAccount
			testdb.Must(t, db.NewSelect().Model(&got).ModelTableExpr(tb+" AS a").Where("a.id = ?", accs[0].ID).Scan(ctx))
			if got.ID != accs[0].ID || got.TeamID == nil || *got.TeamID != team {
				t.Fatalf("select by id = %+v, want %+v with team %v", got, accs[0], team)
			}
			var some []bunTypedAccount
			testdb.Must(t, db.NewSelect().Model(&some).ModelTableExpr(tb+" AS a").Where("a.id IN (?)", bun.List([]memberID{accs[1].ID, accs[2].ID})).Order("a.id").Scan(ctx))
			if len(some) != 2 || some[0].ID != accs[1].ID || some[0].TeamID != nil || some[1].ID != accs[2].ID {
				t.Fatalf("bun.List select = %+v, want b and c", some)
			}
			accs[1].Name, accs[1].TeamID = "b2", &team
			_, err = db.NewUpdate().Model(&accs[1]).ModelTableExpr(tb + " AS a").WherePK().Exec(ctx)
			testdb.Must(t, err)
			_, err = db.NewDelete().TableExpr(tb).Where("id = ?", accs[2].ID).Exec(ctx)
			testdb.Must(t, err)
			var left []bunTypedAccount
			testdb.Must(t, db.NewSelect().Model(&left).ModelTableExpr(tb+" AS a").Order("a.id").Scan(ctx))
			if len(left) != 2 || left[1].Name != "b2" || left[1].TeamID == nil || *left[1].TeamID != team {
				t.Fatalf("after update and delete: %+v, want a and b2 with team %v", left, team)
			}
		})
	}
}

// typedUserRow is TestPgxRowToStructByName's row with typed ids.
type typedUserRow struct {
	ID     memberID `db:"id"`
	TeamID *teamID  `db:"team_id"`
	Name   string   `db:"name"`
}

// TestPgxTypedIDs: native pgx in every exec mode with typed ids: CopyFrom,
// RowTo and RowToStructByName read them, and = ANY($1) with a []memberID
// argument needs the registration line for []memberID (one per typed id:
// pgx's type map goes by the exact Go type) where it needs one for
// []id.ID, and works with it in every mode.
func TestPgxTypedIDs(t *testing.T) {
	for _, mode := range allModes {
		t.Run(mode.String(), func(t *testing.T) {
			ctx := context.Background()
			needsRegistration := mode == pgx.QueryExecModeExec || mode == pgx.QueryExecModeSimpleProtocol
			pool := pgxPool(t, mode, false)
			tb, plain := pgUsers(t, pool)
			ids := make([]memberID, len(plain))
			for i, v := range plain {
				ids[i] = memberID{v}
			}

			rows, err := pool.Query(ctx, "SELECT id, team_id, name FROM "+tb+" ORDER BY id")
			testdb.Must(t, err)
			got, err := pgx.CollectRows(rows, pgx.RowToStructByName[typedUserRow])
			testdb.Must(t, err)
			if len(got) != 3 || got[0].ID != ids[0] || got[0].TeamID == nil || got[1].TeamID != nil || got[2].ID != ids[2] {
				t.Fatalf("RowToStructByName = %+v, want ids %v, b without a team", got, ids)
			}

			q := "SELECT id FROM " + tb + " WHERE id = ANY($1) ORDER BY id"
			want := []memberID{ids[0], ids[2]}
			collect := func(rows pgx.Rows, err error) ([]memberID, error) {
				if err != nil {
					return nil, err
				}
				return pgx.CollectRows(rows, pgx.RowTo[memberID])
			}
			back, err := collect(pool.Query(ctx, q, want))
			if needsRegistration {
				if err == nil || !strings.Contains(err.Error(), "cannot find encode plan") {
					t.Fatalf("without the registration: err = %v, want pgx's \"cannot find encode plan\"", err)
				}
			} else if err != nil || !slices.Equal(back, want) {
				t.Fatalf("without the registration: %v, %v; want %v", back, err, want)
			}

			cfg := pool.Config()
			cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
				c.TypeMap().RegisterDefaultPgType([]memberID{}, "_text")
				return nil
			}
			reg, err := pgxpool.NewWithConfig(ctx, cfg)
			testdb.Must(t, err)
			t.Cleanup(reg.Close)
			back, err = collect(reg.Query(ctx, q, want))
			if err != nil || !slices.Equal(back, want) {
				t.Fatalf("= ANY($1) with the registration: %v, %v; want %v", back, err, want)
			}
			var all []memberID
			testdb.Must(t, pool.QueryRow(ctx, "SELECT array_agg(id ORDER BY id) FROM "+tb).Scan(&all))
			if !slices.Equal(all, ids) {
				t.Fatalf("array_agg scanned into []memberID = %v, want %v", all, ids)
			}
			if _, err := collect(reg.Query(ctx, q, []memberID{ids[0], {}})); !errors.Is(err, id.ErrZero) {
				t.Fatalf("= ANY($1) with a zero typed id: err = %v, want one wrapping id.ErrZero", err)
			}
		})
	}
}
