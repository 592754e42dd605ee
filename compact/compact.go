// Package compact stores an [id.ID] in 16 bytes: a PostgreSQL uuid, a
// MariaDB BINARY(16), or a SQLite BLOB column, for tables large enough
// that the index of a 26-character text key costs too much
// (docs/compact.md). Outside the database nothing changes: a [ID] is
// written and read as the id's 26 lowercase characters by JSON, text,
// logs, forms and every other format, because it is an id.ID with only
// its two database methods replaced.
//
// Compact storage is an opt-in. A plain id.ID keeps writing text; a
// model opts in field by field:
//
//	type Order struct {
//		ID   compact.ID           // uuid / BINARY(16) / BLOB, NOT NULL
//		User sql.Null[compact.ID] // a nullable reference
//	}
//	o := Order{ID: compact.New()}
//
// and converts with compact.ID{ID: v} and o.ID.ID (docs/contract.md, C1).
// The bytes are those of [id.ID.As16], the ULID binary layout, so ORDER BY
// on the column is id order and [id.MinAt] windows work on it through
// [ID.Value]: WHERE k >= $1 AND k < $2 with compact.ID{ID: lo} and
// compact.ID{ID: hi} (C9).
//
// The database rules of the text form hold (docs/contract.md, C2–C8):
// the zero id is refused on write, NULL is refused unless the destination
// is nullable (sql.Null[compact.ID], *compact.ID), a value of the wrong
// length, 16 zero bytes or any other type is an error naming it, and the
// receiver is the zero id after any error. The SQL functions of the
// repository's sql/ folder turn an id's text into a column's value and
// back, from psql or the mariadb client (C10); package idpgx makes pgx's
// native interface read and write a compact.ID in a uuid column (C11).
package compact

import (
	"database/sql/driver"
	"fmt"
	"strconv"

	"github.com/idkeys/id"
)

// ID is an [id.ID] stored as its 16 bytes. Every method but Value and
// Scan is id.ID's, so its text, JSON and log forms are the id's
// canonical 26 lowercase characters (docs/contract.md, C1).
type ID struct {
	id.ID
}

// New returns compact.ID{ID: id.New()}, a new id for a compact column.
func New() ID {
	return ID{id.New()}
}

// Value implements [driver.Valuer]: the 16 bytes of [id.ID.As16] as a
// []byte, which a PostgreSQL uuid, a MariaDB BINARY(16) and a SQLite BLOB
// column take as they are (pgx turns them into a uuid parameter in its
// default exec mode; package idpgx makes every mode work). For the
// zero ID it returns [id.ErrZero] and nothing is written (docs/contract.md,
// C2). Each call allocates the 16 bytes, and the slice's box in the
// driver.Value: two allocations, 40 bytes, as id.ID's text Value takes
// two.
func (c ID) Value() (driver.Value, error) {
	if c.IsZero() {
		return nil, ErrZero
	}
	b := c.As16()
	return b[:], nil
}

// Scan implements [sql.Scanner] for a value read from a compact column
// (docs/contract.md, C3–C8):
//
//   - 16 bytes ([]byte), as MariaDB, MySQL and SQLite return a binary
//     column: the id of those bytes ([id.From16]);
//   - 36 characters of lowercase UUID text (string or []byte, the
//     8-4-4-4-12 hex form), as PostgreSQL's drivers return a uuid column
//     to database/sql: the id of its 16 bytes;
//   - 16 zero bytes or the nil UUID: [id.ErrZeroBytes], the zero id;
//   - nil (SQL NULL): [ErrNull]; use sql.Null[compact.ID] or *compact.ID
//     for a nullable column;
//   - 26 bytes or characters (an id's text, from a text column), any
//     other length, uppercase or non-hex UUID text, a misplaced hyphen,
//     or any other type: an error naming what was wrong.
//
// Every error wraps [id.ErrInvalid]; on error c is the zero ID (C8). The
// bytes are not kept, and a successful Scan allocates nothing.
func (c *ID) Scan(src any) error {
	v, err := scan(src)
	c.ID = v
	return err
}

// ErrZero is returned by [ID.Value] for the zero ID: the zero id names
// no row, so writing it is refused before anything reaches the database.
// It is [id.ErrZero] with the advice for a compact column: errors.Is(err,
// id.ErrZero) holds for it.
var ErrZero error = zeroError{}

type zeroError struct{}

func (zeroError) Error() string {
	return `id: refusing to write the zero id (use compact.New(); spell "no id" as NULL: sql.Null[compact.ID], a nil *compact.ID)`
}
func (zeroError) Is(target error) bool { return target == id.ErrZero }

// GoString implements [fmt.GoStringer]: %#v of a compact.ID is Go syntax
// for it, such as compact.ID{ID: id.MustParse("01arz3ndektsv4rrffq69g5fav")},
// and compact.ID{} for the zero ID.
func (c ID) GoString() string {
	if c.IsZero() {
		return "compact.ID{}"
	}
	return "compact.ID{ID: " + c.ID.GoString() + "}"
}

// ErrNull is returned by [ID.Scan] for SQL NULL: a column read into a
// compact.ID must be NOT NULL; scan a nullable one into
// sql.Null[compact.ID] or *compact.ID. It wraps [id.ErrInvalid], and
// errors.Is(err, id.ErrNull) holds for it too.
var ErrNull error = nullError{}

type nullError struct{}

func (nullError) Error() string {
	return "id: invalid id: cannot scan NULL into compact.ID (use sql.Null[compact.ID] for a nullable column)"
}
func (nullError) Unwrap() error        { return id.ErrInvalid }
func (nullError) Is(target error) bool { return target == id.ErrNull }

func scan(src any) (id.ID, error) {
	switch s := src.(type) {
	case []byte:
		switch len(s) {
		case 16:
			return id.From16([16]byte(s))
		case 36:
			return fromUUIDText(s)
		case 26:
			return id.ID{}, errTextID
		}
		return id.ID{}, invalid(fmt.Sprintf("length %d, want 16 bytes or 36 characters of UUID text", len(s)))
	case string:
		switch len(s) {
		case 36:
			return fromUUIDText(s)
		case 26:
			return id.ID{}, errTextID
		}
		return id.ID{}, invalid(fmt.Sprintf("text of length %d, want 36 characters of UUID text (or 16 bytes as []byte)", len(s)))
	case nil:
		return id.ID{}, ErrNull
	}
	return id.ID{}, invalid(fmt.Sprintf("cannot scan %T into compact.ID (store it in a uuid, BINARY(16) or BLOB column)", src))
}

// errTextID is Scan's error for 26 bytes or characters: the length of an
// id's text, read from a text column into a compact.ID.
var errTextID = invalid("length 26 is an id's text, not its 16 bytes: scan a text column into id.ID")

// hexAt is where the 16 bytes' digit pairs start in UUID text, 8-4-4-4-12.
var hexAt = [16]int{0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34}

// fromUUIDText decodes the 36 characters of lowercase UUID text, as
// PostgreSQL prints a uuid.
func fromUUIDText[T string | []byte](s T) (id.ID, error) {
	for _, i := range [...]int{8, 13, 18, 23} {
		if s[i] != '-' {
			return id.ID{}, invalid("UUID text has " + strconv.Quote(string(s[i:i+1])) + " at index " + strconv.Itoa(i) + ", want '-'")
		}
	}
	var b [16]byte
	for j, i := range hexAt {
		hi, ok1 := hexDigit(s[i])
		lo, ok2 := hexDigit(s[i+1])
		if !ok1 || !ok2 {
			k := i
			if ok1 {
				k = i + 1
			}
			return id.ID{}, invalid("UUID text has " + strconv.Quote(string(s[k:k+1])) + " at index " + strconv.Itoa(k) + ", want a lowercase hex digit")
		}
		b[j] = hi<<4 | lo
	}
	return id.From16(b)
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}

// invalid returns an error wrapping id.ErrInvalid for a stored value.
func invalid(msg string) error {
	return fmt.Errorf("%w: stored compact id: %s", id.ErrInvalid, msg)
}
