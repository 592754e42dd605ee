package stores

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/idpgx"
	"github.com/idkeys/id/adopt"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
)

// uuidText is RFC 9562's example UUIDv7 (appendix A.6), an old key of a
// table that used UUIDv7 before ids.
const uuidText = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"

// postgresDSN returns ID_TEST_POSTGRES_DSN, or skips (fails under
// CI=true) without it.
func postgresDSN(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv("ID_TEST_POSTGRES_DSN")
	if dsn == "" {
		msg := "no PostgreSQL server: ID_TEST_POSTGRES_DSN is not set; start one with: exports=$(scripts/databases up) && eval \"$exports\""
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + " [CI=true: a missing server fails]")
		}
		t.Skip(msg)
	}
	return dsn
}

// pgxConn opens a pgx connection, with idpgx.Register when register is
// true, and creates the temporary tables u (k uuid) and x (k text); it is
// closed when the test ends.
func pgxConn(t *testing.T, register bool) *pgx.Conn {
	t.Helper()
	cfg, err := pgx.ParseConfig(postgresDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if register {
		if err := afterConnect(ctx, conn); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { conn.Close(ctx) })
	if _, err := conn.Exec(ctx, "CREATE TEMP TABLE u (k uuid); CREATE TEMP TABLE x (k text COLLATE \"C\")"); err != nil {
		t.Fatal(err)
	}
	return conn
}

// afterConnect is the recipe's one line, as pgxpool's AfterConnect and
// stdlib.OptionAfterConnect take it.
func afterConnect(ctx context.Context, c *pgx.Conn) error {
	idpgx.Register(c.TypeMap())
	return nil
}

// serverUUIDError is PostgreSQL's error for an id's text sent to a uuid
// parameter.
const serverUUIDError = `ERROR: invalid input syntax for type uuid: "` + aText + `" (SQLSTATE 22P02)`

// TestPgxUUIDColumnDefault measures what a new user meets without
// idpgx: an id.ID refused by a uuid column with errors that do not name
// the fix (pgx sends Value's string, and the server refuses it), through
// pgx and through database/sql alike, and a read of a UUID into id.ID
// refused by Scan for its length.
func TestPgxUUIDColumnDefault(t *testing.T) {
	ctx := context.Background()
	conn := pgxConn(t, false)
	_, err := conn.Exec(ctx, "INSERT INTO u VALUES ($1)", a)
	if err == nil || err.Error() != serverUUIDError {
		t.Fatalf("pgx insert: %v", err)
	}
	if _, err := conn.Exec(ctx, "INSERT INTO u VALUES ($1)", uuidText); err != nil {
		t.Fatal(err)
	}
	var got id.ID
	err = conn.QueryRow(ctx, "SELECT k FROM u").Scan(&got)
	wantReason(t, err, id.ReasonLength)

	db := sql.OpenDB(stdlib.GetConnector(*conn.Config()))
	t.Cleanup(func() { db.Close() })
	_, err = db.ExecContext(ctx, "CREATE TEMP TABLE u (k uuid)")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1) // the temporary table lives in one session
	_, err = db.ExecContext(ctx, "INSERT INTO u VALUES ($1)", a)
	if err == nil || err.Error() != serverUUIDError {
		t.Fatalf("database/sql insert: %v", err)
	}
}

// TestPgxUUIDColumnRegistered: with idpgx.Register an id.ID (also *id.ID
// and sql.Null[id.ID]) written to a uuid column, or a uuid
// read into an id.ID, fails with idpgx.ErrUUIDColumn, which wraps
// id.ErrInvalid and names the fixes; UUIDs themselves still work, and an
// old UUIDv7 key converts with adopt.FromUUIDv7.
func TestPgxUUIDColumnRegistered(t *testing.T) {
	ctx := context.Background()
	conn := pgxConn(t, true)
	null := sql.Null[id.ID]{V: a, Valid: true}
	for _, v := range []any{a, &a, null} {
		_, err := conn.Exec(ctx, "INSERT INTO u VALUES ($1)", v)
		if !errors.Is(err, idpgx.ErrUUIDColumn) {
			t.Fatalf("insert %#v: %v, want idpgx.ErrUUIDColumn", v, err)
		}
		wantInvalid(t, err)
	}
	if want := "id: invalid id: an id.ID in a uuid column: use compact.ID there, or a text column; old UUIDv7 keys: adopt.FromUUIDv7"; idpgx.ErrUUIDColumn.Error() != want {
		t.Fatalf("message %q", idpgx.ErrUUIDColumn)
	}

	if _, err := conn.Exec(ctx, "INSERT INTO u VALUES ($1)", uuidText); err != nil {
		t.Fatal(err)
	}
	var got id.ID
	if err := conn.QueryRow(ctx, "SELECT k FROM u").Scan(&got); !errors.Is(err, idpgx.ErrUUIDColumn) {
		t.Fatalf("scan uuid into id.ID: %v, want idpgx.ErrUUIDColumn", err)
	}
	var n sql.Null[id.ID]
	if err := conn.QueryRow(ctx, "SELECT k FROM u").Scan(&n); !errors.Is(err, idpgx.ErrUUIDColumn) {
		t.Fatalf("scan uuid into sql.Null[id.ID]: %v, want idpgx.ErrUUIDColumn", err)
	}

	// The conversion of old keys: read the UUID as pgx's pgtype.UUID.
	var u pgtype.UUID
	if err := conn.QueryRow(ctx, "SELECT k FROM u").Scan(&u); err != nil {
		t.Fatal(err)
	}
	want, err := adopt.ParseUUIDv7(uuidText)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := adopt.FromUUIDv7(u.Bytes); err != nil || got != want {
		t.Fatalf("FromUUIDv7: %v, %v; want %v", got, err, want)
	}

	// database/sql with the same AfterConnect: pgx's stdlib hands pgx the
	// id.ID itself, so the write is refused with ErrUUIDColumn; a read
	// reaches Scan as a UUID's text (length 36), and the error names
	// compact.ID (P3a).
	db := stdlib.OpenDB(*conn.Config(), stdlib.OptionAfterConnect(afterConnect))
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, "CREATE TEMP TABLE u (k uuid); INSERT INTO u VALUES ('"+uuidText+"')"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO u VALUES ($1)", a); !errors.Is(err, idpgx.ErrUUIDColumn) {
		t.Fatalf("database/sql insert: %v, want idpgx.ErrUUIDColumn", err)
	}
	err = db.QueryRowContext(ctx, "SELECT k FROM u").Scan(&got)
	wantReason(t, err, id.ReasonLength)
	if !strings.HasSuffix(err.Error(), `id: invalid stored id "017f22e2-79b0-7cc3"...: length 36, want 26: UUID text; scan a uuid column into compact.ID`) {
		t.Fatalf("database/sql scan: %v", err)
	}
}

// TestPgxTextColumn is the recipe that works: a text column (COLLATE "C")
// holds ids with or without idpgx.Register; a stored uppercase id is
// refused by Scan; the zero id is refused by Value before the write.
func TestPgxTextColumn(t *testing.T) {
	ctx := context.Background()
	for _, register := range []bool{false, true} {
		conn := pgxConn(t, register)
		if _, err := conn.Exec(ctx, "INSERT INTO x VALUES ($1)", a); err != nil {
			t.Fatal(err)
		}
		var got id.ID
		if err := conn.QueryRow(ctx, "SELECT k FROM x").Scan(&got); err != nil || got != a {
			t.Fatalf("register=%v: read back %v, %v", register, got, err)
		}
		_, err := conn.Exec(ctx, "INSERT INTO x VALUES ($1)", id.ID{})
		wantZero(t, err)
		if _, err := conn.Exec(ctx, "UPDATE x SET k = $1", aUpper); err != nil {
			t.Fatal(err)
		}
		wantReason(t, conn.QueryRow(ctx, "SELECT k FROM x").Scan(&got), id.ReasonCase)
	}
}
