package idmakers

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/idkeys/id/vet/internal/sqlcol"
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
	if col, ok := stmtArg(pass, c, call, f, i); ok {
		return col
	}
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
	return sqlcol.Column(text, i-q)
}

// stmtArg returns the column that the i'th argument of a prepared
// statement's Exec, Query or QueryRow (database/sql's or sqlx's Stmt)
// binds to, from the SQL text the statement, a local variable, was
// prepared from (stmt, err := tx.Prepare("INSERT …")); ok is false when
// call is not such a call.
func stmtArg(pass *analysis.Pass, c inspector.Cursor, call *ast.CallExpr, f *types.Func, i int) (string, bool) {
	recv := f.Signature().Recv()
	if recv == nil || f.Pkg() == nil || f.Pkg().Path() != "database/sql" && f.Pkg().Path() != "github.com/jmoiron/sqlx" {
		return "", false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); !ok || n.Obj().Name() != "Stmt" {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	prep, ok := onlyValue(pass, c, sel.X)
	if !ok {
		return "", false
	}
	pcall, ok := ast.Unparen(prep).(*ast.CallExpr)
	if !ok {
		return "", false
	}
	psel, ok := ast.Unparen(pcall.Fun).(*ast.SelectorExpr)
	if !ok || !strings.HasPrefix(psel.Sel.Name, "Prepare") || len(pcall.Args) == 0 {
		return "", false
	}
	text, ok := constText(pass, c, pcall.Args[len(pcall.Args)-1])
	if !ok {
		return "", false
	}
	// The arguments bound are the variadic ones, after a context and
	// sqlx's dest.
	first := f.Signature().Params().Len() - 1
	if !f.Signature().Variadic() || i < first || call.Ellipsis.IsValid() {
		return "", true
	}
	return sqlcol.Column(text, i-first+1), true
}

// onlyValue returns the expression that the local variable e names is
// set to by its only assignment in the enclosing function.
func onlyValue(pass *analysis.Pass, c inspector.Cursor, e ast.Expr) (ast.Expr, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil, false
	}
	body, ok := enclosingFunc(c)
	if !ok {
		return nil, false
	}
	var val ast.Expr
	n := 0
	for cur := range body.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil)) {
		switch s := cur.Node().(type) {
		case *ast.AssignStmt:
			for j, l := range s.Lhs {
				if l, ok := ast.Unparen(l).(*ast.Ident); ok && pass.TypesInfo.ObjectOf(l) == v {
					n++
					val = valueOf(s.Rhs, j, len(s.Lhs))
				}
			}
		case *ast.ValueSpec:
			for j, name := range s.Names {
				if pass.TypesInfo.ObjectOf(name) == v {
					n++
					val = valueOf(s.Values, j, len(s.Names))
				}
			}
		}
	}
	return val, n == 1 && val != nil
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
