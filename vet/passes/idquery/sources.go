package idquery

import (
	"fmt"
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"github.com/idkeys/id/vet/internal/flow"
	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/types/typeutil"
)

// The request accessors of the routers (net/http, chi, gorilla/mux, gin,
// echo, fiber, httprouter, fasthttp, ozzo-routing, connect and gRPC) and
// a service's own (Source facts).

// method names a method as import path, receiver type name and name.
type method struct{ pkg, typ, name string }

// sourceMethods are the request accessors, with the index of their key.
var sourceMethods = map[method]int{
	{"net/http", "Request", "PathValue"}:                        0,
	{"net/http", "Request", "FormValue"}:                        0,
	{"net/http", "Request", "PostFormValue"}:                    0,
	{"github.com/gin-gonic/gin", "Context", "Param"}:            0,
	{"github.com/gin-gonic/gin", "Context", "Query"}:            0,
	{"github.com/gin-gonic/gin", "Context", "PostForm"}:         0,
	{"github.com/gin-gonic/gin", "Context", "DefaultQuery"}:     0,
	{"github.com/gin-gonic/gin", "Params", "ByName"}:            0,
	{"github.com/julienschmidt/httprouter", "Params", "ByName"}: 0,
	{"github.com/gofiber/fiber/v2", "Ctx", "Params"}:            0,
	{"github.com/gofiber/fiber/v2", "Ctx", "Query"}:             0,
	{"github.com/gofiber/fiber/v2", "Ctx", "FormValue"}:         0,
	{"github.com/labstack/echo/v4", "Context", "Param"}:         0,
	{"github.com/labstack/echo/v4", "Context", "QueryParam"}:    0,
	{"github.com/labstack/echo/v4", "Context", "FormValue"}:     0,
	{"github.com/labstack/echo/v5", "Context", "Param"}:         0,
	{"github.com/labstack/echo/v5", "Context", "QueryParam"}:    0,
	{"github.com/labstack/echo/v5", "Context", "FormValue"}:     0,
	{"github.com/labstack/echo", "Context", "Param"}:            0,
	{"github.com/labstack/echo", "Context", "QueryParam"}:       0,
	{"github.com/labstack/echo", "Context", "FormValue"}:        0,
	{"github.com/valyala/fasthttp", "RequestCtx", "UserValue"}:  0,
	{"github.com/valyala/fasthttp", "RequestCtx", "FormValue"}:  0,
	{"github.com/go-ozzo/ozzo-routing/v2", "Context", "Param"}:  0,
	{"github.com/go-ozzo/ozzo-routing/v2", "Context", "Query"}:  0,
	{"github.com/go-ozzo/ozzo-routing", "Context", "Param"}:     0,
	{"github.com/go-ozzo/ozzo-routing", "Context", "Query"}:     0,
}

// sourceFuncs are the request accessors that are functions, with the index
// of their key.
var sourceFuncs = map[string]int{
	"github.com/go-chi/chi/v5.URLParam":        1,
	"github.com/go-chi/chi/v5.URLParamFromCtx": 1,
	"github.com/go-chi/chi.URLParam":           1,
	"github.com/go-chi/chi.URLParamFromCtx":    1,
}

// source returns the request value call reads, if it reads one under a
// constant key.
func (c *tracer) source(f *types.Func, call *ast.CallExpr) (value, bool) {
	ki := -1
	desc := ""
	if recv := f.Signature().Recv(); recv != nil && f.Pkg() != nil {
		path, typ := f.Pkg().Path(), recvName(f)
		if i, ok := sourceMethods[method{path, typ, f.Name()}]; ok {
			ki, desc = i, f.Name()
		}
		if path == "github.com/valyala/fasthttp" && typ == "Args" && f.Name() == "Peek" {
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if a := c.fasthttpArgs(sel.X, 0); ok && a != "" {
				ki, desc = 0, a+"().Peek"
			}
		}
		if path == "net/url" && typ == "Values" && f.Name() == "Get" {
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if ok && c.requestValues(sel.X, make(map[*types.Var]bool)) {
				ki, desc = 0, "Values.Get"
			}
		}
		if path == "net/http" && typ == "Header" && f.Name() == "Get" {
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if h, isSel := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && isSel && h.Sel.Name == "Header" && isRequest(c.pass.TypesInfo.TypeOf(h.X)) {
				ki, desc = 0, "Header.Get"
			}
		}
	} else if f.Pkg() != nil {
		if i, ok := sourceFuncs[f.Pkg().Path()+"."+f.Name()]; ok {
			ki, desc = i, f.Pkg().Name()+"."+f.Name()
		}
	}
	if ki < 0 {
		if s := c.sourceFact(f); s != nil {
			ki, desc = s.Key, rule.Func(f)
		}
	}
	if ki < 0 || ki >= len(call.Args) {
		return value{}, false
	}
	k, ok := c.key(call.Args[ki])
	if !ok {
		return value{}, false
	}
	src := fmt.Sprintf("%s(%s)", desc, strconv.Quote(k))
	if c.g.checkedAt(src, call.Pos()) {
		return value{}, false
	}
	return keyed(src, k), true
}

// sourceFact returns the Source fact of f, of this package or imported,
// or nil.
func (c *tracer) sourceFact(f *types.Func) *Source {
	return cachedFact(c.pass, c.sources, f)
}

// computeSources finds, to a fixed point, the package's functions that
// return a request value read under one of their parameters, and exports
// them as Source facts.
func (c *tracer) computeSources() {
	type fn struct {
		decl   *ast.FuncDecl
		obj    *types.Func
		params map[*types.Var]int
	}
	var fns []fn
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || obj.Signature().Results().Len() == 0 || !flow.Textual(obj.Signature().Results().At(0).Type()) {
				continue
			}
			params := make(map[*types.Var]int)
			for i := range obj.Signature().Params().Len() {
				params[obj.Signature().Params().At(i)] = i
			}
			fns = append(fns, fn{fd, obj, params})
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range fns {
			if c.sources[f.obj] != nil {
				continue
			}
			ast.Inspect(f.decl.Body, func(n ast.Node) bool {
				if _, lit := n.(*ast.FuncLit); lit {
					return false
				}
				ret, ok := n.(*ast.ReturnStmt)
				if !ok || len(ret.Results) == 0 || c.sources[f.obj] != nil {
					return true
				}
				if k, ok := c.readUnder(ret.Results[0], f.params, make(map[*types.Var]bool)); ok {
					c.sources[f.obj] = &Source{Key: k}
					changed = true
				}
				return true
			})
		}
	}
	for _, f := range fns {
		if s := c.sources[f.obj]; s != nil {
			c.pass.ExportObjectFact(f.obj, s)
		}
	}
}

// readUnder returns the index of the parameter (in params) under which
// e, or a local variable one of whose values it is, reads a request
// value: r.PathValue(key), mux.Vars(r)[key], c.Param(key), a Source's
// call with key.
func (c *tracer) readUnder(e ast.Expr, params map[*types.Var]int, seen map[*types.Var]bool) (int, bool) {
	param := func(k ast.Expr) (int, bool) {
		id, ok := ast.Unparen(k).(*ast.Ident)
		if !ok {
			return 0, false
		}
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return 0, false
		}
		i, ok := params[v]
		return i, ok
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		f := c.defs.Callee(e)
		if f == nil {
			return 0, false
		}
		ki := -1
		if f.Signature().Recv() != nil && f.Pkg() != nil {
			if i, ok := sourceMethods[method{f.Pkg().Path(), recvName(f), f.Name()}]; ok {
				ki = i
			}
			if f.Pkg().Path() == "net/url" && recvName(f) == "Values" && f.Name() == "Get" {
				if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && c.requestValues(sel.X, make(map[*types.Var]bool)) {
					ki = 0
				}
			}
		} else if f.Pkg() != nil {
			if i, ok := sourceFuncs[f.Pkg().Path()+"."+f.Name()]; ok {
				ki = i
			}
		}
		if ki < 0 {
			if s := c.sourceFact(f); s != nil {
				ki = s.Key
			}
		}
		if ki < 0 || ki >= len(e.Args) {
			return 0, false
		}
		return param(e.Args[ki])
	case *ast.IndexExpr:
		if c.muxVars(e.X, make(map[*types.Var]bool)) {
			return param(e.Index)
		}
	case *ast.Ident:
		v := c.defs.Var(e)
		if v == nil || seen[v] {
			return 0, false
		}
		seen[v] = true
		defer delete(seen, v)
		defs, _ := c.defs.Of(e)
		for _, d := range defs {
			if d.Expr != nil && d.Index == 0 {
				if i, ok := c.readUnder(d.Expr, params, seen); ok {
					return i, true
				}
			}
		}
	}
	return 0, false
}

// keyed returns the value read as src under the key k; a key whose last
// word is uuid or guid holds a UUID, which id.Parse refuses.
func keyed(src, k string) value {
	return value{src: src, param: -1, uuid: uuidColumn(k)}
}

// requestValues reports whether e is r.URL.Query(), r.Form or r.PostForm
// of an *http.Request, directly or through local variables.
func (c *tracer) requestValues(e ast.Expr, seen map[*types.Var]bool) bool {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		f, _ := typeutil.Callee(info, e).(*types.Func)
		if rule.PkgFunc(f, "net/url", "ParseQuery") && len(e.Args) == 1 {
			return c.requestData(e.Args[0], 0)
		}
		return rule.Method(f, "net/url", "URL", "Query")
	case *ast.SelectorExpr:
		if e.Sel.Name != "Form" && e.Sel.Name != "PostForm" {
			return false
		}
		t := info.TypeOf(e.X)
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Request"
	case *ast.Ident:
		return c.localAll(e, seen, c.requestValues)
	}
	return false
}

// muxVars reports whether e is mux.Vars(r), directly or through local
// variables.
func (c *tracer) muxVars(e ast.Expr, seen map[*types.Var]bool) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		f, _ := typeutil.Callee(c.pass.TypesInfo, e).(*types.Func)
		return rule.PkgFunc(f, "github.com/gorilla/mux", "Vars")
	case *ast.Ident:
		return c.localAll(e, seen, c.muxVars)
	}
	return false
}

// localAll reports whether e is a local variable every assignment of which
// satisfies is.
func (c *tracer) localAll(e *ast.Ident, seen map[*types.Var]bool, is func(ast.Expr, map[*types.Var]bool) bool) bool {
	v := c.defs.Var(e)
	if v == nil || seen[v] {
		return false
	}
	defs, _ := c.defs.Of(e)
	if len(defs) == 0 {
		return false
	}
	seen[v] = true
	defer delete(seen, v)
	for _, d := range defs {
		if d.Expr == nil || d.Index != 0 || d.Op != 0 || !is(d.Expr, seen) {
			return false
		}
	}
	return true
}

// fasthttpArgs returns "QueryArgs" or "PostArgs" when e is that call on a
// fasthttp.RequestCtx, directly or through a local variable, or "".
func (c *tracer) fasthttpArgs(e ast.Expr, depth int) string {
	if depth > 8 {
		return ""
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		f := c.defs.Callee(e)
		if f != nil && f.Pkg() != nil && f.Pkg().Path() == "github.com/valyala/fasthttp" && f.Signature().Recv() != nil && recvName(f) == "RequestCtx" && (f.Name() == "QueryArgs" || f.Name() == "PostArgs") {
			return f.Name()
		}
	case *ast.Ident:
		defs, _ := c.defs.Of(e)
		for _, d := range defs {
			if d.Expr != nil && d.Index == 0 {
				if a := c.fasthttpArgs(d.Expr, depth+1); a != "" {
					return a
				}
			}
		}
	}
	return ""
}

// rpcField returns the request field e reads when it is a field of an
// RPC request message, or its getter (req.Msg.UserId, req.GetUserId()):
// a protobuf message (it has ProtoReflect) reached from a parameter of
// the function (a gRPC method's request, connect's *connect.Request[T]).
func (c *tracer) rpcField(e ast.Expr) (value, bool) {
	name := ""
	var x ast.Expr
	switch e := e.(type) {
	case *ast.SelectorExpr:
		name, x = e.Sel.Name, e.X
	case *ast.CallExpr:
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok || len(e.Args) != 0 || !strings.HasPrefix(sel.Sel.Name, "Get") {
			return value{}, false
		}
		name, x = strings.TrimPrefix(sel.Sel.Name, "Get"), sel.X
	default:
		return value{}, false
	}
	if !protoMessage(c.pass.TypesInfo.TypeOf(x)) {
		return value{}, false
	}
	root := x
	for {
		switch r := ast.Unparen(root).(type) {
		case *ast.SelectorExpr:
			root = r.X
			continue
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(r.Fun).(*ast.SelectorExpr); ok && len(r.Args) == 0 {
				root = sel.X // req.GetUser().GetId()
				continue
			}
		}
		break
	}
	if v := c.defs.Var(root); v == nil || !c.paramNames[v] {
		return value{}, false
	}
	src := fmt.Sprintf("RPC field %s", strconv.Quote(name))
	if c.g.checkedAt(src, e.Pos()) {
		return value{}, false
	}
	return keyed(src, name), true
}

// protoMessage reports whether t is a protobuf message: it has a
// ProtoReflect method.
func protoMessage(t types.Type) bool {
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "ProtoReflect")
	_, ok := obj.(*types.Func)
	return ok
}
