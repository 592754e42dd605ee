package main

import (
	"flag"
	"fmt"
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

	graph, err := load(patterns, *includeTests)
	if err != nil {
		fmt.Fprintf(stderr, "idvet: %v\n", err)
		return 1, true
	}
	program := inProgram(outside())
	// reach learns the imports of a package outside the program, which
	// is not analysed, from the go command.
	imports := make(map[string][]string)
	packages.Visit(graph, nil, func(p *packages.Package) {
		if !program(p) {
			imports[p.PkgPath] = slices.Collect(maps.Keys(p.Imports))
		}
	})
	reach.Outside = func(path string) []string { return imports[path] }
	defer func() { reach.Outside = nil }()

	findings, failures, failed := analyse(graph, analyzers, program)
	if len(failures) > 0 {
		status = 1
	}
	lines := failures
	for _, f := range findings {
		lines = append(lines, f.pos+": "+f.msg)
	}
	if loadFailures(graph, failed, stderr) > 0 {
		status = 1
	}
	for _, l := range lines {
		fmt.Fprintln(stderr, l)
	}
	if status == 0 && len(findings) > 0 {
		status = 3
	}
	return status, true
}

// load returns the packages patterns name, as go vet -vettool sees
// them (with their test variants when tests), and every package they
// import, directly or not: their files, imports and module, and the
// export data the go command builds for each, from which the program's
// packages, analysed one at a time from source (units), read their
// imports, as go vet's analysis of each package does. The standard
// library and the module cache are not analysed: idvet computes no fact
// from a dependency's code (the libraries it knows are tables, and a
// dependency's own functions are not the program's).
func load(patterns []string, tests bool) ([]*packages.Package, error) {
	const mode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
		packages.NeedDeps | packages.NeedModule | packages.NeedExportFile | packages.NeedTypesSizes
	graph, err := packages.Load(&packages.Config{Mode: mode, Tests: tests}, patterns...)
	if err == nil && len(graph) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	return graph, err
}

// inProgram returns whether a package is the program's, and analysed:
// one with Go files outside dirs (outside), and no test main.
func inProgram(dirs []string) func(*packages.Package) bool {
	return func(p *packages.Package) bool {
		return len(p.GoFiles) > 0 && !under(p.GoFiles[0], dirs) && !strings.HasSuffix(p.PkgPath, ".test")
	}
}

// under reports whether file is in one of dirs.
func under(file string, dirs []string) bool {
	return slices.ContainsFunc(dirs, func(d string) bool { return strings.HasPrefix(file, d) })
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
