package idtest

import (
	"strconv"
	"strings"

	"github.com/idkeys/id"
)

// Normalize returns text with every id replaced by <id-1>, <id-2>, …,
// numbered by first appearance, the same id in any letter case the same
// number; the placeholder keeps the case: <id-n> lowercase, <ID-n> all
// uppercase, <Id-n> mixed (KEYS-4). Everything else is left as it is.
//
// An id is a word of exactly 26 characters that [id.Parse] accepts and
// that has a letter past 'f' (26 digits or hex digits are not taken for
// one). A word is a maximal run of [0-9A-Za-z]; JSON escapes count as
// what they stand for: \u0030 is '0', while an escape above ASCII
// (\u0161) and \" \\ \/ \b \f \n \r \t end a word. Percent-encoding and
// base64 are not decoded (docs/testing-ids.md).
func Normalize(text string) string {
	var out strings.Builder
	seen := map[id.ID]int{}
	copied := 0 // text[:copied] is in out
	for i := 0; i < len(text); {
		if _, n, ok := wordChar(text, i); !ok {
			i += n
			continue
		}
		start := i
		var buf [26]byte
		k := 0
		for i < len(text) {
			c, n, ok := wordChar(text, i)
			if !ok {
				break
			}
			if k < len(buf) {
				buf[k] = c
			}
			k++
			i += n
		}
		if k != len(buf) || !hasLetterPastF(&buf) {
			continue
		}
		v, err := id.Parse(string(buf[:]))
		if err != nil {
			continue
		}
		n, ok := seen[v]
		if !ok {
			n = len(seen) + 1
			seen[v] = n
		}
		out.WriteString(text[copied:start])
		out.WriteString("<" + caseTag(&buf) + "-" + strconv.Itoa(n) + ">")
		copied = i
	}
	if copied == 0 {
		return text
	}
	out.WriteString(text[copied:])
	return out.String()
}

// wordChar reads a byte, a \uXXXX escape or a two-byte escape at text[i]:
// its ASCII letter or digit and true when it is one, and its length.
func wordChar(text string, i int) (c byte, n int, ok bool) {
	c = text[i]
	if c != '\\' || i+1 == len(text) {
		return c, 1, isWordByte(c)
	}
	switch text[i+1] {
	case 'u':
		if i+6 <= len(text) {
			if r, ok := hex4(text[i+2 : i+6]); ok {
				if r < 0x80 && isWordByte(byte(r)) {
					return byte(r), 6, true
				}
				return 0, 6, false
			}
		}
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 0, 2, false
	}
	return c, 1, false
}

// isWordByte reports whether c is an ASCII letter or digit.
func isWordByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func hex4(s string) (r uint16, ok bool) {
	for i := range 4 {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | uint16(c)
	}
	return r, true
}

func hasLetterPastF(w *[26]byte) bool {
	for _, c := range w {
		if c|0x20 >= 'g' && c|0x20 <= 'z' {
			return true
		}
	}
	return false
}

func caseTag(w *[26]byte) string {
	var lower, upper bool
	for _, c := range w {
		lower = lower || 'a' <= c && c <= 'z'
		upper = upper || 'A' <= c && c <= 'Z'
	}
	switch {
	case !upper:
		return "id"
	case !lower:
		return "ID"
	}
	return "Id"
}
