package idsilent

import (
	_ "embed"
	"fmt"
	"go/ast"
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
