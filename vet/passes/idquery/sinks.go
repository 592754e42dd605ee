package idquery

import "go/types"

func recvName(f *types.Func) string {
	t := f.Signature().Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// queryShape reports whether sig takes SQL text and its values as
// database/sql and pgx do: a string parameter, then a final ...any.
func queryShape(sig *types.Signature) bool {
	params := sig.Params()
	if !sig.Variadic() || params.Len() < 2 {
		return false
	}
	last, ok := params.At(params.Len() - 1).Type().(*types.Slice)
	if !ok || !types.IsInterface(last.Elem()) {
		return false
	}
	b, ok := params.At(params.Len() - 2).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
