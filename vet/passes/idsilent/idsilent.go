package idsilent

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"github.com/idkeys/id/vet/internal/flow"
	"github.com/idkeys/id/vet/internal/reach"
	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// Analyzer reports values holding an id.ID that reach a sink that loses it.
var Analyzer = &analysis.Analyzer{
	Name:      "idsilent",
	Doc:       rule.Doc(doc, "idsilent"),
	URL:       "https://pkg.go.dev/github.com/idkeys/id/vet/passes/idsilent",
	Requires:  []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(setsOption), new(registersCopier)},
}

//go:embed doc.go
var doc string

var cfg = rule.Config{Tests: true}

func init() {
	rule.Flags(&Analyzer.Flags, &cfg)
	reach.Watch(func() []string { return []string{rule.IDPath, attributevalue, copystructure} })
}

// A sink is one library entry point that loses an id.ID it sees through
// reflection: a function or method (recv empty for a package function)
// whose argument arg (and every one after it when variadic) is checked,
// or, when field is set, that field of a composite literal of type recv.
type sink struct {
	pkg, recv, name, field string
	arg                    int
	variadic               bool
	// handled is a method by which the library encodes a type itself
	// (its own marshaler interface): a type that has it is not reported.
	handled string
	// tag is the struct tag key of the library: a field tagged "-" is
	// skipped, as the library skips it.
	tag string
	// fixed reports whether the call carries the fix; nil when no form of
	// the call does.
	fixed func(c *checker, call *ast.CallExpr) bool
	// msg is the report: what the sink does and the fix, with %s for the
	// value's description.
	msg string
}

// An option is a bool field of a library's options struct that a fix sets
// to true.
type option struct{ pkg, typ, field string }

func (o option) String() string { return o.pkg + "." + o.typ + "." + o.field }

// setsOption is the fact that a function sets options to true when called
// (an options func declared in another package).
type setsOption struct{ Options []string }

func (*setsOption) AFact()           {}
func (f *setsOption) String() string { return fmt.Sprint("sets ", f.Options) }

// registersCopier is the fact that a package registers a copystructure
// copier for id.ID.
type registersCopier struct{}

func (*registersCopier) AFact()         {}
func (*registersCopier) String() string { return "registers a copier for id.ID" }

type checker struct {
	pass   *analysis.Pass
	scope  *rule.Scope
	defs   *flow.Defs
	stores map[*types.Var][]ast.Expr // x[k] = v and x.f = v, by the local variable x
	// bodies holds the body of each function of this package, and of
	// each package-level variable whose value is a function literal.
	bodies map[types.Object]*ast.BlockStmt
	sets   map[types.Object]map[string]bool
	copier *bool
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{pass: pass, bodies: make(map[types.Object]*ast.BlockStmt), sets: make(map[types.Object]map[string]bool)}
	c.exportFacts()
	if !reach.Of(pass).Reaches(rule.IDPath) {
		return nil, nil
	}
	scope, ok := rule.NewScope(pass, &cfg)
	if !ok {
		return nil, nil
	}
	c.scope = scope
	c.defs = flow.New(pass.TypesInfo, pass.Files)
	c.stores = make(map[*types.Var][]ast.Expr)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.AssignStmt)(nil)) {
		a := cur.Node().(*ast.AssignStmt)
		if len(a.Lhs) != len(a.Rhs) {
			continue
		}
		for i, l := range a.Lhs {
			var x ast.Expr
			switch l := ast.Unparen(l).(type) {
			case *ast.IndexExpr:
				x = l.X
			case *ast.SelectorExpr:
				x = l.X
			}
			if v := c.defs.Var(x); v != nil {
				c.stores[v] = append(c.stores[v], a.Rhs[i])
			}
		}
	}
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)) {
		if scope.Skip(cur.Node().Pos()) {
			continue
		}
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			c.call(n)
		case *ast.CompositeLit:
			c.literal(n)
		}
	}
	return nil, nil
}

// call reports the arguments of a sink call that hold an id.ID.
func (c *checker) call(call *ast.CallExpr) {
	f, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return
	}
	for i := range sinks {
		s := &sinks[i]
		if s.field != "" || !s.is(f) || len(call.Args) <= s.arg {
			continue
		}
		args := call.Args[s.arg : s.arg+1]
		if s.variadic {
			args = call.Args[s.arg:]
		}
		for _, a := range args {
			e, t := c.find(a, s, 0, nil)
			if e == nil || (s.fixed != nil && s.fixed(c, call)) {
				continue
			}
			c.report(e, s, t, call)
		}
	}
}

// literal reports the elements of a sink field of a composite literal that
// hold an id.ID.
func (c *checker) literal(lit *ast.CompositeLit) {
	t := c.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return
	}
	for i := range sinks {
		s := &sinks[i]
		if s.field == "" || n.Obj().Pkg().Path() != s.pkg || n.Obj().Name() != s.recv {
			continue
		}
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := kv.Key.(*ast.Ident); !ok || k.Name != s.field {
				continue
			}
			if e, t := c.find(kv.Value, s, 0, nil); e != nil {
				c.report(e, s, t, nil)
			}
		}
	}
}

// Rule is the rule idsilent's findings name, for //idvet:allow.
const Rule = "SILENT"

// report reports the value e of type t reaching sink s in call (nil for
// a composite literal's field): the sink's message, with the rule named
// before the fix, and the suggested fix where it is mechanical.
func (c *checker) report(e ast.Expr, s *sink, t types.Type, call *ast.CallExpr) {
	what, fix, _ := strings.Cut(fmt.Sprintf(s.msg, c.describe(t)), ": ")
	c.scope.Report(c.pass, analysis.Diagnostic{
		Pos:            e.Pos(),
		Message:        fmt.Sprintf("%s (%s): %s", what, Rule, fix),
		SuggestedFixes: withOptions(s, call),
	})
}

// withOptions returns the fix of a call of one of attributevalue's
// functions without options: its WithOptions form, with the options func
// that sets the encoding option (attributevalue.MarshalMap(v) becomes
// attributevalue.MarshalMapWithOptions(v, func(o
// *attributevalue.EncoderOptions) { o.UseEncodingMarshalers = true })).
func withOptions(s *sink, call *ast.CallExpr) []analysis.SuggestedFix {
	if call == nil || s.pkg != attributevalue || s.recv != "" || strings.HasSuffix(s.name, "WithOptions") || call.Ellipsis.IsValid() {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	pkg := types.ExprString(sel.X)
	opts := "func(o *" + pkg + ".EncoderOptions) { o.UseEncodingMarshalers = true }"
	if strings.HasPrefix(s.name, "Unmarshal") {
		opts = "func(o *" + pkg + ".DecoderOptions) { o.UseEncodingUnmarshalers = true }"
	}
	return []analysis.SuggestedFix{{
		Message: "Use " + s.name + "WithOptions with " + opts,
		TextEdits: []analysis.TextEdit{
			{Pos: sel.Sel.End(), End: sel.Sel.End(), NewText: []byte("WithOptions")},
			{Pos: call.Rparen, End: call.Rparen, NewText: []byte(", " + opts)},
		},
	}}
}

// is reports whether f is the sink's function or method.
func (s *sink) is(f *types.Func) bool {
	if s.recv == "" {
		return rule.PkgFunc(f, s.pkg, s.name)
	}
	return rule.Method(f, s.pkg, s.recv, s.name)
}

// skips reports whether the library skips a field with struct tag tag.
func (s *sink) skips(tag string) bool {
	if s.tag == "" {
		return false
	}
	v, _, _ := strings.Cut(reflect.StructTag(tag).Get(s.tag), ",")
	return v == "-"
}

// describe names the value a report is about: "an id.ID", "a *id.ID" or
// "the id.ID in T".
func (c *checker) describe(t types.Type) string {
	q := types.RelativeTo(c.pass.Pkg)
	qual := func(p *types.Package) string {
		if p == c.pass.Pkg {
			return ""
		}
		if p.Path() == rule.IDPath {
			return "id"
		}
		return q(p)
	}
	if rule.IsID(t) {
		if _, ok := t.(*types.Pointer); ok {
			return "a *id.ID"
		}
		return "an id.ID"
	}
	return "the id.ID in " + types.TypeString(t, qual)
}

// find returns the first part of e whose type holds an id.ID, and its
// type: e itself, or, for a value of an interface type or a container of
// one (any, []any, map[string]any), an element of its composite literal, a
// value appended to it, or a value assigned to a local variable it names
// (including x[k] = v). It returns nil when there is none it can see.
func (c *checker) find(e ast.Expr, s *sink, depth int, seen map[*types.Var]bool) (ast.Expr, types.Type) {
	if depth > 8 {
		return nil, nil
	}
	e = ast.Unparen(e)
	t := c.pass.TypesInfo.TypeOf(e)
	if t == nil {
		return nil, nil
	}
	if _, ok := t.(*types.Tuple); ok {
		return nil, nil
	}
	if holds(t, s) {
		return e, t
	}
	if !hides(t, s) {
		return nil, nil
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if x, t := c.find(kv.Key, s, depth+1, seen); x != nil {
					return x, t
				}
				el = kv.Value
			}
			if x, t := c.find(el, s, depth+1, seen); x != nil {
				return x, t
			}
		}
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return c.find(e.X, s, depth+1, seen)
		}
	case *ast.CallExpr:
		if b, ok := typeutil.Callee(c.pass.TypesInfo, e).(*types.Builtin); ok && b.Name() == "append" {
			for _, a := range e.Args {
				if x, t := c.find(a, s, depth+1, seen); x != nil {
					return x, t
				}
			}
		}
	case *ast.Ident:
		v := c.defs.Var(e)
		if v == nil || seen[v] {
			return nil, nil
		}
		if seen == nil {
			seen = make(map[*types.Var]bool)
		}
		seen[v] = true
		defs, _ := c.defs.Of(e)
		for _, d := range defs {
			if d.Expr == nil || d.Index != 0 {
				continue
			}
			if x, t := c.find(d.Expr, s, depth+1, seen); x != nil {
				return x, t
			}
		}
		for _, st := range c.stores[v] {
			if x, t := c.find(st, s, depth+1, seen); x != nil {
				return x, t
			}
		}
	}
	return nil, nil
}

// holds reports whether a value of type t holds an id.ID that a library
// walking it by reflection reaches: t is id.ID, or a pointer, slice, array
// or map (key or element) of a type that holds one, or a struct with an
// exported or embedded field that holds one (typed ids such as
// struct{ id.ID } included). A type with the sink's handled method (the
// library's own marshaler) does not, nor a field the sink's struct tag
// skips ("-").
func holds(t types.Type, s *sink) bool {
	return reaches(t, s, nil, func(t types.Type) bool {
		if rule.IsID(t) {
			_, ptr := t.(*types.Pointer)
			return !ptr
		}
		return false
	})
}

// hides reports whether a value of type t may hold an id.ID that its type
// does not show: t is an interface, or a pointer, slice, array, map or
// struct (exported fields) of one. A type with the sink's handled method
// does not.
func hides(t types.Type, s *sink) bool {
	return reaches(t, s, nil, func(t types.Type) bool {
		_, ok := t.(*types.Interface)
		return ok
	})
}

// reaches reports whether leaf holds for t or for a type that reflection
// reaches from it, as holds and hides describe: through named types,
// pointers, slices, arrays, map keys and elements, and the exported or
// embedded fields of structs that the sink's tag does not skip. A type
// with the sink's handled method stops the walk before leaf is asked.
func reaches(t types.Type, s *sink, seen map[*types.Named]bool, leaf func(types.Type) bool) bool {
	t = types.Unalias(t)
	if s.handled != "" {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, s.handled); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return false
			}
		}
	}
	if leaf(t) {
		return true
	}
	switch u := t.(type) {
	case *types.Named:
		if seen[u] {
			return false
		}
		if seen == nil {
			seen = make(map[*types.Named]bool)
		}
		seen[u] = true
		return reaches(u.Underlying(), s, seen, leaf)
	case *types.Pointer:
		return reaches(u.Elem(), s, seen, leaf)
	case *types.Slice:
		return reaches(u.Elem(), s, seen, leaf)
	case *types.Array:
		return reaches(u.Elem(), s, seen, leaf)
	case *types.Map:
		return reaches(u.Key(), s, seen, leaf) || reaches(u.Elem(), s, seen, leaf)
	case *types.Struct:
		for i := range u.NumFields() {
			if f := u.Field(i); (f.Exported() || f.Embedded()) && !s.skips(u.Tag(i)) && reaches(f.Type(), s, seen, leaf) {
				return true
			}
		}
	}
	return false
}

// sets returns the fix check of a call whose option funcs, from argument
// i on, must set opt to true. Options the check cannot see (a call's
// result, a parameter, a slice passed with ...) count as fixed: the rule
// stays quiet rather than guess. A function declared in another package
// sets opt when it has the fact.
func sets(i int, opt option) func(*checker, *ast.CallExpr) bool {
	return func(c *checker, call *ast.CallExpr) bool {
		if call.Ellipsis.IsValid() {
			return true
		}
		for _, a := range call.Args[min(i, len(call.Args)):] {
			if set, known := c.optionFunc(a, opt, 0); set || !known {
				return true
			}
		}
		return false
	}
}

// madeWith returns the fix check of a method call whose receiver is made
// by the package function ctor of the sink's package with option funcs
// from argument i on that set opt: directly (NewEncoder(f).Encode(v)) or
// through a local variable every assignment of which is such a call.
// A receiver made some other way counts as fixed.
func madeWith(ctor string, i int, opt option) func(*checker, *ast.CallExpr) bool {
	return func(c *checker, call *ast.CallExpr) bool {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return true
		}
		var makers []ast.Expr
		if defs, ok := c.defs.Of(sel.X); ok {
			for _, d := range defs {
				if d.Expr == nil {
					return true
				}
				makers = append(makers, d.Expr)
			}
		} else {
			makers = []ast.Expr{sel.X}
		}
		if len(makers) == 0 {
			return true
		}
		for _, m := range makers {
			mc, ok := ast.Unparen(m).(*ast.CallExpr)
			if !ok {
				return true
			}
			f, _ := typeutil.Callee(c.pass.TypesInfo, mc).(*types.Func)
			if !rule.PkgFunc(f, opt.pkg, ctor) || sets(i, opt)(c, mc) {
				return true
			}
		}
		return false
	}
}

// optionFunc reports whether the option func e sets opt to true, and
// whether it could tell: e is a function literal, a function declared in
// this package or another, a package-level variable with the fact or
// declared here as a function literal, or a local variable every
// assignment of which is one of these.
func (c *checker) optionFunc(e ast.Expr, opt option, depth int) (set, known bool) {
	if depth > 4 {
		return false, false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return c.bodySets(e.Body, opt, 0), true
	case *ast.Ident, *ast.SelectorExpr:
		if obj := funcOf(c.pass.TypesInfo, e); obj != nil {
			set := c.objSets(obj, opt, 0)
			if _, isFunc := obj.(*types.Func); isFunc || set || c.bodies[obj] != nil {
				return set, true
			}
			return false, false
		}
		defs, ok := c.defs.Of(e)
		if !ok || len(defs) == 0 {
			return false, false
		}
		set = true
		for _, d := range defs {
			if d.Expr == nil {
				return false, false
			}
			s, k := c.optionFunc(d.Expr, opt, depth+1)
			if !k {
				return false, false
			}
			set = set && s
		}
		return set, true
	}
	return false, false
}

// funcOf returns the package-level function or variable of function type
// that e names, or nil.
func funcOf(info *types.Info, e ast.Expr) types.Object {
	var obj types.Object
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj = info.Uses[e]
	case *ast.SelectorExpr:
		obj = info.Uses[e.Sel]
	}
	switch obj := obj.(type) {
	case *types.Func:
		if obj.Signature().Recv() == nil {
			return obj
		}
	case *types.Var:
		if obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
			if _, ok := obj.Type().Underlying().(*types.Signature); ok {
				return obj
			}
		}
	}
	return nil
}

// objSets reports whether calling the function or function variable f
// sets opt: from its body when it is declared in this package, else from
// its fact.
func (c *checker) objSets(f types.Object, opt option, depth int) bool {
	if !optionShaped(f) {
		return false
	}
	if body := c.bodies[f]; body != nil {
		m := c.sets[f]
		if m == nil {
			m = make(map[string]bool)
			c.sets[f] = m
		}
		if set, done := m[opt.String()]; done {
			return set
		}
		m[opt.String()] = false // a recursive call sets nothing more
		set := depth < 8 && c.bodySets(body, opt, depth+1)
		m[opt.String()] = set
		return set
	}
	var fact setsOption
	if f.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(f, &fact) {
		for _, o := range fact.Options {
			if o == opt.String() {
				return true
			}
		}
	}
	return false
}

// bodySets reports whether body sets opt to true: an assignment
// x.Field = v with v not the constant false, a composite literal of the
// options type with Field: v, or a use of a function that sets it
// (nested option funcs, as expression.ValueBuilderOptions.EncoderOptions
// holds).
func (c *checker) bodySets(body *ast.BlockStmt, opt option, depth int) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && isField(info.Uses[sel.Sel], opt) && !isFalse(info, n.Rhs[i]) {
					found = true
				}
			}
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && isField(info.Uses[k], opt) && !isFalse(info, n.Value) {
				found = true
			}
		case *ast.Ident:
			if f := funcOf(info, n); f != nil && c.objSets(f, opt, depth+1) {
				found = true
			}
		}
		return !found
	})
	return found
}

// optionShaped reports whether f looks like an options func: one
// parameter, a pointer to a struct, and no results.
func optionShaped(f types.Object) bool {
	sig, ok := f.Type().Underlying().(*types.Signature)
	if !ok || sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return false
	}
	p, ok := sig.Params().At(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Struct)
	return ok
}

func isField(obj types.Object, opt option) bool {
	v, ok := obj.(*types.Var)
	if !ok || !v.IsField() || v.Name() != opt.field || v.Pkg() == nil || v.Pkg().Path() != opt.pkg {
		return false
	}
	return true
}

func isFalse(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)
}

// exportFacts records the functions of this package that set an option
// and whether it registers a copier for id.ID.
func (c *checker) exportFacts() {
	pass := c.pass
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if fn, ok := pass.TypesInfo.Defs[d.Name].(*types.Func); ok && d.Recv == nil && d.Body != nil {
					c.bodies[fn] = d.Body
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					vs, ok := spec.(*ast.ValueSpec)
					if !ok || len(vs.Values) != len(vs.Names) {
						continue
					}
					for i, name := range vs.Names {
						if lit, ok := ast.Unparen(vs.Values[i]).(*ast.FuncLit); ok {
							if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok {
								c.bodies[v] = lit.Body
							}
						}
					}
				}
			}
		}
	}
	if reach.Of(pass).Reaches(attributevalue) {
		for fn := range c.bodies {
			var fact setsOption
			for _, opt := range []option{encodeOpt, decodeOpt} {
				if c.objSets(fn, opt, 0) {
					fact.Options = append(fact.Options, opt.String())
				}
			}
			if len(fact.Options) > 0 {
				pass.ExportObjectFact(fn, &fact)
			}
		}
	}
	if reach.Of(pass).Reaches(copystructure) && (c.registers() || c.importsCopier()) {
		pass.ExportPackageFact(&registersCopier{})
	}
}

// importsCopier reports whether a package this one imports registers a
// copystructure copier for id.ID, or imports one that does, directly or
// not: the fact is passed on by each package, so that it does not depend
// on which packages the export data of the imports names.
func (c *checker) importsCopier() bool {
	for _, q := range c.pass.Pkg.Imports() {
		if c.pass.ImportPackageFact(q, new(registersCopier)) {
			return true
		}
	}
	return false
}

// registers reports whether a file of this package assigns
// copystructure.Copiers[reflect.TypeOf(x)] for an x of type id.ID, or
// copystructure.Copiers[reflect.TypeFor[id.ID]()].
func (c *checker) registers() bool {
	info := c.pass.TypesInfo
	found := false
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			a, ok := n.(*ast.AssignStmt)
			if !ok || found {
				return !found
			}
			for _, l := range a.Lhs {
				ix, ok := ast.Unparen(l).(*ast.IndexExpr)
				if !ok {
					continue
				}
				sel, ok := ast.Unparen(ix.X).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				v, ok := info.Uses[sel.Sel].(*types.Var)
				if !ok || v.Name() != "Copiers" || v.Pkg() == nil || v.Pkg().Path() != copystructure {
					continue
				}
				if isIDType(info, ix.Index) {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

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
