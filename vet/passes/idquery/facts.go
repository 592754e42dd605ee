package idquery

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
)

// sinks computes the facts: which parameters of each function, and of
// each function literal held in a variable, reach a query.
type sinks struct {
	*pkg
	t *tracer
	q *finder
	// facts are this package's, and the imported ones looked up;
	// litFacts maps a variable holding a function literal to the
	// parameters of the literal that reach a query.
	facts    map[*types.Func]*Sink
	litFacts map[*types.Var]*Sink
	// generated are the package's generated files, by their start.
	generated map[token.Pos]bool
}

// The facts: Sink, a function of the program that passes its
// parameters to a query, computed to a fixed point over the package and
// exported; Source, a service's own request accessor.

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
	// Model says that the parameter, an interface (any, or a type
	// parameter), is a model bound whole (func Create(data any) calling
	// GORM's Create(data)): a caller's model is judged as the query's;
	// Cond, that it is a condition (Where(cond)), which binds only the
	// fields set.
	Model, Cond bool
	// PK says that the model binds its primary key alone (func
	// Delete(data any) calling GORM's Delete(data)).
	PK bool
	// ColParam, when not 0, is 1 + the index of the string parameter
	// whose text is the column the parameter is bound to (func
	// Equal(field string, value T) querying fmt.Sprintf("%s = ?",
	// field)): a caller's constant names the column.
	ColParam int
	// Place, when not 0, says that the parameter is bound to placeholder
	// Place (1-based) of the query whose text is the Text parameter (func
	// exec(q string, v string) calling db.Exec(q, v)): a caller's constant
	// text names its column.
	Place int
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
		for _, flag := range []struct {
			on   bool
			text string
		}{
			{p.Variadic, "..."}, {p.Struct, "{}"}, {p.Model, " model"}, {p.Cond, " cond"}, {p.PK, " pk"},
			{p.Text, " text"}, {p.Named, " named"}, {p.ID, " id"}, {p.Bind, " bind"},
		} {
			if flag.on {
				b.WriteString(flag.text)
			}
		}
		if p.ColParam > 0 {
			fmt.Fprintf(&b, " column %d", p.ColParam-1)
		}
		if p.Place > 0 {
			fmt.Fprintf(&b, " place %d", p.Place)
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
			if p.rank() > q.rank() {
				s.Params[i] = p
				return true
			}
			return false
		}
	}
	s.Params = append(s.Params, p)
	return true
}

// rank orders what a parameter is found to be, for add's upgrades: an
// id's column known here, then SQL text, a model, a column named by the
// caller, and a placeholder in the caller's text. An upgrade only goes
// up, so two uses of one parameter cannot undo each other's and the
// facts reach their fixed point.
func (p Param) rank() int {
	r := 0
	for _, on := range []bool{p.ID, p.Text, p.Model, p.ColParam > 0, p.Place > 0} {
		r <<= 1
		if on {
			r |= 1
		}
	}
	return r
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

// computeFacts finds, to a fixed point over the package's functions, the
// parameters each passes to a query unparsed, and exports them.
func (c *sinks) computeFacts() {
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
	for v, lit := range c.t.lits {
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
			c.t.params, c.t.vararg = make(map[*types.Var]int), nil
			i := 0
			for _, field := range f.typ.Params.List {
				for _, name := range field.Names {
					if v, ok := c.pass.TypesInfo.Defs[name].(*types.Var); ok {
						c.t.params[v] = i
						if _, ok := field.Type.(*ast.Ellipsis); ok {
							c.t.vararg = v
						}
					}
					i++
				}
				if len(field.Names) == 0 {
					i++
				}
			}
			if len(c.t.params) == 0 {
				continue
			}
			ast.Inspect(f.body, func(n ast.Node) bool {
				for _, s := range c.q.sites(n) {
					if i, ok := c.q.structParam(s.arg); ok && s.model {
						if f.fact().add(Param{Index: i, Struct: true, Path: s.path}) {
							changed = true
						}
						continue
					}
					if s.model {
						if i, ok := c.q.anyParam(s.arg); ok {
							if f.fact().add(Param{Index: i, Model: true, Cond: s.cond, PK: s.pk, Bind: true, Path: s.path}) {
								changed = true
							}
						}
						continue
					}
					var p Param
					switch {
					case s.text:
						v := c.defs.Var(s.arg)
						i, ok := c.t.params[v]
						if v == nil || !ok || v == c.t.vararg {
							continue
						}
						p = Param{Index: i, Text: true, Path: s.path}
					case s.named:
						v := c.defs.Var(pointee(s.arg))
						i, ok := c.t.params[v]
						if v == nil || !ok || v == c.t.vararg {
							continue
						}
						p = Param{Index: i, Named: true, Path: s.path}
					case s.variadic:
						if c.t.vararg == nil || c.defs.Var(s.arg) != c.t.vararg {
							continue
						}
						p = Param{Index: c.t.params[c.t.vararg], Variadic: true, Path: s.path, Bind: true}
					default:
						c.t.at = s.arg.Pos()
						v, ok := c.t.siteValue(s)
						if (!ok || v.param < 0) && f.gen && s.id {
							// Generated code binds its parameters as they
							// are, whatever their type (sqlc's uuid.UUID).
							v, ok = c.t.directParam(s)
						}
						if !ok || v.param < 0 {
							continue
						}
						bind := f.gen || s.bind && v.field == "" && types.IsInterface(c.pass.TypesInfo.TypeOf(s.arg))
						p = Param{Index: v.param, Field: v.field, Path: s.path, ID: s.id, Col: s.col, Bind: bind}
						if s.colParam > 0 && v.field == "" {
							// The column is the caller's choice, and so is
							// the type: judged at the caller.
							p.ColParam, p.Bind = s.colParam, true
						}
						if s.place > 0 && s.col == "" && v.field == "" {
							// So is the placeholder's, in the caller's text.
							p.Place, p.Bind = s.place, true
						}
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
func (c *sinks) interfaceMethods() map[*types.Func][]*types.Func {
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
func (c *sinks) implemented(ifaces map[*types.Func][]*types.Func) bool {
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
func (c *sinks) fact(f *types.Func) *Sink {
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
