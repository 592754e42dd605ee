package id

import (
	"database/sql/driver"
	"fmt"
)

// Value implements [driver.Valuer]: the 26-byte lowercase text of id
// (docs/contract.md, D1; KEYS-4). The zero ID is [ErrZero], nothing
// written (D2); use sql.Null[id.ID] for a nullable column.
func (id ID) Value() (driver.Value, error) {
	if id.IsZero() {
		return nil, ErrZero
	}
	return id.String(), nil
}

// Scan implements database/sql's Scanner: it reads a string or []byte
// holding what [ID.Value] writes, 26 lowercase characters, and keeps no
// bytes (D3 to D9). On error id is the zero ID (D9) and the error wraps
// [ErrInvalid]: [ErrNull] for NULL; a [*ParseError] with [ReasonCase] for
// uppercase (KEYS-4, D5), else as from [Parse] (D6; UUID text names
// compact.ID, P3a); for any other type, an error naming it (D7).
func (id *ID) Scan(src any) error {
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

// ErrNull is [ID.Scan]'s error for SQL NULL (D4); it wraps [ErrInvalid].
// Scan a nullable column into sql.Null[id.ID].
var ErrNull = fmt.Errorf("%w: cannot scan NULL into id.ID (use sql.Null[id.ID] for a nullable column)", ErrInvalid)

// GormDataType returns "varchar(26)", the column type GORM's AutoMigrate
// gives an ID, keys and foreign keys; without it the key would migrate as
// an auto-increment integer (integration/orm, TestGORMNeedsGormDataType).
func (id ID) GormDataType() string {
	return "varchar(26)"
}
