// Package idgocql lets gocql (github.com/gocql/gocql) write and read an
// [id.ID] in a CQL text, varchar or ascii column: gocql looks only for its
// own [gocql.Marshaler] and [gocql.Unmarshaler], whose signatures need
// gocql's types, so [id.ID] cannot implement them without making every
// user of package id import gocql. Without this package gocql refuses an
// id.ID with "can not marshal id.ID into varchar".
//
// The one change: declare the column's field as [ID] instead of [id.ID]
// (a struct embedding id.ID, so every method of id.ID works on it), and
// *ID for a nullable column:
//
//	type User struct {
//		ID     idgocql.ID  // text, NOT NULL by convention
//		Parent *idgocql.ID // text, may be null
//	}
//	session.Query(`INSERT INTO users (id) VALUES (?)`, idgocql.ID{ID: id.New()})
//
// Writing goes through [id.ID.Value] (26 lowercase characters; the zero id
// is refused with [id.ErrZero]) and reading through [id.ID.Scan] (stored
// ids must be canonical: uppercase, empty and corrupt values are refused
// with an error wrapping [id.ErrInvalid]), as for SQL (docs/contract.md, D5 and D6).
//
// It is a module of its own so that gocql reaches only the programs that
// use it; its tests, against gocql v1.7.0, are in integration/stores.
// docs/works-with-formats.md has the recipe.
package idgocql

import (
	"fmt"

	"github.com/gocql/gocql"
	"github.com/idkeys/id"
)

// ID is an [id.ID] that gocql can write and read: use it for the fields
// and arguments of CQL text, varchar and ascii columns. Convert with
// ID{ID: v} and x.ID.
type ID struct {
	id.ID
}

// MarshalCQL implements [gocql.Marshaler]: it returns the 26 lowercase
// characters of the id for a text, varchar or ascii column. It returns
// [id.ErrZero] for the zero id (write NULL with a nil *ID instead), and an
// error wrapping [id.ErrInvalid] for any other column type (a uuid or
// timeuuid column cannot hold an id: keep ids in a text column).
func (v ID) MarshalCQL(info gocql.TypeInfo) ([]byte, error) {
	if err := checkType(info); err != nil {
		return nil, err
	}
	if v.IsZero() {
		return nil, id.ErrZero
	}
	return v.AppendText(make([]byte, 0, 26))
}

// UnmarshalCQL implements [gocql.Unmarshaler]: it reads a text, varchar or
// ascii value with [id.ID.Scan], so only the canonical form of 26
// lowercase characters is accepted (KEYS-4). CQL null gives an error for
// which errors.Is reports true for both [id.ErrNull] and [id.ErrInvalid]
// (scan a nullable column into *ID, which gocql sets to nil); uppercase,
// empty or corrupt text gives the *id.ParseError of Scan; any other column
// type gives an error wrapping [id.ErrInvalid]. On error v is the zero id.
// The data is not kept.
func (v *ID) UnmarshalCQL(info gocql.TypeInfo, data []byte) error {
	v.ID = id.ID{}
	if err := checkType(info); err != nil {
		return err
	}
	if data == nil {
		return errNull
	}
	return v.Scan(data)
}

// checkType returns nil for the CQL types that hold an id's text.
func checkType(info gocql.TypeInfo) error {
	switch info.Type() {
	case gocql.TypeVarchar, gocql.TypeText, gocql.TypeAscii:
		return nil
	case gocql.TypeUUID, gocql.TypeTimeUUID:
		return fmt.Errorf("%w: a CQL %s column cannot hold an id.ID (26 characters of text): use a text column; convert old UUIDv7 keys with adopt.FromUUIDv7", id.ErrInvalid, info.Type())
	}
	return fmt.Errorf("%w: a CQL %s column cannot hold an id.ID: use a text column", id.ErrInvalid, info.Type())
}

// nullError is the error for CQL null.
type nullError struct{}

func (nullError) Error() string {
	return "id: cannot read CQL null into idgocql.ID (scan a nullable column into *idgocql.ID)"
}

// Is reports whether target is id.ErrNull or id.ErrInvalid.
func (nullError) Is(target error) bool {
	return target == id.ErrNull || target == id.ErrInvalid
}

// errNull is returned by [ID.UnmarshalCQL] for CQL null.
var errNull error = nullError{}
