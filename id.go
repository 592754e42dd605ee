package id

import (
	"errors"
	"time"
)

// ID is an entity identifier: a ULID, 16 bytes, written as 26 lowercase
// Crockford base32 characters (KEYS-1, KEYS-4). It is opaque and
// comparable, and only this package makes a non-zero one (KEYS-3). The
// zero ID means "no id" (docs/contract.md V2): no decoder makes it, and
// encoders of formats without a null refuse it with [ErrZero]. Name an
// ID field in a model; do not embed it (docs/typed-ids.md, "Name the id field").
type ID struct {
	hi, lo uint64 // big-endian: 48-bit ms and 16-bit sequence; low 64 bits
}

// maxMillis is the largest ULID timestamp, 10889-08-02T05:31:50.655Z.
const maxMillis = 1<<48 - 1

// ErrZero is returned for the zero ID by [ID.Value] (docs/contract.md D2)
// and by the encoders of formats without a null (T1). It does not wrap
// [ErrInvalid].
var ErrZero = errors.New(`id: refusing to write the zero id (use id.New(); spell "no id" as NULL or null: sql.Null[id.ID], a nil *id.ID, omitzero)`)

// IsZero reports whether id is the zero ID, which means "no id".
// encoding/json's omitzero option calls it.
func (id ID) IsZero() bool {
	return id == ID{}
}

// Time returns the timestamp of id, its first 48 bits as Unix
// milliseconds, in UTC (V4). For the zero ID it is the Unix epoch.
func (id ID) Time() time.Time {
	return time.UnixMilli(int64(id.hi >> 16)).UTC()
}

// Compare returns -1, 0 or +1 as id sorts before, equal to or after
// other: the order of the 16 bytes and of the text, creation order (V3).
// The zero ID sorts first.
func (id ID) Compare(other ID) int {
	a, b := id.hi, other.hi
	if a == b {
		a, b = id.lo, other.lo
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return +1
	}
	return 0
}
