package flow

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/types/typeutil"
)

// IDText reports whether e, a string or []byte, holds exactly an id's text:
// it is ID.String(), ID.MarshalText(), ID.AppendText(nil), fmt.Sprint(x)
// or fmt.Sprintf("%s" or "%v", x) of an id.ID or typed id x
// (rule.IsIDValue), a conversion of such a
// value between string and []byte, or a local variable every assignment of
// which is one of these.
func (d *Defs) IDText(e ast.Expr) bool {
	return d.idText(e, 0, make(map[*types.Var]bool))
}

// Textual reports whether t is a string or []byte type (of any name), or
// a tuple whose first type is: the types an id's text can travel in.
func Textual(t types.Type) bool {
	if t == nil {
		return false
	}
	if tu, ok := t.(*types.Tuple); ok {
		if tu.Len() == 0 {
			return false
		}
		t = tu.At(0).Type()
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

func (d *Defs) idText(e ast.Expr, index int, seen map[*types.Var]bool) bool {
	e = ast.Unparen(e)
	if t := d.info.TypeOf(e); t == nil || !Textual(t) {
		return false
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		if index != 0 {
			return false
		}
		if tv, ok := d.info.Types[e.Fun]; ok && tv.IsType() {
			return len(e.Args) == 1 && d.idText(e.Args[0], 0, seen)
		}
		f, _ := typeutil.Callee(d.info, e).(*types.Func)
		if f == nil {
			return false
		}
		switch {
		case rule.Method(f, rule.IDPath, "ID", "String"), rule.Method(f, rule.IDPath, "ID", "MarshalText"):
			return true
		case rule.Method(f, rule.IDPath, "ID", "AppendText"):
			return len(e.Args) == 1 && empty(d.info, e.Args[0])
		case rule.PkgFunc(f, "fmt", "Sprint"):
			return len(e.Args) == 1 && rule.IsIDValue(d.info.TypeOf(e.Args[0]))
		case rule.PkgFunc(f, "fmt", "Sprintf"):
			if len(e.Args) != 2 || !rule.IsIDValue(d.info.TypeOf(e.Args[1])) {
				return false
			}
			tv := d.info.Types[e.Args[0]]
			if tv.Value == nil || tv.Value.Kind() != constant.String {
				return false
			}
			s := constant.StringVal(tv.Value)
			return s == "%s" || s == "%v"
		}
		return false
	case *ast.Ident:
		v := d.Var(e)
		if v == nil || seen[v] {
			return false
		}
		defs := d.defs[v]
		if len(defs) == 0 {
			return false
		}
		seen[v] = true
		defer delete(seen, v)
		for _, def := range defs {
			if def.Expr == nil || def.Op != 0 || !d.idText(def.Expr, def.Index, seen) {
				return false
			}
		}
		return true
	}
	return false
}

// empty reports whether e is nil or a slice expression b[:0] or b[0:0].
func empty(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.IsNil() {
		return true
	}
	s, ok := e.(*ast.SliceExpr)
	if !ok || s.High == nil {
		return false
	}
	tv := info.Types[s.High]
	return tv.Value != nil && constant.Sign(tv.Value) == 0
}
