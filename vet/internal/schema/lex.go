package schema

import "strings"

// kind is a token's kind.
type kind uint8

const (
	word   kind = iota // a bare identifier or keyword: CREATE, users, uuid
	quoted             // a quoted identifier: "users", `users` (text unquoted)
	str                // a string: 'x', $$…$$, $tag$…$tag$ (text dropped)
	number             // 26, 1.5
	punct              // one character: ( ) , ; . and any other
)

type token struct {
	kind kind
	text string
}

// is reports whether t is the bare word w, in any case.
func (t token) is(w string) bool { return t.kind == word && strings.EqualFold(t.text, w) }

// name reports whether t can name a table, a column or a type: a bare
// word or a quoted identifier.
func (t token) name() bool { return t.kind == word || t.kind == quoted }

// lex splits SQL text into tokens, dropping whitespace and comments
// (-- to the end of the line, /* … */). A string's text is dropped: a
// function's body in $$ … $$ declares no table.
func lex(s string) []token {
	var out []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '-' && i+1 < len(s) && s[i+1] == '-':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return out
			}
			i += j + 1
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return out
			}
			i += j + 4
		case c == '\'':
			i = closeQuote(s, i, '\'')
			out = append(out, token{kind: str})
		case c == '"' || c == '`':
			j := closeQuote(s, i, c)
			text := s[i+1 : max(i+1, j-1)]
			out = append(out, token{kind: quoted, text: strings.ReplaceAll(text, string([]byte{c, c}), string(c))})
			i = j
		case c == '$':
			if tag, ok := dollarTag(s[i:]); ok {
				j := strings.Index(s[i+len(tag):], tag)
				if j < 0 {
					return append(out, token{kind: str})
				}
				i += len(tag) + j + len(tag)
				out = append(out, token{kind: str})
				continue
			}
			out = append(out, token{kind: punct, text: "$"})
			i++
		case identStart(c):
			j := i + 1
			for j < len(s) && (identStart(s[j]) || '0' <= s[j] && s[j] <= '9' || s[j] == '$') {
				j++
			}
			out = append(out, token{kind: word, text: s[i:j]})
			i = j
		case '0' <= c && c <= '9':
			j := i + 1
			for j < len(s) && ('0' <= s[j] && s[j] <= '9' || s[j] == '.') {
				j++
			}
			out = append(out, token{kind: number, text: s[i:j]})
			i = j
		default:
			out = append(out, token{kind: punct, text: s[i : i+1]})
			i++
		}
	}
	return out
}

// identStart reports whether c starts an identifier: an ASCII letter, _,
// or any byte of a multi-byte character.
func identStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c >= 0x80
}

// closeQuote returns the index after the quote q that closes the one at
// s[i], a doubled quote being part of the text; len(s) when none does.
func closeQuote(s string, i int, q byte) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] == q {
			if j+1 < len(s) && s[j+1] == q {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(s)
}

// dollarTag returns the tag of a PostgreSQL dollar-quoted string that s
// starts with: "$$" or "$name$".
func dollarTag(s string) (string, bool) {
	for j := 1; j < len(s); j++ {
		c := s[j]
		switch {
		case c == '$':
			return s[:j+1], true
		case identStart(c) || j > 1 && '0' <= c && c <= '9':
		default:
			return "", false
		}
	}
	return "", false
}

// statements splits tokens at the semicolons outside brackets.
func statements(toks []token) [][]token {
	var out [][]token
	depth, start := 0, 0
	for i, t := range toks {
		if t.kind != punct {
			continue
		}
		switch t.text {
		case "(":
			depth++
		case ")":
			depth = max(0, depth-1)
		case ";":
			if i > start {
				out = append(out, toks[start:i])
			}
			start, depth = i+1, 0
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// split splits toks at the commas outside brackets.
func split(toks []token) [][]token {
	var out [][]token
	depth, start := 0, 0
	for i, t := range toks {
		if t.kind != punct {
			continue
		}
		switch t.text {
		case "(":
			depth++
		case ")":
			depth--
		case ",":
			if depth == 0 {
				out = append(out, toks[start:i])
				start = i + 1
			}
		}
	}
	return append(out, toks[start:])
}

// group returns the tokens inside the brackets that open at toks[i] and
// the index after the closing one; ok is false when toks[i] is no "(".
func group(toks []token, i int) (inner []token, next int, ok bool) {
	if i >= len(toks) || toks[i].kind != punct || toks[i].text != "(" {
		return nil, i, false
	}
	depth := 0
	for j := i; j < len(toks); j++ {
		if toks[j].kind != punct {
			continue
		}
		switch toks[j].text {
		case "(":
			depth++
		case ")":
			if depth--; depth == 0 {
				return toks[i+1 : j], j + 1, true
			}
		}
	}
	return toks[i+1:], len(toks), true
}

// qualified reads a name, possibly qualified (public.users, "s"."t"), at
// toks[i]; it returns its last part, lowercased, and the index after it.
func qualified(toks []token, i int) (string, int, bool) {
	if i >= len(toks) || !toks[i].name() {
		return "", i, false
	}
	last := toks[i].text
	i++
	for i+1 < len(toks) && toks[i].kind == punct && toks[i].text == "." && toks[i+1].name() {
		last = toks[i+1].text
		i += 2
	}
	return strings.ToLower(last), i, true
}

// names returns the lowercased names listed in a bracket's tokens:
// (a, "b") is [a b]; an entry that is not one name (an expression, a
// name with a length or order) gives its first name.
func names(toks []token) []string {
	var out []string
	for _, part := range split(toks) {
		if len(part) > 0 && part[0].name() {
			out = append(out, strings.ToLower(part[0].text))
		}
	}
	return out
}
