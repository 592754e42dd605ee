package idmakers

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// Three shapes where a maker's or parser's value is not one of the
// service's ids, whatever the names around it say:
//
//   - another system's id parsed or validated (uuid.Parse(tags.MbzAlbumID),
//     uuid.Validate(externalID)): a name on the way (the argument's
//     variables and fields, the variable the result goes to, the enclosing
//     function) has a word of rule.ForeignWords or of -idmakers.foreign; id.Parse
//     would refuse every such UUID, so the advice would be wrong;
//   - a bearer credential: a value set as an http.Cookie's Value, put
//     after "Bearer ", or in an Authorization header is a secret, even
//     when it is also the session row's key;
//   - a value that flows only into a name (a file's, an object's, a
//     label: fileName, GetUniqFileName, objectKey's path; through +,
//     fmt.Sprintf and local variables) is a unique name, not an id;
//   - a random fragment appended to a natural key (name + "-" + rnd(6),
//     fmt.Sprintf("%s-%s", email, rnd(4))): the result is that key, not an
//     id; and an inferred helper's call in a function that takes a
//     testing.TB (a test helper outside _test.go).

var foreign rule.WordList

// foreignName reports whether one of name's words says another system's.
func foreignName(name string) bool { return rule.Foreign(name, &foreign) }

// foreignCall reports whether the call of the parser named at cur reads
// another system's id: a name on the way is foreign (foreignName).
func foreignCall(pass *analysis.Pass, cur inspector.Cursor) bool {
	call, _, ok := makerExpr(pass, cur, true)
	if !ok {
		return false
	}
	found := false
	for _, a := range call.Node().(*ast.CallExpr).Args {
		ast.Inspect(a, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				found = found || foreignName(n.Name)
			case *ast.SelectorExpr:
				found = found || foreignName(n.Sel.Name)
			}
			return !found
		})
	}
	if found {
		return true
	}
	if dest, v := destination(pass, outward(pass, call)); foreignName(dest) || v != nil && foreignName(v.Name()) {
		return true
	}
	for f := range call.Enclosing((*ast.FuncDecl)(nil)) {
		return foreignName(f.Node().(*ast.FuncDecl).Name.Name)
	}
	return false
}

// bearer reports whether the value made at cur, or a local variable it is
// kept in, is used as a bearer credential: an http.Cookie's Value,
// "Bearer " + v, or an Authorization header's value.
func bearer(pass *analysis.Pass, cur inspector.Cursor, methods bool) bool {
	_, e, ok := makerExpr(pass, cur, methods)
	if !ok {
		return false
	}
	use := func(c inspector.Cursor) bool { return credential(pass, c) }
	if use(e) {
		return true
	}
	_, v := destination(pass, outward(pass, e))
	if v == nil {
		return false
	}
	body, ok := enclosingFunc(e)
	if !ok {
		return false
	}
	for u := range body.Preorder((*ast.Ident)(nil)) {
		if pass.TypesInfo.Uses[u.Node().(*ast.Ident)] == v && use(u) {
			return true
		}
	}
	return false
}

// credential reports whether the expression at c is used as a bearer
// credential: an http.Cookie's Value, "Bearer " + v, or an Authorization
// header's value.
func credential(pass *analysis.Pass, c inspector.Cursor) bool {
	c = outward(pass, c)
	p := c.Parent()
	switch n := p.Node().(type) {
	case *ast.KeyValueExpr:
		k, ok := n.Key.(*ast.Ident)
		if !ok || k.Name != "Value" || n.Value != c.Node() {
			return false
		}
		lit, ok := p.Parent().Node().(*ast.CompositeLit)
		return ok && isCookie(pass.TypesInfo.TypeOf(lit))
	case *ast.CallExpr:
		f, _ := typeutil.Callee(pass.TypesInfo, n).(*types.Func)
		if f != nil && (f.Name() == "Set" || f.Name() == "Add") && len(n.Args) == 2 && n.Args[1] == c.Node() {
			if tv := pass.TypesInfo.Types[n.Args[0]]; tv.Value != nil && strings.EqualFold(strings.Trim(tv.Value.ExactString(), `"`), "Authorization") {
				return true
			}
		}
	}
	// "Bearer " + v: outward climbed the +; look at what it holds.
	if b, ok := c.Node().(*ast.BinaryExpr); ok && b.Op == token.ADD {
		if tv := pass.TypesInfo.Types[b.X]; tv.Value != nil && strings.HasPrefix(strings.Trim(tv.Value.ExactString(), `"`), "Bearer") {
			return true
		}
	}
	return false
}

func isCookie(t types.Type) bool { return rule.Named(t, "net/http", "Cookie") }

// naturalWords end the names of natural keys.
var naturalWords = map[string]bool{
	"name": true, "username": true, "email": true, "slug": true, "title": true, "login": true,
	"handle": true, "alias": true, "label": true,
}

// fragment reports whether the value made at cur is appended to a
// natural key (name + "-" + rnd(6), fmt.Sprintf("%s-%s", email, rnd(4))),
// or made in a function that takes a testing.TB, *testing.T or *testing.B.
func fragment(pass *analysis.Pass, cur inspector.Cursor, methods bool) bool {
	_, e, ok := makerExpr(pass, cur, methods)
	if !ok {
		return false
	}
	natural := func(x ast.Expr) bool {
		if tv := pass.TypesInfo.Types[x]; tv.Value != nil {
			return false
		}
		found := false
		ast.Inspect(x, func(n ast.Node) bool {
			var name string
			switch n := n.(type) {
			case *ast.Ident:
				name = n.Name
			case *ast.SelectorExpr:
				name = n.Sel.Name
			}
			if words := rule.Words(name); len(words) > 0 && naturalWords[strings.ToLower(words[len(words)-1])] {
				found = true
			}
			return !found
		})
		return found
	}
	for c := e; ; {
		p := c.Parent()
		switch n := p.Node().(type) {
		case *ast.ParenExpr:
			c = p
			continue
		case *ast.BinaryExpr:
			if n.Op == token.ADD {
				other := n.X
				if other == c.Node() {
					other = n.Y
				}
				if natural(other) {
					return true
				}
				c = p
				continue
			}
		case *ast.CallExpr:
			f, _ := typeutil.Callee(pass.TypesInfo, n).(*types.Func)
			if f != nil && f.Pkg() != nil && f.Pkg().Path() == "fmt" && strings.HasPrefix(f.Name(), "Sprint") {
				for _, a := range n.Args {
					if a != c.Node() && natural(a) {
						return true
					}
				}
			}
		}
		break
	}
	for f := range e.Enclosing((*ast.FuncDecl)(nil)) {
		obj, ok := pass.TypesInfo.Defs[f.Node().(*ast.FuncDecl).Name].(*types.Func)
		if !ok {
			return false
		}
		params := obj.Signature().Params()
		for i := range params.Len() {
			if testingType(params.At(i).Type()) {
				return true
			}
		}
		return false
	}
	return false
}

func testingType(t types.Type) bool { return rule.Named(t, "testing", "TB", "T", "B") }

// nameWords end the names of destinations that hold a unique name.
var nameWords = map[string]bool{"name": true, "filename": true, "path": true, "filepath": true, "label": true, "title": true, "slug": true}

// nameDest reports whether a destination's name is a name's, a path's
// or a label's (its last word is one of nameWords) and not an id's.
func nameDest(name string) bool {
	words := rule.Words(name)
	return len(words) > 0 && nameWords[strings.ToLower(words[len(words)-1])]
}
