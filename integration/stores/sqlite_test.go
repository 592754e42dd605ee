package stores

import (
	"path/filepath"
	"testing"

	"github.com/idkeys/id"
	"zombiezen.com/go/sqlite"
	"zombiezen.com/go/sqlite/sqlitex"
)

// openSQLite opens a zombiezen.com/go/sqlite connection to a new database
// file with a table t (k INTEGER PRIMARY KEY, v TEXT); it is closed when
// the test ends.
func openSQLite(t *testing.T) *sqlite.Conn {
	t.Helper()
	conn, err := sqlite.OpenConn(filepath.Join(t.TempDir(), "db.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if err := sqlitex.ExecuteTransient(conn, "CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)", nil); err != nil {
		t.Fatal(err)
	}
	return conn
}

// insert runs INSERT INTO t (k, v) VALUES (k, v) with sqlitex.Execute.
func insert(t *testing.T, conn *sqlite.Conn, k int, v any) {
	t.Helper()
	if err := sqlitex.Execute(conn, "INSERT INTO t (k, v) VALUES (?, ?)", &sqlitex.ExecOptions{Args: []any{k, v}}); err != nil {
		t.Fatal(err)
	}
}

// stored returns the type and the text of v in row k.
func stored(t *testing.T, conn *sqlite.Conn, k int) (sqlite.ColumnType, string) {
	t.Helper()
	var typ sqlite.ColumnType
	var text string
	err := sqlitex.Execute(conn, "SELECT v FROM t WHERE k = ?", &sqlitex.ExecOptions{
		Args: []any{k},
		ResultFunc: func(stmt *sqlite.Stmt) error {
			typ, text = stmt.ColumnType(0), stmt.ColumnText(0)
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return typ, text
}

// TestSQLiteArgsMisstoreIDs measures the trap: sqlitex.Execute binds a
// type it does not know with fmt.Sprint, so an id is stored as its text,
// but a nil *id.ID is stored as the text "<nil>" (not NULL), the zero id
// as "<zero id>" and a []id.ID as "[a b]", all without an error.
func TestSQLiteArgsMisstoreIDs(t *testing.T) {
	conn := openSQLite(t)
	var nilID *id.ID
	for i, c := range []struct {
		v    any
		want string
	}{
		{a, aText},
		{nilID, "<nil>"},
		{id.ID{}, "<zero id>"},
		{[]id.ID{a, b}, "[" + aText + " " + bText + "]"},
	} {
		insert(t, conn, i, c.v)
		if typ, got := stored(t, conn, i); typ != sqlite.TypeText || got != c.want {
			t.Fatalf("%#v stored as %v %q, want the text %q", c.v, typ, got, c.want)
		}
	}
}

// TestSQLiteArgsWithValue is the recipe: bind what ID.Value returns (the
// 26 lowercase characters; id.ErrZero for the zero id, before anything
// is written) and read with ID.Scan of the column's text, which refuses a
// stored uppercase, empty or corrupt id with an error wrapping
// id.ErrInvalid (SQLite's ColumnText of NULL is "", so NULL is refused
// too). Bind NULL as an untyped nil.
func TestSQLiteArgsWithValue(t *testing.T) {
	conn := openSQLite(t)
	v, err := a.Value()
	if err != nil {
		t.Fatal(err)
	}
	insert(t, conn, 1, v)
	_, text := stored(t, conn, 1)
	var got id.ID
	if err := got.Scan(text); err != nil || got != a {
		t.Fatalf("read back %v, %v", got, err)
	}

	_, err = id.ID{}.Value()
	wantZero(t, err)

	for i, c := range badStored {
		t.Run(c.name, func(t *testing.T) {
			insert(t, conn, 10+i, c.v)
			_, text := stored(t, conn, 10+i)
			got := b
			wantReason(t, got.Scan(text), c.reason)
			if !got.IsZero() {
				t.Fatalf("after the error the id is %v", got)
			}
		})
	}

	insert(t, conn, 2, nil)
	if typ, _ := stored(t, conn, 2); typ != sqlite.TypeNull {
		t.Fatalf("nil stored as %v, want NULL", typ)
	}
}
