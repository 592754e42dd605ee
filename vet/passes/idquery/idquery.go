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
	"golang.org/x/tools/go/ast/astutil"
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
	cfg      = rule.Config{Tests: false} // -idquery.tests: a test is no request path
	declared Sinks
)

func init() {
	rule.Flags(&Analyzer.Flags, &cfg)
	Analyzer.Flags.Var(&columns, "columns", "comma-separated column names that are ids beside id, *_id, *Id, *ID, uuid and *_uuid")
	Analyzer.Flags.Var(&foreign, "foreign", "comma-separated words that make a column another system's id, not the service's (beside external, provider, stripe, …: the words of -idmakers.foreign)")
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
	// ID says that the parameter is bound to an id column (idColumn):
	// a placeholder's column, a condition's, a model's primary key.
	ID bool
	// Col is that column, for messages.
	Col string
	// Bind says that the query does not judge the parameter's type, the
	// caller's argument's is: the parameter is an interface (any), or
	// the function is generated (sqlc's output), where nothing is
	// reported.
	Bind bool
	// Text says that the parameter is the SQL text of the query, whose
	// placeholders bind the values of the variadic parameter after it:
	// a caller's constant text names their columns.
	Text bool
	// Named says that the parameter is the struct or map of a sqlx named
	// query whose text is the Text parameter: a caller's constant text
	// names the fields bound (named.go).
	Named bool
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
		if p.Text {
			b.WriteString(" text")
		}
		if p.Named {
			b.WriteString(" named")
		}
		if p.ID {
			b.WriteString(" id")
		}
		if p.Bind {
			b.WriteString(" bind")
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
			if p.ID && !q.ID || p.Text && !q.Text {
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
	// uuid says that the key is a UUID's or a GUID's: id.Parse would
	// refuse the value, so the message does not advise it.
	uuid bool
	// field is the parameter's field the value is, when param is a
	// struct passed to the analysed function (page.ID).
	field string
}

// site is an expression that reaches a query as a value.
type site struct {
	arg  ast.Expr
	path string // the query, or the calls to it
	id   bool   // the value is bound to an id column (idColumn)
	col  string // that column
	// bind: the query binds arg as it is, so its type is judged here.
	bind bool
	// uuid: the placeholder's column is a UUID's: no id.Parse advice.
	uuid bool
	// model: arg is a model struct (or a pointer to one, or a slice)
	// bound whole (GORM's Create, Where(&cond)): its id fields' types are
	// judged.
	model bool
	// cond: the model is a condition (GORM's Where(&c)), which binds only
	// the fields set: those of its literal, or assigned to its variable.
	cond bool
	// text: arg is the SQL text of the query, not a constant.
	text bool
	// at, when set, is where the finding is reported instead of at arg:
	// the call that binds a value set elsewhere.
	at token.Pos
	// field: arg is a struct whose field of that name reaches the query.
	field string
	// variadic, for a call with ...: arg is the slice passed whole.
	variadic bool
	// named: arg is the struct or map of a named query whose text is not
	// known here (named.go), for the facts.
	named bool
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
	// sawCheck is set when taint meets a value checked before c.at.
	sawCheck bool
	// generated are the package's generated files, by their start.
	generated map[token.Pos]bool
	// paramNames are the parameters of the package's functions.
	paramNames map[*types.Var]bool
	// mwChecks are the request reads each middleware checks (guard.go);
	// decls the package's functions' declarations.
	mwChecks map[*types.Func][]string
	decls    map[*types.Func]*ast.FuncDecl
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
	c.generated, c.paramNames = make(map[token.Pos]bool), make(map[*types.Var]bool)
	for _, f := range pass.Files {
		c.generated[f.FileStart] = ast.IsGenerated(f)
		ast.Inspect(f, func(n ast.Node) bool {
			if ft, ok := n.(*ast.FuncType); ok && ft.Params != nil {
				for _, field := range ft.Params.List {
					for _, name := range field.Names {
						if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok {
							c.paramNames[v] = true
						}
					}
				}
			}
			return true
		})
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
	scope, ok := rule.NewScope(pass, &cfg)
	if !ok {
		return nil, nil
	}
	c.params, c.vararg = nil, nil
	c.findGuards()
	for _, f := range scope.Files(pass) {
		ast.Inspect(f, func(n ast.Node) bool {
			for _, s := range c.sites(n) {
				c.report(scope, s)
			}
			return true
		})
	}
	return nil, nil
}

// report reports the value s binds when its type is not an id's, or when
// it is a request value that reaches the query unparsed.
func (c *checker) report(scope *rule.Scope, s site) {
	if s.variadic || s.text || s.named {
		return
	}
	if s.model {
		c.reportModel(scope, s)
		return
	}
	if !s.id || c.idText(s.arg) {
		return
	}
	c.at, c.sawCheck = s.arg.Pos(), false
	v, ok := c.siteValue(s)
	src := ok && v.src != ""
	if !src && c.sawCheck {
		return // parsed, checked, or an id's text, before the query
	}
	var typ types.Type
	if s.bind {
		if s.field != "" {
			typ = fieldType(c.pass.TypesInfo.TypeOf(s.arg), s.field)
		} else {
			typ = c.boundType(s.arg)
		}
	}
	bad := textType(typ)
	if !bad && !src {
		return
	}
	pos := s.arg.Pos()
	if s.at.IsValid() {
		pos = s.at
	}
	as := "[column " + s.col + "]"
	if bad {
		as = "[column " + s.col + ", bound as " + typeName(typ) + "]"
	}
	switch {
	case src && (v.uuid || s.uuid):
		scope.Reportf(c.pass, pos, "%s reaches %s unparsed (KEYS-5) %s", v.src, s.path, as)
	case src:
		scope.Reportf(c.pass, pos, "%s reaches %s unparsed (KEYS-5): parse it with id.Parse and pass the id %s", v.src, s.path, as)
	case s.field != "":
		then := ""
		if c.paramNames[c.defs.Var(pointee(s.arg))] {
			then = "; its callers then parse at their boundary"
		}
		scope.Reportf(c.pass, pos, "%s binds column %s as %s (KEYS-5): make field %s of %s an id.ID%s", s.path, s.col, typeName(typ), s.field, typeName(elemType(c.pass.TypesInfo.TypeOf(s.arg))), then)
	case c.paramNames[c.defs.Var(s.arg)]:
		scope.Reportf(c.pass, pos, "%s binds column %s as %s (KEYS-5): make parameter %s an id.ID; its callers then parse at their boundary", s.path, s.col, typeName(typ), c.defs.Var(s.arg).Name())
	default:
		scope.Reportf(c.pass, pos, "%s binds column %s as %s (KEYS-5): make the parameter that carries it an id.ID", s.path, s.col, typeName(typ))
	}
}

// reportModel reports the id fields of a model bound whole whose type is
// not an id's: the keyed fields of a literal, every id field otherwise.
func (c *checker) reportModel(scope *rule.Scope, s site) {
	t := c.pass.TypesInfo.TypeOf(s.arg)
	fs := textFields(modelFields(t))
	lit, ok := pointee(s.arg).(*ast.CompositeLit)
	if s.cond && !ok {
		// A condition in a variable set once to a literal binds the fields
		// of the literal and those assigned to the variable; one whose
		// value is not known (a call's result) binds fields not known.
		v := c.defs.Var(pointee(s.arg))
		defs, _ := c.defs.Of(pointee(s.arg))
		var set []ast.Expr // the values set, &cond's unknown one aside
		for _, d := range defs {
			if d.Expr != nil {
				set = append(set, d.Expr)
			}
		}
		if v == nil || c.paramNames[v] || len(set) != 1 {
			return
		}
		if lit, ok = pointee(set[0]).(*ast.CompositeLit); !ok {
			return
		}
		assigned := make(map[string]bool)
		for k := range c.fieldDefs {
			if k.v == v {
				assigned[k.field] = true
			}
		}
		fs = slices.DeleteFunc(fs, func(f modelField) bool {
			if assigned[f.name] {
				return false
			}
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == f.name {
						return false
					}
				}
			}
			return true
		})
		ok = false
	}
	if ok {
		keyed := make(map[string]bool)
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok {
					keyed[k.Name] = true
				}
			}
		}
		if len(lit.Elts) > 0 {
			fs = slices.DeleteFunc(fs, func(f modelField) bool { return !keyed[f.name] })
		} else {
			fs = nil // T{}: no field is set
		}
	}
	if len(fs) == 0 {
		return
	}
	var b strings.Builder
	for i, f := range fs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s (column %s) as %s", f.name, f.column, typeName(f.typ))
	}
	scope.Reportf(c.pass, s.arg.Pos(), "%s binds %s of %s (KEYS-5): make the field an id.ID", s.path, b.String(), typeName(elemType(t)))
}

// elemType returns the type a model value is, through pointers and
// slices.
func elemType(t types.Type) types.Type {
	for {
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		default:
			return t
		}
	}
}

// fieldType returns the type of the field name of the struct t is,
// through pointers and slices.
func fieldType(t types.Type, name string) types.Type {
	if t == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(elemType(t), true, nil, name)
	if v, ok := obj.(*types.Var); ok {
		return v.Type()
	}
	return nil
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
		gen  bool // in a generated file
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
				}, c.generated[f.FileStart]})
			}
		}
	}
	for v, lit := range c.lits {
		fns = append(fns, fn{lit.Type, lit.Body, nil, func() *Sink {
			if c.litFacts[v] == nil {
				c.litFacts[v] = new(Sink)
			}
			return c.litFacts[v]
		}, false})
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
					if i, ok := c.structParam(s.arg); ok && s.model {
						if f.fact().add(Param{Index: i, Struct: true, Path: s.path}) {
							changed = true
						}
						continue
					}
					if s.model {
						continue
					}
					var p Param
					switch {
					case s.text:
						v := c.defs.Var(s.arg)
						i, ok := c.params[v]
						if v == nil || !ok || v == c.vararg {
							continue
						}
						p = Param{Index: i, Text: true, Path: s.path}
					case s.named:
						v := c.defs.Var(pointee(s.arg))
						i, ok := c.params[v]
						if v == nil || !ok || v == c.vararg {
							continue
						}
						p = Param{Index: i, Named: true, Path: s.path}
					case s.variadic:
						if c.vararg == nil || c.defs.Var(s.arg) != c.vararg {
							continue
						}
						p = Param{Index: c.params[c.vararg], Variadic: true, Path: s.path, Bind: true}
					default:
						c.at = s.arg.Pos()
						v, ok := c.siteValue(s)
						if (!ok || v.param < 0) && f.gen && s.id {
							// Generated code binds its parameters as they
							// are, whatever their type (sqlc's uuid.UUID).
							v, ok = c.directParam(s)
						}
						if !ok || v.param < 0 {
							continue
						}
						bind := f.gen || s.bind && v.field == "" && types.IsInterface(c.pass.TypesInfo.TypeOf(s.arg))
						p = Param{Index: v.param, Field: v.field, Path: s.path, ID: s.id, Col: s.col, Bind: bind}
					}
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
		if namedCall(f) {
			return c.namedSites(n, f, rule.Func(f))
		}
		if sink(f) {
			if out, ok := c.ormSites(n, f); ok {
				return out
			}
			text, first, hasText := c.sqlText(n, f)
			return c.textSites(n, f, rule.Func(f), text, first, hasText)
		}
		if declared.match(f) {
			var out []site
			params := f.Signature().Params()
			for i, a := range n.Args {
				col := ""
				if params.Len() > 0 {
					col = params.At(min(i, params.Len()-1)).Name()
				}
				out = append(out, site{arg: a, path: rule.Func(f), id: rule.IDName(col), col: col, bind: true, variadic: n.Ellipsis.IsValid() && i == len(n.Args)-1})
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
				out = append(out, c.colSite(kv.Value, name, k))
			}
		}
		return out
	}
	return nil
}

// colSite returns the site of a value bound to the column col.
func (c *checker) colSite(arg ast.Expr, path, col string) site {
	return site{arg: arg, path: path, id: c.idCol("", col), col: col, bind: true, uuid: c.uuidCol("", col)} // schema.go
}

// textSites returns the arguments of a query call whose SQL text (when
// hasText) binds the argument first to its first placeholder: each
// argument after it is bound to its placeholder's column; a struct
// literal's fields to theirs; a variadic slice's literal or appended
// values, in their order, to theirs; a text argument that is not
// constant is a site of its own (text), for the facts.
func (c *checker) textSites(n *ast.CallExpr, f *types.Func, path, text string, first int, hasText bool) []site {
	var out []site
	textArg := -1
	if !hasText && f != nil {
		if textArg = textParam(f, len(n.Args)); textArg >= 0 {
			first = textArg + 1
		}
	}
	for i, a := range n.Args {
		if i == textArg {
			out = append(out, site{arg: a, path: path, text: true})
			out = append(out, c.builtText(a, path)...)
			continue
		}
		s := site{arg: a, path: path, bind: true, variadic: n.Ellipsis.IsValid() && i == len(n.Args)-1}
		if s.variadic {
			// args = append(args, v); Exec(q, args...): each v.
			for k, e := range c.appended(a) {
				col := ""
				if hasText && k.ordered {
					col = sqlcol.Column(text, i-first+1+k.index)
				}
				if col == "" {
					col = c.fragmentColumn(e)
				}
				out = append(out, c.colSite(e, path, col))
			}
		}
		if hasText && i >= first {
			col := sqlcol.Column(text, i-first+1)
			s.id, s.col, s.uuid = c.idCol(text, col), col, c.uuidCol(text, col) // schema.go
		}
		out = append(out, s)
		out = append(out, c.fields(a, path)...)
	}
	return out
}

// textParam returns the index of the first of f's parameters, among the
// nargs a call passes, that is declared as a string: the SQL text of a
// query whose text is not constant; or -1.
func textParam(f *types.Func, nargs int) int {
	params := f.Signature().Params()
	for i := range min(nargs, params.Len()) {
		if b, ok := params.At(i).Type().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return i
		}
	}
	return -1
}

// builtText returns the values written into SQL text built at run time
// by + or fmt.Sprintf, each bound to the column before it in the
// constant text around it ("… WHERE id = '" + v + "'").
func (c *checker) builtText(e ast.Expr, path string) []site {
	var parts []ast.Expr
	var flatten func(ast.Expr)
	flatten = func(e ast.Expr) {
		if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.ADD {
			flatten(b.X)
			flatten(b.Y)
			return
		}
		parts = append(parts, e)
	}
	if defs, ok := c.defs.Of(e); ok && len(defs) == 1 && defs[0].Expr != nil && defs[0].Index == 0 {
		e = defs[0].Expr // q := fmt.Sprintf(…); db.Query(q)
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		if f := c.defs.Callee(call); rule.PkgFunc(f, "fmt", "Sprintf") && len(call.Args) > 1 {
			format, ok := c.key(call.Args[0])
			if !ok {
				return nil
			}
			var out []site
			for i, a := range call.Args[1:] {
				before, ok := verbPrefix(format, i)
				if !ok {
					break
				}
				out = append(out, textValue(c.colSite(a, path, textColumn(before))))
			}
			return out
		}
	}
	flatten(e)
	if len(parts) < 2 {
		return nil
	}
	var out []site
	prefix, known := "", true
	for _, p := range parts {
		if k, ok := c.key(p); ok {
			prefix += k
			continue
		}
		if known {
			out = append(out, textValue(c.colSite(p, path, textColumn(prefix))))
		}
		known = false // the text after a value not constant is not known
	}
	return out
}

// textValue marks s as a value written into SQL text: its type is no
// evidence (a helper's placeholder text is a string too), so it is
// reported only when it is a request value.
func textValue(s site) site {
	s.bind = false
	return s
}

// textColumn returns the column SQL text ending in "… col = '" binds the
// value written after it to.
func textColumn(prefix string) string {
	return sqlcol.Column(strings.TrimRight(prefix, "'\" ")+" $999999", 999999)
}

// verbPrefix returns the text of format before its n'th verb (0-based).
func verbPrefix(format string, n int) (string, bool) {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			i++
			continue
		}
		if n == 0 {
			return format[:i], true
		}
		n--
	}
	return "", false
}

// factSites returns the arguments of call that reach a query by the Sink
// s of its callee, which name names.
func (c *checker) factSites(call *ast.CallExpr, s *Sink, name string) []site {
	if s == nil {
		return nil
	}
	text, hasText := "", false
	for _, p := range s.Params {
		if p.Text && p.Index < len(call.Args) {
			text, hasText = c.constString(call.Args[p.Index])
		}
	}
	var out []site
	for i, a := range call.Args {
		for _, p := range s.Params {
			path := name + " → " + p.Path
			switch {
			case p.Text:
				if i == p.Index && !hasText {
					// Text this function does not know either: its
					// own callers' (a wrapper over a wrapper).
					out = append(out, site{arg: a, path: path, text: true})
				}
			case p.Named:
				switch {
				case i != p.Index:
				case hasText:
					out = append(out, c.namedArgSites(a, path, text)...)
				default:
					out = append(out, site{arg: a, path: path, named: true})
				}
			case p.Struct:
				if i == p.Index {
					out = append(out, c.fields(a, path)...)
				}
			case p.Field != "":
				if i == p.Index {
					out = append(out, site{arg: a, field: p.Field, path: path, id: p.ID, col: p.Col, bind: p.Bind, uuid: c.uuidTag(a, p.Field) || uuidColumn(p.Col)})
				}
			case p.Variadic && i >= p.Index:
				variadic := call.Ellipsis.IsValid() && i == len(call.Args)-1
				col := ""
				if hasText && !variadic {
					col = sqlcol.Column(text, i-p.Index+1)
				}
				st := c.colSite(a, path, col)
				st.variadic = variadic
				out = append(out, st)
			case i == p.Index:
				out = append(out, site{arg: a, path: path, id: p.ID, col: p.Col, bind: p.Bind, uuid: uuidColumn(p.Col)})
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

// appendedAt is the place of a value appended to a slice passed with
// ...: its index among the slice's values, known (ordered) when the
// slice is one literal or is built by appends in one block.
type appendedAt struct {
	index   int
	ordered bool
}

// appended returns the values appended to the local slice e
// (args = append(args, v)) and those of its literal (args := []any{v}),
// each with its place.
func (c *checker) appended(e ast.Expr) map[appendedAt]ast.Expr {
	defs, ok := c.defs.Of(e)
	if !ok {
		return nil
	}
	out := make(map[appendedAt]ast.Expr)
	n, literals, others := 0, 0, 0
	defs = slices.Clone(defs)
	slices.SortFunc(defs, func(a, b flow.Def) int {
		if a.Expr == nil || b.Expr == nil {
			return 0
		}
		return int(a.Expr.Pos() - b.Expr.Pos())
	})
	for _, d := range defs {
		switch x := ast.Unparen(d.Expr).(type) {
		case *ast.CallExpr:
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "append" && c.pass.TypesInfo.Uses[id] == types.Universe.Lookup("append") && !x.Ellipsis.IsValid() && len(x.Args) > 1 {
				for _, a := range x.Args[1:] {
					out[appendedAt{index: n}] = a
					n++
				}
			}
		case *ast.CompositeLit:
			literals++
			for _, a := range x.Elts {
				out[appendedAt{index: n}] = a
				n++
			}
		default:
			if d.Expr != nil {
				others++
			}
		}
	}
	if literals <= 1 && others == 0 {
		// One literal, or appends in their order (a conditional append
		// would shift the places after it: a limit of this reading).
		ordered := make(map[appendedAt]ast.Expr, len(out))
		for k, v := range out {
			ordered[appendedAt{k.index, true}] = v
		}
		return ordered
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
			return value{param: i, field: s.field}, true
		}
	}
	return c.fieldOf(s.arg, s.field, make(map[*types.Var]bool))
}

// directParam returns the parameter, or the parameter's field, that s
// binds as it is (id, arg.ID), whatever its type.
func (c *checker) directParam(s site) (value, bool) {
	e, field := ast.Unparen(s.arg), s.field
	if sel, ok := e.(*ast.SelectorExpr); ok && field == "" {
		e, field = ast.Unparen(sel.X), sel.Sel.Name
	}
	v := c.defs.Var(e)
	i, ok := c.params[v]
	if v == nil || !ok || v == c.vararg {
		return value{}, false
	}
	return value{param: i, field: field}, true
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
// address) passed to a query: GORM's db.Where(&User{ID: v}), each bound
// to its field's column.
func (c *checker) fields(e ast.Expr, path string) []site {
	e = pointee(e)
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	st, ok := c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []site
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				col, pk := snake(k.Name), false
				for i := range st.NumFields() {
					if st.Field(i).Name() == k.Name {
						col, pk = column(k.Name, reflect.StructTag(st.Tag(i)))
					}
				}
				s := c.colSite(kv.Value, path, col)
				s.id = s.id || pk && k.Name == "ID" // the model's primary key
				out = append(out, s)
			}
		}
	}
	return out
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
		if v, ok := c.rpcField(e); ok {
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
		if v, ok := c.rpcField(e); ok {
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
			return r, ok
		}
		if i, ok := c.params[v]; ok && v != c.vararg {
			if c.parsedBefore(v) {
				return value{}, false
			}
			return value{param: i}, true
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
		return value{param: i, field: e.Sel.Name}, true
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
	for _, rhs := range c.fieldDefs[fieldKey{v, name}] {
		if r, ok := c.taint(rhs, 0, seen); ok {
			return r, true
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
				return r, true
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
			c.sawCheck = true
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

// keyed returns the value read as src under the key k; a key whose last
// word is uuid or guid holds a UUID, which id.Parse refuses.
func keyed(src, k string) value {
	return value{src: src, param: -1, uuid: uuidColumn(k)}
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

// rpcField returns the request field e reads when it is a field of an
// RPC request message, or its getter (req.Msg.UserId, req.GetUserId()):
// a protobuf message (it has ProtoReflect) reached from a parameter of
// the function (a gRPC method's request, connect's *connect.Request[T]).
func (c *checker) rpcField(e ast.Expr) (value, bool) {
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
	if c.checkedAt(src, e.Pos()) {
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

// fragmentColumn returns the column of a value appended to a query's
// arguments beside the SQL fragment that binds it, when the text is built
// at run time from fragments: where, args = append(where, "uid = ?"),
// append(args, v); or the fragment appended in the statement before
// (before the loop that appends the values of an IN list).
func (c *checker) fragmentColumn(e ast.Expr) string {
	var file *ast.File
	for _, f := range c.pass.Files {
		if f.FileStart <= e.Pos() && e.Pos() < f.FileEnd {
			file = f
		}
	}
	if file == nil {
		return ""
	}
	path, _ := astutil.PathEnclosingInterval(file, e.Pos(), e.End())
	var stmt ast.Stmt
	for i, n := range path {
		st, ok := n.(ast.Stmt)
		if !ok {
			continue
		}
		stmt = st
		if col := c.fragmentIn(st, e); col != "" {
			return col
		}
		// The statement before, in its block; out of a loop whose body
		// holds only this statement.
		for j := i + 1; j < len(path); j++ {
			switch b := path[j].(type) {
			case *ast.BlockStmt:
				if k := slices.Index(b.List, stmt); k > 0 {
					return c.fragmentIn(b.List[k-1], nil)
				} else if k == 0 && len(b.List) == 1 && j+1 < len(path) {
					switch path[j+1].(type) {
					case *ast.RangeStmt, *ast.ForStmt:
						stmt = path[j+1].(ast.Stmt)
						continue
					}
				}
				return ""
			}
		}
		return ""
	}
	return ""
}

// fragmentIn returns the column of the SQL fragment appended in st
// (append(where, "col = ?")), other than the append of skip.
func (c *checker) fragmentIn(st ast.Stmt, skip ast.Expr) string {
	as, ok := st.(*ast.AssignStmt)
	if !ok {
		return ""
	}
	for _, r := range as.Rhs {
		call, ok := ast.Unparen(r).(*ast.CallExpr)
		if !ok || len(call.Args) != 2 || skip != nil && ast.Node(call.Args[1]) == skip {
			continue
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || id.Name != "append" {
			continue
		}
		if col := c.fragmentText(call.Args[1]); col != "" {
			return col
		}
	}
	return ""
}

// fragmentText returns the column the last placeholder of a fragment
// binds: constant text ("col = ?", "col IN (" + …), or fmt.Sprintf's
// ("col = $%d").
func (c *checker) fragmentText(e ast.Expr) string {
	if k, ok := c.key(e); ok {
		return sqlcol.Column(k, strings.Count(k, "?"))
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		if k, ok := c.key(x.X); ok && x.Op == token.ADD {
			return textColumn(k)
		}
		if b, ok := ast.Unparen(x.X).(*ast.BinaryExpr); ok && x.Op == token.ADD {
			return c.fragmentText(b)
		}
	case *ast.CallExpr:
		if f := c.defs.Callee(x); rule.PkgFunc(f, "fmt", "Sprintf") && len(x.Args) > 0 {
			if k, ok := c.key(x.Args[0]); ok && strings.Contains(k, "$%d") {
				return sqlcol.Column(strings.Replace(k, "$%d", "$999999", 1), 999999)
			}
		}
	}
	return ""
}
