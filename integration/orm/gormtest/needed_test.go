package gormtest

import (
	"database/sql/driver"
	"strings"
	"testing"

	"github.com/glebarez/sqlite"
	"github.com/idkeys/id"
	"github.com/idkeys/id/integration/orm/internal/testdb"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// noDataType is id.ID without GormDataType: a driver.Valuer and
// sql.Scanner, all GORM needs to read and write it. (A struct embedding
// id.ID cannot hide a promoted method.)
type noDataType struct{ v id.ID }

func (n noDataType) Value() (driver.Value, error) { return n.v.Value() }
func (n *noDataType) Scan(src any) error          { return n.v.Scan(src) }

type rowWithout struct {
	ID   noDataType `gorm:"primaryKey"`
	Name string
}

type rowWith struct {
	ID   id.ID `gorm:"primaryKey"`
	Name string
}

// TestGORMNeedsGormDataType: gorm v1.31.2 learns a custom type's column
// type from GormDataType; without it, it calls Value on the zero value,
// which fails with id.ErrZero, and falls back to the type's first field
// (schema/field.go, getRealFieldValue): id.ID's first field is an
// integer word, so AutoMigrate makes the primary key an auto-increment
// integer column. With GormDataType it is varchar(26). SQLite here;
// TestGORM checks the same column on PostgreSQL and MariaDB.
func TestGORMNeedsGormDataType(t *testing.T) {
	db, err := gorm.Open(sqlite.Dialector{Conn: testdb.SQLite(t, "sqlite")}, &gorm.Config{Logger: logger.Discard})
	testdb.Must(t, err)
	testdb.Must(t, db.AutoMigrate(&rowWithout{}, &rowWith{}))
	column := func(table string) (typ string, autoincrement bool) {
		var ddl string
		testdb.Must(t, db.Raw("SELECT type FROM pragma_table_info(?) WHERE name = 'id'", table).Row().Scan(&typ))
		testdb.Must(t, db.Raw("SELECT sql FROM sqlite_master WHERE name = ?", table).Row().Scan(&ddl))
		return typ, strings.Contains(strings.ToUpper(ddl), "AUTOINCREMENT")
	}
	if typ, auto := column("row_withouts"); typ != "INTEGER" || !auto {
		t.Fatalf("without GormDataType: id column %q, autoincrement %v; want an auto-increment integer", typ, auto)
	}
	if typ, auto := column("row_withs"); typ != "varchar(26)" || auto {
		t.Fatalf("with GormDataType: id column %q, autoincrement %v; want varchar(26)", typ, auto)
	}
}
