package idtest

import (
	"strconv"
	"strings"

	"github.com/idkeys/id"
)

// Normalize returns text with every id in it replaced by a placeholder,
// <id-1>, <id-2>, … numbered in the order the ids first appear: the same
// id, in any spelling, is always the same number, and everything else in
// text is left as it is. Comparing normalized texts compares them up to a
// consistent renaming of ids, so a golden file keeps the relations
// between ids (the order's id is the one in its Location header) without
// holding ids that change on every run.
//
// The placeholder keeps the id's letter case, so that a golden file sees
// a service start writing ids in uppercase (KEYS-4: ids are written
// lowercase): <id-n> for the canonical lowercase form, <ID-n> when every
// letter is uppercase, <Id-n> when both cases appear.
//
// An id in text is a word of exactly 26 characters that [id.Parse]
// accepts (Crockford base32 in any letter case, the first character 0 to
// 7, not all zeros) and that has a letter past 'f': a word of digits
// only, or of digits and a to f only (a number, a hex digest), is not
// taken for an id. (A real id is spelled so only when its timestamp is,
// which no id made from April 2022 to September 2039 is: their third
// character is g to z; and then 1 in 65,536 of them, by their 16 random
// characters.) Words are maximal
// runs of the ASCII letters and digits [0-9A-Za-z]: every other byte ends
// a word, so an id is found between spaces, quotes, slashes, '=', '_',
// '-', '.', or at the start or end of text, and a run of 25 or 27 letters
// and digits, or of 26 that Parse refuses, stays as it is.
//
// JSON string escapes are read as the characters they stand for: \u0030
// is a '0' (the whole escape is part of the word and is replaced with
// it), and the two-character escapes \" \\ \/ \b \f \n \r \t end a word,
// so the id in "\n01arz3ndektsv4rrffq69g5fav" is found. Other encodings
// (percent-encoding in URLs, base64) are not decoded. Text that already
// holds <id-n> keeps it, so do not mix the placeholders of two calls.
func Normalize(text string) string {
	var out strings.Builder
	seen := map[id.ID]int{}
	copied := 0 // text[:copied] is in out
	for i := 0; i < len(text); {
		if _, n, ok := wordChar(text, i); !ok {
			i += n
			continue
		}
		// A word starts at i: read it to its end, keeping its first 26
		// characters.
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

// wordChar reads the character at text[i]: a byte, a JSON \uXXXX escape
// (6 bytes) or a two-byte JSON escape. It returns the character's ASCII
// letter or digit and true when it is one, and the bytes it takes.
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

// hex4 returns the value of the 4 hexadecimal digits s, in either case.
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

// hasLetterPastF reports whether w has a letter g to z, in either case:
// a word of digits and a to f only is a number or hex, not an id.
func hasLetterPastF(w *[26]byte) bool {
	for _, c := range w {
		if c|0x20 >= 'g' && c|0x20 <= 'z' {
			return true
		}
	}
	return false
}

// caseTag returns the placeholder's name for the spelling w: "id" when
// its letters are all lowercase, "ID" when all uppercase, "Id" when both.
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
