package idquery

import (
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/idkeys/id/vet/internal/sqlcol"
)

// sqlx's named queries bind the fields of a struct (by their `db` tag,
// else their lowercased name) or the entries of a map to the :name
// placeholders of the text: db.NamedExecContext(ctx, `UPDATE users SET
// name = :name WHERE user_id = :user_id`, u) binds u's field tagged
// db:"user_id" to the column user_id.

// namedSites returns the sites of a named query call: the values its
// text's id placeholders bind, when the text is constant (or the
// statement was prepared from constant text in the function); otherwise
// the text and the argument as sites of their own, for the facts of a
// function that passes its parameters on (a service's own wrapper over
// sqlx.NamedQueryContext).
func (c *finder) namedSites(call *ast.CallExpr, f *types.Func, path string) []site {
	if len(call.Args) == 0 {
		return nil
	}
	var out []site
	text, hasText, arg := "", false, len(call.Args)-1
	if f.Signature().Recv() != nil && recvName(f) == "NamedStmt" {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			text, hasText = c.preparedText(sel.X)
		}
	} else {
		textArg := textParam(f, len(call.Args))
		if textArg < 0 || textArg+1 >= len(call.Args) {
			return nil
		}
		arg = textArg + 1
		if text, hasText = c.constString(call.Args[textArg]); !hasText {
			out = append(out, site{arg: call.Args[textArg], path: path, text: true})
		}
	}
	c.count(hasText, call)
	if !hasText {
		return append(out, site{arg: call.Args[arg], path: path, named: true})
	}
	return append(out, c.namedArgSites(call.Args[arg], path, text)...)
}

// namedArgSites returns the values that the named parameters of text
// take from a, a struct (or a pointer to one, or a slice of them: a
// batch insert) or a map literal, each bound to its placeholder's column,
// or, where the text names none (lower(:email)), the parameter's name.
func (c *finder) namedArgSites(a ast.Expr, path, text string) []site {
	var out []site
	lit, _ := pointee(a).(*ast.CompositeLit)
	var params []sqlcol.Param
	for _, alt := range strings.Split(text, altSep) {
		for _, p := range sqlcol.Named(alt) {
			if !slices.Contains(params, p) {
				params = append(params, p)
			}
		}
	}
	for _, p := range params {
		col := p.Column
		if col == "" {
			col = p.Name[strings.LastIndex(p.Name, ".")+1:]
		}
		if _, isMap := c.pass.TypesInfo.TypeOf(a).Underlying().(*types.Map); isMap {
			if lit == nil {
				continue // a map built elsewhere: its values' types are not known here
			}
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := c.key(kv.Key); ok && k == p.Name {
						out = append(out, c.colSite(kv.Value, path, col))
					}
				}
			}
			continue
		}
		if field, ok := dbField(c.pass.TypesInfo.TypeOf(a), p.Name, 0); ok {
			s := c.colSite(a, path, col)
			s.field = field
			s.uuid = s.uuid || c.uuidTag(a, field)
			out = append(out, s)
		}
	}
	return out
}

// dbField returns the name of the field of the struct t is (through
// pointers and slices) that sqlx binds to the named parameter name: the
// field tagged db:"name", or an untagged one whose lowercased name is
// name, in the struct or one it embeds.
func dbField(t types.Type, name string, depth int) (string, bool) {
	if t == nil || depth > 4 || strings.Contains(name, ".") {
		return "", false
	}
	st, ok := elemType(t).Underlying().(*types.Struct)
	if !ok {
		return "", false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		tag, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("db"), ",")
		switch {
		case tag == "-":
		case f.Embedded() && tag == "":
			if n, ok := dbField(f.Type(), name, depth+1); ok {
				return n, true
			}
		case !f.Exported():
		case tag == name || tag == "" && strings.ToLower(f.Name()) == name:
			return f.Name(), true
		}
	}
	return "", false
}
