// Package sqlcol finds the column a placeholder of constant SQL text
// binds to, which names the value passed for it as a parameter's name
// does: the column before "= $1", or the column of an INSERT's list in
// the place of the placeholder in VALUES (…).
package sqlcol

import (
	"strconv"
	"strings"
)

// Column returns the column that placeholder n (1-based: $n, or the
// n'th ?) of query binds to: the column before "= $n", "<> $n", "> $n",
// "<= $n" and the like (a qualified name's
// last part), or the column in $n's place in the list of an INSERT whose
// VALUES hold $n; else "".
func Column(query string, n int) string {
	toks := tokens(query)
	at := -1
	dollar := "$" + strconv.Itoa(n)
	for i, t := range toks {
		if t == dollar {
			at = i
			break
		}
	}
	if at < 0 && !strings.Contains(query, "$") {
		seen := 0
		for i, t := range toks {
			if t == Hole && !nameHole(toks, i) {
				break // a part not known may hold placeholders: the count is lost
			}
			if t == "?" {
				if seen++; seen == n {
					at = i
					break
				}
			}
		}
	}
	if at < 1 {
		return "" // no such placeholder, or nothing before it ("?")
	}
	if at >= 2 && compare[toks[at-1]] && ident(toks[at-2]) {
		return last(toks[at-2])
	}
	// col = (?): a placeholder alone in brackets.
	if at >= 3 && at+1 < len(toks) && toks[at-1] == "(" && toks[at+1] == ")" && compare[toks[at-2]] && ident(toks[at-3]) {
		return last(toks[at-3])
	}
	if col := rowColumn(toks, at); col != "" {
		return col
	}
	if col := listColumn(toks, at); col != "" {
		return col
	}
	// VALUES (…, $n, …): the placeholder's place in its tuple.
	if toks[at-1] != "(" && toks[at-1] != "," || at+1 >= len(toks) || toks[at+1] != ")" && toks[at+1] != "," {
		return ""
	}
	place, depth, open := 0, 0, -1
	for i := at - 1; i >= 0; i-- {
		switch toks[i] {
		case ")":
			depth++
		case "(":
			if depth == 0 {
				open = i
			}
			depth--
		case ",":
			if depth == 0 {
				place++
			}
		}
		if open >= 0 {
			break
		}
	}
	// Back over earlier tuples (VALUES (…), (…)) to VALUES, then the
	// column list before it.
	i := open - 1
	for i >= 0 && toks[i] == "," {
		depth := 0
		for i--; i >= 0; i-- {
			if toks[i] == ")" {
				depth++
			} else if toks[i] == "(" {
				if depth--; depth == 0 {
					i--
					break
				}
			}
		}
	}
	if i < 1 || !strings.EqualFold(toks[i], "values") || toks[i-1] != ")" {
		return ""
	}
	var cols []string
	depth = 0
	for j := i - 1; j >= 0; j-- {
		switch t := toks[j]; {
		case t == ")":
			depth++
		case t == "(":
			depth--
		case depth == 1 && ident(t):
			cols = append(cols, t)
		case depth == 1 && t == ",":
		default:
			return "" // an expression in the list: not a column list
		}
		if depth == 0 {
			break
		}
	}
	if place >= len(cols) {
		return ""
	}
	return cols[len(cols)-1-place]
}

// Hole stands for a part of SQL text that is not known (text built at
// run time): it is no name, and a ? after it has no known number.
const Hole = "\x00"

// nameHole reports whether the hole at toks[i] stands where SQL puts a
// table's name: after FROM, JOIN, UPDATE, INTO or TABLE, or after a
// schema's name and its "." (app.), and before what can follow a
// table's name in a statement (WHERE, SET, VALUES, a column list's "(",
// ON, USING, ",", another JOIN, ORDER, GROUP, LIMIT, RETURNING) or the
// end. A placeholder binds a value, never a name, so such a hole holds
// none: "DELETE FROM " + table() + " WHERE id = ?" keeps its count. A
// hole followed by anything else (an alias, an expression) may hold more
// than a name, and still loses the count.
func nameHole(toks []string, i int) bool {
	if i == 0 || !nameBefore[strings.ToLower(toks[i-1])] && !(strings.HasSuffix(toks[i-1], ".") && ident(strings.TrimSuffix(toks[i-1], "."))) {
		return false
	}
	return i+1 == len(toks) || nameAfter[strings.ToLower(toks[i+1])]
}

// nameBefore are the words after which a table's name comes; nameAfter
// the tokens that can follow it.
var (
	nameBefore = map[string]bool{"from": true, "join": true, "update": true, "into": true, "table": true}
	nameAfter  = map[string]bool{
		"where": true, "set": true, "values": true, "(": true, "on": true, "using": true, ",": true, ";": true, ")": true,
		"join": true, "inner": true, "left": true, "right": true, "full": true, "cross": true, "natural": true,
		"order": true, "group": true, "limit": true, "returning": true,
	}
)

// rowColumn returns the column in the placeholder's place of a row
// value compared with one: (created_at, id) > (?, ?); else "".
func rowColumn(toks []string, at int) string {
	place, open := 0, -1
	for i := at - 1; i >= 0 && open < 0; i-- {
		switch t := toks[i]; {
		case t == "(":
			open = i
		case t == ",":
			place++
		case t != "?" && !strings.HasPrefix(t, "$"):
			return ""
		}
	}
	if open < 3 || !compare[toks[open-1]] || toks[open-2] != ")" {
		return ""
	}
	var cols []string
	for i := open - 3; i >= 0; i-- {
		switch t := toks[i]; {
		case t == "(":
			if place >= len(cols) || i > 0 && ident(toks[i-1]) && !keyword[strings.ToLower(toks[i-1])] {
				return "" // too few columns, or a function's arguments
			}
			return last(cols[len(cols)-1-place])
		case t == ",":
		case ident(t) && !keyword[strings.ToLower(t)]:
			cols = append(cols, t)
		default:
			return ""
		}
	}
	return ""
}

// Param is a named parameter of sqlx's query text (:user_id) and the
// column it binds, as Column finds it ("" when none is found).
type Param struct {
	Name   string
	Column string
}

// Named returns the named parameters of query, sqlx's named-query text,
// in their order: ":" and a name of letters, digits, "_" and "."; "::"
// (a cast, or sqlx's escaped colon) and text in single quotes name none.
func Named(query string) []Param {
	var b strings.Builder
	var names []string
	for i := 0; i < len(query); {
		c := query[i]
		switch {
		case c == '\'':
			j := strings.IndexByte(query[i+1:], '\'')
			if j < 0 {
				b.WriteString(query[i:])
				i = len(query)
				continue
			}
			b.WriteString(query[i : i+j+2])
			i += j + 2
		case c == ':' && i+1 < len(query) && query[i+1] == ':':
			b.WriteString("::")
			i += 2
		case c == ':' && i+1 < len(query) && nameByte(query[i+1]) && (i == 0 || !nameByte(query[i-1])):
			j := i + 1
			for j < len(query) && (nameByte(query[j]) || query[j] == '.') {
				j++
			}
			names = append(names, query[i+1:j])
			b.WriteString(" $" + strconv.Itoa(len(names)) + " ")
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	text := b.String()
	out := make([]Param, len(names))
	for k, n := range names {
		out[k] = Param{Name: n, Column: Column(text, k+1)}
	}
	return out
}

// nameByte reports whether c can be part of a named parameter's name.
func nameByte(c byte) bool {
	return c == '_' || 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9'
}

// compare are the operators that bind a placeholder to the column
// before them: equality, and the range compares of cursor pagination
// (WHERE id > $1 binds an id as surely as id = $1 does).
var compare = map[string]bool{"=": true, "<>": true, "!=": true, "<": true, ">": true, "<=": true, ">=": true}

// last returns the last part of a qualified name (t.user_id is user_id).
func last(name string) string { return name[strings.LastIndex(name, ".")+1:] }

// listColumn returns the column whose list placeholder at is in: col IN
// (…, $n, …), col NOT IN (…), col = ANY($n), col <> ALL($n); else "".
func listColumn(toks []string, at int) string {
	i := at - 1
	for i >= 0 && (toks[i] == "," || toks[i] == "?" || strings.HasPrefix(toks[i], "$")) {
		i--
	}
	if i < 1 || toks[i] != "(" {
		return ""
	}
	for j := at + 1; j < len(toks) && toks[j] != ")"; j++ {
		cast := toks[j] == ":" || toks[j] == "[" || toks[j] == "]" || toks[j-1] == ":" // $1::uuid[]
		if toks[j] != "," && toks[j] != "?" && !strings.HasPrefix(toks[j], "$") && !cast {
			return "" // an expression, not a list of placeholders
		}
	}
	switch kw := strings.ToLower(toks[i-1]); {
	case kw == "in":
		j := i - 2
		if j >= 0 && strings.EqualFold(toks[j], "not") {
			j--
		}
		if j >= 0 && ident(toks[j]) && !keyword[strings.ToLower(toks[j])] {
			return last(toks[j])
		}
	case (kw == "any" || kw == "all") && i >= 3 && compare[toks[i-2]] && ident(toks[i-3]):
		return last(toks[i-3])
	}
	return ""
}

// keyword are the SQL words that can stand before IN without being a
// column.
var keyword = map[string]bool{"where": true, "and": true, "or": true, "not": true, "on": true, "having": true}

// ident reports whether t is a (possibly qualified) SQL name.
func ident(t string) bool {
	if t == "" || !(t[0] == '_' || 'a' <= t[0]|0x20 && t[0]|0x20 <= 'z') {
		return false
	}
	return true
}

// tokens splits query into names (quotes removed: "user"."id" is
// user.id), placeholders ($1, ?), string literals and single punctuation
// characters; comparison operators of two characters are one token.
func tokens(query string) []string {
	var toks []string
	for i := 0; i < len(query); {
		c := query[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '-' && i+1 < len(query) && query[i+1] == '-':
			for i < len(query) && query[i] != '\n' {
				i++
			}
		case c == '\'':
			j := i + 1
			for j < len(query) && query[j] != '\'' {
				j++
			}
			toks = append(toks, "'")
			i = j + 1
		case c == '$' || c == '_' || c == '"' || c == '`' || 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9':
			var b strings.Builder
			j := i
			for j < len(query) {
				d := query[j]
				if d == '"' || d == '`' {
					k := strings.IndexByte(query[j+1:], d)
					if k < 0 {
						k = len(query) - j - 1
					}
					b.WriteString(query[j+1 : j+1+k])
					j += k + 2
					continue
				}
				if d == '$' || d == '_' || d == '.' || 'a' <= d|0x20 && d|0x20 <= 'z' || '0' <= d && d <= '9' {
					b.WriteByte(d)
					j++
					continue
				}
				break
			}
			toks = append(toks, b.String())
			i = j
		case strings.ContainsRune("<>!", rune(c)) && i+1 < len(query) && query[i+1] == '=' || c == '<' && i+1 < len(query) && query[i+1] == '>':
			toks = append(toks, query[i:i+2])
			i += 2
		default:
			toks = append(toks, string(c))
			i++
		}
	}
	return toks
}
