package id

import (
	"database/sql/driver"
	"fmt"
)

// Value implements [driver.Valuer]: the canonical form of id, a 26-byte
// lowercase string (docs/contract.md, D1; KEYS-4). For the zero ID it
// returns [ErrZero] and nothing is written (D2); use sql.Null[id.ID] for a nullable
// column.
func (id ID) Value() (driver.Value, error) {
	if id.IsZero() {
		return nil, ErrZero
	}
	return id.String(), nil
}

// Scan implements [sql.Scanner] for values read from the database
// (docs/contract.md, D3 to D9). It accepts a string or []byte holding the canonical form, 26
// lowercase characters, exactly what [ID.Value] writes; the []byte is
// decoded, never kept. On every error id is set to the zero ID (D9):
//
//   - nil (SQL NULL): [ErrNull]; use sql.Null[id.ID] for nullable columns;
//   - text with uppercase letters: a [*ParseError] with [ReasonCase],
//     since stored ids must be lowercase (KEYS-4): an uppercase id in the
//     database misses `WHERE id = ?` and is a broken invariant;
//   - empty text, a 16-byte binary value, any other length, invalid
//     characters, out of range or the zero ID: a [*ParseError] as from
//     [Parse];
//   - any other type (int64, time.Time, …): an error naming the type.
//
// Every error wraps [ErrInvalid].
func (id *ID) Scan(src any) error {
	// The two types drivers hand over for text come first, each tested
	// directly: cheaper than a type switch over all four cases.
	if s, ok := src.(string); ok {
		v, err := parse(s, &lower)
		*id = v
		return err
	}
	if b, ok := src.([]byte); ok {
		v, err := parse(b, &lower)
		*id = v
		return err
	}
	*id = ID{}
	if src == nil {
		return ErrNull
	}
	return invalid(fmt.Sprintf("id: cannot scan %T into id.ID (store ids as 26-character text)", src))
}

// ErrNull is returned by [ID.Scan] for SQL NULL (docs/contract.md, D4): an ID column
// read into an ID must be NOT NULL; scan a nullable column into
// sql.Null[id.ID] instead, which never passes NULL to Scan. ErrNull wraps
// [ErrInvalid].
var ErrNull = fmt.Errorf("%w: cannot scan NULL into id.ID (use sql.Null[id.ID] for a nullable column)", ErrInvalid)

// GormDataType returns "varchar(26)", the column type for an ID.
//
// GORM (gorm.io/gorm) calls a method of this name when it migrates a
// model, and needs it: without it GORM learns a custom type's column type
// by calling Value on the zero ID, which fails with [ErrZero], and falls
// back to the type's first field, an integer, so AutoMigrate makes the key
// an auto-increment integer column (integration/orm,
// TestGORMNeedsGormDataType, gorm v1.31.2). With it the column is
// varchar(26) on SQLite, PostgreSQL and MySQL/MariaDB, foreign keys
// included (TestGORM). ("string", GORM's generic text type, maps to a TEXT
// type that MariaDB refuses in a foreign key.)
func (id ID) GormDataType() string {
	return "varchar(26)"
}
