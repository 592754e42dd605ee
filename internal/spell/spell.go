// Package spell holds the text codec of an id's 16 bytes, as 32 hex
// digits and as 36 characters of UUID text (8-4-4-4-12), and the helpers
// with which every package of the module quotes a rejected input.
package spell

import (
	"strconv"
	"unicode/utf8"
)

// HexAt is where each byte's two digits start in UUID text.
var HexAt = [16]int{0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34}

// Hyphens are the indexes of the hyphens of UUID text.
var Hyphens = [4]int{8, 13, 18, 23}

// digit is each byte's hex value, with the bit upper set for 'A' to
// 'F', and 0xff for every other byte.
var digit = func() (t [256]byte) {
	for c := range 256 {
		t[c] = 0xff
		switch {
		case '0' <= c && c <= '9':
			t[c] = byte(c - '0')
		case 'a' <= c && c <= 'f':
			t[c] = byte(c - 'a' + 10)
		case 'A' <= c && c <= 'F':
			t[c] = byte(c-'A'+10) | upper
		}
	}
	return t
}()

// upper is the bit of digit marking an uppercase hex digit.
const upper = 0x10

// hexPair decodes the two digits at s[i], and reports the index of the
// first that is not a hex digit (uppercase ones too when lowerOnly), or -1.
func hexPair[T string | []byte](s T, i int, lowerOnly bool) (byte, int) {
	mask := byte(0xff)
	if !lowerOnly {
		mask &^= upper
	}
	a, b := digit[s[i]]&mask, digit[s[i+1]]&mask
	switch {
	case a > 0x0f:
		return 0, i
	case b > 0x0f:
		return 0, i + 1
	}
	return a<<4 | b, -1
}

// UUID decodes s, 36 characters of UUID text. It returns the 16 bytes and
// -1, or the index of the first byte that is not a hyphen where one is
// due, nor a hex digit elsewhere (lowercase only if lowerOnly).
func UUID[T string | []byte](s T, lowerOnly bool) (b [16]byte, bad int) {
	if len(s) != 36 {
		return b, min(len(s), 36)
	}
	for j, i := range HexAt {
		if j > 0 && (i == 9 || i == 14 || i == 19 || i == 24) && s[i-1] != '-' {
			return b, i - 1
		}
		v, k := hexPair(s, i, lowerOnly)
		if k >= 0 {
			return b, k
		}
		b[j] = v
	}
	return b, -1
}

// Hex decodes s, 32 hex digits (lowercase only if lowerOnly). It returns
// the 16 bytes and -1, or the index of the first byte that is not one.
func Hex[T string | []byte](s T, lowerOnly bool) (b [16]byte, bad int) {
	if len(s) != 32 {
		return b, min(len(s), 32)
	}
	for j := range b {
		v, k := hexPair(s, 2*j, lowerOnly)
		if k >= 0 {
			return b, k
		}
		b[j] = v
	}
	return b, -1
}

const hexDigits = "0123456789abcdef"

// AppendHex appends b as 32 lowercase hex digits.
func AppendHex(dst []byte, b [16]byte) []byte {
	for _, c := range b {
		dst = append(dst, hexDigits[c>>4], hexDigits[c&15])
	}
	return dst
}

// AppendUUID appends b as 36 characters of lowercase UUID text.
func AppendUUID(dst []byte, b [16]byte) []byte {
	for j, c := range b {
		if j == 4 || j == 6 || j == 8 || j == 10 {
			dst = append(dst, '-')
		}
		dst = append(dst, hexDigits[c>>4], hexDigits[c&15])
	}
	return dst
}

// QuotePrefix returns the longest prefix of in whose Go string literal
// (strconv.Quote, escapes included) is at most maxQuote bytes, as that
// literal, with "..." after it when the prefix is shorter than full, the
// length of the whole input. Every error message of the module quotes
// its input through it, so that each fits in 120 bytes (docs/contract.md,
// E4).
func QuotePrefix[T string | []byte](in T, maxQuote, full int) string {
	n := len(in)
	q := strconv.Quote(string(in[:n]))
	for len(q) > maxQuote {
		n--
		q = strconv.Quote(string(in[:n]))
	}
	if n < full {
		q += "..."
	}
	return q
}

// Char quotes the character at s[i]: the whole rune when it is valid
// UTF-8, else "byte 0x.." for the byte.
func Char[T string | []byte](s T, i int) string {
	r, size := utf8.DecodeRuneInString(string(s[i:min(len(s), i+utf8.UTFMax)]))
	if r == utf8.RuneError && size <= 1 {
		return "byte 0x" + string(hexDigits[s[i]>>4]) + string(hexDigits[s[i]&15])
	}
	return strconv.QuoteRune(r)
}

// Error is an error with its own message that wraps Err (the module's
// ErrInvalid).
type Error struct {
	Msg string
	Err error
}

// Error returns e.Msg.
func (e *Error) Error() string { return e.Msg }

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }

// Runes returns, when s is valid UTF-8 holding a non-ASCII character, its
// length in characters, that first non-ASCII character and its index
// (every byte before it is ASCII, so the index counts bytes and
// characters alike). Otherwise it returns len(s), 0 and -1: the length in
// bytes, which for ASCII is the length in characters too.
func Runes[T string | []byte](s T) (n int, r rune, at int) {
	at = -1
	for i := 0; i < len(s); n++ {
		if i+8 <= len(s) && (s[i]|s[i+1]|s[i+2]|s[i+3]|s[i+4]|s[i+5]|s[i+6]|s[i+7]) < utf8.RuneSelf {
			i, n = i+8, n+7 // eight ASCII bytes
			continue
		}
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		c, size := utf8.DecodeRuneInString(string(s[i:min(len(s), i+utf8.UTFMax)]))
		if c == utf8.RuneError && size <= 1 {
			return len(s), 0, -1 // not UTF-8: in bytes
		}
		if at < 0 {
			r, at = c, i
		}
		i += size
	}
	if at < 0 {
		return len(s), 0, -1
	}
	return n, r, at
}

// Length spells a length that [Runes] returned, for a message: "25" in
// bytes, or, when at >= 0, in characters with the first non-ASCII one
// named, "1 character ('é' at index 0)".
func Length(n int, r rune, at int) string {
	if at < 0 {
		return strconv.Itoa(n)
	}
	unit := " characters ("
	if n == 1 {
		unit = " character ("
	}
	return strconv.Itoa(n) + unit + strconv.QuoteRune(r) + " at index " + strconv.Itoa(at) + ")"
}
