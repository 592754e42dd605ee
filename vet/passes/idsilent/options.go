package idsilent

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/types/typeutil"
)

// The options a fix sets: whether a call, an options func or a function
// of the program sets a library's bool option to true (setsOption facts
// across packages).

// An option is a bool field of a library's options struct that a fix sets
// to true.
type option struct{ pkg, typ, field string }

func (o option) String() string { return o.pkg + "." + o.typ + "." + o.field }

// sets returns the fix check of a call whose option funcs, from argument
// i on, must set opt to true. Options the check cannot see (a call's
// result, a parameter, a slice passed with ...) count as fixed: the rule
// stays quiet rather than guess. A function declared in another package
// sets opt when it has the fact.
func sets(i int, opt option) func(*checker, *ast.CallExpr) bool {
	return func(c *checker, call *ast.CallExpr) bool {
		if call.Ellipsis.IsValid() {
			return true
		}
		for _, a := range call.Args[min(i, len(call.Args)):] {
			if set, known := c.optionFunc(a, opt, 0); set || !known {
				return true
			}
		}
		return false
	}
}

// madeWith returns the fix check of a method call whose receiver is made
// by the package function ctor of the sink's package with option funcs
// from argument i on that set opt: directly (NewEncoder(f).Encode(v)) or
// through a local variable every assignment of which is such a call.
// A receiver made some other way counts as fixed.
func madeWith(ctor string, i int, opt option) func(*checker, *ast.CallExpr) bool {
	return func(c *checker, call *ast.CallExpr) bool {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		var makers []ast.Expr
		if defs, ok := c.defs.Of(sel.X); ok {
			for _, d := range defs {
				if d.Expr == nil {
					return true
				}
				makers = append(makers, d.Expr)
			}
		} else {
			makers = []ast.Expr{sel.X}
		}
		if len(makers) == 0 {
			return true
		}
		for _, m := range makers {
			mc, ok := ast.Unparen(m).(*ast.CallExpr)
			if !ok {
				return true
			}
			f, _ := typeutil.Callee(c.pass.TypesInfo, mc).(*types.Func)
			if !rule.PkgFunc(f, opt.pkg, ctor) || sets(i, opt)(c, mc) {
				return true
			}
		}
		return false
	}
}

// optionFunc reports whether the option func e sets opt to true, and
// whether it could tell: e is a function literal, a function declared in
// this package or another, a package-level variable with the fact or
// declared here as a function literal, or a local variable every
// assignment of which is one of these.
func (c *checker) optionFunc(e ast.Expr, opt option, depth int) (set, known bool) {
	if depth > 4 {
		return false, false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return c.bodySets(e.Body, opt, 0), true
	case *ast.Ident, *ast.SelectorExpr:
		if obj := funcOf(c.pass.TypesInfo, e); obj != nil {
			set := c.objSets(obj, opt, 0)
			if _, isFunc := obj.(*types.Func); isFunc || set || c.bodies[obj] != nil {
				return set, true
			}
			return false, false
		}
		defs, ok := c.defs.Of(e)
		if !ok || len(defs) == 0 {
			return false, false
		}
		set = true
		for _, d := range defs {
			if d.Expr == nil {
				return false, false
			}
			s, k := c.optionFunc(d.Expr, opt, depth+1)
			if !k {
				return false, false
			}
			set = set && s
		}
		return set, true
	}
	return false, false
}

// funcOf returns the package-level function or variable of function type
// that e names, or nil.
func funcOf(info *types.Info, e ast.Expr) types.Object {
	var obj types.Object
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj = info.Uses[e]
	case *ast.SelectorExpr:
		obj = info.Uses[e.Sel]
	}
	switch obj := obj.(type) {
	case *types.Func:
		if obj.Signature().Recv() == nil {
			return obj
		}
	case *types.Var:
		if obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
			if _, ok := obj.Type().Underlying().(*types.Signature); ok {
				return obj
			}
		}
	}
	return nil
}

// objSets reports whether calling the function or function variable f
// sets opt: from its body when it is declared in this package, else from
// its fact.
func (c *checker) objSets(f types.Object, opt option, depth int) bool {
	if !optionShaped(f) {
		return false
	}
	if body := c.bodies[f]; body != nil {
		m := c.sets[f]
		if m == nil {
			m = make(map[string]bool)
			c.sets[f] = m
		}
		if set, done := m[opt.String()]; done {
			return set
		}
		m[opt.String()] = false // a recursive call sets nothing more
		set := depth < 8 && c.bodySets(body, opt, depth+1)
		m[opt.String()] = set
		return set
	}
	var fact setsOption
	if f.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(f, &fact) {
		for _, o := range fact.Options {
			if o == opt.String() {
				return true
			}
		}
	}
	return false
}

// bodySets reports whether body sets opt to true: an assignment
// x.Field = v with v not the constant false, a composite literal of the
// options type with Field: v, or a use of a function that sets it
// (nested option funcs, as expression.ValueBuilderOptions.EncoderOptions
// holds).
func (c *checker) bodySets(body *ast.BlockStmt, opt option, depth int) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && isField(info.Uses[sel.Sel], opt) && !isFalse(info, n.Rhs[i]) {
					found = true
				}
			}
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && isField(info.Uses[k], opt) && !isFalse(info, n.Value) {
				found = true
			}
		case *ast.Ident:
			if f := funcOf(info, n); f != nil && c.objSets(f, opt, depth+1) {
				found = true
			}
		}
		return !found
	})
	return found
}

// optionShaped reports whether f looks like an options func: one
// parameter, a pointer to a struct, and no results.
func optionShaped(f types.Object) bool {
	sig, ok := f.Type().Underlying().(*types.Signature)
	if !ok || sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return false
	}
	p, ok := sig.Params().At(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Struct)
	return ok
}

func isField(obj types.Object, opt option) bool {
	v, ok := obj.(*types.Var)
	if !ok || !v.IsField() || v.Name() != opt.field || v.Pkg() == nil || v.Pkg().Path() != opt.pkg {
		return false
	}
	return true
}

func isFalse(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)
}
