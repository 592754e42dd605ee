// Package reach tells the idvet analyzers which packages of interest a
// package imports, directly or not, from facts that every package exports,
// so that the answer is the same whether the imports were type-checked
// from source (idvet on its own) or loaded from export data (go vet, the
// golangci-lint plugin). types.Package.Imports of a package loaded from
// export data lists only the packages its export data mentions: a store
// that uses database/sql only through an unexported variable does not
// list database/sql there, and an analyzer that walked Imports would skip
// the handlers that call it.
package reach

import (
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// Analyzer computes the Set of a package, and exports it as a Fact for
// the packages that import it. It reports nothing; the idvet analyzers
// require it.
var Analyzer = &analysis.Analyzer{
	Name:       "idreach",
	Doc:        "records which packages of interest to idvet a package imports, directly or not",
	URL:        "https://pkg.go.dev/github.com/idkeys/id/vet/internal/reach",
	Run:        run,
	FactTypes:  []analysis.Fact{new(Fact)},
	ResultType: reflect.TypeFor[*Set](),
}

var (
	mu       sync.Mutex
	watchers []func() []string
)

// Outside, when set, returns the import paths of the packages that the
// package of path imports: standalone idvet sets it for the packages it
// reads from export data and does not analyse, which export no Fact; a
// package reaches what such an import imports, directly or not.
var Outside func(path string) []string

// Watch adds the packages that an analyzer asks about: paths returns
// import paths, and prefixes ending in "/" ("github.com/jackc/pgx/"). It
// is called when a package is analysed, after the flags are parsed, so it
// may return what a flag declares. Analyzers call Watch in their init.
func Watch(paths func() []string) {
	mu.Lock()
	defer mu.Unlock()
	watchers = append(watchers, paths)
}

// watched returns the paths every analyzer asks about.
func watched() []string {
	mu.Lock()
	defer mu.Unlock()
	var out []string
	for _, w := range watchers {
		out = append(out, w()...)
	}
	return out
}

// Fact is a package's Set, for the packages that import it: the sorted
// import paths of the watched packages it is, or imports directly or not.
// A package that reaches none exports no fact.
type Fact struct {
	Paths []string
}

// AFact marks Fact as a fact.
func (*Fact) AFact() {}

// String shows the fact in analysistest output, as reaches(path …).
func (f *Fact) String() string { return "reaches(" + strings.Join(f.Paths, " ") + ")" }

// Set is the watched packages a package is or imports, directly or not.
type Set struct {
	paths map[string]bool
}

// Reaches reports whether the set holds a package whose path is one of
// paths, or starts with one that ends in "/". Every path asked about must
// be watched (see Watch).
func (s *Set) Reaches(paths ...string) bool {
	for _, want := range paths {
		if strings.HasSuffix(want, "/") {
			for p := range s.paths {
				if strings.HasPrefix(p, want) {
					return true
				}
			}
		} else if s.paths[want] {
			return true
		}
	}
	return false
}

// Of returns the Set of the package pass analyses; pass's analyzer must
// require Analyzer.
func Of(pass *analysis.Pass) *Set {
	return pass.ResultOf[Analyzer].(*Set)
}

func run(pass *analysis.Pass) (any, error) {
	want := watched()
	match := func(path string) bool {
		for _, w := range want {
			if path == w || strings.HasSuffix(w, "/") && strings.HasPrefix(path, w) {
				return true
			}
		}
		return false
	}
	s := &Set{paths: make(map[string]bool)}
	if match(pass.Pkg.Path()) {
		s.paths[pass.Pkg.Path()] = true
	}
	// walk adds what the package of path, read from export data,
	// imports, directly or not (Outside).
	seen := make(map[string]bool)
	var walk func(path string)
	walk = func(path string) {
		for _, p := range Outside(path) {
			if !seen[p] {
				seen[p] = true
				if match(p) {
					s.paths[p] = true
				}
				walk(p)
			}
		}
	}
	// pass.Pkg was type-checked from source: its Imports are complete.
	// Those of its imports may not be; their facts are.
	for _, q := range pass.Pkg.Imports() {
		if match(q.Path()) {
			s.paths[q.Path()] = true
		}
		var f Fact
		if pass.ImportPackageFact(q, &f) {
			for _, p := range f.Paths {
				s.paths[p] = true
			}
		} else if Outside != nil {
			walk(q.Path())
		}
	}
	if len(s.paths) > 0 {
		f := &Fact{Paths: make([]string, 0, len(s.paths))}
		for p := range s.paths {
			f.Paths = append(f.Paths, p)
		}
		slices.Sort(f.Paths)
		pass.ExportPackageFact(f)
	}
	return s, nil
}
