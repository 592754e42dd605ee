package idquery

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/idkeys/id/vet/internal/flow"
	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// Analyzer reports outside ids reaching a query unparsed.
var Analyzer = &analysis.Analyzer{
	Name:     "idquery",
	Doc:      rule.Doc(doc, "idquery"),
	URL:      "https://pkg.go.dev/github.com/idkeys/id/vet/passes/idquery",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

//go:embed doc.go
var doc string

var allow rule.Allow

func init() { rule.Flags(&Analyzer.Flags, &allow) }

// method names a method as import path, receiver type name and name.
type method struct{ pkg, typ, name string }

// sourceMethods are the request accessors, with the index of their key.
var sourceMethods = map[method]int{
	{"net/http", "Request", "PathValue"}:                    0,
	{"net/http", "Request", "FormValue"}:                    0,
	{"net/http", "Request", "PostFormValue"}:                0,
	{"github.com/gin-gonic/gin", "Context", "Param"}:        0,
	{"github.com/gin-gonic/gin", "Context", "Query"}:        0,
	{"github.com/gin-gonic/gin", "Context", "PostForm"}:     0,
	{"github.com/gin-gonic/gin", "Context", "DefaultQuery"}: 0,
}

// sourceFuncs are the request accessors that are functions, with the index
// of their key.
var sourceFuncs = map[string]int{
	"github.com/go-chi/chi/v5.URLParam":        1,
	"github.com/go-chi/chi/v5.URLParamFromCtx": 1,
	"github.com/go-chi/chi.URLParam":           1,
	"github.com/go-chi/chi.URLParamFromCtx":    1,
}

var echoPaths = []string{"github.com/labstack/echo/v4", "github.com/labstack/echo/v5", "github.com/labstack/echo"}

var (
	sqlTypes = map[string]bool{"DB": true, "Tx": true, "Conn": true, "Stmt": true}
	sqlNames = map[string]bool{
		"Exec": true, "ExecContext": true, "Query": true, "QueryContext": true,
		"QueryRow": true, "QueryRowContext": true,
	}
	sqlxNames = map[string]bool{
		"Get": true, "GetContext": true, "Select": true, "SelectContext": true,
		"Queryx": true, "QueryxContext": true, "QueryRowx": true, "QueryRowxContext": true,
		"MustExec": true, "MustExecContext": true, "NamedExec": true, "NamedExecContext": true,
		"NamedQuery": true, "NamedQueryContext": true,
	}
	pgxNames = map[string]bool{"Exec": true, "Query": true, "QueryRow": true}
	pgxPaths = map[string]bool{
		"github.com/jackc/pgx/v5": true, "github.com/jackc/pgx/v5/pgxpool": true,
		"github.com/jackc/pgx/v4": true, "github.com/jackc/pgx/v4/pgxpool": true,
	}
)

// sink reports whether f is a query method or function.
func sink(f *types.Func) bool {
	if f.Pkg() == nil {
		return false
	}
	path := f.Pkg().Path()
	recv := f.Signature().Recv()
	if recv == nil {
		return path == "github.com/jmoiron/sqlx" && sqlxNames[f.Name()]
	}
	switch {
	case path == "database/sql":
		return sqlTypes[recvName(f)] && sqlNames[f.Name()]
	case path == "github.com/jmoiron/sqlx":
		return sqlxNames[f.Name()]
	case pgxPaths[path]:
		return pgxNames[f.Name()]
	}
	return false
}

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

// IDKey reports whether a request key names an id: "id" in any case, or a
// key ending in "_id" or "-id" (any case), "Id" or "ID".
func IDKey(k string) bool {
	l := strings.ToLower(k)
	return l == "id" || strings.HasSuffix(l, "_id") || strings.HasSuffix(l, "-id") ||
		(len(k) > 2 && (strings.HasSuffix(k, "Id") || strings.HasSuffix(k, "ID")))
}

func run(pass *analysis.Pass) (any, error) {
	if !rule.Reaches(pass.Pkg, "net/http", "github.com/gin-gonic/gin", "github.com/labstack/echo/") {
		return nil, nil
	}
	if !rule.Reaches(pass.Pkg, "database/sql", "github.com/jmoiron/sqlx", "github.com/jackc/pgx/") {
		return nil, nil
	}
	scope, ok := rule.NewScope(pass, allow)
	if !ok {
		return nil, nil
	}
	c := &checker{pass: pass, defs: flow.New(pass.TypesInfo, pass.Files)}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		f := c.defs.Callee(call)
		if f == nil || !sink(f) || scope.Skip(call.Pos()) {
			continue
		}
		for _, arg := range call.Args {
			if src := c.taint(arg, 0, make(map[*types.Var]bool)); src != "" {
				scope.Reportf(pass, arg.Pos(), "%s reaches %s unparsed (KEYS-5): parse it with id.Parse and pass the id", src, rule.Func(f))
			}
		}
	}
	return nil, nil
}

type checker struct {
	pass *analysis.Pass
	defs *flow.Defs
}

// textual reports whether an argument of type t can carry a request
// value: a string or []byte (flow.Textual), or an interface such as any,
// where what was stored in it is looked at.
func textual(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return true
	}
	return flow.Textual(t)
}

// key returns the constant string value of e, if it has one.
func (c *checker) key(e ast.Expr) (string, bool) {
	tv := c.pass.TypesInfo.Types[e]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// taint returns a description of the request value named like an id that
// e (or its index'th result) holds, or "".
func (c *checker) taint(e ast.Expr, index int, seen map[*types.Var]bool) string {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if t := info.TypeOf(e); t != nil {
		if _, tuple := t.(*types.Tuple); !tuple && !textual(t) {
			return ""
		}
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		if index != 0 {
			return ""
		}
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				return c.taint(e.Args[0], 0, seen)
			}
			return ""
		}
		f := c.defs.Callee(e)
		if f == nil {
			return ""
		}
		if src := c.source(f, e, seen); src != "" {
			return src
		}
		if f.Pkg() != nil && f.Signature().Recv() == nil {
			switch path := f.Pkg().Path(); {
			case path == "fmt" && (f.Name() == "Sprintf" || f.Name() == "Sprint" || f.Name() == "Sprintln"):
				for _, a := range e.Args {
					if src := c.taint(a, 0, seen); src != "" {
						return src
					}
				}
			case path == "strings" && len(e.Args) > 0 && f.Signature().Results().Len() >= 1 && textual(f.Signature().Results().At(0).Type()):
				return c.taint(e.Args[0], 0, seen)
			}
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			if src := c.taint(e.X, 0, seen); src != "" {
				return src
			}
			return c.taint(e.Y, 0, seen)
		}
	case *ast.IndexExpr:
		// mux.Vars(r)["id"], directly or through a local variable.
		k, ok := c.key(e.Index)
		if !ok || !IDKey(k) || !c.muxVars(e.X, make(map[*types.Var]bool)) {
			return ""
		}
		return fmt.Sprintf("mux.Vars(…)[%s]", strconv.Quote(k))
	case *ast.Ident:
		v := c.defs.Var(e)
		if v == nil || seen[v] {
			return ""
		}
		seen[v] = true
		defer delete(seen, v)
		defs, _ := c.defs.Of(e)
		for _, d := range defs {
			if d.Expr == nil {
				continue
			}
			if src := c.taint(d.Expr, d.Index, seen); src != "" {
				return src
			}
		}
	}
	return ""
}

// source describes call if it reads a request value under a key named like
// an id.
func (c *checker) source(f *types.Func, call *ast.CallExpr, seen map[*types.Var]bool) string {
	ki := -1
	desc := ""
	if recv := f.Signature().Recv(); recv != nil && f.Pkg() != nil {
		path, typ := f.Pkg().Path(), recvName(f)
		if i, ok := sourceMethods[method{path, typ, f.Name()}]; ok {
			ki, desc = i, f.Name()
		}
		for _, p := range echoPaths {
			if path == p && typ == "Context" && (f.Name() == "Param" || f.Name() == "QueryParam" || f.Name() == "FormValue") {
				ki, desc = 0, f.Name()
			}
		}
		if path == "net/url" && typ == "Values" && f.Name() == "Get" {
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if ok && c.requestValues(sel.X, make(map[*types.Var]bool)) {
				ki, desc = 0, "Values.Get"
			}
		}
	} else if f.Pkg() != nil {
		if i, ok := sourceFuncs[f.Pkg().Path()+"."+f.Name()]; ok {
			ki, desc = i, f.Pkg().Name()+"."+f.Name()
		}
	}
	if ki < 0 || ki >= len(call.Args) {
		return ""
	}
	k, ok := c.key(call.Args[ki])
	if !ok || !IDKey(k) {
		return ""
	}
	return fmt.Sprintf("%s(%s)", desc, strconv.Quote(k))
}

// requestValues reports whether e is r.URL.Query(), r.Form or r.PostForm
// of an *http.Request, directly or through local variables.
func (c *checker) requestValues(e ast.Expr, seen map[*types.Var]bool) bool {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		f, _ := typeutil.Callee(info, e).(*types.Func)
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
func (c *checker) muxVars(e ast.Expr, seen map[*types.Var]bool) bool {
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
func (c *checker) localAll(e *ast.Ident, seen map[*types.Var]bool, is func(ast.Expr, map[*types.Var]bool) bool) bool {
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
