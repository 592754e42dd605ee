// Package testdb opens the three databases the recipes in integration/orm
// run against: SQLite (embedded, in a temporary file), PostgreSQL and
// MariaDB (servers named by ID_TEST_POSTGRES_DSN and ID_TEST_MARIADB_DSN,
// as started by scripts/databases up). Without a server the tests for it
// skip, except under CI=true, where they fail: the convention of
// integration/suite_test.go.
//
// It imports no SQLite driver: the caller imports the one it tests
// (modernc.org/sqlite registers "sqlite"; github.com/glebarez/sqlite, used
// by the GORM recipe, registers the same name, so the two never meet in
// one test binary).
package testdb

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
)

// Server returns the DSN in the environment variable env. When it is unset
// the test skips, or fails under CI=true.
func Server(t testing.TB, env, what string) string {
	t.Helper()
	dsn := os.Getenv(env)
	if dsn == "" {
		NoServer(t, env+" is not set", what)
	}
	return dsn
}

// NoServer skips the test, or fails it under CI=true, naming the command
// that starts the servers.
func NoServer(t testing.TB, why, what string) {
	t.Helper()
	msg := fmt.Sprintf("no %s server: %s; start one with: exports=$(scripts/databases up) && eval \"$exports\" (or run scripts/test-integration)", what, why)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + " [CI=true: a missing server fails]")
	}
	t.Skip(msg)
}

// PostgresDSN returns the PostgreSQL DSN (a pgx connection string), or
// skips/fails.
func PostgresDSN(t testing.TB) string {
	t.Helper()
	return Server(t, "ID_TEST_POSTGRES_DSN", "PostgreSQL")
}

// MariaDBConfig returns the MariaDB DSN parsed for go-sql-driver/mysql with
// parseTime and UTC, or skips/fails.
func MariaDBConfig(t testing.TB) *mysql.Config {
	t.Helper()
	cfg, err := mysql.ParseDSN(Server(t, "ID_TEST_MARIADB_DSN", "MariaDB"))
	Must(t, err)
	cfg.ParseTime = true
	cfg.Loc = time.UTC
	return cfg
}

// Postgres opens PostgreSQL through pgx's database/sql driver and pings
// it; it is closed when the test ends.
func Postgres(t testing.TB) *sql.DB {
	t.Helper()
	db, err := sql.Open("pgx", PostgresDSN(t))
	Must(t, err)
	return ready(t, db, "PostgreSQL")
}

// MariaDB opens MariaDB through go-sql-driver/mysql (server-side prepared
// statements) and pings it; it is closed when the test ends.
func MariaDB(t testing.TB) *sql.DB {
	t.Helper()
	c, err := mysql.NewConnector(MariaDBConfig(t))
	Must(t, err)
	return ready(t, sql.OpenDB(c), "MariaDB")
}

// SQLite opens a new SQLite database in a temporary file through the
// database/sql driver registered as driver (imported by the caller); it is
// closed when the test ends.
func SQLite(t testing.TB, driver string) *sql.DB {
	t.Helper()
	db, err := sql.Open(driver, "file:"+filepath.Join(t.TempDir(), "orm.db")+"?_pragma=foreign_keys(1)")
	Must(t, err)
	return ready(t, db, "SQLite")
}

func ready(t testing.TB, db *sql.DB, what string) *sql.DB {
	t.Helper()
	t.Cleanup(func() { db.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		NoServer(t, err.Error(), what)
	}
	return db
}

var seq atomic.Int64

// Name returns a table name unique in this process and across concurrent
// test processes: prefix, the process id and a sequence number.
func Name(prefix string) string {
	return fmt.Sprintf("orm_%s_%d_%d", prefix, os.Getpid(), seq.Add(1))
}

// Drop drops the tables when the test ends, in the order given (children
// before parents).
func Drop(t testing.TB, db *sql.DB, tables ...string) {
	t.Helper()
	t.Cleanup(func() {
		for _, tb := range tables {
			if _, err := db.Exec("DROP TABLE IF EXISTS " + tb); err != nil {
				t.Errorf("dropping %s: %v", tb, err)
			}
		}
	})
}

// Must fails the test now if err is not nil.
func Must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
