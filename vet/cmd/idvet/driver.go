package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/idkeys/id/vet/internal/reach"
	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// plain runs the analyzers on the packages that args name, as
// multichecker does without -fix, -json or -c, but says which packages
// failed to load: one line for each, "idvet: package P not checked: WHY",
// instead of x/tools' "analysis skipped due to errors in package" for
// every analyzer and package. It returns false, having done nothing, when
// args hold anything it does not handle itself (a -fix, -json, -diff,
// -c, -debug or profile flag, "help", a vet .cfg file, a flag it does not
// know), which multichecker then handles.
//
// The exit status is multichecker's: 1 when a package failed to load or
// an analyzer failed, else 3 when there are findings, else 0.
func plain(args []string, analyzers []*analysis.Analyzer, stderr io.Writer) (status int, ok bool) {
	fs := flag.NewFlagSet("idvet", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(testsFlag(analyzers), "tests", "")
	includeTests := fs.Bool("test", true, "")
	enable := make(map[string]*triState)
	for _, a := range analyzers {
		t := new(triState)
		enable[a.Name] = t
		fs.Var(t, a.Name, "")
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, "") })
	}
	if len(args) > 0 && args[0] == "help" || slices.ContainsFunc(args, func(a string) bool { return strings.HasSuffix(a, ".cfg") }) {
		return 0, false
	}
	if err := fs.Parse(args); err != nil {
		return 0, false
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		return 0, false
	}
	analyzers = selected(analyzers, enable)

	initial, imports, err := load(patterns, *includeTests)
	if err != nil {
		fmt.Fprintf(stderr, "idvet: %v\n", err)
		return 1, true
	}
	failed := failedLoads(initial)
	if loadFailures(initial, failed, stderr) > 0 {
		status = 1
	}
	reach.Outside = func(path string) []string { return imports[path] }
	defer func() { reach.Outside = nil }()
	prune(initial)
	graph, err := checker.Analyze(analyzers, initial, &checker.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "idvet: %v\n", err)
		return 1, true
	}
	type key struct {
		pos, msg string
	}
	seen := make(map[key]bool)
	var lines []string
	findings := 0
	for _, act := range graph.Roots {
		switch {
		case act.Err != nil && failed[act.Package]:
			// Said once by loadFailures.
		case act.Err != nil:
			lines = append(lines, fmt.Sprintf("idvet: %s on package %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err))
			status = 1
		default:
			for _, d := range act.Diagnostics {
				k := key{act.Package.Fset.Position(d.Pos).String(), d.Message}
				if !seen[k] {
					seen[k] = true
					lines = append(lines, k.pos+": "+d.Message)
					findings++
				}
			}
		}
	}
	for _, l := range lines {
		fmt.Fprintln(stderr, l)
	}
	if status == 0 && findings > 0 {
		status = 3
	}
	return status, true
}

// load loads the packages patterns name, as go vet -vettool sees them,
// and returns those the patterns match (with their test variants when
// tests), and for each package outside the program the import paths of
// the packages it imports.
//
// The program's packages (every package the patterns need whose files
// are not in the Go root or the module cache, as "go env" names them)
// are type-checked from source in one load, so that the facts of one are
// seen by the others; every other package (the standard library, the
// module cache) is read from its export data, as go vet reads every
// import, and is not analysed: idvet computes no fact from a
// dependency's code (the libraries it knows are tables, and a
// dependency's own functions are not the program's). Holding the
// dependencies' export data, not their syntax, keeps standalone idvet's
// memory within go vet's.
func load(patterns []string, tests bool) ([]*packages.Package, map[string][]string, error) {
	// The graph, without types: what the patterns match and need.
	graph, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps | packages.NeedModule, Tests: tests}, patterns...)
	if err == nil && len(graph) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if err != nil {
		return nil, nil, err
	}
	dirs := outside()
	asked := make(map[string]bool)
	for _, p := range graph {
		asked[name(p)] = true
		if p.PkgPath == "command-line-arguments" {
			// .go files named, which go list takes with no other
			// package: every package from source, the standard
			// library's and the module cache's without function bodies.
			conf := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Tests: tests, ParseFile: bodiesOf(dirs)}
			initial, err := packages.Load(conf, patterns...)
			forgiveBodiless(initial, dirs)
			return initial, nil, err
		}
	}
	extra := make(map[string]bool)
	packages.Visit(graph, nil, func(p *packages.Package) {
		n := name(p)
		if !asked[n] && p.ID == p.PkgPath && !strings.HasSuffix(p.PkgPath, ".test") && len(p.GoFiles) > 0 && !under(p.GoFiles[0], dirs) {
			extra[p.PkgPath] = true
		}
	})
	conf := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Tests: tests}
	all, err := packages.Load(conf, slices.Concat(patterns, slices.Sorted(maps.Keys(extra)))...)
	if err != nil {
		return nil, nil, err
	}
	// The program's packages that the patterns do not match are loaded
	// for their facts; their test variants are not wanted.
	var initial []*packages.Package
	for _, p := range all {
		if asked[name(p)] {
			initial = append(initial, p)
		}
	}
	imports := make(map[string][]string)
	packages.Visit(all, nil, func(p *packages.Package) {
		if p.Syntax == nil {
			imports[p.PkgPath] = slices.Collect(maps.Keys(p.Imports))
		}
	})
	return initial, imports, nil
}

// prune drops, from the imports of every package loaded from source, the
// packages read from export data, which are not analysed (load).
func prune(initial []*packages.Package) {
	packages.Visit(initial, nil, func(p *packages.Package) {
		for path, q := range p.Imports {
			if q.Syntax == nil {
				delete(p.Imports, path)
			}
		}
	})
}

// under reports whether file is in one of dirs.
func under(file string, dirs []string) bool {
	return slices.ContainsFunc(dirs, func(d string) bool { return strings.HasPrefix(file, d) })
}

// bodiesOf returns a parser, for packages.Config.ParseFile, that drops
// the function bodies of the files under dirs: the standard library and
// the module cache are type-checked from their declarations, and their
// bodies, which standalone idvet would otherwise keep for the whole run
// (go vet -vettool keeps one package at a time), are never held. idvet
// computes no fact of theirs from a body: the libraries it knows are
// tables, and a dependency's own functions are not the program's.
func bodiesOf(dirs []string) func(*token.FileSet, string, []byte) (*ast.File, error) {
	return func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
		f, err := parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
		if f == nil || !under(filename, dirs) {
			return f, err
		}
		for _, d := range f.Decls {
			// A generic function, or a method of a generic type, and init
			// must keep theirs to type-check.
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Type.TypeParams == nil && fd.Name.Name != "init" && !genericRecv(fd) {
				fd.Body = nil
			}
		}
		return f, err
	}
}

// genericRecv reports whether fd is a method of a generic type.
func genericRecv(fd *ast.FuncDecl) bool {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return false
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// forgiveBodiless drops the soft type errors (an import used only in the
// bodies bodiesOf dropped) of the packages under dirs, and marks again
// which packages are ill typed: those with errors, or whose dependencies
// have some.
func forgiveBodiless(initial []*packages.Package, dirs []string) {
	packages.Visit(initial, nil, func(p *packages.Package) {
		if len(p.GoFiles) > 0 && under(p.GoFiles[0], dirs) {
			p.Errors = slices.DeleteFunc(p.Errors, func(e packages.Error) bool {
				return e.Kind == packages.TypeError && strings.Contains(e.Msg, "imported") && strings.HasSuffix(e.Msg, "not used")
			})
			p.TypeErrors = slices.DeleteFunc(p.TypeErrors, func(e types.Error) bool { return e.Soft })
		}
		p.IllTyped = len(p.Errors) > 0 || len(p.TypeErrors) > 0
		for _, imp := range p.Imports {
			p.IllTyped = p.IllTyped || imp.IllTyped
		}
	})
}

// outside returns the directories whose packages are not the program's:
// the Go root (the standard library) and the module cache (its
// dependencies), as "go env" names them; none when it fails.
func outside() []string {
	out, err := exec.Command("go", "env", "GOROOT", "GOMODCACHE").Output()
	if err != nil {
		return nil
	}
	var dirs []string
	for _, d := range strings.Fields(string(out)) {
		dirs = append(dirs, filepath.Clean(d)+string(filepath.Separator))
	}
	return dirs
}

// selected returns the analyzers the -NAME flags select: those set true
// if any is, else all but those set false.
func selected(analyzers []*analysis.Analyzer, enable map[string]*triState) []*analysis.Analyzer {
	anyTrue := false
	for _, t := range enable {
		anyTrue = anyTrue || *t == setTrue
	}
	var out []*analysis.Analyzer
	for _, a := range analyzers {
		if t := *enable[a.Name]; anyTrue && t == setTrue || !anyTrue && t != setFalse {
			out = append(out, a)
		}
	}
	return out
}

// failedLoads returns the packages that have errors or import, directly
// or not, a package that has.
func failedLoads(initial []*packages.Package) map[*packages.Package]bool {
	failed := make(map[*packages.Package]bool)
	packages.Visit(initial, nil, func(p *packages.Package) { // imports first
		failed[p] = len(p.Errors) > 0
		for _, q := range p.Imports {
			failed[p] = failed[p] || failed[q]
		}
	})
	return failed
}

// loadFailures prints one line for each package that is not checked
// because it failed to load, and returns how many it printed. A package
// with errors of its own, none of whose imports failed, is the cause:
// its line gives its first error. Every other package that failed (it
// has, or imports one that has, errors) names the causes it imports. Test
// variants of a package ("p [p.test]", "p_test", "p.test") are one line.
func loadFailures(initial []*packages.Package, failed map[*packages.Package]bool, w io.Writer) int {
	cause := func(p *packages.Package) bool {
		if len(p.Errors) == 0 {
			return false
		}
		for _, q := range p.Imports {
			if failed[q] {
				return false
			}
		}
		return true
	}
	// A package whose own variant loaded and only whose test variants
	// failed has its tests named: its own files were checked.
	plainOK := make(map[string]bool)
	packages.Visit(initial, nil, func(p *packages.Package) {
		if p.ID == p.PkgPath && !failed[p] {
			plainOK[p.PkgPath] = true
		}
	})
	var lines []string
	shown := make(map[string]bool)
	line := func(p *packages.Package, why string) {
		n := name(p)
		what := "package " + n
		if plainOK[n] {
			what = "the tests of package " + n
		}
		if !shown[what] {
			shown[what] = true
			lines = append(lines, fmt.Sprintf("idvet: %s not checked: %s", what, why))
		}
	}
	packages.Visit(initial, nil, func(p *packages.Package) {
		if cause(p) {
			// A type error of the source rather than the go command's
			// build of the package for its export data, which says the
			// same at more length.
			errs := slices.DeleteFunc(slices.Clone(p.Errors), func(e packages.Error) bool { return e.Kind != packages.TypeError })
			if len(errs) == 0 {
				errs = p.Errors
			}
			why := strings.Join(strings.Fields(errs[0].Error()), " ") // one line
			if n := len(errs) - 1; n > 0 {
				why += fmt.Sprintf(" (and %d more)", n)
			}
			line(p, why)
		}
	})
	packages.Visit(initial, nil, func(p *packages.Package) {
		if !failed[p] || cause(p) {
			return
		}
		var causes []string
		packages.Visit([]*packages.Package{p}, nil, func(q *packages.Package) {
			if q != p && cause(q) {
				causes = append(causes, name(q))
			}
		})
		sort.Strings(causes)
		line(p, fmt.Sprintf("it imports %s, which failed to load", strings.Join(slices.Compact(causes), ", ")))
	})
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	return len(lines)
}

// name is a package's import path, without a test variant's suffix:
// "p [p.test]", "p_test" and "p.test" are "p".
func name(p *packages.Package) string {
	n := rule.Normalize(p.ID)
	return strings.TrimSuffix(n, ".test")
}

// testsFlag is the -tests flag: it sets the -NAME.tests flag of every
// analyzer (true by default, but idmakers').
type testsFlag []*analysis.Analyzer

func (t testsFlag) String() string { return "" }

func (t testsFlag) Set(s string) error {
	for _, a := range t {
		if f := a.Flags.Lookup("tests"); f != nil {
			if err := f.Value.Set(s); err != nil {
				return err
			}
		}
	}
	return nil
}

// IsBoolFlag lets -tests stand for -tests=true.
func (t testsFlag) IsBoolFlag() bool { return true }

// triState is an -NAME flag: unset, true or false.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (t *triState) String() string {
	switch *t {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}

func (t *triState) Set(s string) error {
	switch strings.ToLower(s) {
	case "true", "1", "t":
		*t = setTrue
	case "false", "0", "f":
		*t = setFalse
	default:
		return fmt.Errorf("invalid boolean %q", s)
	}
	return nil
}

// IsBoolFlag lets -NAME stand for -NAME=true.
func (t *triState) IsBoolFlag() bool { return true }
