// Package idgocql makes gocql write and read an id in a CQL text, varchar
// or ascii column: gocql takes only its own Marshaler and Unmarshaler,
// whose signatures need gocql's types, and refuses an [id.ID]. Declare
// the fields as [ID], *ID for a nullable column:
//
//	session.Query(`INSERT INTO users (id) VALUES (?)`, idgocql.ID{ID: id.New()})
//
// Writes go through [id.ID.Value], reads through [id.ID.Scan], as for SQL
// (docs/contract.md D1 to D9; docs/works-with-formats.md).
package idgocql

import (
	"fmt"

	"github.com/gocql/gocql"
	"github.com/idkeys/id"
	"github.com/idkeys/id/internal/spell"
)

// ID is an [id.ID] that gocql writes and reads in text, varchar and ascii
// columns. Convert with ID{ID: v} and x.ID.
type ID struct {
	id.ID
}

// MarshalCQL implements [gocql.Marshaler]: the id's 26 lowercase
// characters. It returns [id.ErrZero] for the zero id (write NULL with a
// nil *ID) and an error wrapping [id.ErrInvalid] for a column of another
// type, uuid and timeuuid included.
func (v ID) MarshalCQL(info gocql.TypeInfo) ([]byte, error) {
	if err := checkType(info); err != nil {
		return nil, err
	}
	if v.IsZero() {
		return nil, id.ErrZero
	}
	return v.AppendText(make([]byte, 0, 26))
}

// UnmarshalCQL implements [gocql.Unmarshaler]: the value through
// [id.ID.Scan] (lowercase only, KEYS-4; Scan's errors). CQL null is an
// error matching both [id.ErrNull] and [id.ErrInvalid] (use *ID); another
// column type is an error wrapping id.ErrInvalid. On error v is zero. The
// data is not kept.
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

func checkType(info gocql.TypeInfo) error {
	switch info.Type() {
	case gocql.TypeVarchar, gocql.TypeText, gocql.TypeAscii:
		return nil
	case gocql.TypeUUID, gocql.TypeTimeUUID:
		return fmt.Errorf("%w: a CQL %s column cannot hold an id.ID (26 characters of text): use a text column; convert old UUIDv7 keys with adopt.FromUUIDv7", id.ErrInvalid, info.Type())
	}
	return fmt.Errorf("%w: a CQL %s column cannot hold an id.ID: use a text column", id.ErrInvalid, info.Type())
}

var errNull error = &spell.Error{Msg: "id: cannot read CQL null into idgocql.ID (scan a nullable column into *idgocql.ID)", Err: id.ErrNull}
