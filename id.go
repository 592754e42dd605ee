package id

import (
	"database/sql/driver"
	"errors"
	"time"
)

// ID is an entity identifier: a ULID, 16 bytes, whose text form is 26
// lowercase Crockford base32 characters (KEYS-1, KEYS-4).
//
// ID is opaque, comparable and immutable: it works with == and as a map
// key. Its 16 bytes, in the ULID binary layout that oklog's ulid.ULID, a
// W3C trace id and a compact database column hold, come out through
// [ID.As16] and go back in through [From16], the one decoder of bytes. Only this package makes a non-zero ID (KEYS-3): [New] from the
// clock, for new rows (KEYS-2); [MinAt] for the bound of a time window;
// [Backfill.At], [FromUUIDv7] and [ParseUUIDv7] for rows that existed
// before. Text from outside or from storage becomes an ID only through
// one strict validator, behind [Parse], [MustParse], [ParseAs],
// [ID.UnmarshalText], [ID.UnmarshalJSON], [ID.UnmarshalYAML],
// [ID.UnmarshalParam], [ID.Set], [ID.Bind], [ID.UnmarshalGQL] (outside
// text: any letter case) and [ID.Scan], [ID.UnmarshalBinary],
// [ID.UnmarshalBSONValue] (stored values: lowercase only).
//
// The zero ID means "no id". New, Parse and Scan never return it, and no
// decoder of text makes it: "no id" is spelled by absence (a missing key
// or flag, JSON null, SQL NULL, a nil *id.ID), never by empty text, which
// every decoder refuses as [Parse] does. [ID.MarshalJSON] writes it as
// null; [ID.Value] and the text and binary encoders refuse it with
// [ErrZero]; [ID.String] returns the marker "<zero id>".
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

// zeroText is what [ID.String] returns for the zero ID: visible in a log
// line, and refused by every ULID decoder (not 26 characters; '<' and ' '
// are not Crockford base32).
const zeroText = "<zero id>"

// ErrZero is returned by [ID.Value] for the zero ID: the zero ID names no
// row, so writing it is refused before anything reaches the database (a
// forgotten [New] fails loudly; docs/contract.md, D2). The encoders of formats without
// a null return it too ([ID.MarshalText], [ID.AppendText],
// [ID.MarshalBinary], [ID.AppendBinary], [ID.MarshalBSONValue]), so no
// encoder writes what its own decoder refuses (docs/contract.md, T1). It does not wrap
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

// String returns the canonical form of id: 26 lowercase Crockford base32
// characters (KEYS-4). IDs are never shortened (TRUNC): a prefix of an ID
// is mostly its timestamp.
//
// For the zero ID it returns the fixed marker "<zero id>" (9 bytes), so
// that every sink that prints an id through String (fmt, zap, zerolog,
// logrus, slog's text handler inside a struct, OpenTelemetry's
// attribute.Stringer, a message header) shows it instead of an empty
// value, and no decoder takes it for an id: its length is not 26 and '<'
// is not a Crockford base32 character, so [Parse], [ID.Scan] and oklog's
// ulid.Parse and ulid.ParseStrict refuse it (contract row T1). Check
// [ID.IsZero], not the text, to test for "no id".
//
// ID has no LogValue method, on purpose: log/slog calls LogValue through
// a nil pointer, so with a value receiver a nil *id.ID logs "LogValue
// panicked" and a stack, and with a pointer receiver a nil pointer to a
// typed id (*UserID, whose promoted method takes the address of its
// embedded ID) still does. Without one, slog's handlers never panic: a
// nil pointer is <nil> in the text handler and null in the JSON handler,
// an id is its canonical text, a zero ID is null in the JSON handler and,
// in the text handler, "!ERROR:" and [ErrZero]'s message (the text
// handler calls [ID.MarshalText]); inside a struct the text handler
// prints the marker through fmt. Log slog.String(key, v.String()) to get
// the marker itself (contract row T5).
func (id ID) String() string {
	if id.IsZero() {
		return zeroText
	}
	// Encoded straight into the stack buffer, not through AppendText,
	// whose extra copy costs time (bench/, BenchmarkString;
	// docs/performance.md).
	var buf [encodedLen]byte
	id.encode(&buf)
	return string(buf[:])
}

// AppendText implements [encoding.TextAppender]: it appends the canonical
// form of id, 26 lowercase characters, to b and returns the extended
// buffer. For the zero ID it appends nothing and returns [ErrZero]: text
// has no spelling for "no id" that [ID.UnmarshalText] accepts, so none is
// written (docs/contract.md, T1).
func (id ID) AppendText(b []byte) ([]byte, error) {
	if id.IsZero() {
		return b, ErrZero
	}
	var buf [encodedLen]byte
	id.encode(&buf)
	return append(b, buf[:]...), nil
}

// MarshalText implements [encoding.TextMarshaler]: the canonical form of
// id, 26 lowercase characters (KEYS-4). For the zero ID it returns nil and
// [ErrZero], as [ID.Value] does: empty text is not an id, so an encoder
// that used it would write what [ID.UnmarshalText] refuses
// (docs/contract.md, T1).
// Where a format has a null, ID spells the zero ID as that null instead
// ([ID.MarshalJSON], [ID.MarshalYAML]); elsewhere leave an
// unset ID out (a nil *id.ID, omitzero) or make one with [New].
//
// encoding/json calls it for map keys, and encoding/xml, TOML, CSV and
// configuration encoders for values.
func (id ID) MarshalText() ([]byte, error) {
	if id.IsZero() {
		return nil, ErrZero
	}
	b := make([]byte, encodedLen)
	id.encode((*[encodedLen]byte)(b))
	return b, nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it decodes text as
// [Parse] does, in any letter case, and agrees with Parse on every input,
// the empty input included: empty text is not an id and gives a
// [*ParseError] with [ReasonLength] (docs/contract.md, T2). "No id" is spelled by
// absence (a missing key or flag, JSON null, a nil *id.ID), never by
// empty text, so `?id=`, `{"id":""}` and `--user=` fail instead of
// reaching a handler as the zero ID. Every error wraps [ErrInvalid]; on
// error id is set to the zero ID. encoding/json calls it for map keys,
// and flag, form and configuration decoders for ids read at a boundary
// or at start-up (KEYS-5).
func (id *ID) UnmarshalText(text []byte) error {
	v, err := parse(text, &anyCase)
	*id = v
	return err
}

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
