package idmakers

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// A maker's value passed to a query after its SQL text (db.Exec(q, v) with
// q "UPDATE icons SET external_id = $1 WHERE id = $2") goes where the SQL
// puts its placeholder: the column before "= $1", or the column of an
// INSERT's list in the place of the placeholder in VALUES (…). That
// column names the value, as a parameter's name does.

// sqlArg returns the column that the i'th argument of call binds to, when
// the callee's parameter before a final ...T is a string given as a
// constant SQL text (or a local variable set once to one) and the
// argument is among the variadic ones; else "".
func sqlArg(pass *analysis.Pass, c inspector.Cursor, call *ast.CallExpr, f *types.Func, i int) string {
	sig := f.Signature()
	params := sig.Params()
	if !sig.Variadic() || params.Len() < 2 || call.Ellipsis.IsValid() {
		return ""
	}
	q := params.Len() - 2
	if b, ok := params.At(q).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 || i <= q || q >= len(call.Args) {
		return ""
	}
	text, ok := constText(pass, c, call.Args[q])
	if !ok {
		return ""
	}
	return sqlColumn(text, i-q)
}

// constText returns the constant string e is, or that the local variable
// e names is set to by its only assignment in the enclosing function.
func constText(pass *analysis.Pass, c inspector.Cursor, e ast.Expr) (string, bool) {
	if tv := pass.TypesInfo.Types[e]; tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return "", false
	}
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return "", false
	}
	body, ok := enclosingFunc(c)
	if !ok {
		return "", false
	}
	text, n := "", 0
	set := func(lhs ast.Expr, rhs ast.Expr) {
		l, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok || pass.TypesInfo.ObjectOf(l) != v {
			return
		}
		n++
		if tv := pass.TypesInfo.Types[rhs]; rhs != nil && tv.Value != nil && tv.Value.Kind() == constant.String {
			text = constant.StringVal(tv.Value)
		} else {
			n++ // not a constant: unknown
		}
	}
	for cur := range body.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.UnaryExpr)(nil)) {
		switch s := cur.Node().(type) {
		case *ast.AssignStmt:
			for j, l := range s.Lhs {
				set(l, valueOf(s.Rhs, j, len(s.Lhs)))
			}
		case *ast.ValueSpec:
			for j, name := range s.Names {
				set(name, valueOf(s.Values, j, len(s.Names)))
			}
		case *ast.UnaryExpr:
			set(s.X, nil) // &q: unknown
		}
	}
	return text, n == 1
}

// sqlColumn returns the column that placeholder n (1-based: $n, or the
// n'th ?) of query binds to: the column before "= $n" (a qualified name's
// last part), or the column in $n's place in the list of an INSERT whose
// VALUES hold $n; else "".
func sqlColumn(query string, n int) string {
	toks := sqlTokens(query)
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
			if t == "?" {
				if seen++; seen == n {
					at = i
					break
				}
			}
		}
	}
	if at < 0 {
		return ""
	}
	if at >= 2 && toks[at-1] == "=" && sqlIdent(toks[at-2]) {
		return toks[at-2][strings.LastIndex(toks[at-2], ".")+1:]
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
		case depth == 1 && sqlIdent(t):
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

// sqlIdent reports whether t is a (possibly qualified) SQL name.
func sqlIdent(t string) bool {
	if t == "" || !(t[0] == '_' || 'a' <= t[0]|0x20 && t[0]|0x20 <= 'z') {
		return false
	}
	return true
}

// sqlTokens splits query into names (quotes removed: "user"."id" is
// user.id), placeholders ($1, ?), string literals and single punctuation
// characters; comparison operators of two characters are one token.
func sqlTokens(query string) []string {
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

// valueOf returns the expression that gives the j'th of n variables its
// value in an assignment or declaration whose right side is values: its
// j'th value, or the one call that gives all n (a, err := f()); nil when
// there is none (var s string).
func valueOf(values []ast.Expr, j, n int) ast.Expr {
	switch {
	case len(values) == n:
		return values[j]
	case len(values) == 1:
		return values[0]
	}
	return nil
}
