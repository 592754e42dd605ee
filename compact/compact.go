// Package compact stores an [id.ID] in 16 bytes, the bytes of
// [id.ID.As16]: a PostgreSQL uuid, a MariaDB BINARY(16) or a SQLite BLOB
// column (docs/compact.md). A [ID] is an id.ID with only its two database
// methods replaced, so JSON, text and logs still carry the 26 lowercase
// characters; a model opts in field by field:
//
//	type Order struct {
//		ID   compact.ID           // uuid / BINARY(16) / BLOB, NOT NULL
//		User sql.Null[compact.ID] // a nullable reference
//	}
//
// ORDER BY the column is id order, and [id.MinAt] windows work on it
// (docs/contract.md, C1 to C11).
package compact

import (
	"database/sql/driver"
	"fmt"
	"strconv"

	"github.com/idkeys/id"
	"github.com/idkeys/id/internal/spell"
)

// ID is an [id.ID] stored as its 16 bytes; every method but Value and
// Scan is id.ID's (C1).
type ID struct {
	id.ID
}

// New returns compact.ID{ID: id.New()}, a new id for a compact column.
func New() ID {
	return ID{id.New()}
}

// Value implements [driver.Valuer]: the 16 bytes of [id.ID.As16] as a
// fresh []byte (two allocations, 40 bytes). The zero ID is [ErrZero],
// nothing written (C2).
func (c ID) Value() (driver.Value, error) {
	if c.IsZero() {
		return nil, ErrZero
	}
	b := c.As16()
	return b[:], nil
}

// Scan implements database/sql's Scanner for a compact column: 16 bytes
// ([]byte, MariaDB, MySQL, SQLite) or 36 characters of lowercase UUID text
// (string or []byte, PostgreSQL through database/sql) are the id of those
// bytes (C3, C4). Errors wrap [id.ErrInvalid] and leave c the zero ID
// (C8): [ErrNull] for NULL (C5); [id.ErrZeroBytes] for 16 zero bytes or
// the nil UUID (C6); any other length, uppercase or non-hex UUID text, a
// misplaced hyphen or another type, named (C7). It allocates nothing on
// success.
func (c *ID) Scan(src any) error {
	v, err := scan(src)
	c.ID = v
	return err
}

// ErrZero is [ID.Value]'s error for the zero ID; errors.Is(err,
// id.ErrZero) holds for it.
var ErrZero error = &spell.Error{
	Msg: `id: refusing to write the zero id (use compact.New(); spell "no id" as NULL: sql.Null[compact.ID], a nil *compact.ID)`,
	Err: id.ErrZero,
}

// GoString implements [fmt.GoStringer]: compact.ID{ID: id.MustParse("…")},
// or compact.ID{} for the zero ID.
func (c ID) GoString() string {
	if c.IsZero() {
		return "compact.ID{}"
	}
	return "compact.ID{ID: " + c.ID.GoString() + "}"
}

// ErrNull is [ID.Scan]'s error for SQL NULL; it wraps [id.ErrInvalid],
// and errors.Is(err, id.ErrNull) holds. Scan a nullable column into
// sql.Null[compact.ID] or *compact.ID.
var ErrNull error = &spell.Error{
	Msg: "id: invalid id: cannot scan NULL into compact.ID (use sql.Null[compact.ID] for a nullable column)",
	Err: id.ErrNull,
}

func scan(src any) (id.ID, error) {
	switch s := src.(type) {
	case []byte:
		switch len(s) {
		case 16:
			return id.From16([16]byte(s))
		case 26, 36:
			return fromUUIDText(s)
		}
		n, _, at := spell.Runes(s)
		if n == 36 {
			return id.ID{}, uuidTextError(s)
		}
		return id.ID{}, invalid("length " + chars(n, at) + ", want 16 bytes or 36 characters of UUID text")
	case string:
		if len(s) == 26 || len(s) == 36 {
			return fromUUIDText(s)
		}
		n, _, at := spell.Runes(s)
		if n == 36 {
			return id.ID{}, uuidTextError(s)
		}
		return id.ID{}, invalidText(s, "text of length "+chars(n, at)+", want 36 characters of UUID text")
	case nil:
		return id.ID{}, ErrNull
	}
	return id.ID{}, invalid(fmt.Sprintf("cannot scan %T into compact.ID (store it in a uuid, BINARY(16) or BLOB column)", src))
}

// errTextID is Scan's error for 26 bytes or characters, an id's text.
var errTextID = invalid("length 26 is an id's text, not its 16 bytes: scan a text column into id.ID")

// fromUUIDText decodes the 36 characters of lowercase UUID text, as
// PostgreSQL prints a uuid; 26 characters are errTextID.
func fromUUIDText[T string | []byte](s T) (id.ID, error) {
	if len(s) == 26 {
		return id.ID{}, errTextID
	}
	b, bad := spell.UUID(s, true)
	if bad < 0 {
		return id.From16(b)
	}
	return id.ID{}, uuidTextError(s)
}

// uuidTextError names the first character of s, 36 bytes or characters,
// not allowed where it stands in UUID text, and its index (all bytes
// before it are ASCII, so it counts bytes and characters alike: P4).
func uuidTextError[T string | []byte](s T) error {
	var head [36]byte
	copy(head[:], s)
	_, bad := spell.UUID(head[:], true) // s has a non-ASCII byte by then
	want := "a lowercase hex digit"
	if bad == 8 || bad == 13 || bad == 18 || bad == 23 {
		want = "'-'"
	}
	return invalidText(s, "UUID text has "+spell.Char(s, bad)+" at index "+strconv.Itoa(bad)+", want "+want)
}

// invalid returns an error wrapping id.ErrInvalid for a stored value.
func invalid(msg string) error {
	return &spell.Error{Msg: "id: invalid stored compact id: " + msg, Err: id.ErrInvalid}
}

// chars spells a length that spell.Runes returned: in bytes, or, when
// at >= 0, in characters. Unlike id.Parse's message it does not name the
// first non-ASCII character: compact's longer messages have no room for
// an escaped one within 120 bytes (E4).
func chars(n, at int) string {
	switch {
	case at < 0:
		return strconv.Itoa(n)
	case n == 1:
		return "1 character"
	}
	return strconv.Itoa(n) + " characters"
}

// invalidText is invalid for stored text, quoted short and escaped: at
// most 20 bytes of quote, fewer when msg leaves less of E4's 120 bytes.
func invalidText[T string | []byte](s T, msg string) error {
	const prefix = "id: invalid stored compact id "
	quote := max(8, min(20, 120-len(prefix)-len(`...: `)-len(msg)))
	return &spell.Error{Msg: prefix + spell.QuotePrefix(s, quote, len(s)) + ": " + msg, Err: id.ErrInvalid}
}
