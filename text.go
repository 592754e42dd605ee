package id

import (
	"encoding/binary"
	"strings"

	"github.com/oklog/ulid/v2"
)

// encodedLen is the length of the text form: 26 Crockford base32
// characters, 130 bits of which the first 2 are always zero.
const encodedLen = ulid.EncodedSize

// Pattern is the canonical form of an ID as a regular expression: 26
// characters, the first 0 to 7, the others lowercase Crockford base32
// (KEYS-4; ULID spec, "Canonical String Representation"). It means the
// same in RE2 (Go's regexp), POSIX extended regular expressions
// (PostgreSQL's ~, MariaDB's REGEXP under a case-sensitive collation) and
// ECMAScript (JSON Schema and OpenAPI pattern, HTML forms), so it serves
// as a database CHECK constraint, a form or schema pattern and a
// PocketBase field pattern.
//
// It matches exactly the texts that [ID.Scan] accepts, and also 26 zeros,
// the zero ID, which Scan refuses (ReasonZero). It does not match
// uppercase ids, which [Parse] accepts from outside: match the parsed
// ID's String, not the raw input.
const Pattern = "^[0-7][0-9a-hjkmnp-tv-z]{25}$"

// InputPattern is what [Parse] accepts, as a regular expression: 26
// characters, the first 0 to 7, the others Crockford base32 in either
// letter case (KEYS-5; ULID spec, "Canonical String Representation").
// Like [Pattern] it means the same in RE2, POSIX extended regular
// expressions and ECMAScript. Use it in an API schema or an HTML form's
// pattern for ids given from outside, which Parse then normalises to
// lowercase; use Pattern for stored ids. It also matches 26 zeros, the
// zero ID, which Parse refuses (ReasonZero).
const InputPattern = "^[0-7][0-9a-hjkmnp-tv-zA-HJKMNP-TV-Z]{25}$"

// lowerAlphabet is the Crockford base32 alphabet in the canonical
// (lowercase) case of KEYS-4: the alphabet of the ULID spec ("Encoding"),
// without I, L, O and U.
var lowerAlphabet = strings.ToLower(ulid.Encoding)

// encodePairs maps 10 bits to their two lowercase characters, the first
// in the low byte: encode writes two characters per step.
var encodePairs = func() (p [1 << 10]uint16) {
	for v := range p {
		p[v] = uint16(lowerAlphabet[v>>5]) | uint16(lowerAlphabet[v&31])<<8
	}
	return p
}()

// zeroText is what [ID.String] returns for the zero ID: visible in a log
// line, and refused by every ULID decoder (not 26 characters; '<' and ' '
// are not Crockford base32).
const zeroText = "<zero id>"

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

// encode writes the 26 lowercase characters of id into buf: the 128 bits
// of the ID, big-endian, preceded by two zero bits, 5 bits per character
// (ULID spec, "Encoding"), two characters at a time.
func (id ID) encode(buf *[encodedLen]byte) {
	t := id.hi >> 16                   // 48-bit timestamp
	hi := id.hi&0xffff<<24 | id.lo>>40 // top 40 random bits
	lo := id.lo & (1<<40 - 1)          // low 40 random bits
	pair := func(i int, v uint64) {
		binary.LittleEndian.PutUint16(buf[i:], encodePairs[v&(1<<10-1)])
	}
	// Timestamp: 10 characters, 2+48 bits.
	pair(0, t>>40)
	pair(2, t>>30)
	pair(4, t>>20)
	pair(6, t>>10)
	pair(8, t)
	// Entropy: 16 characters, two halves of 40 bits.
	pair(10, hi>>30)
	pair(12, hi>>20)
	pair(14, hi>>10)
	pair(16, hi)
	pair(18, lo>>30)
	pair(20, lo>>20)
	pair(22, lo>>10)
	pair(24, lo)
}
