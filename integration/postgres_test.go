package integration

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
)

// postgresDialect: PostgreSQL through pgx, via database/sql or natively.
var postgresDialect = dialect{
	name:        "Postgres",
	placeholder: func(n int) string { return fmt.Sprintf("$%d", n) },
	bytes:       func(e string) string { return "convert_to(" + e + "::text, 'UTF8')" },
	primaryKey:  func(column) string { return "PRIMARY KEY (id)" },
	createdAt:   "timestamptz(3)",
	// No paramType: PostgreSQL cannot type a bare $1 (42P18). A bytea
	// sent for a text column fails the insert (exec mode) or stores the
	// escaped hex text (simple protocol); check a catches both.
	createdAtArg: func(t time.Time) any { return t },
	isUniqueViolation: func(err error) bool {
		var e *pgconn.PgError
		return errors.As(err, &e) && e.Code == "23505"
	},
}

// postgresColumns: the database default (scripts/databases runs initdb
// with the libc locale C.UTF-8), the byte order "C", and ICU's linguistic
// en-US collation. All three are deterministic: = compares bytes.
var postgresColumns = func() []column {
	var cols []column
	for _, typ := range []string{"TEXT", "VARCHAR(26)", "CHAR(26)"} {
		cols = append(cols,
			column{name: typ + "/default", sqlType: typ},
			column{name: typ + "/C", sqlType: typ + ` COLLATE "C"`},
			column{name: typ + "/en-US-x-icu", sqlType: typ + ` COLLATE "en-US-x-icu"`},
		)
	}
	// Not every linguistic collation keeps the order: ICU Danish does not.
	return append(cols, column{name: "VARCHAR(26)/da-DK-x-icu", sqlType: `VARCHAR(26) COLLATE "da-DK-x-icu"`, breaksOrder: danish})
}()

// TestPostgres runs the suite through pgx's database/sql driver (stdlib)
// and through native pgx (pgxpool) in the default exec mode and in
// QueryExecModeSimpleProtocol.
func TestPostgres(t *testing.T) {
	dsn := server(t, "ID_TEST_POSTGRES_DSN", "PostgreSQL")
	t.Run("stdlib", func(t *testing.T) {
		conn, err := sql.Open("pgx", dsn)
		must(t, err)
		t.Cleanup(func() { conn.Close() })
		ping(t, "PostgreSQL", conn.PingContext)
		var version string
		must(t, conn.QueryRow("SELECT version()").Scan(&version))
		logf(t, "%s", version)
		runSuite(t, sqlDB{conn}, postgresDialect, postgresColumns)
	})
	for _, mode := range []pgx.QueryExecMode{pgx.QueryExecModeCacheStatement, pgx.QueryExecModeSimpleProtocol} {
		t.Run("pgx/"+mode.String(), func(t *testing.T) {
			cfg, err := pgxpool.ParseConfig(dsn)
			must(t, err)
			if cfg.ConnConfig.DefaultQueryExecMode != pgx.QueryExecModeCacheStatement {
				t.Fatalf("pgx default exec mode is %v, want %v", cfg.ConnConfig.DefaultQueryExecMode, pgx.QueryExecModeCacheStatement)
			}
			cfg.ConnConfig.DefaultQueryExecMode = mode
			pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
			must(t, err)
			t.Cleanup(pool.Close)
			ping(t, "PostgreSQL", pool.Ping)
			runSuite(t, pgxDB{pool}, postgresDialect, postgresColumns)
			for _, f := range forms {
				t.Run("CopyFrom"+f.name, func(t *testing.T) { testCopyFrom(t, pool, f) })
			}
		})
	}
}

// testCopyFrom: pgx's CopyFrom (binary COPY, whatever the exec mode) writes
// ids of form f through Value too, and refuses the zero id with nothing
// written.
func testCopyFrom(t *testing.T, pool *pgxpool.Pool, f form) {
	ctx := context.Background()
	d := pgxDB{pool}
	tb := newTable(t, d, "copy", `CREATE TABLE %s (id TEXT COLLATE "C" NOT NULL PRIMARY KEY, ref TEXT NULL)`)
	made := make([]id.ID, 5000)
	for i := range made {
		made[i] = id.New()
	}
	rows := make([][]any, len(made))
	for i, j := range rand.New(rand.NewPCG(3, 4)).Perm(len(made)) {
		rows[i] = []any{f.arg(made[j]), f.null(id.ID{}, false)}
	}
	n, err := pool.CopyFrom(ctx, pgx.Identifier{tb}, []string{"id", "ref"}, pgx.CopyFromRows(rows))
	must(t, err)
	if n != int64(len(made)) {
		t.Fatalf("CopyFrom wrote %d rows, want %d", n, len(made))
	}
	if got := selectIDs(t, d, f, "SELECT id FROM "+tb+" ORDER BY id"); !slices.Equal(got, made) {
		t.Fatalf("after CopyFrom, ORDER BY id is not creation order (first difference at %d)", firstDiff(got, made))
	}
	if got := count(t, d, "SELECT count(*) FROM "+tb+" WHERE ref IS NULL AND octet_length(id) = 26 AND lower(id) = id"); got != len(made) {
		t.Fatalf("%d rows with a lowercase 26-byte id and a NULL ref, want %d", got, len(made))
	}

	tb2 := newTable(t, d, "copy", `CREATE TABLE %s (id TEXT NOT NULL PRIMARY KEY)`)
	_, err = pool.CopyFrom(ctx, pgx.Identifier{tb2}, []string{"id"}, pgx.CopyFromRows([][]any{{f.arg(id.New())}, {f.arg(id.ID{})}, {f.arg(id.New())}}))
	if err == nil {
		t.Fatal("CopyFrom with a zero id succeeded")
	}
	// pgx aborts the COPY and returns the server's answer to its CopyFail
	// message (57014 query_canceled), carrying ErrZero's text but not the
	// error itself: errors.Is(err, id.ErrZero) is false here.
	var pe *pgconn.PgError
	if errors.Is(err, id.ErrZero) || !errors.As(err, &pe) || pe.Code != "57014" || !strings.Contains(pe.Message, id.ErrZero.Error()) {
		t.Fatalf("CopyFrom with a zero id: err = %v, want a PgError 57014 whose message holds %q and that does not wrap id.ErrZero", err, id.ErrZero)
	}
	if got := count(t, d, "SELECT count(*) FROM "+tb2); got != 0 {
		t.Fatalf("%d rows after the refused CopyFrom, want 0", got)
	}
}

var _ = stdlib.GetDefaultDriver // registers the "pgx" database/sql driver

// pgxDB adapts a native pgx pool to db.
type pgxDB struct{ pool *pgxpool.Pool }

func (p pgxDB) Exec(ctx context.Context, q string, args ...any) error {
	_, err := p.pool.Exec(ctx, q, args...)
	return err
}

func (p pgxDB) QueryRow(ctx context.Context, q string, args ...any) row {
	return p.pool.QueryRow(ctx, q, args...)
}

func (p pgxDB) Query(ctx context.Context, q string, args ...any) (rows, error) {
	return p.pool.Query(ctx, q, args...)
}

func (p pgxDB) InTx(ctx context.Context, fn func(execer) error) error {
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error { return fn(pgxTx{tx}) })
}

type pgxTx struct{ tx pgx.Tx }

func (p pgxTx) Exec(ctx context.Context, q string, args ...any) error {
	_, err := p.tx.Exec(ctx, q, args...)
	return err
}
