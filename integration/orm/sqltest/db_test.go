package sqltest

import (
	"database/sql"
	"testing"

	"github.com/idkeys/id/integration/orm/internal/testdb"
)

// database is one of the three databases the recipes run on, opened
// through database/sql.
type database struct {
	name string
	open func(t *testing.T) *sql.DB
	// driver is the driver name sqlx needs for its bind style.
	driver string
	// text is the column type for ids on this database.
	text string
}

var databases = []database{
	{name: "SQLite", open: func(t *testing.T) *sql.DB { return testdb.SQLite(t, "sqlite") }, driver: "sqlite", text: "TEXT"},
	{name: "PostgreSQL", open: func(t *testing.T) *sql.DB { return testdb.Postgres(t) }, driver: "pgx", text: `TEXT COLLATE "C"`},
	{name: "MariaDB", open: func(t *testing.T) *sql.DB { return testdb.MariaDB(t) }, driver: "mysql", text: "VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin"},
}
