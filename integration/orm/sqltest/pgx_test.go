package sqltest

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/integration/orm/internal/testdb"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
)

// registerIDArrays is the recipe's registration line: it tells pgx that a
// []id.ID argument is a text[]. The modes that describe the statement
// first learn that from the server; QueryExecModeExec and
// QueryExecModeSimpleProtocol do not, and without it fail with "unable to
// encode … cannot find encode plan".
func registerIDArrays(ctx context.Context, c *pgx.Conn) error {
	c.TypeMap().RegisterDefaultPgType([]id.ID{}, "_text")
	return nil
}

var allModes = []pgx.QueryExecMode{
	pgx.QueryExecModeCacheStatement, // pgx's default
	pgx.QueryExecModeCacheDescribe,
	pgx.QueryExecModeDescribeExec,
	pgx.QueryExecModeExec,
	pgx.QueryExecModeSimpleProtocol,
}

// pgxPool opens a native pgx pool in mode, with the registration or
// without it.
func pgxPool(t *testing.T, mode pgx.QueryExecMode, register bool) *pgxpool.Pool {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(testdb.PostgresDSN(t))
	testdb.Must(t, err)
	cfg.ConnConfig.DefaultQueryExecMode = mode
	if register {
		cfg.AfterConnect = registerIDArrays
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	testdb.Must(t, err)
	t.Cleanup(pool.Close)
	if err := pool.Ping(context.Background()); err != nil {
		testdb.NoServer(t, err.Error(), "PostgreSQL")
	}
	return pool
}

// pgUsers creates a users table with three rows and returns its name and
// the ids in order.
func pgUsers(t *testing.T, pool *pgxpool.Pool) (string, []id.ID) {
	t.Helper()
	ctx := context.Background()
	tb := testdb.Name("pgx")
	_, err := pool.Exec(ctx, "CREATE TABLE "+tb+" (id text COLLATE \"C\" PRIMARY KEY, team_id text NULL, name text NOT NULL)")
	testdb.Must(t, err)
	t.Cleanup(func() {
		if _, err := pool.Exec(context.Background(), "DROP TABLE "+tb); err != nil {
			t.Errorf("dropping %s: %v", tb, err)
		}
	})
	ids := []id.ID{id.New(), id.New(), id.New()}
	team := id.New()
	rows := [][]any{{ids[0], &team, "a"}, {ids[1], (*id.ID)(nil), "b"}, {ids[2], &team, "c"}}
	n, err := pool.CopyFrom(ctx, pgx.Identifier{tb}, []string{"id", "team_id", "name"}, pgx.CopyFromRows(rows))
	testdb.Must(t, err)
	if n != 3 {
		t.Fatalf("CopyFrom wrote %d rows, want 3", n)
	}
	return tb, ids
}

// TestPgxArrays: = ANY($1) with a []id.ID argument, and text[] scanned into
// []id.ID, in every exec mode of native pgx. Without the registration the
// two modes that do not describe the statement fail, as measured; with it
// all five work.
func TestPgxArrays(t *testing.T) {
	for _, mode := range allModes {
		t.Run(mode.String(), func(t *testing.T) {
			ctx := context.Background()
			needsRegistration := mode == pgx.QueryExecModeExec || mode == pgx.QueryExecModeSimpleProtocol

			plain := pgxPool(t, mode, false)
			tb, ids := pgUsers(t, plain)
			want := []id.ID{ids[0], ids[2]}
			q := "SELECT id FROM " + tb + " WHERE id = ANY($1) ORDER BY id"
			got, err := collectIDs(plain.Query(ctx, q, want))
			if needsRegistration {
				if err == nil || !strings.Contains(err.Error(), "cannot find encode plan") {
					t.Fatalf("without the registration: err = %v, want pgx's \"cannot find encode plan\"", err)
				}
			} else if err != nil || !slices.Equal(got, want) {
				t.Fatalf("without the registration: %v, %v; want %v", got, err, want)
			}

			reg := pgxPool(t, mode, true)
			got, err = collectIDs(reg.Query(ctx, q, want))
			if err != nil || !slices.Equal(got, want) {
				t.Fatalf("= ANY($1) with the registration: %v, %v; want %v", got, err, want)
			}

			// text[] back into []id.ID needs no registration.
			var all []id.ID
			testdb.Must(t, plain.QueryRow(ctx, "SELECT array_agg(id ORDER BY id) FROM "+tb).Scan(&all))
			if !slices.Equal(all, ids) {
				t.Fatalf("array_agg scanned into []id.ID = %v, want %v", all, ids)
			}

			// The zero id inside the array is refused, with ErrZero.
			_, err = collectIDs(reg.Query(ctx, q, []id.ID{ids[0], {}}))
			if !errors.Is(err, id.ErrZero) {
				t.Fatalf("= ANY($1) with a zero id in the array: err = %v, want one wrapping id.ErrZero", err)
			}
		})
	}
}

func collectIDs(rows pgx.Rows, err error) ([]id.ID, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[id.ID])
}

// userRow is the shape pgx.RowToStructByName fills: db tags name columns.
type userRow struct {
	ID     id.ID  `db:"id"`
	TeamID *id.ID `db:"team_id"`
	Name   string `db:"name"`
}

// TestPgxRowToStructByName: CopyFrom writes ids (and a nil *id.ID as
// NULL), and RowToStructByName reads them back into id.ID and *id.ID
// fields, in every exec mode.
func TestPgxRowToStructByName(t *testing.T) {
	for _, mode := range allModes {
		t.Run(mode.String(), func(t *testing.T) {
			pool := pgxPool(t, mode, false)
			tb, ids := pgUsers(t, pool)
			rows, err := pool.Query(context.Background(), "SELECT id, team_id, name FROM "+tb+" ORDER BY id")
			testdb.Must(t, err)
			got, err := pgx.CollectRows(rows, pgx.RowToStructByName[userRow])
			testdb.Must(t, err)
			if len(got) != 3 || got[0].ID != ids[0] || got[0].TeamID == nil || got[1].ID != ids[1] || got[1].TeamID != nil ||
				got[2].ID != ids[2] || *got[2].TeamID != *got[0].TeamID || got[1].Name != "b" {
				t.Fatalf("RowToStructByName = %+v, want ids %v, b without a team", got, ids)
			}
		})
	}
}

// TestStdlibArrays: through database/sql (pgx's stdlib driver) a []id.ID
// argument works for = ANY($1); before Go 1.27 database/sql cannot scan
// text[] into []id.ID by itself (from 1.27 pgx's driver scans it:
// stdlibScansColumns): pgtype.Map's SQLScanner does it, once the Map
// knows that *[]id.ID (the scan target's exact type) is a text[].
func TestStdlibArrays(t *testing.T) {
	ctx := context.Background()
	db := testdb.Postgres(t)
	tb := testdb.Name("pgstd")
	_, err := db.Exec("CREATE TABLE " + tb + " (id text COLLATE \"C\" PRIMARY KEY)")
	testdb.Must(t, err)
	testdb.Drop(t, db, tb)
	ids := []id.ID{id.New(), id.New(), id.New()}
	for _, v := range ids {
		_, err := db.Exec("INSERT INTO "+tb+" (id) VALUES ($1)", v)
		testdb.Must(t, err)
	}

	rows, err := db.QueryContext(ctx, "SELECT id FROM "+tb+" WHERE id = ANY($1) ORDER BY id", []id.ID{ids[0], ids[2]})
	testdb.Must(t, err)
	var got []id.ID
	for rows.Next() {
		var v id.ID
		testdb.Must(t, rows.Scan(&v))
		got = append(got, v)
	}
	testdb.Must(t, rows.Err())
	if !slices.Equal(got, []id.ID{ids[0], ids[2]}) {
		t.Fatalf("= ANY($1) through database/sql: %v, want %v", got, []id.ID{ids[0], ids[2]})
	}

	q := "SELECT array_agg(id ORDER BY id) FROM " + tb
	var all []id.ID
	err = db.QueryRow(q).Scan(&all)
	if stdlibScansColumns {
		// Go 1.27's database/sql lets the driver scan a column itself
		// (driver.RowsColumnScanner), and pgx's does: text[] arrives.
		if err != nil || !slices.Equal(all, ids) {
			t.Fatalf("text[] scanned into []id.ID by database/sql on Go 1.27: %v, %v; want %v", all, err, ids)
		}
		all = nil
	} else if err == nil || !strings.Contains(err.Error(), "unsupported Scan") {
		t.Fatalf("text[] scanned into []id.ID by database/sql: err = %v, want database/sql's unsupported Scan error", err)
	}
	m := pgtype.NewMap()
	err = db.QueryRow(q).Scan(m.SQLScanner(&all))
	if err == nil || !strings.Contains(err.Error(), "cannot find registered type for *[]id.ID") {
		t.Fatalf("text[] through SQLScanner without the registration: err = %v, want pgtype's \"cannot find registered type\"", err)
	}
	m.RegisterDefaultPgType(&[]id.ID{}, "_text") // the scan target's exact type: a pointer
	m.RegisterDefaultPgType(&[]sql.Null[id.ID]{}, "_text")
	testdb.Must(t, db.QueryRow(q).Scan(m.SQLScanner(&all)))
	if !slices.Equal(all, ids) {
		t.Fatalf("text[] through pgtype's SQLScanner = %v, want %v", all, ids)
	}
	var nullable []sql.Null[id.ID]
	testdb.Must(t, db.QueryRow("SELECT ARRAY[$1, NULL]::text[]", ids[1]).Scan(m.SQLScanner(&nullable)))
	if len(nullable) != 2 || nullable[0] != (sql.Null[id.ID]{V: ids[1], Valid: true}) || nullable[1].Valid {
		t.Fatalf("text[] with a NULL into []sql.Null[id.ID] = %+v, want [{%v true} {zero false}]", nullable, ids[1])
	}
}
