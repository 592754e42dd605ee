package idmakers

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// makerExpr returns, for the identifier at cur that names a maker, the
// cursor of the call of it (M() or pkg.M()) and of the expression that
// stands for one new value: the call, or Must(call) for a maker that also
// returns an error (uuid.Must(uuid.NewV7()), gofrs' uuid.Must). With
// methods, a method's call (g.Next()) is one too.
func makerExpr(pass *analysis.Pass, cur inspector.Cursor, methods bool) (call, expr inspector.Cursor, ok bool) {
	fun := cur
	if sel, isSel := fun.Parent().Node().(*ast.SelectorExpr); isSel && sel.Sel == cur.Node() {
		_, isPkg := pass.TypesInfo.Uses[identOf(sel.X)].(*types.PkgName)
		s, isMethod := pass.TypesInfo.Selections[sel]
		if !isPkg && !(methods && isMethod && s.Kind() == types.MethodVal) {
			return call, expr, false // a method, or a field's function value
		}
		fun = fun.Parent()
	}
	c, isCall := fun.Parent().Node().(*ast.CallExpr)
	if !isCall || c.Fun != fun.Node() {
		return call, expr, false
	}
	call, expr = fun.Parent(), fun.Parent()
	if must, isCall := call.Parent().Node().(*ast.CallExpr); isCall && len(must.Args) == 1 && must.Args[0] == c {
		if f, ok := typeutil.Callee(pass.TypesInfo, must).(*types.Func); ok && f.Name() == "Must" {
			expr = call.Parent()
		}
	}
	return call, expr, true
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := e.(*ast.Ident)
	return id
}

// fix returns the rewrite of a maker without parameters to package id's
// New, where the code keeps compiling:
//
//   - M() or Must(M()) of type string, or M().String(): id.New().String();
//   - M() or Must(M()) printed by fmt or log, or assigned with := to a
//     new variable that is only printed or used as v.String(): id.New();
//   - v, err := M() with such a v: v, err := id.New(), error(nil) (id.New
//     cannot fail: the error check can go).
//
// The import of package id is added when the file lacks it, as "id", or
// as "idkeys" when "id" means something else there. The import of the
// other package, left unused, is removed by the driver (-fix).
func fix(pass *analysis.Pass, cur inspector.Cursor, f *types.Func) []analysis.SuggestedFix {
	sig := f.Signature()
	if sig.Params().Len() != 0 || sig.TypeParams().Len() != 0 {
		return nil
	}
	res := sig.Results()
	if res.Len() == 0 || res.Len() > 2 || res.Len() == 2 && !isError(res.At(1).Type()) {
		return nil
	}
	callCur, exprCur, ok := makerExpr(pass, cur, false)
	if !ok {
		return nil
	}
	two := false // v, err := M()
	if res.Len() == 2 && exprCur == callCur {
		as, ok := callCur.Parent().Node().(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
			return nil
		}
		two = true
	}
	file := fileOf(cur)
	name, importEdits := importID(pass, file, cur.Node().Pos())
	if name == "" {
		return nil
	}
	expr := exprCur.Node()
	var text string
	switch {
	case types.Identical(res.At(0).Type(), types.Typ[types.String]) && !two:
		text = name + ".New().String()"
	case two:
		as := callCur.Parent().Node().(*ast.AssignStmt)
		if !safeVar(pass, exprCur, as.Lhs[0]) {
			return nil
		}
		text = name + ".New(), error(nil)"
	case stringCall(pass, exprCur) || printed(pass, exprCur):
		text = name + ".New()"
	default:
		as, ok := exprCur.Parent().Node().(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || !safeVar(pass, exprCur, as.Lhs[0]) {
			return nil
		}
		text = name + ".New()"
	}
	edits := append([]analysis.TextEdit{{Pos: expr.Pos(), End: expr.End(), NewText: []byte(text)}}, importEdits...)
	return []analysis.SuggestedFix{{Message: "Use " + text, TextEdits: edits}}
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// stringCall reports whether the expression at c is the receiver of a
// call of its String method without arguments that returns a string.
func stringCall(pass *analysis.Pass, c inspector.Cursor) bool {
	sel, ok := c.Parent().Node().(*ast.SelectorExpr)
	if !ok || sel.X != c.Node() || sel.Sel.Name != "String" {
		return false
	}
	call, ok := c.Parent().Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun != sel || len(call.Args) != 0 {
		return false
	}
	m, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	return ok && types.Identical(m.Signature().Results(), types.NewTuple(types.NewParam(0, nil, "", types.Typ[types.String])))
}

// printed reports whether the expression at c is an argument of a
// function of fmt or log, which print an id.ID as they print a UUID.
func printed(pass *analysis.Pass, c inspector.Cursor) bool {
	call, ok := c.Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun == c.Node() {
		return false
	}
	f, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	return ok && f.Pkg() != nil && (f.Pkg().Path() == "fmt" || f.Pkg().Path() == "log")
}

// safeVar reports whether lhs is a new variable declared there whose every
// use is v.String() or an argument printed by fmt or log, so that its type
// can become id.ID.
func safeVar(pass *analysis.Pass, at inspector.Cursor, lhs ast.Expr) bool {
	ident, ok := lhs.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := pass.TypesInfo.Defs[ident].(*types.Var)
	if !ok || v == nil {
		return false // "_", or not declared here
	}
	body, ok := enclosingFunc(at)
	if !ok {
		return false
	}
	for u := range body.Preorder((*ast.Ident)(nil)) {
		if pass.TypesInfo.Uses[u.Node().(*ast.Ident)] == v && !stringCall(pass, u) && !printed(pass, u) {
			return false
		}
	}
	return true
}

func fileOf(cur inspector.Cursor) *ast.File {
	for c := range cur.Enclosing((*ast.File)(nil)) {
		return c.Node().(*ast.File)
	}
	return nil
}

// importID returns the name that means package id at pos in file, and the
// edits that add its import when the file lacks it; "" when no name is
// free.
func importID(pass *analysis.Pass, file *ast.File, pos token.Pos) (string, []analysis.TextEdit) {
	if file == nil {
		return "", nil
	}
	scope := pass.TypesInfo.Scopes[file].Innermost(pos)
	for _, imp := range file.Imports {
		if path, err := strconv.Unquote(imp.Path.Value); err != nil || path != rule.IDPath {
			continue
		}
		pn := pass.TypesInfo.PkgNameOf(imp)
		if pn == nil || pn.Name() == "_" || pn.Name() == "." {
			continue
		}
		if _, obj := scope.LookupParent(pn.Name(), pos); obj == pn {
			return pn.Name(), nil
		}
	}
	for _, name := range []string{"id", "idkeys"} {
		if !free(pass, file, scope, name, pos) {
			continue
		}
		spec := strconv.Quote(rule.IDPath)
		if name != "id" {
			spec = name + " " + spec
		}
		return name, []analysis.TextEdit{importEdit(file, spec)}
	}
	return "", nil
}

// free reports whether an import named name can be added to file: no
// other import, package-level object or enclosing declaration at pos
// uses the name.
func free(pass *analysis.Pass, file *ast.File, scope *types.Scope, name string, pos token.Pos) bool {
	for _, imp := range file.Imports {
		if pn := pass.TypesInfo.PkgNameOf(imp); pn != nil && pn.Name() == name {
			return false
		}
	}
	if pass.Pkg.Scope().Lookup(name) != nil {
		return false
	}
	_, obj := scope.LookupParent(name, pos)
	return obj == nil
}

// importEdit adds the import spec to file: at the end of its first
// grouped import declaration, or as a declaration of its own before the
// first one. Identical edits from several fixes in one file are merged by
// the driver.
func importEdit(file *ast.File, spec string) analysis.TextEdit {
	if len(file.Decls) > 0 {
		if gd, ok := file.Decls[0].(*ast.GenDecl); ok && gd.Tok == token.IMPORT && gd.Rparen.IsValid() {
			return analysis.TextEdit{Pos: gd.Rparen, End: gd.Rparen, NewText: []byte("\t" + spec + "\n")}
		}
		before := file.Decls[0].Pos()
		switch d := file.Decls[0].(type) {
		case *ast.GenDecl:
			if d.Doc != nil {
				before = d.Doc.Pos()
			}
		case *ast.FuncDecl:
			if d.Doc != nil {
				before = d.Doc.Pos()
			}
		}
		return analysis.TextEdit{Pos: before, End: before, NewText: []byte("import " + spec + "\n\n")}
	}
	return analysis.TextEdit{Pos: file.FileEnd, End: file.FileEnd, NewText: []byte("\nimport " + spec + "\n")}
}
