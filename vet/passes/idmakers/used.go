package idmakers

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// A service's own maker (-idmakers.makers) is often a random-string
// helper that makes ids and other things: test payload filler, topic and
// temporary file names, form-field names, slug suffixes. Its result is an
// id only where it is used as one, so a declared maker is reported only
// when, through .String(), conversions, strings and fmt functions, + and
// slicing, its value is assigned to, stored in a field or map key of,
// returned from a function named, or passed to a parameter named as an
// id (rule.IDName), or passed just after a constant naming one
// (Update("id", v)), or compared with == or != to a value so named; or
// kept in a local variable so named, or one of whose uses does one of
// these.

// usedAsID reports whether the declared maker named at cur makes a value
// used as an id.
func usedAsID(pass *analysis.Pass, cur inspector.Cursor, methods bool) bool {
	_, e, ok := makerExpr(pass, cur, methods)
	if !ok {
		return false
	}
	idUse := func(c inspector.Cursor) (bool, *types.Var) {
		c = outward(pass, c)
		if compared(c) {
			return true, nil
		}
		dest, v := destination(pass, c)
		if dest != "" {
			return rule.IDName(dest) || rule.HexKeyName(dest) && hexColumn(pass, c), nil
		}
		return false, v
	}
	is, v := idUse(e)
	if is || v == nil {
		return is
	}
	if rule.IDName(v.Name()) {
		return true
	}
	body, ok := enclosingFunc(e)
	if !ok {
		return false
	}
	for u := range body.Preorder((*ast.Ident)(nil)) {
		if pass.TypesInfo.Uses[u.Node().(*ast.Ident)] != v {
			continue
		}
		if is, _ := idUse(u); is {
			return true
		}
	}
	return false
}

// compared reports whether the expression at c is compared with == or !=
// to a value named as an id (u.ID, ownerID).
func compared(c inspector.Cursor) bool {
	b, ok := c.Parent().Node().(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	other := b.X
	if other == c.Node() {
		other = b.Y
	}
	switch o := ast.Unparen(other).(type) {
	case *ast.Ident:
		return rule.IDName(o.Name)
	case *ast.SelectorExpr:
		return rule.IDName(o.Sel.Name)
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(o.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "String" {
			if x, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok {
				return rule.IDName(x.Sel.Name)
			}
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
				return rule.IDName(x.Name)
			}
		}
	}
	return false
}

// hexColumn reports whether the expression at c is a query's argument
// bound to a placeholder whose column is named as an entity's hex key
// (INSERT INTO comments (commentHex, …) VALUES ($1, …)).
func hexColumn(pass *analysis.Pass, c inspector.Cursor) bool {
	n, ok := c.Parent().Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	f, ok := typeutil.Callee(pass.TypesInfo, n).(*types.Func)
	if !ok {
		return false
	}
	for i, a := range n.Args {
		if a == c.Node() {
			return rule.HexKeyName(sqlArg(pass, c, n, f, i))
		}
	}
	return false
}

// hexKeyed reports whether v, named as an entity's hex key (commentHex),
// is bound somewhere in the function at fn to such a column.
func hexKeyed(pass *analysis.Pass, fn inspector.Cursor, v *types.Var) bool {
	if !rule.HexKeyName(v.Name()) {
		return false
	}
	for u := range fn.Preorder((*ast.Ident)(nil)) {
		if pass.TypesInfo.Uses[u.Node().(*ast.Ident)] == v && hexColumn(pass, outward(pass, u)) {
			return true
		}
	}
	return false
}

// idField reports whether the value of the helper called at cur is
// stored in a field named as an id (paste.ID, err = genToken(8);
// Paste{ID: genToken(8)}) that the function then binds to a column or
// parameter named as an id (INSERT … (id, …) VALUES (?, …) with paste.ID)
// and never uses as a credential (credential).
func idField(pass *analysis.Pass, cur inspector.Cursor) bool {
	_, e, ok := makerExpr(pass, cur, true)
	if !ok {
		return false
	}
	c := outward(pass, e)
	var field types.Object
	switch n := c.Parent().Node().(type) {
	case *ast.AssignStmt:
		for i, r := range n.Rhs {
			if r != c.Node() {
				continue
			}
			l := n.Lhs[0]
			if len(n.Lhs) == len(n.Rhs) {
				l = n.Lhs[i]
			}
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && rule.IDName(sel.Sel.Name) {
				if s, ok := pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.FieldVal {
					field = s.Obj()
				}
			}
		}
	case *ast.KeyValueExpr:
		if k, ok := n.Key.(*ast.Ident); ok && n.Value == c.Node() && rule.IDName(k.Name) {
			if v, ok := pass.TypesInfo.Uses[k].(*types.Var); ok && v.IsField() {
				field = v
			}
		}
	}
	if field == nil {
		return false
	}
	body, ok := enclosingFunc(e)
	if !ok {
		return false
	}
	bound := false
	for u := range body.Preorder((*ast.SelectorExpr)(nil)) {
		s, ok := pass.TypesInfo.Selections[u.Node().(*ast.SelectorExpr)]
		if !ok || s.Obj() != field {
			continue
		}
		if credential(pass, u) {
			return false
		}
		if o := outward(pass, u); u.Node().Pos() > e.Node().Pos() {
			if _, call := o.Parent().Node().(*ast.CallExpr); call {
				dest, _ := destination(pass, o)
				bound = bound || rule.IDName(dest)
			}
		}
	}
	return bound
}
