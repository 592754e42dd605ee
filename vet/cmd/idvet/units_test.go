package main

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// marked is the fact of a function whose name starts with "Marked".
type marked struct{ Name string }

func (*marked) AFact()           {}
func (m *marked) String() string { return "marked " + m.Name }

// count is a package's fact: how many functions it marked.
type count struct{ N int }

func (*count) AFact()           {}
func (c *count) String() string { return fmt.Sprint(c.N) }

// marker marks functions and reports the calls of marked functions of
// other packages, and what AllObjectFacts and AllPackageFacts return.
var marker = &analysis.Analyzer{
	Name:      "marker",
	Doc:       "marks functions",
	FactTypes: []analysis.Fact{new(marked), new(count)},
	Run: func(pass *analysis.Pass) (any, error) {
		n := 0
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && strings.HasPrefix(strings.ToLower(fd.Name.Name), "marked") {
					pass.ExportObjectFact(pass.TypesInfo.Defs[fd.Name], &marked{fd.Name.Name})
					n++
				}
			}
		}
		pass.ExportPackageFact(&count{n})
		for _, f := range pass.Files {
			ast.Inspect(f, func(node ast.Node) bool {
				call, ok := node.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				var m marked
				if fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func); ok && pass.ImportObjectFact(fn, &m) {
					pass.Reportf(call.Pos(), "calls %s", m.Name)
				}
				return true
			})
		}
		if pass.Pkg.Path() == "example.com/units/b" {
			var objs, pkgs []string
			for _, f := range pass.AllObjectFacts() {
				objs = append(objs, f.Object.Pkg().Name()+"."+f.Object.Name())
			}
			for _, f := range pass.AllPackageFacts() {
				pkgs = append(pkgs, f.Package.Path()+"="+f.Fact.(*count).String())
			}
			sort.Strings(objs)
			sort.Strings(pkgs)
			pass.Reportf(pass.Files[0].Package, "object facts %s; package facts %s", strings.Join(objs, " "), strings.Join(pkgs, " "))
		}
		return nil, nil
	},
}

// TestUnitsFacts: the facts of a package analysed on its own reach the
// packages that import it, through their export data, test variants
// included; a function local to its package (markedLocal) is not kept.
func TestUnitsFacts(t *testing.T) {
	dir, err := filepath.Abs("testdata/units")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	graph, err := load([]string{"./..."}, true)
	if err != nil {
		t.Fatal(err)
	}
	findings, failures, failed := analyse(graph, []*analysis.Analyzer{marker}, inProgram(outside()))
	if len(failures) > 0 {
		t.Errorf("failures: %q", failures)
	}
	for p, f := range failed {
		if f {
			t.Errorf("package %s failed: %v", p.ID, p.Errors)
		}
	}
	var got []string
	for _, f := range findings {
		got = append(got, strings.TrimPrefix(f.pos, dir+string(os.PathSeparator))+": "+f.msg)
	}
	slices.Sort(got)
	want := []string{
		"a/x_test.go:10:2: calls MarkedInTest",
		"a/x_test.go:11:2: calls MarkedF",
		"b/b.go:11:2: calls MarkedF",
		"b/b.go:2:1: object facts a.MarkedF b.MarkedG; package facts example.com/units/a=2 example.com/units/b=1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
