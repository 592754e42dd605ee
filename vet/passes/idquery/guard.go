package idquery

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/types/typeutil"
)

// guards finds what a function checks before its queries: the request
// reads it validates and returns on failure, and those its middleware
// checks.
type guards struct {
	*pkg
	t *tracer
	s *sinks
	// checked are the request reads checked before use.
	checked []checkedRead
	// validatorsOnly: findGuards, run before the facts, counts only
	// parsers and validators by name (validator.Validate.Struct).
	validatorsOnly bool
	// mwChecks are the request reads each middleware checks; decls the
	// package's functions' declarations.
	mwChecks map[*types.Func][]string
	decls    map[*types.Func]*ast.FuncDecl
}

// A value checked before the query by a function whose failure makes the
// handler return (if !valid(v) { return }, if err := check(v); err != nil
// { …; return }, an anchored regexp's MatchString) is treated as parsed
// from there on. A check in a middleware (a function that takes a handler
// and returns one, wrapping it) of a request value read under a key makes
// the reads under that key checked in the handlers it wraps: those
// registered in the statement that names it (r.With(mw).Get(p, h),
// mux.Handle(p, mw(h))) or on a router it is Use'd on in that function.
// A route pattern ("/customers/{id:[0-9]+}") checks its variable in the
// handler that route registers, and in no other. An HMAC check
// (hmac.Equal, or a check of the request's values as a whole) makes the
// reads after it in the function another system's signed values, not
// ours. A value matched against a UUID pattern is reported, if at all,
// without the id.Parse advice, which refuses UUIDs.

// checkedRead is a request read under src, checked between from and to.
type checkedRead struct {
	src      string // "" for every read
	from, to token.Pos
}

// findGuards records the checks that make the function return on failure.
func (c *guards) findGuards() {
	c.t.uuidKeys = make(map[parsedKey]bool)
	c.mwChecks = make(map[*types.Func][]string)
	c.decls = make(map[*types.Func]*ast.FuncDecl)
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					c.decls[obj] = fd
				}
			}
		}
	}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			mw := c.middleware(fd)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.IfStmt:
					if terminates(n.Body) || n.Else != nil && terminates(n.Else) {
						c.guard(n, fd, mw)
					}
				case *ast.CallExpr:
					f := c.defs.Callee(n)
					if rule.PkgFunc(f, "crypto/hmac", "Equal") {
						c.checked = append(c.checked, checkedRead{from: n.Pos(), to: fd.End()})
					}
					if f != nil && c.uuidPattern(n, f) {
						for _, a := range n.Args {
							if k, ok := c.t.keyOf(a); ok {
								c.t.uuidKeys[k] = true
							}
						}
					}
				}
				return true
			})
		}
	}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				c.registrations(fd.Body)
			}
		}
	}
}

// guard records the checks in the condition of n, whose failure returns.
func (c *guards) guard(n *ast.IfStmt, fd *ast.FuncDecl, mw bool) {
	var calls []*ast.CallExpr
	ast.Inspect(n.Cond, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.CallExpr:
			calls = append(calls, x)
			return false
		case *ast.Ident:
			// err := check(v); if err != nil: the last value before n.
			defs, _ := c.defs.Of(x)
			var last ast.Expr
			for _, d := range defs {
				if d.Expr != nil && d.Expr.Pos() < n.Body.Lbrace && (last == nil || d.Expr.Pos() > last.Pos()) {
					last = d.Expr
				}
			}
			if call, ok := ast.Unparen(last).(*ast.CallExpr); ok {
				calls = append(calls, call)
			}
		}
		return true
	})
	at := n.Body.Lbrace
	for _, call := range calls {
		f := c.defs.Callee(call)
		if f == nil || !c.check(f, call) || anyCase(f) {
			continue // id.Parse checks the ID it returns, not the text (values.go)
		}
		named := c.namedCheck(f)
		args := call.Args
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if s, ok := c.pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.MethodVal && !queryLibrary(f) {
				// req.Validate(); not row.Scan(&v): a query's row is its
				// output, no check of the values it bound.
				args = append([]ast.Expr{sel.X}, args...)
			}
		}
		for _, a := range args {
			if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND && !named {
				continue // written by the call (rows.Scan(&v)), not checked
			}
			if k, ok := c.t.keyOf(a); ok {
				c.t.parsed[k] = append(c.t.parsed[k], at)
				if k.path == "" {
					// A struct checked as a whole: the reads stored in
					// its fields are checked too.
					for _, src := range c.storedReads(k.v) {
						c.checked = append(c.checked, checkedRead{src: src, from: at, to: fd.End()})
					}
				}
			}
			if c.t.requestValues(a, make(map[*types.Var]bool)) {
				// The request's values checked as a whole (a signature).
				c.checked = append(c.checked, checkedRead{from: at, to: fd.End()})
				continue
			}
			c.t.at = call.Pos()
			v, ok := c.t.taint(a, 0, make(map[*types.Var]bool))
			if !ok || v.src == "" {
				continue
			}
			if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && mw {
				c.mwChecks[obj] = append(c.mwChecks[obj], v.src)
			}
			c.checked = append(c.checked, checkedRead{src: v.src, from: at, to: fd.End()})
		}
	}
	c.t.at = token.NoPos
}

// storedReads returns the request reads stored in the fields of the local
// struct variable v: assigned (v.F = r.PathValue("id")) or in its literal.
func (c *guards) storedReads(v *types.Var) []string {
	var out []string
	add := func(e ast.Expr) {
		if r, ok := c.t.taint(e, 0, make(map[*types.Var]bool)); ok && r.src != "" {
			out = append(out, r.src)
		}
	}
	for k, rhs := range c.t.fieldDefs {
		if k.v == v {
			for _, e := range rhs {
				add(e)
			}
		}
	}
	defs := c.defs.OfVar(v)
	for _, d := range defs {
		if d.Expr == nil || d.Index != 0 {
			continue
		}
		ast.Inspect(d.Expr, func(n ast.Node) bool {
			if kv, ok := n.(*ast.KeyValueExpr); ok {
				if _, lit := ast.Unparen(kv.Value).(*ast.CompositeLit); !lit {
					add(kv.Value)
				}
			}
			return true
		})
	}
	return out
}

// notChecks are the packages whose bool and error functions test
// something else than a value's form: a prefix, an error's kind, a
// slice's contents.
var notChecks = names("strings", "bytes", "errors", "slices", "maps", "unicode/utf8", "reflect", "os", "context", "fmt", "io")

// check reports whether call of f checks its arguments: a parser, or a
// function with one result, a bool or an error, that is not a query.
// namedCheck reports whether f checks by its name: a parser, a regexp's
// match or a validator; a function that only returns an error or a bool
// checks what it is given, not what it writes into (&v).
func (c *guards) namedCheck(f *types.Func) bool {
	if parser(f) || f.Pkg() != nil && f.Pkg().Path() == "regexp" {
		return true
	}
	if name := strings.ToLower(f.Name()); strings.Contains(name, "valid") || strings.Contains(name, "verify") {
		return true
	}
	if f.Signature().Recv() != nil {
		r := strings.ToLower(recvName(f))
		return strings.Contains(r, "valid") || strings.Contains(r, "verif")
	}
	return false
}

func (c *guards) check(f *types.Func, call *ast.CallExpr) bool {
	if rule.PkgFunc(f, "regexp", "MatchString") || f.Pkg() != nil && f.Pkg().Path() == "regexp" && strings.HasPrefix(f.Name(), "Match") {
		return c.anchored(call, f)
	}
	if _, ok := decoders[decoderKey(f)]; ok || decodes(f) {
		return false // decodes into its argument, checks nothing
	}
	if parser(f) {
		return true
	}
	if lookup(f, len(call.Args)) != nil || declared.match(f) {
		return false
	}
	// A validator by its name (util.GoValidator(&input, rules) returning
	// the errors and their count), or a method of one (go-playground's
	// validator.Validate.Struct): checks whatever it returns.
	if c.namedCheck(f) {
		return true
	}
	if c.validatorsOnly {
		return false // the facts are not known yet: a store's Create is no check
	}
	if f.Pkg() != nil && notChecks[f.Pkg().Path()] {
		return false // strings.HasPrefix(s, "/api/") does not check an id
	}
	res := f.Signature().Results()
	if res.Len() != 1 || lookup(f, len(call.Args)) != nil || declared.match(f) || c.s.fact(f) != nil && len(c.s.fact(f).Params) > 0 {
		return false
	}
	t := res.At(0).Type()
	if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
		return true
	}
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// pattern returns the regular expression that a regexp Match call
// matches: the constant pattern of regexp.MatchString, or of the
// MustCompile or Compile that made the receiver (a package variable or a
// local one).
func (c *guards) pattern(call *ast.CallExpr, f *types.Func) (string, bool) {
	if f.Signature().Recv() == nil {
		if len(call.Args) > 0 {
			return c.key(call.Args[0])
		}
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return "", false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return "", false
	}
	var val ast.Expr
	if defs, ok := c.defs.Of(id); ok && len(defs) == 1 {
		val = defs[0].Expr
	} else if v.Parent() == c.pass.Pkg.Scope() {
		val = c.globalValue(v)
	}
	mc, ok := ast.Unparen(val).(*ast.CallExpr)
	if !ok || len(mc.Args) != 1 {
		return "", false
	}
	g, _ := typeutil.Callee(c.pass.TypesInfo, mc).(*types.Func)
	if !rule.PkgFunc(g, "regexp", "MustCompile") && !rule.PkgFunc(g, "regexp", "Compile") {
		return "", false
	}
	tv := c.pass.TypesInfo.Types[mc.Args[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// globalValue returns the value a package-level variable is declared with.
func (c *guards) globalValue(v *types.Var) ast.Expr {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if c.pass.TypesInfo.Defs[name] == v && i < len(vs.Values) && len(vs.Values) == len(vs.Names) {
						return vs.Values[i]
					}
				}
			}
		}
	}
	return nil
}

// anchored reports whether a regexp Match call checks the value: its
// pattern is unknown, or anchored at both ends and admits only an id's
// form or digits (checksForm).
func (c *guards) anchored(call *ast.CallExpr, f *types.Func) bool {
	p, ok := c.pattern(call, f)
	if !ok {
		return true
	}
	return checksForm(p) // route.go
}

// uuidShape matches a pattern that accepts a UUID's 8-4-4-4-12 groups.
var uuidShape = regexp.MustCompile(`\{8\}-?\\?-?.*\{4\}.*\{12\}`)

// uuidPattern reports whether call matches its argument against a UUID
// pattern, which accepts what id.Parse refuses.
func (c *guards) uuidPattern(call *ast.CallExpr, f *types.Func) bool {
	if f.Pkg() == nil || f.Pkg().Path() != "regexp" || !strings.HasPrefix(f.Name(), "Match") {
		return false
	}
	p, ok := c.pattern(call, f)
	return ok && uuidShape.MatchString(p)
}

// middleware reports whether fd takes a handler and returns one: a
// check in it runs before the handlers it wraps. A function that only
// returns a handler (a handler factory) is none.
func (c *guards) middleware(fd *ast.FuncDecl) bool {
	obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	return ok && middlewareFunc(obj)
}

func middlewareFunc(f *types.Func) bool {
	sig := f.Signature()
	has := func(tup *types.Tuple) bool {
		for i := range tup.Len() {
			if handlerType(tup.At(i).Type()) {
				return true
			}
		}
		return false
	}
	return has(sig.Params()) && has(sig.Results())
}

// handlerType reports whether t is a handler of net/http or of a
// framework idquery reads requests of, or a function taking one.
func handlerType(t types.Type) bool {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		path, name := n.Obj().Pkg().Path(), n.Obj().Name()
		switch {
		case path == "net/http" && (name == "Handler" || name == "HandlerFunc"):
			return true
		case strings.HasPrefix(path, "github.com/gin-gonic/gin") && name == "HandlerFunc",
			strings.HasPrefix(path, "github.com/labstack/echo") && (name == "HandlerFunc" || name == "MiddlewareFunc"),
			strings.HasPrefix(path, "github.com/gofiber/fiber") && name == "Handler":
			return true
		}
	}
	if sig, ok := t.Underlying().(*types.Signature); ok {
		for i := range sig.Params().Len() {
			if handlerType(sig.Params().At(i).Type()) {
				return true
			}
		}
	}
	return false
}

// terminates reports whether the block or statement s ends by leaving
// the function or the loop: return, panic, log.Fatal, continue, break.
func terminates(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.BlockStmt:
		return len(s.List) > 0 && terminates(s.List[len(s.List)-1])
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		switch fn := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			return fn.Name == "panic"
		case *ast.SelectorExpr:
			return strings.HasPrefix(fn.Sel.Name, "Fatal") || strings.HasPrefix(fn.Sel.Name, "Abort")
		}
	}
	return false
}

// registrations records, for each statement of body that registers
// handlers, the reads checked in those handlers: the variables of a
// gorilla/mux or chi route pattern in the constant text of the
// statement's calls (the router answers "not found" before the handler
// runs for a value that does not match), and the keys checked by the
// middlewares the statement names or that are Use'd on its router.
func (c *guards) registrations(body *ast.BlockStmt) {
	used := make(map[*types.Var][]*types.Func) // r.Use(mw)
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Use" {
			if v := c.defs.Var(sel.X); v != nil {
				for _, a := range call.Args {
					if f := c.funcOf(a); f != nil && c.mwChecks[f] != nil {
						used[v] = append(used[v], f)
					}
				}
			}
		}
		return true
	})
	ast.Inspect(body, func(n ast.Node) bool {
		st, ok := n.(*ast.ExprStmt)
		if !ok {
			return true
		}
		var srcs []string
		var handlers []ast.Node
		router := false
		ast.Inspect(st.X, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.CallExpr:
				f := c.defs.Callee(m)
				if f != nil && f.Pkg() != nil && (strings.HasPrefix(f.Pkg().Path(), "github.com/gorilla/mux") || strings.HasPrefix(f.Pkg().Path(), "github.com/go-chi/chi")) {
					router = true
					for _, a := range m.Args {
						if k, ok := c.key(a); ok {
							for _, v := range checkedVars(k) { // route.go
								srcs = append(srcs, fmt.Sprintf("mux.Vars(…)[%q]", v), fmt.Sprintf("chi.URLParam(%q)", v), fmt.Sprintf("chi.URLParamFromCtx(%q)", v))
							}
						}
					}
				}
				for _, a := range m.Args {
					handlers = append(handlers, c.handlerBodies(a, 0)...)
				}
				if sel, ok := ast.Unparen(m.Fun).(*ast.SelectorExpr); ok {
					if v := c.defs.Var(sel.X); v != nil {
						for _, mw := range used[v] {
							srcs = append(srcs, c.mwChecks[mw]...)
						}
					}
				}
			case *ast.Ident:
				if f, ok := c.pass.TypesInfo.Uses[m].(*types.Func); ok {
					srcs = append(srcs, c.mwChecks[f]...)
				}
			}
			return true
		})
		if !router && len(srcs) == 0 {
			return true
		}
		for _, h := range handlers {
			for _, src := range srcs {
				c.checked = append(c.checked, checkedRead{src: src, from: h.Pos(), to: h.End()})
			}
		}
		return true
	})
}

// funcOf returns the function e names (f, h.method, pkg.F), or nil.
func (c *guards) funcOf(e ast.Expr) *types.Func {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		f, _ := c.pass.TypesInfo.Uses[e].(*types.Func)
		return f
	case *ast.SelectorExpr:
		f, _ := c.pass.TypesInfo.Uses[e.Sel].(*types.Func)
		return f
	}
	return nil
}

// handlerBodies returns the bodies of the package's functions that an
// argument registering a handler runs: a function or method named, a
// function literal, a handler factory's or a middleware's call (its body,
// and those of its arguments), a conversion's operand.
func (c *guards) handlerBodies(e ast.Expr, depth int) []ast.Node {
	if depth > 4 {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return []ast.Node{x}
	case *ast.Ident, *ast.SelectorExpr:
		if f := c.funcOf(x); f != nil && c.decls[f] != nil {
			return []ast.Node{c.decls[f]}
		}
	case *ast.CallExpr:
		if tv, ok := c.pass.TypesInfo.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return c.handlerBodies(x.Args[0], depth+1)
		}
		var out []ast.Node
		if f := c.defs.Callee(x); f != nil && c.decls[f] != nil && handlerResult(f) {
			out = append(out, c.decls[f])
		}
		for _, a := range x.Args {
			out = append(out, c.handlerBodies(a, depth+1)...)
		}
		return out
	}
	return nil
}

// handlerResult reports whether f returns a handler.
func handlerResult(f *types.Func) bool {
	res := f.Signature().Results()
	for i := range res.Len() {
		if handlerType(res.At(i).Type()) {
			return true
		}
	}
	return false
}

// checkedAt reports whether a request read under src at pos is checked.
func (c *guards) checkedAt(src string, pos token.Pos) bool {
	for _, r := range c.checked {
		if (r.src == "" || r.src == src) && r.from <= pos && pos < r.to {
			c.t.sawCheck = true
			return true
		}
	}
	return false
}
