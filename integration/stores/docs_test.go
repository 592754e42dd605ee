package stores

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDocsNameEveryTest: the section of docs/works-with-formats.md that
// these tests are the evidence for names each of them, and names no test
// that does not exist here (a renamed test would leave the page pointing
// at nothing).
func TestDocsNameEveryTest(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "works-with-formats.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(page), "\n## Stores, config loaders and drivers\n")
	if !ok {
		t.Fatal(`docs/works-with-formats.md has no section "## Stores, config loaders and drivers"`)
	}
	if next := strings.Index(section, "\n## "); next >= 0 {
		section = section[:next]
	}
	named := regexp.MustCompile("`(Test[A-Za-z0-9_]+)`").FindAllStringSubmatch(section, -1)
	inDocs := make(map[string]bool)
	for _, m := range named {
		inDocs[m[1]] = true
	}

	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var tests []string
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Test") && fd.Name.Name != "TestDocsNameEveryTest" {
				tests = append(tests, fd.Name.Name)
			}
		}
	}
	slices.Sort(tests)
	for _, name := range tests {
		if !inDocs[name] {
			t.Errorf("%s is not named in the section", name)
		}
		delete(inDocs, name)
	}
	for name := range inDocs {
		t.Errorf("the section names %s, which is no test here", name)
	}
	if len(tests) < 20 {
		t.Fatalf("found only %d tests: %v", len(tests), tests)
	}
}
