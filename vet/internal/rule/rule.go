// Package rule holds what the idvet analyzers share: where a finding may be
// reported (package id itself, allowed packages, generated files and,
// optionally, test files are skipped) and how a call's callee is named.
package rule

import (
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// IDPath is the import path of package id, whose own code is never reported.
const IDPath = "github.com/idkeys/id"

// AdoptPath is the import path of package adopt, the migration tools
// (Backfill, FromUUIDv7) beside package id.
const AdoptPath = IDPath + "/adopt"

// Config is what every analyzer's flags set: -NAME.allow and -NAME.tests.
type Config struct {
	// Allow lists the packages the analyzer does not report.
	Allow Allow
	// Tests says whether findings in _test.go files are reported.
	Tests bool
}

// Allow is a list of package patterns, set from a comma-separated flag
// value: an import path ("example.com/migrate") or a path ending in "/..."
// for the path and every package under it.
type Allow []string

// String returns the list as the flag value it was set from.
func (a *Allow) String() string { return strings.Join(*a, ",") }

// Set replaces the list by the comma-separated patterns of s. It returns
// an error, and keeps the list as it was, when a pattern is not an import
// path or a path followed by "/..." (see CheckPath).
func (a *Allow) Set(s string) error {
	var list Allow
	for p := range strings.SplitSeq(s, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		if err := CheckPath(strings.TrimSuffix(p, "/...")); err != nil {
			return fmt.Errorf("pattern %q: %v", p, err)
		}
		list = append(list, p)
	}
	*a = list
	return nil
}

// CheckPath returns an error when path cannot be an import path: it is
// empty, starts or ends with "/", has an empty, "." or ".." element, or
// holds a character other than letters, digits and "-._~+/" (a wildcard
// such as "*", a space, a quote). Go's own rules are stricter; this
// catches the typing mistakes ("example.com/*", "a b", "path/").
func CheckPath(path string) error {
	if path == "" {
		return errors.New("empty import path")
	}
	for elem := range strings.SplitSeq(path, "/") {
		switch elem {
		case "":
			return errors.New("empty path element (a leading, trailing or double \"/\")")
		case ".", "..":
			return fmt.Errorf("path element %q", elem)
		case "...":
			return errors.New(`"..." may only end a pattern (path/...)`)
		}
		for _, r := range elem {
			if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("-._~+", r)) {
				return fmt.Errorf("character %q is not allowed in an import path", r)
			}
		}
	}
	return nil
}

// Match reports whether the package with import path pkg (a test variant's
// path included) is on the list.
func (a Allow) Match(pkg string) bool {
	pkg = Normalize(pkg)
	for _, p := range a {
		if base, ok := strings.CutSuffix(p, "/..."); ok {
			if pkg == base || strings.HasPrefix(pkg, base+"/") {
				return true
			}
		} else if pkg == p {
			return true
		}
	}
	return false
}

// Flags registers the flags every analyzer has, -allow and -tests, in
// c; c.Tests as it is is the default of -tests.
func Flags(fs *flag.FlagSet, c *Config) {
	fs.Var(&c.Allow, "allow", "comma-separated packages not to report (a path, or path/... for a tree)")
	fs.BoolVar(&c.Tests, "tests", c.Tests, "report findings in _test.go files")
}

// Normalize returns the import path of the package a test variant belongs
// to: "p [p.test]" and "p_test" are "p".
func Normalize(pkg string) string {
	if i := strings.Index(pkg, " ["); i >= 0 {
		pkg = pkg[:i]
	}
	return strings.TrimSuffix(pkg, "_test")
}

// Scope says where a pass may report.
type Scope struct {
	skip map[*token.File]bool
	sup  map[*token.File]map[int][]suppression
	fset *token.FileSet
}

// NewScope returns the scope of pass, or false when nothing in the package
// may be reported: it is package id itself, or on c.Allow.
func NewScope(pass *analysis.Pass, c *Config) (*Scope, bool) {
	path := Normalize(pass.Pkg.Path())
	if path == IDPath || path == AdoptPath || c.Allow.Match(path) {
		return nil, false
	}
	s := &Scope{skip: make(map[*token.File]bool), fset: pass.Fset, sup: suppressions(pass.Fset, pass.Files)}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf == nil {
			continue
		}
		s.skip[tf] = ast.IsGenerated(f) || (!c.Tests && strings.HasSuffix(tf.Name(), "_test.go"))
	}
	return s, true
}

// Skip reports whether a finding at pos is not to be reported: it is in a
// generated file, or in a test file while tests are not checked.
func (s *Scope) Skip(pos token.Pos) bool {
	return s.skip[s.fset.File(pos)]
}

// Files returns the files of pass that may hold findings.
func (s *Scope) Files(pass *analysis.Pass) []*ast.File {
	var out []*ast.File
	for _, f := range pass.Files {
		if !s.Skip(f.FileStart) {
			out = append(out, f)
		}
	}
	return out
}

// IsID reports whether t is id.ID or *id.ID.
func IsID(t types.Type) bool { return Named(t, IDPath, "ID") }

// Named reports whether t, or the type t points to, is the named type of
// package path pkg called one of names (Named(t, "net/http", "Request")).
func Named(t types.Type, pkg string, names ...string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != pkg {
		return false
	}
	for _, name := range names {
		if n.Obj().Name() == name {
			return true
		}
	}
	return false
}

// IsIDValue reports whether t is id.ID, a typed id or a pointer to one:
// what fmt prints, and String returns, as an id's text. A typed id is a
// defined type whose underlying type is a struct of one embedded field,
// itself id.ID or a typed id (type OrderID struct{ id.ID }): it has
// every method of id.ID. A struct with other fields beside the embedded
// id is not one (idtyped reports it).
func IsIDValue(t types.Type) bool {
	if IsID(t) {
		return true
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	s, ok := n.Underlying().(*types.Struct)
	if !ok || s.NumFields() != 1 || !s.Field(0).Embedded() {
		return false
	}
	f := s.Field(0).Type()
	if _, ptr := f.(*types.Pointer); ptr {
		return false
	}
	return f != t && IsIDValue(f)
}

// Func names a function or method as "pkg.Name" or "pkg.Type.Name" (with
// the package's name, not its path), for messages.
func Func(f *types.Func) string {
	pkg := ""
	if f.Pkg() != nil {
		pkg = f.Pkg().Name() + "."
	}
	if recv := f.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return pkg + n.Obj().Name() + "." + f.Name()
		}
	}
	return pkg + f.Name()
}

// Method reports whether f is the method name of a type named typ (pointer
// or value receiver, or an interface) in the package with path pkg.
func Method(f *types.Func, pkg, typ, name string) bool {
	if f == nil || f.Name() != name || f.Pkg() == nil || f.Pkg().Path() != pkg {
		return false
	}
	recv := f.Signature().Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == typ
}

// PkgFunc reports whether f is the package-level function pkg.name.
func PkgFunc(f *types.Func, pkg, name string) bool {
	return f != nil && f.Name() == name && f.Pkg() != nil && f.Pkg().Path() == pkg && f.Signature().Recv() == nil
}

// Doc returns an analyzer's documentation from the source of its package's
// doc.go: the comment text after "name: " to the end of the package
// comment, as x/tools' analyzers keep theirs.
func Doc(src, name string) string {
	var lines []string
	in := false
	for l := range strings.SplitSeq(src, "\n") {
		if !strings.HasPrefix(l, "//") {
			if in {
				break
			}
			continue
		}
		l = strings.TrimPrefix(strings.TrimPrefix(l, "//"), " ")
		if rest, ok := strings.CutPrefix(l, name+": "); !in && ok {
			in, l = true, rest
		}
		if in {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		panic("rule.Doc: no \"" + name + ": \" line in doc.go")
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
