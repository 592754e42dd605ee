package id

import (
	"errors"
	"strconv"

	"github.com/idkeys/id/internal/spell"
	"github.com/oklog/ulid/v2"
)

// Parse returns the ID written as s: 26 Crockford base32 characters in any
// letter case, the first one 0 to 7 (KEYS-5; ULID spec, "Canonical String
// Representation"). [ID.String] of the result is the lowercase canonical
// form. Parse allocates nothing on success.
//
// On failure it returns the zero ID and a [*ParseError] wrapping
// [ErrInvalid] whose Reason is, checked in this order:
//
//   - [ReasonMissing] when s is empty, as a query parameter, form field
//     or JSON string left empty is (its message: "length 0, want 26");
//   - [ReasonLength] when s is neither 26 bytes nor 26 characters long;
//     its message gives the length in characters and names the first
//     non-ASCII one when s is valid UTF-8 (else in bytes), and names 32
//     hex digits and UUID text as an id's other spellings and what reads
//     them (P3, P3a);
//   - [ReasonCharacter] at the first character outside the alphabet: I,
//     L, O, U in any case (no Crockford aliases), punctuation, any
//     non-ASCII character;
//   - [ReasonRange] when the first character is above 7;
//   - [ReasonZero] for 26 zeros, the zero ID.
//
// Every index in an error is that of the first character not allowed
// where it stands (for a length, the first non-ASCII one); all bytes
// before it are ASCII, so it counts bytes and characters alike (P4):
// "0-arz3ndektsv4rrffq69g5faé" fails at its '-', index 1.
//
// Call Parse on every value from outside before any query: a value that
// fails cannot match a row (answer "not found" for a URL, "invalid input"
// for your own form data). The error's message is for logs; a client is
// answered with [ReasonOf](err).Code() and .Message() (E6).
func Parse(s string) (ID, error) {
	return parse(s, &anyCase)
}

// MustParse is like [Parse] but panics with the *ParseError if s is
// rejected. It is intended for use in tests and with hard-coded constants.
func MustParse(s string) ID {
	v, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return v
}

// ErrInvalid is wrapped by every rejection of text or stored values: by
// [Parse], [MustParse]'s panic, [ID.UnmarshalText] and [ID.Scan]. Test for
// it with errors.Is. The details are in a [*ParseError] (errors.As), or in
// the message of [ErrNull] and of the error for an unsupported Scan type.
var ErrInvalid = errors.New("id: invalid id")

// invalid returns an error with the message msg that wraps [ErrInvalid].
func invalid(msg string) error { return &spell.Error{Msg: msg, Err: ErrInvalid} }

// Reason says why a text was rejected; it is the code in a [ParseError]
// (ERRCODE), so callers can map it to their own messages without
// matching error strings.
type Reason uint8

// The reasons a text is rejected, in the order they are checked.
const (
	// ReasonMissing: the text is empty, so no id was given
	// (docs/contract.md, P3, E6).
	ReasonMissing Reason = iota + 1
	// ReasonLength: the text is neither 26 bytes nor 26 characters long,
	// and not empty (P3, P3a).
	ReasonLength
	// ReasonCharacter: a character outside Crockford base32 in either
	// case, such as I, L, O, U, '-', a space or any byte ≥ 0x80 (P4).
	ReasonCharacter
	// ReasonCase: an uppercase letter in a stored value; [ID.Scan] accepts
	// only the canonical lowercase form (KEYS-4; D5). Parse and
	// UnmarshalText never return it.
	ReasonCase
	// ReasonRange: a first character above 7; the value would need more
	// than 128 bits (P5).
	ReasonRange
	// ReasonZero: the zero ID, 26 zeros, which names nothing (P6).
	ReasonZero
)

// String returns a short lowercase description of r, such as "length".
func (r Reason) String() string {
	switch r {
	case ReasonMissing:
		return "missing"
	case ReasonLength:
		return "length"
	case ReasonCharacter:
		return "invalid character"
	case ReasonCase:
		return "not lowercase"
	case ReasonRange:
		return "out of range"
	case ReasonZero:
		return "zero id"
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// Code returns r's stable machine code, for an API's error body:
// "id_missing", "id_length", "id_character", "id_case", "id_range" or
// "id_zero", and "id_invalid"
// for any other Reason, 0 included (what [ReasonOf] returns for an error
// of this package that is not about the text's spelling). Codes never
// change once released. With [Reason.Message] and a request or trace id
// it is what a service answers a client, never [ParseError.Error]
// (docs/contract.md E6; docs/works-with-web.md).
func (r Reason) Code() string {
	switch r {
	case ReasonMissing:
		return "id_missing"
	case ReasonLength:
		return "id_length"
	case ReasonCharacter:
		return "id_character"
	case ReasonCase:
		return "id_case"
	case ReasonRange:
		return "id_range"
	case ReasonZero:
		return "id_zero"
	}
	return "id_invalid"
}

// Message returns a fixed English sentence for r, safe to show to a
// client: it quotes no input and names no Go identifier or command. For
// ReasonMissing, "The id is missing."; ReasonLength, "The id must be 26
// characters long."; ReasonCharacter,
// "The id may contain only the digits 0 to 9 and the letters a to z
// except i, l, o and u."; ReasonCase, "The id is not in lowercase.";
// ReasonRange, "The id is out of range: its first character must be 0
// to 7."; ReasonZero, "The id is all zeros, which names nothing."; any
// other Reason, "The id is not valid." (E6).
func (r Reason) Message() string {
	switch r {
	case ReasonMissing:
		return "The id is missing."
	case ReasonLength:
		return "The id must be 26 characters long."
	case ReasonCharacter:
		return "The id may contain only the digits 0 to 9 and the letters a to z except i, l, o and u."
	case ReasonCase:
		return "The id is not in lowercase."
	case ReasonRange:
		return "The id is out of range: its first character must be 0 to 7."
	case ReasonZero:
		return "The id is all zeros, which names nothing."
	}
	return "The id is not valid."
}

// ReasonOf returns the Reason of the first [*ParseError] in err's tree,
// [ReasonZero] for [ErrZeroBytes], and 0 for any other error, nil and a
// nil *ParseError included, so that a handler writes its answer in one
// line from ReasonOf(err).Code() and ReasonOf(err).Message() (E6).
func ReasonOf(err error) Reason {
	if pe := (*ParseError)(nil); errors.As(err, &pe) {
		if pe == nil {
			return 0
		}
		return pe.Reason
	}
	if errors.Is(err, ErrZeroBytes) {
		return ReasonZero
	}
	return 0
}

// maxQuoted is how many leading bytes of a rejected input a ParseError
// keeps to quote: more than an ID, never the unbounded input.
const maxQuoted = 32

// ParseError describes why a text was rejected as an ID. [Parse],
// [ID.UnmarshalText] and [ID.Scan] return it as *ParseError; it wraps
// [ErrInvalid]. It keeps a copy of at most the first 32 bytes of the input,
// so it never holds on to the caller's memory.
type ParseError struct {
	// Reason is why the input was rejected.
	Reason Reason
	// Index is the offending character's offset: the first one not
	// allowed where it stands for ReasonCharacter, ReasonCase and
	// ReasonRange; for ReasonLength the first non-ASCII character of
	// valid UTF-8, else -1; -1 for ReasonMissing and ReasonZero. All bytes before it are ASCII, so it is its
	// character index too (P4).
	Index int
	// Length is the length of the whole input in bytes.
	Length int

	scan  bool  // from Scan: the input was a stored value
	form  uint8 // for ReasonLength: formHex, formUUID or 0
	n     uint8
	input [maxQuoted]byte
	runes int  // for ReasonLength with Index >= 0: the length in characters
	r     rune // for ReasonLength with Index >= 0: the character at Index
}

// The other spellings of an id that a ParseError names.
const (
	formHex  = 1 // 32 hex digits
	formUUID = 2 // 36 characters of UUID text
)

func newParseError[T string | []byte](s T, r Reason, index int, scan bool) *ParseError {
	e := &ParseError{Reason: r, Index: index, Length: len(s), scan: scan}
	e.n = uint8(copy(e.input[:], s))
	return e
}

// lengthError is the error for s of a length other than 26 bytes (P3,
// P3a): ReasonMissing when s is empty, else ReasonLength; 26 characters
// of UTF-8 in more bytes are checked as 26 bytes are (P4), by reject.
func lengthError[T string | []byte](s T, d *decoder) error {
	if len(s) == 0 {
		return newParseError(s, ReasonMissing, -1, d == &lower)
	}
	n, r, at := spell.Runes(s)
	if n == encodedLen {
		return reject(s, d)
	}
	e := newParseError(s, ReasonLength, at, d == &lower)
	e.runes, e.r = n, r
	if _, bad := spell.Hex(s, false); bad < 0 {
		e.form = formHex
	} else if _, bad := spell.UUID(s, false); bad < 0 {
		e.form = formUUID
	}
	return e
}

// Input returns the first bytes of the rejected input, at most 32.
func (e *ParseError) Input() string {
	return string(e.input[:e.n])
}

// Error returns a one-line message of at most 120 bytes that starts with
// "id: ", quotes a short escaped prefix of the input and gives the reason,
// e.g. `id: invalid id "01arz3ndeitsv4rrffq69g5fav": invalid character 'i' at index 9`.
func (e *ParseError) Error() string {
	what := "invalid id "
	if e.scan {
		what = "invalid stored id "
	}
	return "id: " + what + e.quote() + ": " + e.reason()
}

// quote returns the kept input as a Go string literal of at most 39
// bytes (20 for a spelling named, 18 for a length with a character
// named), then "..." if the input was longer: the longest message, a
// stored id's ReasonCase, is then 120 bytes.
func (e *ParseError) quote() string {
	switch {
	case e.form != 0:
		return spell.QuotePrefix(e.input[:e.n], 20, e.Length)
	case e.Reason == ReasonLength && e.Index >= 0:
		return spell.QuotePrefix(e.input[:e.n], 18, e.Length)
	}
	return spell.QuotePrefix(e.input[:e.n], 39, e.Length)
}

// quotePrefix is [spell.QuotePrefix] for json.go's messages.
func quotePrefix(in []byte, maxQuote, full int) string { return spell.QuotePrefix(in, maxQuote, full) }

func (e *ParseError) reason() string {
	switch e.Reason {
	case ReasonMissing:
		return "length 0, want 26"
	case ReasonLength:
		switch {
		case e.form == formHex:
			return "length 32, want 26: hex, a trace id: decode for id.From16; idkeys inspect"
		case e.form == formUUID && e.scan:
			return "length 36, want 26: UUID text; scan a uuid column into compact.ID"
		case e.form == formUUID:
			return "length 36, want 26: UUID text: compact.ID scans it; idkeys inspect"
		}
		if e.Index >= 0 {
			return "length " + spell.Length(e.runes, e.r, e.Index) + ", want 26"
		}
		return "length " + strconv.Itoa(e.Length) + ", want 26"
	case ReasonCharacter:
		return "invalid character " + e.char() + " at index " + strconv.Itoa(e.Index)
	case ReasonCase:
		return "stored ids must be lowercase (KEYS-4): " + e.char() + " at index " + strconv.Itoa(e.Index)
	case ReasonRange:
		return "out of range: first character " + e.char() + " is above '7'"
	case ReasonZero:
		return "the zero id names nothing"
	}
	return e.Reason.String()
}

// char quotes the offending character: the whole rune when it is valid
// UTF-8 (a Cyrillic look-alike shows as itself), else the byte.
func (e *ParseError) char() string {
	if e.Index < 0 || e.Index >= int(e.n) {
		return "?"
	}
	return spell.Char(e.input[:e.n], e.Index)
}

// Unwrap returns [ErrInvalid].
func (e *ParseError) Unwrap() error {
	return ErrInvalid
}

// A decoder maps each byte to its 5-bit digit, for a decoding loop that
// takes two characters at a time: hi[c] is the digit of c shifted left by
// 5, for the first character of a pair, and lo[c] the digit itself, for
// the second, so that hi[s[i]]|lo[s[i+1]] is the pair's 10 bits. A byte
// outside the alphabet maps to badDigit in both, whose bits lie above the
// 10 that valid pairs fill.
type decoder struct{ hi, lo [256]uint16 }

// badDigit marks a byte outside the alphabet in a decoder.
const badDigit = 0xfc00

// anyCase accepts the alphabet in either letter case (Parse,
// UnmarshalText); lower accepts only the canonical lowercase letters
// (Scan). No Crockford aliases (o, i, l) are accepted: each ID has one
// spelling up to case.
var anyCase, lower = func() (a, l decoder) {
	for c := range 256 {
		a.hi[c], a.lo[c], l.hi[c], l.lo[c] = badDigit, badDigit, badDigit, badDigit
	}
	for v, c := range ulid.Encoding {
		lc := lowerAlphabet[v]
		a.hi[c], a.lo[c] = uint16(v)<<5, uint16(v)
		a.hi[lc], a.lo[lc] = uint16(v)<<5, uint16(v)
		l.hi[lc], l.lo[lc] = uint16(v)<<5, uint16(v)
	}
	return a, l
}()

// parse decodes s with the given decoder: anyCase for external text,
// lower for stored values. The success path does one pass over the 26
// bytes, two at a time, and allocates nothing; rejections are diagnosed
// by reject.
func parse[T string | []byte](s T, d *decoder) (ID, error) {
	if len(s) != encodedLen {
		return ID{}, lengthError(s, d)
	}
	_ = s[encodedLen-1]
	// Every valid pair is below 1<<10; badDigit sets bits above that.
	var bad uint64
	pair := func(i int) uint64 {
		v := uint64(d.hi[s[i]]) | uint64(d.lo[s[i+1]])
		bad |= v
		return v
	}
	t := pair(0)<<40 | pair(2)<<30 | pair(4)<<20 | pair(6)<<10 | pair(8) // 2 zero bits, 48-bit ms
	hi := pair(10)<<30 | pair(12)<<20 | pair(14)<<10 | pair(16)          // top 40 random bits
	lo := pair(18)<<30 | pair(20)<<20 | pair(22)<<10 | pair(24)          // low 40 random bits
	if bad >= 1<<10 || t>>48 != 0 {
		return ID{}, reject(s, d)
	}
	v := ID{t<<16 | hi>>24, hi<<40 | lo}
	if v.IsZero() {
		return ID{}, newParseError(s, ReasonZero, -1, d == &lower)
	}
	return v, nil
}

// reject finds why s, 26 bytes or 26 characters, failed to decode: the
// first byte outside the alphabet (or, for a stored value, the first
// uppercase letter), else the first character out of range.
func reject[T string | []byte](s T, d *decoder) error {
	scan := d == &lower
	for i := 0; i < len(s); i++ {
		if d.lo[s[i]] != badDigit {
			continue
		}
		if scan && anyCase.lo[s[i]] != badDigit {
			return newParseError(s, ReasonCase, i, scan)
		}
		return newParseError(s, ReasonCharacter, i, scan)
	}
	return newParseError(s, ReasonRange, 0, scan)
}
