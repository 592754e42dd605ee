package idtyped

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/idkeys/id/vet/internal/reach"
	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// Analyzer reports type X id.ID and conversions between distinct typed ids.
var Analyzer = &analysis.Analyzer{
	Name:     "idtyped",
	Doc:      rule.Doc(doc, "idtyped"),
	URL:      "https://pkg.go.dev/github.com/idkeys/id/vet/passes/idtyped",
	Requires: []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer},
	Run:      run,
}

//go:embed doc.go
var doc string

var cfg = rule.Config{Tests: true}

func init() {
	rule.Flags(&Analyzer.Flags, &cfg)
	reach.Watch(func() []string { return []string{rule.IDPath} })
}

func run(pass *analysis.Pass) (any, error) {
	if !reach.Of(pass).Reaches(rule.IDPath) {
		return nil, nil
	}
	idType := lookupID(pass.Pkg)
	if idType == nil {
		idType = usedID(pass.TypesInfo)
	}
	if idType == nil {
		return nil, nil
	}
	scope, ok := rule.NewScope(pass, &cfg)
	if !ok {
		return nil, nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)

	// The types X that the package converts something else to: rewriting
	// such an X as a struct would break the conversion.
	convertedTo := make(map[types.Object]bool)
	var convs []*ast.CallExpr
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if tv, ok := pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
			convs = append(convs, call)
			if n, ok := types.Unalias(tv.Type).(*types.Named); ok && !types.Identical(tv.Type, pass.TypesInfo.TypeOf(call.Args[0])) {
				convertedTo[n.Obj()] = true
			}
		}
	}

	files := make(map[*token.File]*ast.File)
	for _, f := range pass.Files {
		files[pass.Fset.File(f.FileStart)] = f
	}
	for cur := range ins.Root().Preorder((*ast.TypeSpec)(nil)) {
		spec := cur.Node().(*ast.TypeSpec)
		if spec.Assign.IsValid() || scope.Skip(spec.Pos()) {
			continue
		}
		if st, ok := spec.Type.(*ast.StructType); ok {
			embedded(pass, scope, spec.Name.Name, st)
			continue
		}
		obj := pass.TypesInfo.Defs[spec.Name]
		rhs := pass.TypesInfo.TypeOf(spec.Type)
		if obj == nil || rhs == nil || !bare(rhs, idType) {
			continue
		}
		// The type to embed: the declared one when it is id.ID (an
		// alias of it included), else id.ID as the file imports it.
		embed, ok := types.ExprString(spec.Type), true
		if n, _ := types.Unalias(rhs).(*types.Named); n == nil || n.Obj() != idType.Obj() {
			embed, ok = idName(files[pass.Fset.File(spec.Pos())])
		}
		d := analysis.Diagnostic{
			Pos:     spec.Name.Pos(),
			End:     spec.Type.End(),
			Message: "type " + spec.Name.Name + " " + types.ExprString(spec.Type) + " drops every method of id.ID, JSON writes {} and there is no Scan or Value (" + Rule + "): declare type " + spec.Name.Name + " struct{ " + embed + " }",
		}
		if ok && !convertedTo[obj] {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message: "Embed " + embed + " in a struct",
				TextEdits: []analysis.TextEdit{{
					Pos:     spec.Type.Pos(),
					End:     spec.Type.End(),
					NewText: []byte("struct{ " + embed + " }"),
				}},
			}}
		}
		scope.Report(pass, d)
	}

	for _, call := range convs {
		if scope.Skip(call.Pos()) {
			continue
		}
		to, from := pass.TypesInfo.TypeOf(call), pass.TypesInfo.TypeOf(call.Args[0])
		if to == nil || from == nil {
			continue
		}
		if p, ok := types.Unalias(to).(*types.Pointer); ok {
			q, ok := types.Unalias(from).(*types.Pointer)
			if !ok {
				continue
			}
			to, from = p.Elem(), q.Elem()
		}
		tn, fn := typed(to, idType), typed(from, idType)
		if tn == nil || fn == nil || types.Identical(tn, fn) {
			continue
		}
		conv := types.ExprString(call.Fun) + "(" + types.ExprString(call.Args[0]) + ")"
		lit, arg := types.ExprString(call.Fun), types.ExprString(call.Args[0])
		if star, ok := ast.Unparen(call.Fun).(*ast.StarExpr); ok {
			lit = "&" + types.ExprString(star.X)
			if u, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr); ok && u.Op == token.AND {
				arg = types.ExprString(u.X) // (*OrderID)(&u): &OrderID{ID: u.ID}
			}
		}
		msg := conv + " converts " + article(fn.Obj().Name()) + " into " + article(tn.Obj().Name()) + ", a distinct typed id (" + Rule + "): "
		d := analysis.Diagnostic{Pos: call.Pos()}
		if f := field(tn); f != "" && field(fn) == f {
			keyed := lit + "{" + f + ": " + arg + "." + f + "}" // keyed: go vet's composites check passes across packages
			msg += "if it is meant, write " + keyed
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Write " + keyed,
				TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(keyed)}},
			}}
		} else {
			msg += "declare both as type X struct{ id.ID } and write " + lit + "{ID: v.ID} where it is meant"
		}
		d.Message = msg
		scope.Report(pass, d)
	}
	return nil, nil
}

// embedded reports the fields of the struct type name that embed an
// id.ID or a typed id (or a pointer to one) beside other fields: the
// struct takes on every method of id.ID, so encoding/json writes the whole
// struct as its id alone, database/sql binds it as its id, and fmt, flag
// and the web frameworks' binders treat it as one. The fix names the
// field after its type, so that x.ID (x.OrderID) keeps compiling and only
// the promoted methods go. A struct of the embedded id alone is a typed
// id, and is not reported.
func embedded(pass *analysis.Pass, scope *rule.Scope, name string, st *ast.StructType) {
	n := 0
	for _, f := range st.Fields.List {
		n += max(len(f.Names), 1)
	}
	if n < 2 {
		return
	}
	for _, f := range st.Fields.List {
		if len(f.Names) > 0 || scope.Skip(f.Pos()) || !rule.IsIDValue(pass.TypesInfo.TypeOf(f.Type)) {
			continue
		}
		typ := ast.Unparen(f.Type)
		if star, ok := typ.(*ast.StarExpr); ok {
			typ = star.X
		}
		field := ""
		switch t := typ.(type) {
		case *ast.Ident:
			field = t.Name
		case *ast.SelectorExpr:
			field = t.Sel.Name
		default:
			continue
		}
		scope.Report(pass, analysis.Diagnostic{
			Pos:     f.Type.Pos(),
			End:     f.Type.End(),
			Message: name + " embeds " + types.ExprString(f.Type) + " beside other fields, so JSON, database/sql and fmt treat " + article(name) + " as its id (" + Rule + ")",
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Name the field " + field,
				TextEdits: []analysis.TextEdit{{Pos: f.Type.Pos(), End: f.Type.Pos(), NewText: []byte(field + " ")}},
			}},
		})
	}
}

// idName returns "id.ID" as file names it (ids.ID for an import named
// ids), and false when file does not import package id by a name.
func idName(file *ast.File) (string, bool) {
	if file == nil {
		return "id.ID", false
	}
	for _, imp := range file.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err != nil || p != rule.IDPath {
			continue
		}
		switch {
		case imp.Name == nil:
			return "id.ID", true
		case imp.Name.Name != "_" && imp.Name.Name != ".":
			return imp.Name.Name + ".ID", true
		}
	}
	return "id.ID", false
}

// Rule is the rule idtyped's findings name, for //idvet:allow.
const Rule = "TYPED"

// lookupID returns the type id.ID when pkg imports package id, directly or
// not, else nil.
func lookupID(pkg *types.Package) *types.Named {
	seen := make(map[*types.Package]bool)
	var walk func(p *types.Package) *types.Named
	walk = func(p *types.Package) *types.Named {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if p.Path() == rule.IDPath {
			if tn, ok := p.Scope().Lookup("ID").(*types.TypeName); ok {
				n, _ := tn.Type().(*types.Named)
				return n
			}
			return nil
		}
		for _, q := range p.Imports() {
			if n := walk(q); n != nil {
				return n
			}
		}
		return nil
	}
	return walk(pkg)
}

// usedID returns the type id.ID when a type the package uses is id.ID,
// a pointer to it, or a struct with a field of one of these: the package
// reaches package id (a fact says so) through imports loaded from export
// data, whose Imports may not list it.
func usedID(info *types.Info) *types.Named {
	isID := func(t types.Type) *types.Named {
		if rule.IsID(t) {
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			return types.Unalias(t).(*types.Named)
		}
		return nil
	}
	for _, tv := range info.Types {
		if n := isID(tv.Type); n != nil {
			return n
		}
		if s, ok := tv.Type.Underlying().(*types.Struct); ok {
			for f := range s.Fields() {
				if n := isID(f.Type()); n != nil {
					return n
				}
			}
		}
	}
	return nil
}

// bare reports whether t is id.ID, or a defined type whose underlying type
// is id.ID's: a type with id.ID's fields and none of its methods.
func bare(t types.Type, idType *types.Named) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	return n.Obj() == idType.Obj() || types.Identical(n.Underlying(), idType.Underlying())
}

// typed returns t as a typed id: a defined type other than id.ID that is a
// struct of one field of type id.ID (struct{ id.ID }, struct{ ID id.ID }),
// or a bare defined type over id.ID. Else nil.
func typed(t types.Type, idType *types.Named) *types.Named {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj() == idType.Obj() {
		return nil
	}
	if types.Identical(n.Underlying(), idType.Underlying()) {
		return n
	}
	if field(n) != "" {
		return n
	}
	return nil
}

// field returns the name of the one field of n when n is a struct of one
// field of type id.ID, else "".
func field(n *types.Named) string {
	s, ok := n.Underlying().(*types.Struct)
	if !ok || s.NumFields() != 1 || !rule.IsID(s.Field(0).Type()) {
		return ""
	}
	if _, ptr := s.Field(0).Type().(*types.Pointer); ptr {
		return ""
	}
	return s.Field(0).Name()
}

// article returns name with "a" or "an" before it ("a UserID": a U
// sounds as "you").
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOaeio", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
