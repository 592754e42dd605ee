package id

import (
	"errors"
	"time"
)

// ID is an entity identifier: a ULID, 16 bytes, whose text form is 26
// lowercase Crockford base32 characters (KEYS-1, KEYS-4).
//
// ID is opaque, comparable and immutable: it works with == and as a map
// key. Its 16 bytes, in the ULID binary layout that oklog's ulid.ULID, a
// W3C trace id and a compact database column hold, come out through
// [ID.As16] and go back in through [From16], the one decoder of bytes.
//
// Only this package makes a non-zero ID (KEYS-3): [New] from the clock,
// for new rows (KEYS-2); [MinAt] for the bound of a time window; package
// [github.com/idkeys/id/adopt] for rows that existed before. Text from
// outside or from storage becomes an ID only through one strict
// validator, behind [Parse], [MustParse], [ParseAs],
// [ID.UnmarshalText], [ID.UnmarshalJSON], [ID.UnmarshalYAML],
// [ID.UnmarshalParam], [ID.Bind], [ID.UnmarshalGQL] (outside
// text: any letter case) and [ID.Scan], [ID.UnmarshalBinary],
// [ID.UnmarshalBSONValue] (stored values: lowercase only).
//
// The zero ID means "no id". New, Parse and Scan never return it, and no
// decoder of text makes it: "no id" is spelled by absence (a missing key
// or flag, JSON null, SQL NULL, a nil *id.ID), never by empty text, which
// every decoder refuses as [Parse] does. [ID.MarshalJSON] writes it as
// null; [ID.Value] and the text and binary encoders refuse it with
// [ErrZero]; [ID.String] returns the marker "<zero id>".
//
// Embedding ID in a struct with other fields promotes every method of ID
// to that struct, so every library that looks for one of them takes the
// whole struct for its id: json.Marshal writes it as the id's string and
// drops the other fields, database/sql binds it as the id, fmt prints it
// as the id, and request binders, YAML, BSON and gob decode a value into
// it as an id (TestEmbeddingIDInAModel). Name the field instead:
//
//	type User struct {
//		ID   id.ID
//		Name string
//	}
//
// Embed ID only in a struct whose one field it is, a typed id such as
// `type UserID struct{ id.ID }` ([NewAs]).
type ID struct {
	// The 16 bytes of the ULID binary layout (48-bit big-endian Unix ms,
	// then 80 bits) as two big-endian words: hi holds the timestamp and
	// the next 16 bits ([New]'s sequence), lo the low 64. Two words, not
	// a [16]byte, so that an ID is passed and returned in registers.
	hi, lo uint64
}

// maxMillis is the largest timestamp a ULID can carry: 2^48-1 milliseconds
// after the Unix epoch, 10889-08-02T05:31:50.655Z (ULID spec, "Components").
const maxMillis = 1<<48 - 1

// ErrZero is returned by [ID.Value] for the zero ID: the zero ID names no
// row, so writing it is refused before anything reaches the database (a
// forgotten [New] fails loudly; docs/contract.md, D2). The encoders of
// formats without a null return it too ([ID.MarshalText], [ID.AppendText],
// [ID.MarshalBinary], [ID.AppendBinary], [ID.MarshalBSONValue]), so no
// encoder writes what its own decoder refuses (docs/contract.md, T1), and
// the error [ID.Validate] returns wraps it (V5). It does not wrap
// [ErrInvalid]: the value was never read from outside.
var ErrZero = errors.New(`id: refusing to write the zero id (use id.New(); spell "no id" as NULL or null: sql.Null[id.ID], a nil *id.ID, omitzero)`)

// IsZero reports whether id is the zero ID, which means "no id".
// encoding/json's omitzero option calls it.
func (id ID) IsZero() bool {
	return id == ID{}
}

// Time returns the timestamp of id: its first 48 bits as Unix milliseconds,
// in UTC (the UTC rule). For the zero ID it returns the Unix epoch,
// 1970-01-01T00:00:00Z.
func (id ID) Time() time.Time {
	return time.UnixMilli(int64(id.hi >> 16)).UTC()
}

// Compare returns -1 if id sorts before other, 0 if they are equal and +1
// if id sorts after other. The order is that of the 16 bytes, which is also
// the order of the canonical text: creation order to the millisecond, and
// within one process the order in which [New] made them. The zero ID sorts
// first.
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
