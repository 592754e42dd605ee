package id

import (
	"encoding/binary"
	"strings"

	"github.com/oklog/ulid/v2"
)

// encodedLen is the length of the text form: 26 characters, 130 bits.
const encodedLen = ulid.EncodedSize

// Pattern is the canonical form as a regular expression, meaning the same
// in RE2, POSIX ERE and ECMAScript, for CHECK constraints and schemas:
// exactly what [ID.Scan] accepts, and 26 zeros, which Scan refuses (KEYS-4;
// T6). Uppercase ids do not match: match a parsed ID's String.
const Pattern = "^[0-7][0-9a-hjkmnp-tv-z]{25}$"

// InputPattern is what [Parse] accepts, and 26 zeros, as a regular
// expression in the same dialects as [Pattern]: either letter case, for
// schemas and forms that take ids from outside (KEYS-5; T6).
const InputPattern = "^[0-7][0-9a-hjkmnp-tv-zA-HJKMNP-TV-Z]{25}$"

// lowerAlphabet is Crockford base32 in lowercase (KEYS-4).
var lowerAlphabet = strings.ToLower(ulid.Encoding)

// encodePairs maps 10 bits to two characters, the first in the low byte.
var encodePairs = func() (p [1 << 10]uint16) {
	for v := range p {
		p[v] = uint16(lowerAlphabet[v>>5]) | uint16(lowerAlphabet[v&31])<<8
	}
	return p
}()

const zeroText = "<zero id>"

// String returns the canonical form of id, 26 lowercase characters
// (KEYS-4), never shortened (TRUNC). For the zero ID it returns the
// marker "<zero id>", which no ULID decoder accepts (T1); test for "no id"
// with [ID.IsZero]. ID has no slog LogValue: slog would call it through a
// nil pointer (T5; docs/works-with-formats.md).
func (id ID) String() string {
	if id.IsZero() {
		return zeroText
	}
	// Not through AppendText, whose extra copy costs (BenchmarkString).
	var buf [encodedLen]byte
	id.encode(&buf)
	return string(buf[:])
}

// AppendText implements [encoding.TextAppender]: it appends the 26
// lowercase characters of id to b. For the zero ID it appends nothing and
// returns [ErrZero] (T1).
func (id ID) AppendText(b []byte) ([]byte, error) {
	if id.IsZero() {
		return b, ErrZero
	}
	var buf [encodedLen]byte
	id.encode(&buf)
	return append(b, buf[:]...), nil
}

// MarshalText implements [encoding.TextMarshaler]: the 26 lowercase
// characters of id. For the zero ID it returns nil and [ErrZero], as
// empty text is not an id (T1); JSON and YAML write it as null instead.
func (id ID) MarshalText() ([]byte, error) {
	if id.IsZero() {
		return nil, ErrZero
	}
	b := make([]byte, encodedLen)
	id.encode((*[encodedLen]byte)(b))
	return b, nil
}

// UnmarshalText implements [encoding.TextUnmarshaler], decoding as [Parse]
// does: any letter case; empty text is a [*ParseError] with
// [ReasonMissing], so `?id=` and `--user=` fail (T2). Every error wraps [ErrInvalid]; on
// error id is the zero ID.
func (id *ID) UnmarshalText(text []byte) error {
	v, err := parse(text, &anyCase)
	*id = v
	return err
}

// encode writes the 26 characters of id into buf, 5 bits each after two
// zero bits, two characters a step.
func (id ID) encode(buf *[encodedLen]byte) {
	t := id.hi >> 16                   // 48-bit timestamp
	hi := id.hi&0xffff<<24 | id.lo>>40 // top 40 random bits
	lo := id.lo & (1<<40 - 1)          // low 40 random bits
	pair := func(i int, v uint64) {
		binary.LittleEndian.PutUint16(buf[i:], encodePairs[v&(1<<10-1)])
	}
	pair(0, t>>40)
	pair(2, t>>30)
	pair(4, t>>20)
	pair(6, t>>10)
	pair(8, t)
	pair(10, hi>>30)
	pair(12, hi>>20)
	pair(14, hi>>10)
	pair(16, hi)
	pair(18, lo>>30)
	pair(20, lo>>20)
	pair(22, lo>>10)
	pair(24, lo)
}
