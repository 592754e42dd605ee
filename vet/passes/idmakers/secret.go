package idmakers

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// A random UUID, ULID or nanoid used as a secret (an HTTP session secret,
// a CSRF or reset token, an API key, a password or a salt) is not an id,
// and id.New() would be the wrong advice: an id shows when it was made
// (its first 10 characters) and has 80 random bits, not 122. So a maker
// whose value flows only into a secret is not reported. Its value flows
// into a secret when, through .String(), Must, conversions, strings and
// fmt functions, + and slicing, it is assigned to, stored in a field or
// map key of, returned from a function named, or passed to a parameter
// named as a secret (secretName), or passed just after a constant string
// that names one (Update("reset_token", v)), or stored in a local
// variable every use of which does one of these.

// secretWords make a name a secret's when one of its words (rule.Words)
// is one of them, in any case.
var secretWords = map[string]bool{
	"secret": true, "token": true, "password": true, "passwd": true, "nonce": true,
	"salt": true, "csrf": true, "xsrf": true, "otp": true, "apikey": true, "secretkey": true,
	"code": true, // an invite, verification or authorization code
}

// keyOwners make a following word "key" a secret's: apiKey, signing_key.
var keyOwners = map[string]bool{
	"api": true, "secret": true, "private": true, "signing": true, "access": true,
	"encryption": true, "hmac": true, "auth": true, "session": true,
}

// secretName reports whether name names a secret: "csrfToken",
// "SessionSecret", "api_key", "resetPassword", "oauthState" (state as
// the last word: OAuth's one-time value); not "stateID", "requestID",
// "cacheKey" or "name".
func secretName(name string) bool {
	words := rule.Words(name)
	for i, w := range words {
		w = strings.ToLower(w)
		if secretWords[w] || w == "key" && i > 0 && keyOwners[strings.ToLower(words[i-1])] || w == "state" && i == len(words)-1 {
			return true
		}
	}
	return false
}

// secretOnly reports whether the maker named at cur makes a value that
// flows only into a secret.
func secretOnly(pass *analysis.Pass, cur inspector.Cursor, methods bool) bool {
	return flowsOnly(pass, cur, methods, secretName)
}

// flowsOnly reports whether the maker named at cur makes a value that
// flows only into destinations whose names satisfy is.
func flowsOnly(pass *analysis.Pass, cur inspector.Cursor, methods bool, is func(string) bool) bool {
	secretName := is
	_, e, ok := makerExpr(pass, cur, methods)
	if !ok {
		return false
	}
	dest, v := destination(pass, outward(pass, e))
	if dest != "" {
		return secretName(dest)
	}
	if v == nil || secretName(v.Name()) {
		return v != nil
	}
	// A local variable: every use must flow into a secret.
	body, ok := enclosingFunc(e)
	if !ok {
		return false
	}
	uses := 0
	for u := range body.Preorder((*ast.Ident)(nil)) {
		if pass.TypesInfo.Uses[u.Node().(*ast.Ident)] != v {
			continue
		}
		uses++
		if d, _ := destination(pass, outward(pass, u)); d == "" || !secretName(d) {
			return false
		}
	}
	return uses > 0
}

// outward climbs from the cursor of an expression through what keeps its
// text: .String(), a conversion, a strings function's first argument,
// fmt's Sprint functions, + and parentheses.
func outward(pass *analysis.Pass, c inspector.Cursor) inspector.Cursor {
	for {
		p := c.Parent()
		switch n := p.Node().(type) {
		case *ast.ParenExpr, *ast.SliceExpr:
			c = p
			continue
		case *ast.BinaryExpr:
			if n.Op == token.ADD {
				c = p
				continue
			}
		case *ast.SelectorExpr:
			if n.Sel.Name == "String" {
				if call, ok := p.Parent().Node().(*ast.CallExpr); ok && call.Fun == n && len(call.Args) == 0 {
					c = p.Parent()
					continue
				}
			}
		case *ast.CallExpr:
			if slicesContains(n.Args, c.Node()) {
				if tv, ok := pass.TypesInfo.Types[n.Fun]; ok && tv.IsType() {
					c = p
					continue
				}
				if f, ok := typeutil.Callee(pass.TypesInfo, n).(*types.Func); ok && f.Pkg() != nil && f.Signature().Recv() == nil {
					path := f.Pkg().Path()
					if path == "strings" && n.Args[0] == c.Node() || path == "fmt" && strings.HasPrefix(f.Name(), "Sprint") {
						c = p
						continue
					}
				}
			}
		}
		return c
	}
}

func slicesContains(list []ast.Expr, n ast.Node) bool {
	for _, e := range list {
		if e == n {
			return true
		}
	}
	return false
}

// destination names where the expression at c goes: the variable, field
// or map key it is assigned to or stored under, the function it is
// returned from, or the parameter it is passed to (or the SQL column
// of its placeholder, sqlcol.go); or, for a local
// variable it is assigned to, that variable (and "").
func destination(pass *analysis.Pass, c inspector.Cursor) (string, *types.Var) {
	info := pass.TypesInfo
	name := func(e ast.Expr) (string, *types.Var) {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			if v, ok := info.ObjectOf(e).(*types.Var); ok && !v.IsField() && v.Parent() != nil && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() {
				return "", v
			}
			return e.Name, nil
		case *ast.SelectorExpr:
			return e.Sel.Name, nil
		case *ast.IndexExpr:
			if tv := info.Types[e.Index]; tv.Value != nil && tv.Value.Kind() == constant.String {
				return constant.StringVal(tv.Value), nil
			}
		}
		return "", nil
	}
	switch n := c.Parent().Node().(type) {
	case *ast.AssignStmt:
		for i, r := range n.Rhs {
			switch {
			case r != c.Node():
			case len(n.Lhs) == len(n.Rhs):
				return name(n.Lhs[i])
			case len(n.Rhs) == 1:
				return name(n.Lhs[0]) // token, err := M()
			}
		}
	case *ast.ValueSpec:
		for i, r := range n.Values {
			if r == c.Node() && len(n.Names) == len(n.Values) {
				return name(n.Names[i])
			}
		}
	case *ast.KeyValueExpr:
		if n.Value == c.Node() {
			if k, ok := n.Key.(*ast.Ident); ok {
				return k.Name, nil
			}
			if tv := info.Types[n.Key]; tv.Value != nil && tv.Value.Kind() == constant.String {
				return constant.StringVal(tv.Value), nil
			}
		}
	case *ast.ReturnStmt:
		for f := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			if fd, ok := f.Node().(*ast.FuncDecl); ok {
				return fd.Name.Name, nil
			}
			return "", nil
		}
	case *ast.CallExpr:
		f, ok := typeutil.Callee(info, n).(*types.Func)
		if !ok {
			return "", nil
		}
		params := f.Signature().Params()
		for i, a := range n.Args {
			if a != c.Node() || params.Len() == 0 {
				continue
			}
			// A placeholder's column: Exec("UPDATE t SET token = $1", v).
			if col := sqlArg(pass, c, n, f, i); col != "" {
				return col, nil
			}
			// A column named just before: Update("reset_token", v),
			// Update("id", v).
			if i > 0 {
				if tv := info.Types[n.Args[i-1]]; tv.Value != nil && tv.Value.Kind() == constant.String && (secretName(constant.StringVal(tv.Value)) || rule.IDName(constant.StringVal(tv.Value))) {
					return constant.StringVal(tv.Value), nil
				}
			}
			return params.At(min(i, params.Len()-1)).Name(), nil
		}
	}
	return "", nil
}

// enclosingFunc returns the cursor of the body of the function around c.
func enclosingFunc(c inspector.Cursor) (inspector.Cursor, bool) {
	for f := range c.Enclosing((*ast.FuncDecl)(nil)) {
		return f, true
	}
	return c, false
}
