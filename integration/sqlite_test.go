package integration

import (
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// sqliteDialect: SQLite through modernc.org/sqlite (database/sql). It has
// no timestamp type: created_at is INTEGER Unix milliseconds.
var sqliteDialect = dialect{
	name:          "SQLite",
	placeholder:   func(n int) string { return fmt.Sprintf("?%d", n) },
	bytes:         func(e string) string { return "CAST(" + e + " AS BLOB)" },
	primaryKey:    func(column) string { return "PRIMARY KEY (id)" },
	createdAt:     "INTEGER",
	paramType:     "SELECT typeof(?1)",
	wantParamType: "text",
	storedType:    "typeof(id)",
	createdAtArg:  func(t time.Time) any { return t.UnixMilli() },
	isUniqueViolation: func(err error) bool {
		var e *sqlite.Error
		return errors.As(err, &e) && e.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	},
}

// sqliteColumns: SQLite compares TEXT with BINARY (memcmp) unless a column
// says otherwise; NOCASE folds ASCII letters.
var sqliteColumns = []column{
	{name: "TEXT", sqlType: "TEXT"},
	{name: "VARCHAR(26)", sqlType: "VARCHAR(26)"},
	{name: "CHAR(26)", sqlType: "CHAR(26)"},
	{name: "TEXT/NOCASE", sqlType: "TEXT COLLATE NOCASE", foldsCase: true},
	{name: "VARCHAR(26)/NOCASE", sqlType: "VARCHAR(26) COLLATE NOCASE", foldsCase: true},
	{name: "CHAR(26)/NOCASE", sqlType: "CHAR(26) COLLATE NOCASE", foldsCase: true},
}

// TestSQLite runs the suite on an embedded SQLite database in a temporary
// file; it needs no server.
func TestSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "id.db")
	conn, err := sql.Open("sqlite", "file:"+path+"?_pragma=synchronous(OFF)&_pragma=journal_mode(WAL)")
	must(t, err)
	t.Cleanup(func() { conn.Close() })
	var version string
	must(t, conn.QueryRow("SELECT sqlite_version()").Scan(&version))
	logf(t, "SQLite %s (modernc.org/sqlite)", version)
	runSuite(t, sqlDB{conn}, sqliteDialect, sqliteColumns)
}
