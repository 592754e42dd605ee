package idquery

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/idkeys/id/vet/internal/flow"
	"github.com/idkeys/id/vet/internal/reach"
	"github.com/idkeys/id/vet/internal/rule"
	"github.com/idkeys/id/vet/internal/sqlcol"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// Analyzer reports outside ids reaching a query unparsed.
var Analyzer = &analysis.Analyzer{
	Name:      "idquery",
	Doc:       rule.Doc(doc, "idquery"),
	URL:       "https://pkg.go.dev/github.com/idkeys/id/vet/passes/idquery",
	Run:       run,
	Requires:  []*analysis.Analyzer{reach.Analyzer},
	FactTypes: []analysis.Fact{new(Sink), new(Source), new(Decoder)},
}

//go:embed doc.go
var doc string

var (
	cfg      = rule.Config{Tests: true}
	declared Sinks
)

func init() {
	rule.Flags(&Analyzer.Flags, &cfg)
	reach.Watch(func() []string { return slices.Concat(sinkPaths, declared.paths(), handlerPaths, jsonPaths) })
	Analyzer.Flags.Var(&declared, "sinks", "comma-separated query functions, methods (path.Type.Method), types (path.Type) or packages of the service, for calls idquery cannot follow")
}

// Sink is the fact that a function passes some of its parameters, as they
// are, to a query: it is then a query sink for those parameters, in the
// packages that call it as in its own.
type Sink struct {
	Params []Param
}

// Param is one parameter of a Sink.
type Param struct {
	// Index is the parameter's index (the receiver not counted).
	Index int
	// Variadic says that the parameter is a final ...T whose elements
	// reach the query: every argument from Index on does.
	Variadic bool
	// Struct says that the parameter is a struct passed whole to the
	// query (GORM's db.Where(&attrs)): the keyed fields of a literal
	// passed for it reach the query.
	Struct bool
	// Path names the calls from the function to the query, the query's
	// method last: "store.getBy → sqlx.DB.Get".
	Path string
	// ID says that a name on the way (the parameter's, a variable's, a
	// callee's parameter's, a placeholder's column) is an id's
	// (rule.IDName).
	ID bool
	// Natural says that a parameter's or column's name on the way is a
	// natural key's (GetByAlias(alias string), WHERE slug = ?): a value
	// passed for it is not reported.
	Natural bool
	// Field says that the parameter is a struct, or a pointer to one,
	// whose field of that name reaches the query (UPDATE page … WHERE id
	// = ? with page.ID): the value a caller stored in that field of the
	// struct it passes is looked at.
	Field string
}

// AFact marks Sink as a fact.
func (*Sink) AFact() {}

// String shows the fact as analysistest's want comments match it:
// "sink(1 id → sqlx.Stmt.Get)", with "..." after a variadic parameter's
// index and "{}" after a struct's.
func (s *Sink) String() string {
	var b strings.Builder
	b.WriteString("sink(")
	for i, p := range s.Params {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%d", p.Index)
		if p.Field != "" {
			b.WriteString("." + p.Field)
		}
		if p.Variadic {
			b.WriteString("...")
		}
		if p.Struct {
			b.WriteString("{}")
		}
		if p.ID {
			b.WriteString(" id")
		}
		if p.Natural {
			b.WriteString(" natural")
		}
		b.WriteString(" → " + p.Path)
	}
	b.WriteString(")")
	return b.String()
}

// add adds p to s unless s has that parameter already; a parameter found
// to be an id's is upgraded. It reports whether s changed.
func (s *Sink) add(p Param) bool {
	for i, q := range s.Params {
		if q.Index == p.Index && q.Field == p.Field {
			if p.ID && !q.ID {
				s.Params[i] = p
				return true
			}
			return false
		}
	}
	s.Params = append(s.Params, p)
	return true
}

// Source is the fact that a function returns a request value read under
// the key its parameter Key names, as it is: a service's own accessor,
// request.RouteStringParam(r, "id") wrapping r.PathValue(param) or
// mux.Vars(r)[param], directly or through another such function. A
// call of it with a constant key is a request read.
type Source struct {
	Key int
}

// AFact marks Source as a fact.
func (*Source) AFact() {}

// String shows the fact in analysistest output, as source(key N).
func (s *Source) String() string { return fmt.Sprintf("source(key %d)", s.Key) }

// value is where an expression's text came from.
type value struct {
	src   string // the request read, `PathValue("id")`; "" for a parameter
	param int    // the index of the parameter of the analysed function, or -1
	id    bool   // the key, or a name on the way, is an id's (rule.IDName)
	// other says that the key names something else than an id of ours
	// (otherKey): no name on the way makes the value an id.
	other bool
	// uuid says that the key is a UUID's or a GUID's: id.Parse would
	// refuse the value, so the message does not advise it.
	uuid bool
	// natural says that the parameter is named as a natural key.
	natural bool
	// field is the parameter's field the value is, when param is a
	// struct passed to the analysed function (page.ID).
	field string
}

// reported reports whether a request value v reaching a query at a site
// whose names on the way say id (siteID) is reported.
func (v value) reported(siteID bool) bool {
	return v.src != "" && !v.other && (v.id || siteID)
}

// site is an expression that reaches a query as a value.
type site struct {
	arg  ast.Expr
	path string // the query, or the calls to it
	id   bool   // a parameter on the way is named as an id
	// other: a parameter or column on the way is a natural key's
	// (naturalName): the value is looked up as that, not as an id.
	other bool
	// uuid: the placeholder's column is a UUID's: no id.Parse advice.
	uuid bool
	// field: arg is a struct whose field of that name reaches the query.
	field string
	// variadic, for a call with ...: arg is the slice passed whole.
	variadic bool
}

// fieldKey is a field of a local struct variable.
type fieldKey struct {
	v     *types.Var
	field string
}

type checker struct {
	pass *analysis.Pass
	defs *flow.Defs
	// sources are the functions of this package, and the imported ones
	// looked up, that return a request value read under a parameter.
	sources map[*types.Func]*Source
	// decoders are the functions of this package, and the imported ones
	// looked up, that decode a request body into a parameter (helper.go).
	decoders map[*types.Func]*Decoder
	// parsed maps a variable to where it is parsed (passed to a parser)
	// or replaced by the text of a parsed value; at is the query being
	// looked at: a variable parsed before it is not followed.
	parsed map[parsedKey][]token.Pos
	at     token.Pos
	// decoded are the local variables a request body is decoded into;
	// ranges maps a range statement's value variable to what it ranges
	// over.
	decoded map[*types.Var]string // "JSON body", or the binding method
	ranges  map[*types.Var]ast.Expr
	// checked are the request reads checked before use (guard.go);
	// uuidKeys the values matched against a UUID pattern.
	checked  []checkedRead
	uuidKeys map[parsedKey]bool
	// fieldDefs maps a local struct variable's field to the values
	// assigned to it (x.F = v); lits maps a local variable to the function
	// literal it holds (run := func(id string) {…}), and litFacts such a
	// variable to the parameters of the literal that reach a query.
	fieldDefs map[fieldKey][]ast.Expr
	lits      map[*types.Var]*ast.FuncLit
	litFacts  map[*types.Var]*Sink
	facts     map[*types.Func]*Sink // this package's, and the imported ones looked up
	params    map[*types.Var]int    // the parameters of the function whose facts are computed
	vararg    *types.Var            // its final ...T parameter, if any
	// validatorsOnly: findGuards, run before the facts, counts only
	// parsers and validators by name (validator.Validate.Struct).
	validatorsOnly bool
}

// handlerPaths are the packages one of which a package must reach for a
// request value to be read in it.
var handlerPaths = []string{"net/http", "github.com/gin-gonic/gin", "github.com/labstack/echo/", "github.com/gofiber/fiber/", "github.com/julienschmidt/httprouter", "github.com/valyala/fasthttp", "github.com/go-ozzo/ozzo-routing"}

// jsonPaths are the packages one of which a package must reach for a
// function of it to decode a request body into a parameter (helper.go).
var jsonPaths = []string{"encoding/json", "encoding/json/v2"}

func run(pass *analysis.Pass) (any, error) {
	path := pass.Pkg.Path()
	if listed(path) {
		return nil, nil
	}
	handlers := reach.Of(pass).Reaches(handlerPaths...)
	queries := reach.Of(pass).Reaches(slices.Concat(sinkPaths, declared.paths())...)
	jsonHelpers := reach.Of(pass).Reaches(jsonPaths...)
	if !handlers && !queries && !jsonHelpers {
		return nil, nil
	}
	c := &checker{pass: pass, defs: flow.New(pass.TypesInfo, pass.Files), facts: make(map[*types.Func]*Sink), sources: make(map[*types.Func]*Source), decoders: make(map[*types.Func]*Decoder)}
	if handlers {
		c.computeSources()
	}
	if handlers || jsonHelpers {
		c.computeDecoders()
	}
	if !queries {
		return nil, nil
	}
	c.findParsed()
	c.findDecoded()
	c.findFieldsAndLits()
	// A function that validates a parameter, by a validator's name, and
	// returns on failure before its query does not pass it on unchecked.
	c.validatorsOnly = true
	c.findGuards()
	c.validatorsOnly = false
	c.computeFacts()
	if !reach.Of(pass).Reaches(handlerPaths...) {
		return nil, nil
	}
	scope, ok := rule.NewScope(pass, &cfg)
	if !ok {
		return nil, nil
	}
	c.params, c.vararg = nil, nil
	c.findGuards()
	for _, f := range scope.Files(pass) {
		ast.Inspect(f, func(n ast.Node) bool {
			for _, s := range c.sites(n) {
				if s.variadic {
					continue
				}
				c.at = s.arg.Pos()
				v, ok := c.siteValue(s)
				if !ok || s.other || !v.reported(s.id) {
					continue
				}
				if v.uuid || s.uuid {
					scope.Reportf(pass, s.arg.Pos(), "%s reaches %s unparsed (KEYS-5)", v.src, s.path)
				} else {
					scope.Reportf(pass, s.arg.Pos(), "%s reaches %s unparsed (KEYS-5): parse it with id.Parse and pass the id", v.src, s.path)
				}
			}
			return true
		})
	}
	return nil, nil
}

// computeFacts finds, to a fixed point over the package's functions, the
// parameters each passes to a query unparsed, and exports them.
func (c *checker) computeFacts() {
	type fn struct {
		typ  *ast.FuncType
		body *ast.BlockStmt
		obj  *types.Func // nil for a function literal
		// fact returns the Sink of the function, made if it is nil.
		fact func() *Sink
	}
	var fns []fn
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				fns = append(fns, fn{fd.Type, fd.Body, obj, func() *Sink {
					if c.facts[obj] == nil {
						c.facts[obj] = new(Sink)
					}
					return c.facts[obj]
				}})
			}
		}
	}
	for v, lit := range c.lits {
		fns = append(fns, fn{lit.Type, lit.Body, nil, func() *Sink {
			if c.litFacts[v] == nil {
				c.litFacts[v] = new(Sink)
			}
			return c.litFacts[v]
		}})
	}
	ifaces := c.interfaceMethods()
	for changed := true; changed; {
		changed = c.implemented(ifaces)
		for _, f := range fns {
			c.params, c.vararg = make(map[*types.Var]int), nil
			i := 0
			for _, field := range f.typ.Params.List {
				for _, name := range field.Names {
					if v, ok := c.pass.TypesInfo.Defs[name].(*types.Var); ok {
						c.params[v] = i
						if _, ok := field.Type.(*ast.Ellipsis); ok {
							c.vararg = v
						}
					}
					i++
				}
				if len(field.Names) == 0 {
					i++
				}
			}
			if len(c.params) == 0 {
				continue
			}
			ast.Inspect(f.body, func(n ast.Node) bool {
				for _, s := range c.sites(n) {
					if i, ok := c.structParam(s.arg); ok {
						if f.fact().add(Param{Index: i, Struct: true, Path: s.path}) {
							changed = true
						}
						continue
					}
					var v value
					if s.variadic {
						if c.vararg == nil || c.defs.Var(s.arg) != c.vararg {
							continue
						}
						v = value{param: c.params[c.vararg], id: rule.IDName(c.vararg.Name())}
					} else {
						var ok bool
						c.at = s.arg.Pos()
						if v, ok = c.siteValue(s); !ok || v.param < 0 {
							continue
						}
					}
					p := Param{Index: v.param, Field: v.field, Variadic: s.variadic, Path: s.path, ID: v.id || s.id, Natural: v.natural || s.other}
					if f.fact().add(p) {
						changed = true
					}
				}
				return true
			})
		}
	}
	exported := make(map[*types.Func]bool)
	export := func(obj *types.Func) {
		if s := c.facts[obj]; s != nil && !exported[obj] {
			exported[obj] = true
			slices.SortStableFunc(s.Params, func(a, b Param) int {
				if a.Index != b.Index {
					return a.Index - b.Index
				}
				return strings.Compare(a.Field, b.Field)
			})
			c.pass.ExportObjectFact(obj, s)
		}
	}
	for _, f := range fns {
		if f.obj != nil {
			export(f.obj)
		}
	}
	for m := range ifaces {
		export(m)
	}
}

// interfaceMethods maps each method of the package's named interfaces to
// the methods of the package's named types that implement it: a call
// through the interface is taken to reach what those reach, since a
// service's store interface and its implementation usually live in one
// package. Implementations in other packages are not seen.
func (c *checker) interfaceMethods() map[*types.Func][]*types.Func {
	out := make(map[*types.Func][]*types.Func)
	scope := c.pass.Pkg.Scope()
	var ifaces, concrete []*types.Named
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		if _, ok := n.Underlying().(*types.Interface); ok {
			ifaces = append(ifaces, n)
		} else {
			concrete = append(concrete, n)
		}
	}
	for _, in := range ifaces {
		it := in.Underlying().(*types.Interface)
		if it.NumMethods() == 0 {
			continue
		}
		for _, t := range concrete {
			var impl types.Type = t
			if !types.Implements(impl, it) {
				if impl = types.NewPointer(t); !types.Implements(impl, it) {
					continue
				}
			}
			for i := range it.NumMethods() {
				m := it.Method(i)
				if m.Pkg() != c.pass.Pkg {
					continue // an embedded interface's method, of another package
				}
				obj, _, _ := types.LookupFieldOrMethod(impl, false, c.pass.Pkg, m.Name())
				if f, ok := obj.(*types.Func); ok && f.Pkg() == c.pass.Pkg {
					out[m] = append(out[m], f)
				}
			}
		}
	}
	return out
}

// implemented merges the facts of the implementations into their
// interfaces' methods, and reports whether any changed.
func (c *checker) implemented(ifaces map[*types.Func][]*types.Func) bool {
	changed := false
	for m, impls := range ifaces {
		for _, f := range impls {
			s := c.facts[f]
			if s == nil {
				continue
			}
			if c.facts[m] == nil {
				c.facts[m] = new(Sink)
			}
			for _, p := range s.Params {
				q := p
				q.Path = rule.Func(f) + " → " + p.Path
				if c.facts[m].add(q) {
					changed = true
				}
			}
		}
	}
	return changed
}

// fact returns the Sink fact of f, of this package or imported, or nil.
func (c *checker) fact(f *types.Func) *Sink {
	return cachedFact(c.pass, c.facts, f)
}

// cachedFact returns the fact of type *F of f, of this package (as its
// analysis exported it so far) or imported, or nil, remembering each
// import in cache.
func cachedFact[F any, PF interface {
	*F
	analysis.Fact
}](pass *analysis.Pass, cache map[*types.Func]PF, f *types.Func) PF {
	f = f.Origin()
	if s, ok := cache[f]; ok || f.Pkg() == pass.Pkg {
		return s
	}
	s := PF(new(F))
	if !pass.ImportObjectFact(f, s) {
		s = nil
	}
	cache[f] = s
	return s
}

// sites returns the expressions that n passes to a query: the arguments
// of a listed query method or function, or of a function with a Sink fact
// at its parameters, and the values of a builder's map literal.
func (c *checker) sites(n ast.Node) []site {
	switch n := n.(type) {
	case *ast.CallExpr:
		f := c.defs.Callee(n)
		if f == nil {
			// A local variable holding a function literal.
			if v := c.defs.Var(n.Fun); v != nil && c.litFacts[v] != nil {
				return c.factSites(n, c.litFacts[v], v.Name())
			}
			return nil
		}
		var out []site
		if sink(f) {
			text, first, hasText := c.sqlText(n, f)
			for i, a := range n.Args {
				s := site{arg: a, path: rule.Func(f), variadic: n.Ellipsis.IsValid() && i == len(n.Args)-1}
				if s.variadic {
					// args = append(args, v); Exec(q, args...): each v.
					for _, e := range c.appended(a) {
						out = append(out, site{arg: e, path: rule.Func(f)})
					}
				}
				if hasText && i >= first {
					// The placeholder's column names the value.
					col := sqlcol.Column(text, i-first+1)
					s.id, s.other, s.uuid = rule.IDName(col) || rule.HexKeyName(col), naturalName(col), uuidName(col)
				}
				out = append(out, s)
				out = append(out, c.fields(a, rule.Func(f))...)
			}
			return out
		}
		if declared.match(f) {
			params := f.Signature().Params()
			for i, a := range n.Args {
				id := false
				if params.Len() > 0 {
					id = rule.IDName(params.At(min(i, params.Len()-1)).Name())
				}
				out = append(out, site{arg: a, path: rule.Func(f), id: id, variadic: n.Ellipsis.IsValid() && i == len(n.Args)-1})
			}
			return out
		}
		return c.factSites(n, c.fact(f), rule.Func(f))
	case *ast.CompositeLit:
		name := sinkMap(c.pass.TypesInfo, n)
		if name == "" {
			return nil
		}
		var out []site
		for _, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				k, _ := c.key(kv.Key)
				out = append(out, site{arg: kv.Value, path: name, id: rule.IDName(k)})
			}
		}
		return out
	}
	return nil
}

// factSites returns the arguments of call that reach a query by the Sink
// s of its callee, which name names.
func (c *checker) factSites(call *ast.CallExpr, s *Sink, name string) []site {
	if s == nil {
		return nil
	}
	var out []site
	for i, a := range call.Args {
		for _, p := range s.Params {
			if p.Struct {
				if i == p.Index {
					out = append(out, c.fields(a, name+" → "+p.Path)...)
				}
				continue
			}
			if p.Field != "" {
				if i == p.Index {
					out = append(out, site{arg: a, field: p.Field, path: name + " → " + p.Path, id: p.ID, other: p.Natural, uuid: c.uuidTag(a, p.Field)})
				}
				continue
			}
			if i == p.Index || p.Variadic && i > p.Index {
				out = append(out, site{
					arg: a, path: name + " → " + p.Path, id: p.ID, other: p.Natural,
					variadic: p.Variadic && call.Ellipsis.IsValid() && i == len(call.Args)-1,
				})
			}
		}
	}
	return out
}

// uuidTag reports whether the field name of the struct a points to has
// a validate tag that accepts UUIDs (validate:"required,uuid"), which
// id.Parse refuses: no id.Parse advice.
func (c *checker) uuidTag(a ast.Expr, name string) bool {
	t := c.pass.TypesInfo.TypeOf(a)
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			for _, w := range strings.Split(reflect.StructTag(st.Tag(i)).Get("validate"), ",") {
				if strings.HasPrefix(w, "uuid") {
					return true
				}
			}
		}
	}
	return false
}

// appended returns the values appended to the local slice e
// (args = append(args, v)) and those of its literal (args := []any{v}).
func (c *checker) appended(e ast.Expr) []ast.Expr {
	defs, ok := c.defs.Of(e)
	if !ok {
		return nil
	}
	var out []ast.Expr
	for _, d := range defs {
		switch x := ast.Unparen(d.Expr).(type) {
		case *ast.CallExpr:
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "append" && c.pass.TypesInfo.Uses[id] == types.Universe.Lookup("append") && !x.Ellipsis.IsValid() && len(x.Args) > 1 {
				out = append(out, x.Args[1:]...)
			}
		case *ast.CompositeLit:
			out = append(out, x.Elts...)
		}
	}
	return out
}

// siteValue returns where the value that s passes came from: its
// argument's text, or the field s.field of the struct it passes (a
// parameter's field, or a local variable's).
func (c *checker) siteValue(s site) (value, bool) {
	if s.field == "" {
		return c.taint(s.arg, 0, make(map[*types.Var]bool))
	}
	x := pointee(s.arg)
	if lit, ok := x.(*ast.CompositeLit); ok {
		return c.litField(lit, s.field, make(map[*types.Var]bool), 0)
	}
	if v := c.defs.Var(x); v != nil {
		if i, ok := c.params[v]; ok && v != c.vararg {
			if c.parsedBefore(v) {
				return value{}, false
			}
			return value{param: i, field: s.field, id: rule.IDName(s.field), natural: naturalName(s.field)}, true
		}
	}
	return c.fieldOf(s.arg, s.field, make(map[*types.Var]bool))
}

// structParam returns the index of the parameter of the function whose
// facts are computed that e is, or whose address e is, when it is a
// struct.
func (c *checker) structParam(e ast.Expr) (int, bool) {
	e = pointee(e)
	v := c.defs.Var(e)
	if v == nil {
		return 0, false
	}
	i, ok := c.params[v]
	if !ok {
		return 0, false
	}
	_, isStruct := v.Type().Underlying().(*types.Struct)
	return i, isStruct
}

// fields returns the keyed field values of a struct literal (or its
// address) passed to a query: GORM's db.Where(&User{ID: v}).
func (c *checker) fields(e ast.Expr, path string) []site {
	e = pointee(e)
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	if _, ok := c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Struct); !ok {
		return nil
	}
	var out []site
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				out = append(out, site{arg: kv.Value, path: path, id: rule.IDName(k.Name)})
			}
		}
	}
	return out
}

// textual reports whether an argument of type t can carry a request
// value: a string or []byte (flow.Textual), or an interface without
// methods such as any, where what was stored in it is looked at.
func textual(t types.Type) bool {
	if t == nil {
		return false
	}
	if i, ok := t.Underlying().(*types.Interface); ok {
		return i.NumMethods() == 0 // any can hold a string; context.Context cannot
	}
	return flow.Textual(t)
}

// runes reports whether t is []rune: string([]rune(r.URL.Path)[n:]) is
// the same text as the path it converts.
func runes(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Int32
}

// key returns the constant string value of e, if it has one.
func (c *checker) key(e ast.Expr) (string, bool) {
	tv := c.pass.TypesInfo.Types[e]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// taint returns where the text of e (or of its index'th result) came from:
// a request value read under a constant key, or a parameter of the
// function whose facts are computed.
func (c *checker) taint(e ast.Expr, index int, seen map[*types.Var]bool) (value, bool) {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if t := info.TypeOf(e); t != nil {
		if _, tuple := t.(*types.Tuple); !tuple && !textual(t) && !runes(t) {
			return value{}, false
		}
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		if index != 0 {
			// strings.Cut's after: the other results of a strings function
			// that are strings.
			f := c.defs.Callee(e)
			if f == nil || f.Pkg() == nil || f.Pkg().Path() != "strings" || len(e.Args) == 0 ||
				index >= f.Signature().Results().Len() || !flow.Textual(f.Signature().Results().At(index).Type()) {
				return value{}, false
			}
			return c.taint(e.Args[0], 0, seen)
		}
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				return c.taint(e.Args[0], 0, seen)
			}
			return value{}, false
		}
		f := c.defs.Callee(e)
		if f == nil {
			return value{}, false
		}
		if v, ok := c.source(f, e); ok {
			return v, true
		}
		if f.Pkg() != nil && f.Pkg().Path() == "github.com/valyala/fasthttp" && f.Signature().Recv() != nil && recvName(f) == "RequestCtx" && (f.Name() == "Path" || f.Name() == "RequestURI") {
			return value{src: f.Name() + "()", param: -1}, true // fasthttp's raw path
		}
		if decodes(f) && len(e.Args) > 0 {
			return c.taint(e.Args[0], 0, seen)
		}
		if f.Pkg() != nil && f.Signature().Recv() == nil {
			switch path := f.Pkg().Path(); {
			case path == "fmt" && (f.Name() == "Sprintf" || f.Name() == "Sprint" || f.Name() == "Sprintln"):
				for _, a := range e.Args {
					if v, ok := c.taint(a, 0, seen); ok {
						return v, true
					}
				}
			case (path == "strings" || path == "path" && (f.Name() == "Base" || f.Name() == "Clean")) && len(e.Args) > 0 && f.Signature().Results().Len() >= 1 && textual(f.Signature().Results().At(0).Type()):
				return c.taint(e.Args[0], 0, seen)
			}
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			if v, ok := c.taint(e.X, 0, seen); ok {
				return v, true
			}
			return c.taint(e.Y, 0, seen)
		}
	case *ast.SelectorExpr:
		if v, ok := c.rawPath(e); ok {
			return v, true
		}
		if src, pk, ok := c.bodyPath(e, false); ok {
			if c.parsedKeyBefore(pk) {
				return value{}, false
			}
			k, _, _ := c.bodyKey(e, false)
			return keyed(src, k), true
		}
		// A field of a local struct variable: req.UserID.
		return c.field(e, seen)
	case *ast.TypeAssertExpr:
		// ctx.UserValue("id").(string)
		return c.taint(e.X, 0, seen)
	case *ast.StarExpr:
		// *req.CommentID, a decoded body's pointer field.
		if src, pk, ok := c.bodyPath(e, false); ok {
			if c.parsedKeyBefore(pk) {
				return value{}, false
			}
			k, _, _ := c.bodyKey(e, false)
			return keyed(src, k), true
		}
	case *ast.SliceExpr:
		// s[i:], the rest of a raw path; s[:n] is not the value any more.
		if e.High == nil {
			return c.taint(e.X, 0, seen)
		}
	case *ast.IndexExpr:
		// mux.Vars(r)["id"], directly or through a local variable.
		if k, ok := c.key(e.Index); ok && c.muxVars(e.X, make(map[*types.Var]bool)) {
			src := fmt.Sprintf("mux.Vars(…)[%s]", strconv.Quote(k))
			if c.checkedAt(src, e.Pos()) {
				return value{}, false
			}
			return keyed(src, k), true
		}
		if src, pk, ok := c.bodyPath(e, false); ok {
			if c.parsedKeyBefore(pk) {
				return value{}, false
			}
			k, _, _ := c.bodyKey(e, false)
			return keyed(src, k), true
		}
		// An element of a list of request values: r.Form["id"][0],
		// strings.Split(r.URL.Path, "/")[2].
		return c.element(e.X, seen)
	case *ast.Ident:
		v := c.defs.Var(e)
		if v == nil || seen[v] {
			return value{}, false
		}
		if x, ok := c.ranges[v]; ok {
			if c.parsedBefore(v) {
				return value{}, false
			}
			seen[v] = true
			defer delete(seen, v)
			r, ok := c.element(x, seen)
			r.id = r.id || !r.other && rule.IDName(v.Name())
			return r, ok
		}
		if i, ok := c.params[v]; ok && v != c.vararg {
			if c.parsedBefore(v) {
				return value{}, false
			}
			return value{param: i, id: rule.IDName(v.Name()), natural: naturalName(v.Name())}, true
		}
		if c.parsedBefore(v) {
			return value{}, false
		}
		seen[v] = true
		defer delete(seen, v)
		defs, _ := c.defs.Of(e)
		for _, d := range defs {
			if d.Expr == nil {
				continue
			}
			if r, ok := c.taint(d.Expr, d.Index, seen); ok {
				r.id = r.id || !r.other && rule.IDName(v.Name())
				r.uuid = r.uuid || c.uuidKeys[parsedKey{v: v}]
				return r, true
			}
		}
	}
	return value{}, false
}

// parserPrefixes start the (lowercased) names of the functions and
// methods that parse or validate a value passed to them: id.Parse,
// strconv.Atoi, uuid.Parse, uuid.Validate, netip.ParseAddr,
// net.ParseIP, gofrs' uuid.FromString, hex.DecodeString,
// (*regexp.Regexp).MatchString, a service's own isValidUUID.
var parserPrefixes = []string{"parse", "mustparse", "valid", "isvalid", "fromstring", "decode", "unmarshal"}

// parser reports whether f parses or validates its argument.
func parser(f *types.Func) bool {
	if _, ok := decoders[decoderKey(f)]; ok || decodes(f) {
		return false // decodes text, does not check it
	}
	if f.Pkg() != nil && f.Pkg().Path() == "strconv" && f.Name() != "Quote" && !strings.HasPrefix(f.Name(), "Quote") && !strings.HasPrefix(f.Name(), "Format") && !strings.HasPrefix(f.Name(), "Append") && f.Name() != "Itoa" {
		return true
	}
	if f.Pkg() != nil && f.Pkg().Path() == "regexp" && strings.HasPrefix(f.Name(), "Match") {
		return true
	}
	name := strings.ToLower(f.Name())
	for _, p := range parserPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// findParsed records, for each variable, where it is passed to a parser
// (parser: as an argument, or converted to []byte) and where it is
// assigned the text of a parsed value (s = u.String(), u not a string).
func (c *checker) findParsed() {
	c.parsed = make(map[parsedKey][]token.Pos)
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				callee := c.defs.Callee(n)
				if callee == nil || !parser(callee) || callee.Pkg() != nil && callee.Pkg().Path() == "regexp" {
					return true // a regexp checks where its failure returns (guard.go)
				}
				for _, a := range n.Args {
					if k, ok := c.keyOf(a); ok {
						c.parsed[k] = append(c.parsed[k], n.Pos())
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, r := range n.Rhs {
					if c.canonical(r) {
						if k, ok := c.keyOf(n.Lhs[i]); ok {
							c.parsed[k] = append(c.parsed[k], n.Pos())
						}
					}
				}
			}
			return true
		})
	}
}

// findFieldsAndLits records the values assigned to the fields of local
// struct variables (x.F = v), and the local variables that hold a function
// literal and nothing else (run := func(id string) {…}).
func (c *checker) findFieldsAndLits() {
	c.fieldDefs = make(map[fieldKey][]ast.Expr)
	c.lits = make(map[*types.Var]*ast.FuncLit)
	c.litFacts = make(map[*types.Var]*Sink)
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, l := range as.Lhs {
				switch l := ast.Unparen(l).(type) {
				case *ast.SelectorExpr:
					if v := c.defs.Var(l.X); v != nil && as.Tok == token.ASSIGN {
						k := fieldKey{v, l.Sel.Name}
						c.fieldDefs[k] = append(c.fieldDefs[k], as.Rhs[i])
					}
				case *ast.Ident:
					lit, ok := ast.Unparen(as.Rhs[i]).(*ast.FuncLit)
					if !ok {
						continue
					}
					if v := c.defs.Var(l); v != nil {
						if defs, _ := c.defs.Of(l); len(defs) == 1 {
							c.lits[v] = lit
						}
					}
				}
			}
			return true
		})
	}
}

// field returns where the field x.F of a local struct variable x came
// from: a value assigned to it, or the value for F in a composite literal
// assigned to x (x := req{F: v}, x := &req{F: v}, and F of an embedded
// struct's literal, x := &T{Core: Core{ID: v}}); or, for a parameter x of
// the function whose facts are computed, that parameter's field.
func (c *checker) field(e *ast.SelectorExpr, seen map[*types.Var]bool) (value, bool) {
	sel, ok := c.pass.TypesInfo.Selections[e]
	if !ok || sel.Kind() != types.FieldVal {
		return value{}, false
	}
	v := c.defs.Var(e.X)
	if v == nil || seen[v] {
		return value{}, false
	}
	if i, ok := c.params[v]; ok && v != c.vararg {
		if c.parsedBefore(v) || c.parsedKeyBefore(parsedKey{v, e.Sel.Name}) {
			return value{}, false
		}
		return value{param: i, field: e.Sel.Name, id: rule.IDName(e.Sel.Name), natural: naturalName(e.Sel.Name)}, true
	}
	return c.fieldOf(e.X, e.Sel.Name, seen)
}

// fieldOf returns where the field name of the local struct variable x
// (or &x) came from, as field does.
func (c *checker) fieldOf(x ast.Expr, name string, seen map[*types.Var]bool) (value, bool) {
	x = pointee(x)
	v := c.defs.Var(x)
	if v == nil || seen[v] {
		return value{}, false
	}
	if c.parsedBefore(v) || c.parsedKeyBefore(parsedKey{v, name}) {
		return value{}, false // checked as a whole (req.Validate()) or by field
	}
	seen[v] = true
	defer delete(seen, v)
	named := func(r value) value {
		r.id = r.id || !r.other && rule.IDName(name)
		return r
	}
	for _, rhs := range c.fieldDefs[fieldKey{v, name}] {
		if r, ok := c.taint(rhs, 0, seen); ok {
			return named(r), true
		}
	}
	defs, _ := c.defs.Of(x)
	for _, d := range defs {
		e := d.Expr
		if e == nil || d.Index != 0 {
			continue
		}
		e = pointee(e)
		if lit, ok := e.(*ast.CompositeLit); ok {
			if r, ok := c.litField(lit, name, seen, 0); ok {
				return named(r), true
			}
		}
	}
	return value{}, false
}

// litField returns where the value for the field name in a struct
// literal came from, looking into the literals of its embedded structs.
func (c *checker) litField(lit *ast.CompositeLit, name string, seen map[*types.Var]bool, depth int) (value, bool) {
	if depth > 3 {
		return value{}, false
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		k, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if k.Name == name {
			return c.taint(kv.Value, 0, seen)
		}
		if f, ok := c.pass.TypesInfo.Uses[k].(*types.Var); ok && f.Embedded() {
			if inner, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); ok {
				if r, ok := c.litField(inner, name, seen, depth+1); ok {
					return r, true
				}
			}
		}
	}
	return value{}, false
}

// canonical reports whether e is the text of a parsed value: x.String()
// with x not a string ([]byte, an id.ID, a typed id, a uuid.UUID, a
// netip.Addr, a number's type).
func (c *checker) canonical(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "String" {
		return false
	}
	t := c.pass.TypesInfo.TypeOf(sel.X)
	return t != nil && !flow.Textual(t)
}

// parsedBefore reports whether v is parsed, or replaced by a parsed
// value's text, before the query being looked at (c.at).
func (c *checker) parsedBefore(v *types.Var) bool {
	return c.parsedKeyBefore(parsedKey{v: v})
}

// parsedKey is a local variable, or a field of one (path "A.B").
type parsedKey struct {
	v    *types.Var
	path string
}

// keyOf returns the parsedKey that e names: a local variable or a field
// path from one (req.User.ID), through conversions.
func (c *checker) keyOf(e ast.Expr) (parsedKey, bool) {
	e = pointee(e) // &req
	if s, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(s.X) // *req.CommentID
	}
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := c.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() {
			e = ast.Unparen(call.Args[0])
		}
	}
	var fields []string
	for {
		switch x := e.(type) {
		case *ast.Ident:
			v := c.defs.Var(x)
			return parsedKey{v, strings.Join(fields, ".")}, v != nil
		case *ast.SelectorExpr:
			if sel, ok := c.pass.TypesInfo.Selections[x]; !ok || sel.Kind() != types.FieldVal {
				return parsedKey{}, false
			}
			fields = append([]string{x.Sel.Name}, fields...)
			e = ast.Unparen(x.X)
		default:
			return parsedKey{}, false
		}
	}
}

// parsedKeyBefore reports whether k is parsed before c.at.
func (c *checker) parsedKeyBefore(k parsedKey) bool {
	for _, p := range c.parsed[k] {
		if p < c.at {
			return true
		}
	}
	return false
}

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
func (c *checker) source(f *types.Func, call *ast.CallExpr) (value, bool) {
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
	if c.checkedAt(src, call.Pos()) {
		return value{}, false
	}
	return keyed(src, k), true
}

// sourceFact returns the Source fact of f, of this package or imported,
// or nil.
func (c *checker) sourceFact(f *types.Func) *Source {
	return cachedFact(c.pass, c.sources, f)
}

// computeSources finds, to a fixed point, the package's functions that
// return a request value read under one of their parameters, and exports
// them as Source facts.
func (c *checker) computeSources() {
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
func (c *checker) readUnder(e ast.Expr, params map[*types.Var]int, seen map[*types.Var]bool) (int, bool) {
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

// keyed returns the value read as src under the key k.
func keyed(src, k string) value {
	v := value{src: src, param: -1, other: otherKey(k)}
	v.id = !v.other && rule.IDName(k)
	if words := rule.Words(k); len(words) > 0 {
		last := strings.ToLower(words[len(words)-1])
		v.uuid = last == "uuid" || last == "guid"
	}
	return v
}

// naturalWords name what a request key holds when it is not an id: a
// natural key (a slug, a name, a page), a secret or a one-time code, or
// a paging or display option. A key whose last word is one of them is
// not an id's, whatever the names on its way to the query say: a slug
// passed to a store function whose parameter is named id is a natural
// key, which the rules allow.
var naturalWords = map[string]bool{
	"slug": true, "page": true, "code": true, "token": true, "state": true,
	"name": true, "username": true, "login": true, "handle": true, "email": true,
	"alias": true, "title": true, "tag": true, "path": true,
	"secret": true, "password": true, "hash": true, "nonce": true, "otp": true,
	"cursor": true, "search": true, "q": true, "query": true, "lang": true,
	"locale": true, "sort": true, "format": true, "redirect": true, "url": true,
}

// foreignWords, before the last word id of a key, say the id is another
// system's: an OAuth provider's client_id, a remote_user_id.
var foreignWords = map[string]bool{
	"client": true, "remote": true, "provider": true,
	"oauth": true, "openid": true, "social": true, "github": true, "google": true,
	"merchant": true, // a payment provider's
}

// otherKey reports whether the request key k names something other than
// an id of the service: its last word is a natural key's, a secret's or
// an option's (naturalWords), or it is an id's name with a word before
// that says the id is another system's (foreignWords).
func otherKey(k string) bool {
	words := rule.Words(k)
	if len(words) == 0 {
		return false
	}
	if naturalWords[strings.ToLower(words[len(words)-1])] {
		return true
	}
	if rule.IDName(k) {
		for _, w := range words[:len(words)-1] {
			if foreignWords[strings.ToLower(w)] {
				return true
			}
		}
	}
	return false
}

// requestValues reports whether e is r.URL.Query(), r.Form or r.PostForm
// of an *http.Request, directly or through local variables.
func (c *checker) requestValues(e ast.Expr, seen map[*types.Var]bool) bool {
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

// fasthttpArgs returns "QueryArgs" or "PostArgs" when e is that call on a
// fasthttp.RequestCtx, directly or through a local variable, or "".
func (c *checker) fasthttpArgs(e ast.Expr, depth int) string {
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
