package adopt

import (
	"strconv"

	"github.com/idkeys/id"
)

// FromUUIDv7 returns the ID with the same 16 bytes as the UUIDv7 u (RFC
// 9562, section 5.7), for adopting ids in a table whose keys are already
// UUIDv7s.
//
// The first 48 bits of a UUIDv7 are its Unix time in milliseconds, as in
// a ULID, so the ID's [id.ID.Time] is the UUID's time. The other 80 bits,
// version and variant bits included, become the ID's 80 random bits
// unchanged. The bytes are the same, so IDs converted from UUIDv7s sort
// exactly as the UUIDs' bytes do (and as their lowercase text does): a
// table's `ORDER BY id` after the conversion is its `ORDER BY uuid` before
// it. The ID is never the zero ID: its version bits are not zero.
//
// Other versions are rejected with an error wrapping [id.ErrInvalid]: their
// first 48 bits are not a time (versions 4 and 8), or not a time in this
// order (versions 1 and 6), so `ORDER BY id` and [id.MinAt] windows would
// not follow them. So is a variant other than RFC 9562's (the two bits
// 10 at the top of byte 8), which includes the nil and max UUIDs.
//
// There is no conversion back. An ID made by [id.New] has random bits where
// a UUIDv7 keeps its version and variant, so most IDs are no UUIDv7, and
// forcing those 6 bits would give a different value that can equal
// another's. Where old UUIDs must still be found (links, logs, other
// services), keep the old key in a unique column and look up by it.
func FromUUIDv7(u [16]byte) (id.ID, error) {
	if v := u[6] >> 4; v != 7 {
		return id.ID{}, invalid("id: not a UUIDv7: version " + strconv.Itoa(int(v)) + ", want 7 (only a version 7 UUID starts with its Unix time in milliseconds)")
	}
	if u[8]>>6 != 0b10 {
		return id.ID{}, invalid("id: not a UUIDv7: variant bits " + strconv.FormatUint(uint64(u[8]>>6), 2) + "x, want 10x (RFC 9562)")
	}
	return id.From16(u) // never the zero id: its version bits are 7
}

// ParseUUIDv7 returns the ID of the UUIDv7 written as s, as [FromUUIDv7]
// converts it. s is either the 36-character hyphenated form
// (8-4-4-4-12 hexadecimal digits, such as
// 017f22e2-79b0-7cc3-98c4-dc0c0c07398f) or the same 32 digits without
// hyphens, in any letter case. Nothing else is accepted: no braces, no
// "urn:uuid:" prefix, no surrounding space.
//
// Errors wrap [id.ErrInvalid] and quote a short prefix of s.
func ParseUUIDv7(s string) (id.ID, error) {
	var u [16]byte
	switch len(s) {
	case 36:
		for _, i := range [...]int{8, 13, 18, 23} {
			if s[i] != '-' {
				return id.ID{}, uuidError(s, "want '-' at index "+strconv.Itoa(i))
			}
		}
		for j, i := range uuidHexAt {
			b, ok := hexByte(s[i], s[i+1])
			if !ok {
				return id.ID{}, uuidError(s, badHex(s, i))
			}
			u[j] = b
		}
	case 32:
		for j := range u {
			b, ok := hexByte(s[2*j], s[2*j+1])
			if !ok {
				return id.ID{}, uuidError(s, badHex(s, 2*j))
			}
			u[j] = b
		}
	default:
		return id.ID{}, uuidError(s, "length "+strconv.Itoa(len(s))+", want 36 or 32 hex digits")
	}
	return FromUUIDv7(u)
}

// uuidHexAt is where each byte's two digits start in the hyphenated form.
var uuidHexAt = [16]int{0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34}

// hexByte decodes two hexadecimal digits of either case.
func hexByte(a, b byte) (byte, bool) {
	x, ok1 := hexDigit(a)
	y, ok2 := hexDigit(b)
	return x<<4 | y, ok1 && ok2
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// badHex names the first non-hexadecimal byte of the pair at i.
func badHex(s string, i int) string {
	if _, ok := hexDigit(s[i]); ok {
		i++
	}
	c := "byte 0x" + strconv.FormatUint(uint64(s[i]), 16)
	if s[i] < 0x80 {
		c = strconv.QuoteRune(rune(s[i]))
	}
	return "invalid character " + c + " at index " + strconv.Itoa(i)
}

// uuidError returns an error wrapping ErrInvalid that quotes a prefix of
// s whose quoted form is at most 50 bytes, escapes included (a whole
// UUID with a few escaped bytes), so that every message fits in 120
// bytes, as [id.ParseError]'s do.
func uuidError(s, reason string) error {
	q := quotePrefix(s[:min(len(s), 48)], 50, len(s))
	return invalid("id: invalid UUID " + q + ": " + reason)
}

// quotePrefix returns the longest prefix of in whose Go string literal
// (escapes included) is at most maxQuote bytes, as that literal, with
// "..." after it when the prefix is shorter than the whole input, of
// length full: the rule of package id's error messages.
func quotePrefix(in string, maxQuote, full int) string {
	n := len(in)
	q := strconv.Quote(in[:n])
	for len(q) > maxQuote {
		n--
		q = strconv.Quote(in[:n])
	}
	if n < full {
		q += "..."
	}
	return q
}

// invalid returns an error with the message msg that wraps [id.ErrInvalid].
func invalid(msg string) error { return &invalidError{msg} }

// invalidError is an error with its own message that wraps [id.ErrInvalid].
type invalidError struct{ msg string }

func (e *invalidError) Error() string { return e.msg }
func (e *invalidError) Unwrap() error { return id.ErrInvalid }
