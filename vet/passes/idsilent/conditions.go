package idsilent

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/types/typeutil"
)

// The conditions under which a sink loses ids: the copier is not
// registered, the value does not go into a map or another struct, the
// decoder's result is not one.

// isIDType reports whether e is reflect.TypeOf(x) with x of type id.ID, or
// reflect.TypeFor[id.ID]().
func isIDType(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	f, _ := typeutil.Callee(info, call).(*types.Func)
	switch {
	case rule.PkgFunc(f, "reflect", "TypeOf") && len(call.Args) == 1:
		t := info.TypeOf(call.Args[0])
		_, ptr := t.(*types.Pointer)
		return rule.IsID(t) && !ptr
	case f != nil && f.Origin() != nil && rule.PkgFunc(f.Origin(), "reflect", "TypeFor"):
		if inst, ok := info.Instances[funcIdent(call.Fun)]; ok && inst.TypeArgs.Len() == 1 {
			t := inst.TypeArgs.At(0)
			_, ptr := t.(*types.Pointer)
			return rule.IsID(t) && !ptr
		}
	}
	return false
}

func funcIdent(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		return funcIdent(e.X)
	case *ast.SelectorExpr:
		return e.Sel
	case *ast.Ident:
		return e
	}
	return nil
}

// copierRegistered is the fix check of the koanf providers: this package,
// or one it imports, registers a copystructure copier for id.ID.
func copierRegistered(c *checker, _ *ast.CallExpr) bool {
	if c.copier == nil {
		reg := c.registers() || c.importsCopier()
		c.copier = &reg
	}
	return *c.copier
}

// notIntoMap returns the check of a mapstructure function that decodes
// into argument i: fine unless that is a map or a pointer to one.
func notIntoMap(i int) func(*checker, *ast.CallExpr) bool {
	return func(c *checker, call *ast.CallExpr) bool {
		return len(call.Args) <= i || !isMap(c.pass.TypesInfo.TypeOf(call.Args[i]))
	}
}

// notIntoOtherStruct returns the check of a mapstructure function that
// decodes its first argument into argument i: fine unless that is a
// pointer to a struct type other than the input's (pointers aside) that
// holds an id.ID too.
func notIntoOtherStruct(i int) func(*checker, *ast.CallExpr) bool {
	return func(c *checker, call *ast.CallExpr) bool {
		if len(call.Args) <= i {
			return true
		}
		info := c.pass.TypesInfo
		return !otherStruct(info.TypeOf(call.Args[0]), info.TypeOf(call.Args[i]))
	}
}

// resultNotOtherStruct is notIntoOtherStruct for Decoder.Decode, whose
// output is the Result of the DecoderConfig literal it was made with.
func resultNotOtherStruct(c *checker, call *ast.CallExpr) bool {
	res := decoderResult(c, call)
	return res == nil || len(call.Args) == 0 || !otherStruct(c.pass.TypesInfo.TypeOf(call.Args[0]), c.pass.TypesInfo.TypeOf(res))
}

// otherStruct reports whether out is a pointer to a struct type that
// holds an id.ID, other than in's (either may be a pointer) and in is a
// struct: mapstructure then goes through a map of in's fields.
func otherStruct(in, out types.Type) bool {
	if in == nil || out == nil {
		return false
	}
	p, ok := out.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	out = p.Elem()
	if q, ok := in.Underlying().(*types.Pointer); ok {
		in = q.Elem()
	}
	if _, ok := in.Underlying().(*types.Struct); !ok {
		return false
	}
	if _, ok := out.Underlying().(*types.Struct); !ok || types.Identical(in, out) {
		return false
	}
	s := &sink{tag: "mapstructure"}
	return holds(out, s)
}

// decoderResult returns the Result of the DecoderConfig literal the
// decoder of call (a Decoder.Decode) was made with by NewDecoder,
// directly or through local variables, or nil.
func decoderResult(c *checker, call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	mc, ok := ast.Unparen(c.only(sel.X)).(*ast.CallExpr)
	if !ok || len(mc.Args) != 1 {
		return nil
	}
	if f, _ := typeutil.Callee(c.pass.TypesInfo, mc).(*types.Func); !rule.PkgFunc(f, mapstructure, "NewDecoder") {
		return nil
	}
	cfg := ast.Unparen(c.only(mc.Args[0]))
	if u, ok := cfg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		cfg = ast.Unparen(u.X)
	}
	lit, ok := cfg.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Result" {
				return kv.Value
			}
		}
	}
	return nil
}

// resultNotMap is the check of mapstructure's Decoder.Decode: fine unless
// the decoder comes from NewDecoder with a DecoderConfig literal whose
// Result is a map or a pointer to one, directly or through local
// variables.
func resultNotMap(c *checker, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return true
	}
	mk := c.only(sel.X)
	mc, ok := ast.Unparen(mk).(*ast.CallExpr)
	if !ok || len(mc.Args) != 1 {
		return true
	}
	if f, _ := typeutil.Callee(c.pass.TypesInfo, mc).(*types.Func); !rule.PkgFunc(f, mapstructure, "NewDecoder") {
		return true
	}
	cfg := ast.Unparen(c.only(mc.Args[0]))
	if u, ok := cfg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		cfg = ast.Unparen(u.X)
	}
	lit, ok := cfg.(*ast.CompositeLit)
	if !ok {
		return true
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Result" {
				return !isMap(c.pass.TypesInfo.TypeOf(kv.Value))
			}
		}
	}
	return true
}

// only returns the one value assigned to the local variable e names, or e
// itself when it names none (or more than one value).
func (c *checker) only(e ast.Expr) ast.Expr {
	defs, ok := c.defs.Of(e)
	if !ok || len(defs) != 1 || defs[0].Expr == nil {
		return e
	}
	if defs[0].Index != 0 {
		return e
	}
	// For d, err := mapstructure.NewDecoder(cfg), d's value is the call.
	return defs[0].Expr
}

func isMap(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Map)
	return ok
}
