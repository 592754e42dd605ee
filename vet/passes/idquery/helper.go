package idquery

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Decoder is the fact that a function decodes a request body with
// encoding/json into the value its parameter Arg points to, the body
// being its parameter Body: an *http.Request (its Body read) or a reader
// or bytes of one. A call of it with a request, or request data, for
// Body decodes the body into what its argument Arg points to, in the
// packages that call it as in its own (bodyUnmarshal(r, &x)).
type Decoder struct {
	Body, Arg int
}

// AFact marks Decoder as a fact.
func (*Decoder) AFact() {}

// String shows the fact in analysistest output, as decoder(body 0, into 1).
func (d *Decoder) String() string { return fmt.Sprintf("decoder(body %d, into %d)", d.Body, d.Arg) }

// decoderFact returns the Decoder fact of f, of this package or
// imported, or nil.
func (c *tracer) decoderFact(f *types.Func) *Decoder {
	return cachedFact(c.pass, c.decoders, f)
}

// computeDecoders finds this package's functions that decode a request
// body given as a parameter into a parameter, and exports their facts;
// a helper calling another is found in a later round.
func (c *tracer) computeDecoders() {
	for range 4 {
		changed := false
		for _, file := range c.pass.Files {
			for _, decl := range file.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil || fd.Type.TypeParams != nil {
					continue
				}
				f, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if !ok || c.decoders[f] != nil {
					continue
				}
				params := make(map[*types.Var]int)
				sig := f.Signature()
				for i := range sig.Params().Len() {
					params[sig.Params().At(i)] = i
				}
				if d := c.helperDecode(fd.Body, params); d != nil {
					c.decoders[f] = d
					c.pass.ExportObjectFact(f, d)
					changed = true
				}
			}
		}
		if !changed {
			return
		}
	}
}

// helperDecode returns the Decoder of a body that decodes one parameter
// into another, or nil.
func (c *tracer) helperDecode(body *ast.BlockStmt, params map[*types.Var]int) *Decoder {
	var found *Decoder
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found != nil {
			return found == nil
		}
		callee := c.defs.Callee(call)
		if callee == nil {
			return true
		}
		var src ast.Expr
		arg := -1
		if d := c.decoderFact(callee); d != nil {
			if d.Body >= len(call.Args) || d.Arg >= len(call.Args) || d.Body >= callee.Signature().Params().Len() {
				return true
			}
			if isRequest(callee.Signature().Params().At(d.Body).Type()) {
				// The request itself, which must be a request parameter.
				b, ok := params[c.paramVar(call.Args[d.Body])]
				if into, ok2 := params[c.paramVar(call.Args[d.Arg])]; ok && ok2 {
					found = &Decoder{Body: b, Arg: into}
				}
				return true
			}
			src, arg = call.Args[d.Body], d.Arg
		} else if d, ok := decoders[decoderKey(callee)]; ok && d.arg < len(call.Args) {
			switch {
			case d.body >= 0 && d.body < len(call.Args):
				src, arg = call.Args[d.body], d.arg
			case d.body == -2:
				if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
					src, arg = c.newDecoderReader(sel.X, 0), d.arg
				}
			}
		}
		if src == nil || arg < 0 {
			return true
		}
		into, ok := params[c.paramVar(call.Args[arg])]
		if !ok {
			return true
		}
		if b := c.bodyParam(src, params, 0); b >= 0 {
			found = &Decoder{Body: b, Arg: into}
		}
		return true
	})
	return found
}

// paramVar returns the variable e names, &v or v, or nil.
func (c *tracer) paramVar(e ast.Expr) *types.Var {
	e = pointee(e)
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
	return v
}

// newDecoderReader returns the reader of json.NewDecoder(x) that e is,
// directly or through a local variable, or nil.
func (c *tracer) newDecoderReader(e ast.Expr, depth int) ast.Expr {
	if depth > 8 {
		return nil
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		f, _ := typeutil.Callee(c.pass.TypesInfo, e).(*types.Func)
		if f != nil && f.Pkg() != nil && f.Pkg().Path() == "encoding/json" && f.Name() == "NewDecoder" && len(e.Args) == 1 {
			return e.Args[0]
		}
	case *ast.Ident:
		defs, _ := c.defs.Of(e)
		for _, d := range defs {
			if d.Expr != nil && d.Index == 0 {
				if x := c.newDecoderReader(d.Expr, depth+1); x != nil {
					return x
				}
			}
		}
	}
	return nil
}

// bodyParam returns the index of the parameter e is the body of: an
// *http.Request parameter's Body, or a parameter itself, read, limited,
// wrapped or converted, directly or through local variables; or -1.
func (c *tracer) bodyParam(e ast.Expr, params map[*types.Var]int, depth int) int {
	if depth > 8 {
		return -1
	}
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if v := c.paramVar(e.X); v != nil && isRequest(v.Type()) && e.Sel.Name == "Body" {
			if i, ok := params[v]; ok {
				return i
			}
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				return c.bodyParam(e.Args[0], params, depth+1)
			}
			return -1
		}
		f, _ := typeutil.Callee(info, e).(*types.Func)
		if f == nil || f.Pkg() == nil {
			return -1
		}
		switch f.Pkg().Path() + "." + f.Name() {
		case "io.ReadAll", "io/ioutil.ReadAll", "io.LimitReader", "bytes.NewReader", "bytes.NewBuffer", "bufio.NewReader":
			if len(e.Args) > 0 {
				return c.bodyParam(e.Args[0], params, depth+1)
			}
		case "net/http.MaxBytesReader":
			if len(e.Args) == 3 {
				return c.bodyParam(e.Args[1], params, depth+1)
			}
		}
	case *ast.Ident:
		if v := c.paramVar(e); v != nil && !isRequest(v.Type()) {
			if i, ok := params[v]; ok {
				return i
			}
		}
		defs, _ := c.defs.Of(e)
		for _, d := range defs {
			if d.Expr != nil && d.Index == 0 {
				if i := c.bodyParam(d.Expr, params, depth+1); i >= 0 {
					return i
				}
			}
		}
	}
	return -1
}

// helperDecoded returns the variable a call of a Decoder decodes the
// request body into, or nil.
func (c *tracer) helperDecoded(callee *types.Func, call *ast.CallExpr) *types.Var {
	d := c.decoderFact(callee)
	if d == nil || d.Body >= len(call.Args) || d.Arg >= len(call.Args) {
		return nil
	}
	params := callee.Signature().Params()
	if d.Body >= params.Len() {
		return nil
	}
	body := call.Args[d.Body]
	if isRequest(params.At(d.Body).Type()) {
		if !isRequest(c.pass.TypesInfo.TypeOf(body)) {
			return nil
		}
	} else if !c.requestData(body, 0) {
		return nil
	}
	a := pointee(call.Args[d.Arg])
	return c.defs.Var(a)
}

// pointee returns e without parentheses and without one & (&v is v,
// &T{…} is T{…}).
func pointee(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	return e
}
