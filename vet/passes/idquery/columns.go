package idquery

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/idkeys/id/vet/internal/rule"
	"github.com/idkeys/id/vet/internal/sqlcol"
	"golang.org/x/tools/go/ssa"
)

// Step 3, the columns: the column each site binds, from the SQL text
// (constant, or as text.go computes it) by package sqlcol, from values
// written into text built at run time, from the fragments appended
// beside their values, and from a model's tags; and which columns are an
// id's.

// builtText returns the values written into SQL text built at run time
// by + or fmt.Sprintf, each bound to the column before it in the
// constant text around it ("… WHERE id = '" + v + "'").
func (c *finder) builtText(e ast.Expr, path string) []site {
	var parts []ast.Expr
	var flatten func(ast.Expr)
	flatten = func(e ast.Expr) {
		if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.ADD {
			flatten(b.X)
			flatten(b.Y)
			return
		}
		parts = append(parts, e)
	}
	if defs, ok := c.defs.Of(e); ok && len(defs) == 1 && defs[0].Expr != nil && defs[0].Index == 0 {
		e = defs[0].Expr // q := fmt.Sprintf(…); db.Query(q)
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		if f := c.defs.Callee(call); rule.PkgFunc(f, "fmt", "Sprintf") && len(call.Args) > 1 {
			format, ok := c.key(call.Args[0])
			if !ok {
				return nil
			}
			var out []site
			for i, a := range call.Args[1:] {
				before, ok := verbPrefix(format, i)
				if !ok {
					break
				}
				out = append(out, textValue(c.colSite(a, path, textColumn(before))))
			}
			return out
		}
	}
	flatten(e)
	if len(parts) < 2 {
		return nil
	}
	var out []site
	prefix, known := "", true
	for _, p := range parts {
		if k, ok := c.key(p); ok {
			prefix += k
			continue
		}
		if known {
			out = append(out, textValue(c.colSite(p, path, textColumn(prefix))))
		}
		known = false // the text after a value not constant is not known
	}
	return out
}

// textValue marks s as a value written into SQL text: its type is no
// evidence (a helper's placeholder text is a string too), so it is
// reported only when it is a request value.
func textValue(s site) site {
	s.bind = false
	return s
}

// textColumn returns the column SQL text ending in "… col = '" binds the
// value written after it to.
func textColumn(prefix string) string {
	return sqlcol.Column(strings.TrimRight(prefix, "'\" ")+" $999999", 999999)
}

// verbPrefix returns the text of format before its n'th verb (0-based).
func verbPrefix(format string, n int) (string, bool) {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			i++
			continue
		}
		if n == 0 {
			return format[:i], true
		}
		n--
	}
	return "", false
}

// key returns the constant string value of e, if it has one.
func (c *pkg) key(e ast.Expr) (string, bool) {
	tv := c.pass.TypesInfo.Types[e]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// fragment returns the column of a value appended to a query's
// arguments beside the SQL fragment that binds it, when the text is built
// at run time from fragments (where, args = append(where, "uid = ?"),
// append(args, v)), read from the SSA form (text.go): the nearest append
// that runs before the value's on every path (in its block, else in the
// blocks that dominate it: before the loop that appends the values of an
// IN list) is a fragment's, of one string. Another append met first
// (another value's) means no fragment binds this one.
func (t *texts) fragment(e ast.Expr) string {
	if !t.built {
		t.build()
	}
	v := t.values[ast.Unparen(e)]
	if v == nil {
		return ""
	}
	at := appendOf(v, e.Pos())
	if at == nil {
		return ""
	}
	for b, i := at.Block(), slices.Index(at.Block().Instrs, ssa.Instruction(at)); b != nil; b = b.Idom() {
		if i < 0 {
			i = len(b.Instrs)
		}
		for j := i - 1; j >= 0; j-- {
			call, ok := b.Instrs[j].(*ssa.Call)
			if !ok || !isAppend(call) {
				continue
			}
			if s, ok := call.Call.Args[0].Type().Underlying().(*types.Slice); !ok || !isString(s.Elem()) {
				return "" // another value's append
			}
			lists := t.slice(call.Call.Args[1], 0)
			if len(lists) != 1 || len(lists[0]) != 1 {
				return ""
			}
			for _, text := range t.eval(lists[0][0], 0) {
				if col := fragmentText(text); col != "" {
					return col
				}
			}
			return ""
		}
		i = -1
	}
	return ""
}

// isAppend reports whether call is of the builtin append.
func isAppend(call *ssa.Call) bool {
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "append" && len(call.Call.Args) == 2
}

// appendOf returns the call of append that appends v, as the expression
// at pos: of those that append it, the last one that starts before pos.
func appendOf(v ssa.Value, pos token.Pos) *ssa.Call {
	var best *ssa.Call
	var follow func(x ssa.Value, depth int)
	follow = func(x ssa.Value, depth int) {
		if depth > 3 || x.Referrers() == nil {
			return
		}
		for _, ref := range *x.Referrers() {
			switch r := ref.(type) {
			case *ssa.MakeInterface:
				follow(r, depth+1)
			case *ssa.ChangeType:
				follow(r, depth+1)
			case *ssa.Store:
				ia, ok := r.Addr.(*ssa.IndexAddr)
				if !ok || r.Val != x {
					continue
				}
				alloc, ok := ia.X.(*ssa.Alloc)
				if !ok {
					continue
				}
				for _, ar := range *alloc.Referrers() {
					sl, ok := ar.(*ssa.Slice)
					if !ok || sl.Referrers() == nil {
						continue
					}
					for _, sr := range *sl.Referrers() {
						if call, ok := sr.(*ssa.Call); ok && isAppend(call) && call.Call.Args[1] == sl && call.Pos() <= pos && (best == nil || call.Pos() > best.Pos()) {
							best = call
						}
					}
				}
			}
		}
	}
	follow(v, 0)
	return best
}

// fragmentText returns the column the last placeholder of a fragment's
// text binds: constant text ("col = ?"), or the column before its first
// hole ("col IN (" + …, fmt.Sprintf's "col = $%d").
func fragmentText(text string) string {
	prefix, _, built := strings.Cut(text, hole)
	if !built {
		return sqlcol.Column(text, strings.Count(text, "?"))
	}
	return textColumn(strings.TrimSuffix(prefix, "$"))
}

// prepares are the methods that make a prepared statement from SQL text.
var prepares = names("Prepare", "PrepareContext", "Preparex", "PreparexContext", "PrepareNamed", "PrepareNamedContext")

// sqlText returns the constant SQL text of call, a query, and the index
// of the argument bound to its first placeholder: the first constant
// string argument and the one after it, or, for a prepared statement's
// Exec, Query or QueryRow, the SQL it was prepared from (stmt, _ :=
// tx.Prepare("INSERT …")) and its first argument after a context. ok is
// false when there is no such text.
func (c *finder) sqlText(call *ast.CallExpr, f *types.Func, r *row) (text string, first int, ok bool) {
	if r.text >= 0 && r.kind == textArgs {
		if r.text >= len(call.Args) {
			return "", 0, false
		}
		text, ok = c.constString(call.Args[r.text])
		return text, r.text + 1, ok
	}
	if r.kind == stmtArgs || r.kind == namedStmt {
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !isSel {
			return "", 0, false
		}
		text, ok = c.preparedText(sel.X)
		// The arguments bound are the variadic ones, after a context and
		// sqlx's dest.
		return text, f.Signature().Params().Len() - 1, ok && f.Signature().Variadic()
	}
	for i, a := range call.Args {
		if t, ok := c.constString(a); ok {
			return t, i + 1, true
		}
		t := c.pass.TypesInfo.TypeOf(a)
		if t == nil {
			break
		}
		if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			break // SQL text that is not constant
		}
		// A context, GORM's destination: the text comes after.
	}
	return "", 0, false
}

// carriesText reports whether a call of row r passes SQL text: a
// prepared statement's, or an argument of a string type where r's text
// goes (any argument, for text: auto). squirrel's Where(sq.Eq{…}) passes
// none: its map is judged, and its text is not unknown, only absent.
func (c *finder) carriesText(call *ast.CallExpr, r *row) bool {
	if r.kind == stmtArgs || r.kind == namedStmt {
		return true
	}
	args := call.Args
	if r.text >= 0 && r.kind == textArgs {
		if r.text >= len(args) {
			return false
		}
		args = args[r.text : r.text+1]
	}
	for _, a := range args {
		if t := c.pass.TypesInfo.TypeOf(a); t != nil && isString(t) {
			return true
		}
	}
	return false
}

// preparedText returns the SQL that the statement e, a local variable
// set once, was prepared from.
func (c *finder) preparedText(e ast.Expr) (string, bool) {
	defs, ok := c.defs.Of(e)
	if !ok || len(defs) != 1 || defs[0].Expr == nil || defs[0].Index != 0 {
		return "", false
	}
	call, ok := ast.Unparen(defs[0].Expr).(*ast.CallExpr)
	if !ok {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !prepares[sel.Sel.Name] {
		return "", false
	}
	for _, a := range call.Args {
		if t, ok := c.constString(a); ok {
			return t, true
		}
	}
	return "", false
}

// constString returns the SQL text e holds: its constant, or the texts
// the program can build there (text.go), joined by altSep, with holes
// where a part is not known; false when no part is known.
func (c *pkg) constString(e ast.Expr) (string, bool) {
	if k, ok := c.key(e); ok {
		return k, true
	}
	return c.texts.of(e)
}

// idColumn reports whether a column (or a placeholder's, a condition's
// key) is an id column: it is named as an id by the rule every analyzer
// uses, rule.IDName (its last word is id, uuid, uid, guid or ulid: id,
// user_id, userId, postID, uuid, owner_uuid, uid), it is an entity's hex key
// (rule.HexKeyName), or -idquery.columns names it; and no word of it says
// another system's (rule.ForeignWords, -idquery.foreign).
func idColumn(col string) bool {
	if col == "" {
		return false
	}
	words := rule.Words(col)
	if len(words) == 0 {
		return false
	}
	ok := rule.IDName(col) || rule.HexKeyName(col) || columns.Has(strings.ToLower(col))
	return ok && !rule.Foreign(col, &foreign)
}

// uuidColumn reports whether a column's last word is uuid or guid: the
// values are UUIDs, which id.Parse refuses, so no parse advice is given.
func uuidColumn(col string) bool {
	words := rule.Words(col)
	if len(words) == 0 {
		return false
	}
	last := strings.ToLower(words[len(words)-1])
	return last == "uuid" || last == "guid"
}

// column returns a struct field's column as an ORM names it, and whether
// the field is the model's primary key.
func column(name string, tag reflect.StructTag) (string, bool) {
	col, pk := "", name == "ID"
	for part := range strings.SplitSeq(tag.Get("gorm"), ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), ":")
		switch strings.ToLower(k) {
		case "column":
			col = v
		case "primarykey", "primary_key":
			pk = true
		}
	}
	if b := tag.Get("bun"); b != "" {
		n, opts, _ := strings.Cut(b, ",")
		if n != "" && col == "" {
			col = n
		}
		pk = pk || strings.Contains(","+opts+",", ",pk,")
	}
	if d, _, _ := strings.Cut(tag.Get("db"), ","); d != "" && col == "" {
		col = d
	}
	if col == "" {
		col = snake(name)
	}
	return col, pk
}

// ormType returns the column type a field's tag declares, lowercased:
// GORM's gorm:"type:uuid", bun's bun:",type:uuid"; "" when none does.
func ormType(tag reflect.StructTag) string {
	for part := range strings.SplitSeq(tag.Get("gorm"), ";") {
		if k, v, _ := strings.Cut(strings.TrimSpace(part), ":"); strings.EqualFold(k, "type") {
			return strings.ToLower(strings.TrimSpace(v))
		}
	}
	if b := tag.Get("bun"); b != "" {
		for part := range strings.SplitSeq(b, ",") {
			if k, v, _ := strings.Cut(strings.TrimSpace(part), ":"); strings.EqualFold(k, "type") {
				return strings.ToLower(strings.TrimSpace(v))
			}
		}
	}
	return ""
}

// bytes16 returns typ when it is a column type that holds an id's 16
// bytes (uuid, binary(16), varbinary(16)): compact.ID's, not id.ID's,
// whose value is its 26 characters of text; else "".
func bytes16(typ string) string {
	if typ == "uuid" || typ == "binary(16)" || typ == "varbinary(16)" {
		return typ
	}
	return ""
}

// textStore reports whether typ is a text type wide enough for an id's
// 26 characters (char(26), varchar(255), text, …): id.ID's, not
// compact.ID's, whose value is 16 bytes.
func textStore(typ string) bool {
	name, size, sized := strings.Cut(typ, "(")
	switch strings.TrimSpace(name) {
	case "char", "character", "varchar", "character varying", "nchar", "nvarchar":
	case "text", "tinytext", "mediumtext", "longtext", "citext", "string":
		return !sized
	default:
		return false
	}
	if !sized {
		return name != "char" && name != "character" && name != "nchar" // char is char(1)
	}
	n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(size, ")")))
	return err == nil && n >= 26
}

// snake returns a Go name in snake case as GORM names columns: UserID is
// user_id.
func snake(name string) string {
	return strings.ToLower(strings.Join(rule.Words(name), "_"))
}

// primaryKey returns the column of the primary key of the model t (a
// struct, or a pointer or slice of one), and whether it is an id column:
// the field tagged as the primary key, else the field named ID; "id" and
// true when neither is declared.
func primaryKey(t types.Type) (string, bool) {
	st, ok := elemType(t).Underlying().(*types.Struct)
	if !ok {
		return "id", true
	}
	col, id := "id", true
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Embedded() {
			if c, ok := primaryKey(f.Type()); c != "id" || !ok {
				col, id = c, ok
			}
			continue
		}
		c, pk := column(f.Name(), reflect.StructTag(st.Tag(i)))
		if pk && (f.Name() != "ID" || col == "id") {
			col, id = c, idKey(f.Name(), c)
		}
	}
	return col, id
}

// idKey reports whether the primary key field name, with column col, is
// an id: any primary key but a natural key's (naturalKeys).
func idKey(name, col string) bool {
	for _, n := range []string{name, col} {
		if words := rule.Words(n); len(words) > 0 && naturalKeys[strings.ToLower(words[len(words)-1])] {
			return false
		}
	}
	return true
}
