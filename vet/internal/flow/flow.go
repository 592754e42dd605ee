// Package flow is the small def-use analysis the idvet analyzers share:
// for each local variable of a package, every value assigned to it, so
// that a rule can ask where a variable's value came from within the
// function (closures included, since an object is the same in both).
package flow

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A Def is one value assigned to a variable: Expr, or the Index'th result
// of Expr when one call defines several variables. Expr is nil when the
// value is unknown: a parameter, a range variable, an increment, or a
// variable whose address is taken.
type Def struct {
	Expr  ast.Expr
	Index int
	// Op is the operator of an assignment such as s += x (token.ADD), or
	// token.ILLEGAL for a plain assignment.
	Op token.Token
}

// Defs maps each local variable of some files to the values assigned to it.
type Defs struct {
	info *types.Info
	defs map[*types.Var][]Def
}

// New collects the definitions of the local variables in files.
func New(info *types.Info, files []*ast.File) *Defs {
	d := &Defs{info: info, defs: make(map[*types.Var][]Def)}
	for _, f := range files {
		ast.Inspect(f, d.visit)
	}
	return d
}

func (d *Defs) add(e ast.Expr, def Def) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return
	}
	if v, ok := d.info.ObjectOf(id).(*types.Var); ok && local(v) {
		d.defs[v] = append(d.defs[v], def)
	}
}

func (d *Defs) unknown(e ast.Expr) { d.add(e, Def{}) }

func (d *Defs) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.FuncType:
		for _, fl := range []*ast.FieldList{n.Params, n.Results} {
			if fl == nil {
				continue
			}
			for _, f := range fl.List {
				for _, name := range f.Names {
					d.unknown(name)
				}
			}
		}
	case *ast.AssignStmt:
		op := token.ILLEGAL
		if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
			op = opOf(n.Tok)
		}
		switch {
		case len(n.Lhs) == len(n.Rhs):
			for i, l := range n.Lhs {
				d.add(l, Def{Expr: n.Rhs[i], Op: op})
			}
		case len(n.Rhs) == 1:
			for i, l := range n.Lhs {
				d.add(l, Def{Expr: n.Rhs[0], Index: i})
			}
		}
	case *ast.ValueSpec:
		switch {
		case len(n.Values) == len(n.Names):
			for i, name := range n.Names {
				d.add(name, Def{Expr: n.Values[i]})
			}
		case len(n.Values) == 1:
			for i, name := range n.Names {
				d.add(name, Def{Expr: n.Values[0], Index: i})
			}
		}
		// var s string: the zero value, which is neither id text nor
		// outside input, so it adds nothing.
	case *ast.RangeStmt:
		if n.Key != nil {
			d.unknown(n.Key)
		}
		if n.Value != nil {
			d.unknown(n.Value)
		}
	case *ast.IncDecStmt:
		d.unknown(n.X)
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			d.unknown(n.X)
		}
	}
	return true
}

func opOf(tok token.Token) token.Token {
	switch tok {
	case token.ADD_ASSIGN:
		return token.ADD
	}
	return tok
}

// local reports whether v is a variable declared inside a function.
func local(v *types.Var) bool {
	return !v.IsField() && v.Parent() != nil && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() && v.Parent() != types.Universe
}

// Of returns the definitions of the local variable that e names, and
// false when e names no local variable.
func (d *Defs) Of(e ast.Expr) ([]Def, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := d.info.ObjectOf(id).(*types.Var)
	if !ok || !local(v) {
		return nil, false
	}
	return d.defs[v], true
}

// OfVar returns the definitions of the local variable v.
func (d *Defs) OfVar(v *types.Var) []Def { return d.defs[v] }

// Var returns the local variable that e names, or nil.
func (d *Defs) Var(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := d.info.ObjectOf(id).(*types.Var)
	if !ok || !local(v) {
		return nil
	}
	return v
}

// Callee returns the function or method that call calls: as
// typeutil.Callee, and also through a local variable every assignment of
// which is that same function (upper := strings.ToUpper; upper(s)).
func (d *Defs) Callee(call *ast.CallExpr) *types.Func {
	if f, ok := typeutil.Callee(d.info, call).(*types.Func); ok {
		return f
	}
	defs, ok := d.Of(call.Fun)
	if !ok || len(defs) == 0 {
		return nil
	}
	var f *types.Func
	for _, def := range defs {
		if def.Expr == nil || def.Op != 0 || def.Index != 0 {
			return nil
		}
		var g *types.Func
		switch e := ast.Unparen(def.Expr).(type) {
		case *ast.Ident:
			g, _ = d.info.Uses[e].(*types.Func)
		case *ast.SelectorExpr:
			g, _ = d.info.Uses[e.Sel].(*types.Func)
		}
		if g == nil || (f != nil && g != f) {
			return nil
		}
		f = g
	}
	return f
}
