package idmakers

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idkeys/id/vet/internal/flow"
	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// A service that makes its ids without an id package makes them with a
// helper of its own: util.RandomString(10), crypto.GenerateRandomStringHex(20),
// a newID() over crypto/rand. Such a helper is inferred: a function or
// method whose first result is a string, a []byte or a named string type
// built from random bits (a draw of crypto/rand, math/rand or
// math/rand/v2, a listed or declared maker, or another inferred helper,
// in this package or, through a Random fact, in another), directly or
// through local variables. A call of it is reported as a declared
// maker's is: only where its value is used as an id (used.go), never
// where it flows only into a secret (secret.go), and never in the body
// of an inferred helper, whose callers are where its value gets a use.
// crypto/rand.Text is one such helper. A helper named as a secret
// (newSessionToken) makes secrets, not ids, and is not inferred; nor are
// package id's and the random packages' own functions.

// Random is the fact that a function's first result is built from random
// bits: an inferred id maker (see infer.go).
type Random struct {
	// Inside says that the helper's id is reported inside it: its bits
	// come only from listed or declared makers (uuid.NewString()), or
	// from a local variable named as an id that it returns
	// (subscriptionID := util.RandomString(10); …; return subscriptionID).
	// The helper's own calls are then not reported again.
	Inside bool
	// Secret says that the helper is named as a secret (genToken): its
	// value is an id only where it is stored in a field named as an id
	// that is never used as a credential (idField), and it makes no
	// other helper random.
	Secret bool
}

// AFact marks Random as a fact.
func (*Random) AFact() {}

// String shows the fact in analysistest output, as random or
// random(inside).
func (r *Random) String() string {
	if r.Inside {
		return "random(inside)"
	}
	if r.Secret {
		return "random(secret)"
	}
	return "random"
}

// randPkgs are the packages whose functions and methods draw random
// bits, but for their constructors and seeding.
var randPkgs = map[string]bool{"crypto/rand": true, "math/rand": true, "math/rand/v2": true}

// draws reports whether f draws random bits: a function or method of a
// random package other than New*, Seed and the (un)marshalling methods.
func draws(f *types.Func) bool {
	if f == nil || f.Pkg() == nil || !randPkgs[f.Pkg().Path()] {
		return false
	}
	n := f.Name()
	return !strings.HasPrefix(n, "New") && n != "Seed" && !strings.Contains(n, "Marshal") && n != "AppendBinary"
}

// taint bits: where a value's random bits come from.
const (
	raw    = 1 << iota // a draw, or an inferred helper
	inside             // reported inside: see Random.Inside
)

// inferrer finds the package's random helpers.
type inferrer struct {
	pass  *analysis.Pass
	insp  *inspector.Inspector // made when first needed
	defs  *flow.Defs
	local map[*types.Func]int // taint bits of this package's helpers
	// secret are this package's helpers named as secrets whose bits
	// are drawn in them or in another helper (Random.Secret).
	secret map[*types.Func]bool
	cache  map[*types.Func]*Random
}

// newInferrer returns the inferrer of pass, its package's helpers found
// and exported as Random facts (none in package id, adopt and the random
// packages).
func newInferrer(pass *analysis.Pass) *inferrer {
	in := &inferrer{pass: pass, local: make(map[*types.Func]int), secret: make(map[*types.Func]bool), cache: make(map[*types.Func]*Random)}
	path := rule.Normalize(pass.Pkg.Path())
	if path == rule.IDPath || path == rule.AdoptPath || randPkgs[path] {
		return in
	}
	in.defs = flow.New(pass.TypesInfo, pass.Files)
	type fn struct {
		decl *ast.FuncDecl
		obj  *types.Func
	}
	var fns, secrets []fn
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || obj.Signature().Results().Len() == 0 || !flow.Textual(obj.Signature().Results().At(0).Type()) {
				continue
			}
			if secretName(obj.Name()) {
				secrets = append(secrets, fn{fd, obj})
				continue
			}
			fns = append(fns, fn{fd, obj})
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range fns {
			if bits := in.returns(f.decl); bits|in.local[f.obj] != in.local[f.obj] {
				in.local[f.obj] |= bits
				changed = true
			}
		}
	}
	for _, f := range fns {
		if bits := in.local[f.obj]; bits != 0 {
			pass.ExportObjectFact(f.obj, &Random{Inside: bits == inside})
		}
	}
	for _, f := range secrets {
		if in.returns(f.decl)&raw != 0 {
			in.secret[f.obj] = true
			pass.ExportObjectFact(f.obj, &Random{Secret: true})
		}
	}
	return in
}

// random returns what f is as a random helper: nil for none; crypto/rand.Text
// is one.
func (in *inferrer) random(f *types.Func) *Random {
	f = f.Origin()
	if f.Pkg() == nil {
		return nil
	}
	if f.Pkg() == in.pass.Pkg {
		switch bits := in.local[f]; {
		case bits == 0 && in.secret[f]:
			return &Random{Secret: true}
		case bits == 0:
			return nil
		default:
			return &Random{Inside: bits == inside}
		}
	}
	if draws(f) {
		if r := f.Signature().Results(); r.Len() > 0 && flow.Textual(r.At(0).Type()) {
			return &Random{}
		}
		return nil
	}
	if r, ok := in.cache[f]; ok {
		return r
	}
	r := new(Random)
	if !in.pass.ImportObjectFact(f, r) {
		r = nil
	}
	in.cache[f] = r
	return r
}

// returns returns the taint bits of what the function decl returns
// first. Its parameters and receiver are not tainted by what is stored
// in them (s.ID = rand.Text() changes the caller's value, not the
// result), and a returned local variable named as an id makes the bits
// inside.
func (in *inferrer) returns(decl *ast.FuncDecl) int {
	params := make(map[*types.Var]bool)
	for _, fl := range []*ast.FieldList{decl.Recv, decl.Type.Params} {
		if fl == nil {
			continue
		}
		for _, f := range fl.List {
			for _, name := range f.Names {
				if v, ok := in.pass.TypesInfo.Defs[name].(*types.Var); ok {
					params[v] = true
				}
			}
		}
	}
	vars := make(map[*types.Var]int)
	taint := func(e ast.Expr, bits int) bool {
		v := in.root(e)
		if v == nil || params[v] || bits|vars[v] == vars[v] {
			return false
		}
		vars[v] |= bits
		return true
	}
	for changed := true; changed; {
		changed = false
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if taint(l, in.expr(valueOf(n.Rhs, i, len(n.Lhs)), vars)) {
						changed = true
					}
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if r := valueOf(n.Values, i, len(n.Names)); r != nil && taint(name, in.expr(r, vars)) {
						changed = true
					}
				}
			case *ast.RangeStmt:
				if n.Value != nil && taint(n.Value, in.expr(n.X, vars)) {
					changed = true
				}
			case *ast.CallExpr:
				if in.call(n, vars, taint) {
					changed = true
				}
			}
			return true
		})
	}
	bits := 0
	results := decl.Type.Results
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			var r ast.Expr
			if len(n.Results) > 0 {
				r = n.Results[0]
			} else if results != nil && len(results.List) > 0 && len(results.List[0].Names) > 0 {
				r = results.List[0].Names[0]
			}
			if r == nil {
				break
			}
			b := in.expr(r, vars)
			if v := in.defs.Var(r); v != nil && b != 0 && (rule.IDName(v.Name()) || in.hexKeyed(decl, v)) {
				b = inside // reported where it is made: it is kept as an id
			}
			bits |= b
		}
		return true
	})
	return bits
}

// call taints, through taint, the variables that the call n fills with
// random bits: rand.Read(b), r.Read(b), io.ReadFull(rand.Reader, b),
// copy(b, random), and a local variable whose method is passed random
// bits (sb.WriteByte(charset[rand.Intn(n)])). It reports whether one
// changed.
func (in *inferrer) call(n *ast.CallExpr, vars map[*types.Var]int, taint func(ast.Expr, int) bool) bool {
	info := in.pass.TypesInfo
	if b, ok := typeutil.Callee(info, n).(*types.Builtin); ok && b.Name() == "copy" && len(n.Args) == 2 {
		return taint(n.Args[0], in.expr(n.Args[1], vars))
	}
	f := in.defs.Callee(n)
	if f == nil {
		return false
	}
	switch {
	case draws(f) && f.Name() == "Read" && len(n.Args) == 1:
		return taint(n.Args[0], raw)
	case f.Pkg() != nil && f.Pkg().Path() == "io" && (f.Name() == "ReadFull" || f.Name() == "ReadAtLeast") && len(n.Args) >= 2 && in.randReader(n.Args[0]):
		return taint(n.Args[1], raw)
	case f.Name() == "Read" && len(n.Args) == 1 && f.Signature().Recv() != nil:
		if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && in.randReader(sel.X) {
			return taint(n.Args[0], raw)
		}
	}
	sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
	if !ok || f.Signature().Recv() == nil {
		return false
	}
	bits := 0
	for _, a := range n.Args {
		bits |= in.expr(a, vars)
	}
	return bits != 0 && taint(sel.X, bits)
}

// randReader reports whether e is a source of random bytes: crypto/rand's
// Reader, or a value of a random package's type (*rand.Rand, *rand.ChaCha8).
func (in *inferrer) randReader(e ast.Expr) bool {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		if v, ok := in.pass.TypesInfo.Uses[sel.Sel].(*types.Var); ok && v.Pkg() != nil && v.Pkg().Path() == "crypto/rand" && v.Name() == "Reader" {
			return true
		}
	}
	t := in.pass.TypesInfo.TypeOf(e)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && randPkgs[n.Obj().Pkg().Path()]
}

// root returns the local variable that e is, or that e indexes, selects
// from, slices or points to (b, b[i], b[:], s.f, *p, &b), or nil.
func (in *inferrer) root(e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		default:
			return in.defs.Var(e)
		}
	}
}

// expr returns the taint bits of e: the random draws and makers it calls
// and the tainted local variables it reads, anywhere in it but in a
// function literal.
func (in *inferrer) expr(e ast.Expr, vars map[*types.Var]int) int {
	bits := 0
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			if v := in.defs.Var(n); v != nil {
				bits |= vars[v]
			}
		case *ast.CallExpr:
			f := in.defs.Callee(n)
			if f == nil {
				break
			}
			switch {
			case draws(f):
				bits |= raw
			case lookup(f.Origin()) == maker:
				bits |= inside
			default:
				if r := in.random(f); r != nil && r.Inside {
					bits |= inside
				} else if r != nil && !r.Secret {
					bits |= raw
				}
			}
		}
		return true
	})
	return bits
}

// inHelper reports whether cur is in the body of one of this package's
// random helpers whose callers are reported (not Inside).
func (in *inferrer) inHelper(cur inspector.Cursor) bool {
	for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		obj, ok := in.pass.TypesInfo.Defs[c.Node().(*ast.FuncDecl).Name].(*types.Func)
		return ok && in.local[obj]&raw != 0
	}
	return false
}

// hexKeyed reports whether v, a local variable of decl named as an
// entity's hex key, is bound in decl to a column so named (used.go).
func (in *inferrer) hexKeyed(decl *ast.FuncDecl, v *types.Var) bool {
	if !rule.HexKeyName(v.Name()) {
		return false
	}
	if in.insp == nil {
		in.insp = inspector.New(in.pass.Files)
	}
	fn, ok := in.insp.Root().FindNode(decl)
	return ok && hexKeyed(in.pass, fn, v)
}
