package integration

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/idtest"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// testSchema is the schema-per-test recipe of docs/testing-ids.md: it
// creates a schema of its own for t in the PostgreSQL database at dsn, a
// name no other test and no other run uses (random), and returns a pool
// whose connections use it (search_path), so that the code under test
// creates its tables there and writes to them unchanged. The pool is
// closed and the schema dropped, with everything in it, when t ends.
func testSchema(t *testing.T, dsn string) *pgxpool.Pool {
	t.Helper()
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, dsn)
	must(t, err)
	schema := "test_" + strconv.FormatUint(rand.Uint64(), 36)
	_, err = admin.Exec(ctx, "CREATE SCHEMA "+schema)
	must(t, err)
	t.Cleanup(func() {
		if _, err := admin.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("dropping the test's schema: %v", err)
		}
		admin.Close(ctx)
	})
	cfg, err := pgxpool.ParseConfig(dsn)
	must(t, err)
	cfg.ConnConfig.RuntimeParams["search_path"] = schema
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	must(t, err)
	t.Cleanup(pool.Close) // runs before the DROP: cleanups run last first
	return pool
}

// testTx is the transaction-per-test recipe: every statement of the test
// goes through tx, which is rolled back when t ends, so nothing the test
// wrote stays for the next run.
func testTx(t *testing.T, pool *pgxpool.Pool) pgx.Tx {
	t.Helper()
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	must(t, err)
	t.Cleanup(func() {
		if err := tx.Rollback(ctx); err != nil && !errors.Is(err, pgx.ErrTxClosed) {
			t.Errorf("rolling back the test's transaction: %v", err)
		}
	})
	return tx
}

// querier is what pgxpool.Pool, pgx.Conn and pgx.Tx have in common.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

const ordersTable = "CREATE TABLE IF NOT EXISTS orders (id varchar(26) COLLATE \"C\" PRIMARY KEY, cart varchar(26) COLLATE \"C\" NOT NULL)"

// checkout is the code under test: it makes an order with the id source
// newID and inserts it.
func checkout(ctx context.Context, q querier, newID func() id.ID, cart id.ID) (id.ID, error) {
	order := newID()
	_, err := q.Exec(ctx, "INSERT INTO orders (id, cart) VALUES ($1, $2)", order, cart)
	return order, err
}

// TestIdtestRunsAgainstOneDatabase: a test that injects an
// idtest.Generator writes the same ids on every run, as a golden file
// needs; run again (go test -count=3) against one database, its inserts
// meet the rows of the run before (a unique violation, the newcomer's
// 500) unless each test has its own schema or its own transaction. Each
// subtest runs the same test three times, as -count=3 does: with the
// generator of the enclosing test, so the same ids each time.
func TestIdtestRunsAgainstOneDatabase(t *testing.T) {
	dsn := server(t, "ID_TEST_POSTGRES_DSN", "PostgreSQL")
	ctx := context.Background()
	cart := id.MustParse("01arz3ndektsv4rrffq69g5fav")
	sameIDs := func(t *testing.T, ids []id.ID) {
		t.Helper()
		if len(ids) != 3 || ids[0] != ids[1] || ids[1] != ids[2] {
			t.Fatalf("the three runs made %v, want one id three times", ids)
		}
	}

	t.Run("schema per test, runs in parallel", func(t *testing.T) {
		outer := t
		ids := make([]id.ID, 3)
		t.Run("group", func(t *testing.T) { // returns when its parallel subtests have
			for run := range 3 {
				t.Run("run"+strconv.Itoa(run+1), func(t *testing.T) {
					t.Parallel()
					pool := testSchema(t, dsn)
					_, err := pool.Exec(ctx, ordersTable)
					must(t, err)
					ids[run], err = checkout(ctx, pool, idtest.NewGenerator(outer).New, cart)
					must(t, err)
				})
			}
		})
		sameIDs(t, ids)
	})

	t.Run("transaction per test", func(t *testing.T) {
		outer := t
		pool := testSchema(t, dsn)
		_, err := pool.Exec(ctx, ordersTable) // the tables exist before the tests, as after a migration
		must(t, err)
		var ids []id.ID
		for run := range 3 {
			t.Run("run"+strconv.Itoa(run+1), func(t *testing.T) {
				tx := testTx(t, pool)
				v, err := checkout(ctx, tx, idtest.NewGenerator(outer).New, cart)
				must(t, err)
				ids = append(ids, v)
			})
		}
		sameIDs(t, ids)
		var n int
		must(t, pool.QueryRow(ctx, "SELECT count(*) FROM orders").Scan(&n))
		if n != 0 {
			t.Fatalf("%d rows left after three rolled-back runs, want 0", n)
		}
	})

	t.Run("neither: the next run is a unique violation", func(t *testing.T) {
		pool := testSchema(t, dsn) // only to leave nothing behind
		_, err := pool.Exec(ctx, ordersTable)
		must(t, err)
		_, err = checkout(ctx, pool, idtest.NewGenerator(t).New, cart) // run 1 commits
		must(t, err)
		_, err = checkout(ctx, pool, idtest.NewGenerator(t).New, cart) // run 2, the same id
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || pe.Code != "23505" {
			t.Fatalf("run 2 inserting run 1's id: %v, want a unique violation (23505)", err)
		}
	})
}
