package sqltest

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
	"github.com/idkeys/id/integration/orm/internal/testdb"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jmoiron/sqlx"
)

// compactMember is the row type of the compact recipes: sqlx maps
// columns into it by db tag, and so does pgx's RowToStructByName.
type compactMember struct {
	ID     compact.ID           `db:"id"`
	TeamID *compact.ID          `db:"team_id"` // nullable: nil is NULL
	Ref    sql.Null[compact.ID] `db:"ref"`     // nullable too
	Name   string               `db:"name"`
}

// compactType is the compact column type on each database.
var compactType = map[string]string{"SQLite": "BLOB", "PostgreSQL": "uuid", "MariaDB": "BINARY(16)"}

func compactTable(t *testing.T, db *sqlx.DB, name string) string {
	t.Helper()
	tb := testdb.Name("compact")
	typ := compactType[name]
	db.MustExec("CREATE TABLE " + tb + " (id " + typ + " NOT NULL PRIMARY KEY, team_id " + typ + " NULL, ref " + typ + " NULL, name VARCHAR(50) NOT NULL)")
	testdb.Drop(t, db.DB, tb)
	return tb
}

func compactIDs(ms []compactMember) []compact.ID {
	out := make([]compact.ID, len(ms))
	for i, m := range ms {
		out[i] = m.ID
	}
	return out
}

// TestSqlxCompact: compact.ID fields in sqlx's Get, Select, NamedExec and
// sqlx.In on the three databases (uuid, BINARY(16), BLOB columns): the
// rows come back as written, ORDER BY id is id order, a NULL in a
// compact.ID field is refused with id.ErrNull (sql.Null and *compact.ID
// take it), the zero id is refused with id.ErrZero, and the struct's JSON
// carries the 26-character ids.
func TestSqlxCompact(t *testing.T) {
	for _, d := range databases {
		t.Run(d.name, func(t *testing.T) {
			db := sqlx.NewDb(d.open(t), d.driver)
			tb := compactTable(t, db, d.name)

			team := compact.New()
			var ms []compactMember
			for i := range 12 {
				m := compactMember{ID: compact.New(), Name: fmt.Sprint(i)}
				if i%3 == 0 {
					m.TeamID = &team
				}
				if i%2 == 0 {
					m.Ref = sql.Null[compact.ID]{V: team, Valid: true}
				}
				ms = append(ms, m)
			}
			for _, i := range []int{5, 0, 11, 3, 8, 1, 10, 2, 7, 4, 9, 6} { // not in id order
				_, err := db.NamedExec("INSERT INTO "+tb+" (id, team_id, ref, name) VALUES (:id, :team_id, :ref, :name)", ms[i])
				testdb.Must(t, err)
			}

			var got compactMember
			testdb.Must(t, db.Get(&got, db.Rebind("SELECT id, team_id, ref, name FROM "+tb+" WHERE id = ?"), ms[3].ID))
			if got.ID != ms[3].ID || got.TeamID == nil || *got.TeamID != team || got.Ref.Valid || got.Name != "3" {
				t.Fatalf("Get = %+v, want %+v with team %v", got, ms[3], team)
			}
			js, err := json.Marshal(got)
			testdb.Must(t, err)
			want := fmt.Sprintf(`{"ID":%q,"TeamID":%q,"Ref":{"V":null,"Valid":false},"Name":"3"}`, ms[3].ID, team)
			if string(js) != want {
				t.Fatalf("JSON = %s,\nwant %s", js, want)
			}

			var all []compactMember
			testdb.Must(t, db.Select(&all, "SELECT id, team_id, ref, name FROM "+tb+" ORDER BY id"))
			if !slices.EqualFunc(all, ms, func(a, b compactMember) bool {
				return a.ID == b.ID && a.Name == b.Name && a.Ref == b.Ref && (a.TeamID == nil) == (b.TeamID == nil)
			}) {
				t.Fatalf("Select ORDER BY id = %+v,\nwant %+v", all, ms)
			}

			q, args, err := sqlx.In("SELECT id, team_id, ref, name FROM "+tb+" WHERE id IN (?) ORDER BY id DESC", []compact.ID{ms[1].ID, ms[7].ID})
			testdb.Must(t, err)
			var some []compactMember
			testdb.Must(t, db.Select(&some, db.Rebind(q), args...))
			if len(args) != 2 || !slices.Equal(compactIDs(some), []compact.ID{ms[7].ID, ms[1].ID}) {
				t.Fatalf("sqlx.In: %d args, rows %v; want 2 args, [%v %v]", len(args), compactIDs(some), ms[7].ID, ms[1].ID)
			}

			// NULL into a compact.ID is refused; the nullable fields take it.
			var strict []struct {
				ID compact.ID `db:"id"`
			}
			err = db.Select(&strict, "SELECT team_id AS id FROM "+tb+" ORDER BY id")
			if !errors.Is(err, id.ErrNull) || !errors.Is(err, compact.ErrNull) {
				t.Fatalf("NULL into compact.ID: err = %v, want compact.ErrNull (id.ErrNull)", err)
			}

			_, err = db.NamedExec("INSERT INTO "+tb+" (id, team_id, ref, name) VALUES (:id, :team_id, :ref, :name)", compactMember{Name: "nobody"})
			if !errors.Is(err, id.ErrZero) {
				t.Fatalf("NamedExec with the zero id: err = %v, want one wrapping id.ErrZero", err)
			}
			var n int
			testdb.Must(t, db.Get(&n, "SELECT count(*) FROM "+tb))
			if n != len(ms) {
				t.Fatalf("%d rows after the refused insert, want %d", n, len(ms))
			}
		})
	}
}

// TestPgxCompact: native pgx (no database/sql) with compact.ID arguments
// and fields on a PostgreSQL uuid column, without idpgx: Exec, CopyFrom,
// Query + pgx.CollectRows(pgx.RowToStructByName) and Scan, in each of
// pgx's five exec modes. compact.ID reaches pgx as a driver.Valuer (its
// 16 bytes) and a sql.Scanner (pgx hands it the uuid's text). Measured:
// every mode that asks the server for the parameter types (the default,
// QueryExecModeCacheStatement, and CacheDescribe, DescribeExec) works;
// QueryExecModeExec and QueryExecModeSimpleProtocol send the bytes as
// bytea text and the server refuses them (22P02), loudly. CopyFrom and
// reading work in every mode.
func TestPgxCompact(t *testing.T) {
	for _, mode := range allModes {
		t.Run(mode.String(), func(t *testing.T) {
			ctx := context.Background()
			pool := pgxPool(t, mode, false)
			tb := testdb.Name("pgxcompact")
			_, err := pool.Exec(ctx, "CREATE TABLE "+tb+" (id uuid PRIMARY KEY, team_id uuid NULL, ref uuid NULL, name text NOT NULL)")
			testdb.Must(t, err)
			t.Cleanup(func() {
				if _, err := pool.Exec(context.Background(), "DROP TABLE "+tb); err != nil {
					t.Errorf("dropping %s: %v", tb, err)
				}
			})

			team := compact.New()
			ms := []compactMember{
				{ID: compact.New(), TeamID: &team, Name: "a"},
				{ID: compact.New(), Ref: sql.Null[compact.ID]{V: team, Valid: true}, Name: "b"},
				{ID: compact.New(), TeamID: &team, Name: "c"},
				{ID: compact.New(), Name: "d"},
			}
			// CopyFrom (pgx asks the server for the column types) works in
			// every mode.
			n, err := pool.CopyFrom(ctx, pgx.Identifier{tb}, []string{"id", "team_id", "ref", "name"}, pgx.CopyFromRows([][]any{
				{ms[2].ID, ms[2].TeamID, ms[2].Ref, ms[2].Name},
				{ms[0].ID, ms[0].TeamID, ms[0].Ref, ms[0].Name},
			}))
			testdb.Must(t, err)
			if n != 2 {
				t.Fatalf("CopyFrom wrote %d rows, want 2", n)
			}

			describes := mode != pgx.QueryExecModeExec && mode != pgx.QueryExecModeSimpleProtocol
			_, err = pool.Exec(ctx, "INSERT INTO "+tb+" (id, team_id, ref, name) VALUES ($1, $2, $3, $4), ($5, $6, $7, $8)",
				ms[3].ID, ms[3].TeamID, ms[3].Ref, ms[3].Name, ms[1].ID, ms[1].TeamID, ms[1].Ref, ms[1].Name)
			var pe *pgconn.PgError
			if !describes {
				if !errors.As(err, &pe) || pe.Code != "22P02" {
					t.Fatalf("Exec with compact.ID arguments in %v: %v, want the measured 22P02 (the bytes sent as bytea text)", mode, err)
				}
				// What this mode can read: the rows CopyFrom wrote.
				rows, err := pool.Query(ctx, "SELECT id, team_id, ref, name FROM "+tb+" ORDER BY id")
				testdb.Must(t, err)
				got, err := pgx.CollectRows(rows, pgx.RowToStructByName[compactMember])
				testdb.Must(t, err)
				if !slices.Equal(compactIDs(got), []compact.ID{ms[0].ID, ms[2].ID}) || *got[1].TeamID != team {
					t.Fatalf("CollectRows = %+v, want the two copied rows", got)
				}
				return
			}
			testdb.Must(t, err)

			rows, err := pool.Query(ctx, "SELECT id, team_id, ref, name FROM "+tb+" ORDER BY id")
			testdb.Must(t, err)
			all, err := pgx.CollectRows(rows, pgx.RowToStructByName[compactMember])
			testdb.Must(t, err)
			if !slices.EqualFunc(all, ms, func(a, b compactMember) bool {
				return a.ID == b.ID && a.Name == b.Name && a.Ref == b.Ref && (a.TeamID == nil) == (b.TeamID == nil) && (a.TeamID == nil || *a.TeamID == *b.TeamID)
			}) {
				t.Fatalf("CollectRows ORDER BY id = %+v,\nwant %+v", all, ms)
			}

			rows, err = pool.Query(ctx, "SELECT id, team_id, ref, name FROM "+tb+" WHERE id = $1", ms[1].ID)
			testdb.Must(t, err)
			one, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[compactMember])
			testdb.Must(t, err)
			if one.ID != ms[1].ID || one.TeamID != nil || one.Ref != ms[1].Ref {
				t.Fatalf("by key = %+v, want %+v", one, ms[1])
			}

			var k compact.ID
			err = pool.QueryRow(ctx, "SELECT team_id FROM "+tb+" WHERE id = $1", ms[1].ID).Scan(&k)
			if !errors.Is(err, id.ErrNull) || !k.IsZero() {
				t.Fatalf("NULL into compact.ID: %v, %v; want compact.ErrNull and the zero id", k, err)
			}
			_, err = pool.Exec(ctx, "INSERT INTO "+tb+" (id, name) VALUES ($1, 'zero')", compact.ID{})
			if !errors.Is(err, id.ErrZero) {
				t.Fatalf("Exec with the zero id: %v, want id.ErrZero", err)
			}
		})
	}
}
