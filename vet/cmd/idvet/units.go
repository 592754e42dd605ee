package main

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"runtime"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"
)

// Standalone idvet analyses the program's packages one at a time, as go
// vet -vettool runs one process per package: each is parsed and
// type-checked from source, its imports read from the export data the go
// command built, the analyzers run, and its facts are kept, encoded as go
// vet encodes them (gob, each object named by its objectpath), for the
// packages that import it. Then its syntax and types are dropped, so the
// process holds one package's syntax at a time, not the program's.

// analyse runs analyzers on the packages of graph that program says are
// the program's, one at a time, each after those it imports. It returns
// the findings in the packages graph holds (those the patterns name),
// once each, in the order they were found; the analyzers' errors; and
// which packages failed to load: those with errors (the go command's,
// the parser's or the type checker's, added to their Errors) or that
// import, directly or not, one that has.
func analyse(graph []*packages.Package, analyzers []*analysis.Analyzer, program func(*packages.Package) bool) (findings []finding, failures []string, failed map[*packages.Package]bool) {
	var sizes types.Sizes
	if len(graph) > 0 {
		sizes = graph[0].TypesSizes
	}
	u := newUnits(analyzers, sizes)
	asked := make(map[*packages.Package]bool)
	for _, p := range graph {
		asked[p] = true
	}
	seen := make(map[finding]bool)
	failed = make(map[*packages.Package]bool)
	packages.Visit(graph, nil, func(p *packages.Package) { // imports first
		importFailed := false
		for _, q := range p.Imports {
			importFailed = importFailed || failed[q]
		}
		if importFailed || !program(p) {
			failed[p] = importFailed || len(p.Errors) > 0
			return
		}
		// Type-checked even when the go command failed to build it: its
		// type errors say why at less length.
		found, fails, ok := u.check(p, asked[p])
		// The package's syntax and types are garbage now: collect
		// them, so that the next package's heap grows from the few
		// megabytes the run keeps (the graph, the facts) rather than
		// from this one's garbage, as a new go vet process would.
		runtime.GC()
		failed[p] = !ok
		failures = append(failures, fails...)
		for _, f := range found {
			if !seen[f] {
				seen[f] = true
				findings = append(findings, f)
			}
		}
	})
	return findings, failures, failed
}

// units analyses packages one at a time.
type units struct {
	roots    []*analysis.Analyzer // the analyzers whose findings are printed
	all      []*analysis.Analyzer // roots and what they require, requirements first
	factOnly []*analysis.Analyzer // the analyzers with facts, and what they require, requirements first
	sizes    types.Sizes
	// facts holds every analysed package's facts, by its ID (a test
	// variant is another package).
	facts map[factKey][]byte
}

// objKey names a fact of the package being analysed.
type objKey struct {
	obj  types.Object
	kind reflect.Type
}

// factKey names a fact: its package's ID, its object's objectpath (""
// for a package fact) and its type.
type factKey struct {
	pkg  string
	obj  objectpath.Path
	kind reflect.Type
}

func newUnits(roots []*analysis.Analyzer, sizes types.Sizes) *units {
	u := &units{roots: roots, all: required(roots), sizes: sizes, facts: make(map[factKey][]byte)}
	var withFacts []*analysis.Analyzer
	for _, a := range u.all {
		if len(a.FactTypes) > 0 {
			withFacts = append(withFacts, a)
		}
	}
	u.factOnly = required(withFacts)
	for _, a := range u.all {
		for _, f := range a.FactTypes {
			gob.Register(f)
		}
	}
	return u
}

// required returns as and every analyzer they require, directly or not,
// each after those it requires.
func required(as []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := make(map[*analysis.Analyzer]bool)
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		out = append(out, a)
	}
	for _, a := range as {
		visit(a)
	}
	return out
}

// finding is a diagnostic of a root analyzer, its position written out.
type finding struct {
	pos, msg string
}

// check type-checks p from source and, when it has no errors, runs the
// analyzers on it: all of them when report (a package the patterns
// name), else only those that compute facts. It returns the findings of
// the roots when report, and the analyzers' errors. Parse and type
// errors are added to p.Errors; ok is false, and nothing is analysed,
// when p has errors, the go command's included.
func (u *units) check(p *packages.Package, report bool) (found []finding, failures []string, ok bool) {
	t := &unit{units: u, p: p, fset: token.NewFileSet(), imports: make(map[string]*types.Package)}
	if !t.typeCheck() {
		return nil, nil, false
	}
	// What the parser and the type checker leave behind is garbage now:
	// collect it, so that the analyzers' allocations (the inspector's
	// events above all) reuse it rather than grow the heap. On permify's
	// 1.7 MB generated package this is 10 MB of peak memory.
	runtime.GC()
	// The IDs of the packages p imports, directly or not, by path: a
	// fact of an object of theirs is found under its package's ID.
	t.ids = make(map[string]string)
	packages.Visit([]*packages.Package{p}, nil, func(q *packages.Package) { t.ids[q.PkgPath] = q.ID })
	t.objFacts = make(map[objKey]analysis.Fact)
	t.pkgFacts = make(map[reflect.Type]analysis.Fact)

	var module *analysis.Module
	if p.Module != nil {
		module = &analysis.Module{Path: p.Module.Path, Version: p.Module.Version, GoVersion: p.Module.GoVersion}
	}
	readable := slices.Concat(p.GoFiles, p.CompiledGoFiles, p.OtherFiles, p.IgnoredFiles)
	readFile := func(name string) ([]byte, error) {
		if !slices.Contains(readable, name) {
			return nil, fmt.Errorf("idvet: %s is not a file of package %s", name, p.PkgPath)
		}
		return os.ReadFile(name)
	}
	isRoot := make(map[*analysis.Analyzer]bool)
	for _, a := range u.roots {
		isRoot[a] = report
	}
	run := u.factOnly
	if report {
		run = u.all
	}
	results := make(map[*analysis.Analyzer]any)
	for _, a := range run {
		pass := &analysis.Pass{
			Analyzer:     a,
			Fset:         t.fset,
			Files:        t.files,
			OtherFiles:   p.OtherFiles,
			IgnoredFiles: p.IgnoredFiles,
			Pkg:          t.pkg,
			TypesInfo:    t.info,
			TypesSizes:   u.sizes,
			Module:       module,
			ResultOf:     make(map[*analysis.Analyzer]any),
			ReadFile:     readFile,
			Report: func(d analysis.Diagnostic) {
				if isRoot[a] {
					found = append(found, finding{t.fset.Position(d.Pos).String(), d.Message})
				}
			},
			ImportObjectFact:  t.importObjectFact,
			ExportObjectFact:  func(obj types.Object, fact analysis.Fact) { t.exportObjectFact(a, obj, fact) },
			ImportPackageFact: t.importPackageFact,
			ExportPackageFact: func(fact analysis.Fact) { t.pkgFacts[reflect.TypeOf(fact)] = fact },
			AllObjectFacts:    func() []analysis.ObjectFact { return t.allObjectFacts(a) },
			AllPackageFacts:   func() []analysis.PackageFact { return t.allPackageFacts(a) },
		}
		for _, r := range a.Requires {
			pass.ResultOf[r] = results[r]
		}
		res, err := a.Run(pass)
		if err != nil {
			failures = append(failures, fmt.Sprintf("idvet: %s on package %s: %v", a.Name, p.PkgPath, err))
			continue
		}
		results[a] = res
	}
	t.keep()
	return found, failures, true
}

// unit is one package being analysed.
type unit struct {
	*units
	p       *packages.Package
	fset    *token.FileSet
	files   []*ast.File
	pkg     *types.Package
	info    *types.Info
	imports map[string]*types.Package // every package read from export data for p, by path
	ids     map[string]string         // the ID of each package p imports, directly or not, by path
	// p's facts, while it is analysed (keep).
	objFacts map[objKey]analysis.Fact
	pkgFacts map[reflect.Type]analysis.Fact
	enc      objectpath.Encoder
}

// typeCheck parses and type-checks t's package, its imports read from
// their export data, and reports whether it has no errors: the parser's
// and type checker's are added to p.Errors.
func (t *unit) typeCheck() bool {
	p := t.p
	for _, name := range p.CompiledGoFiles {
		f, err := parser.ParseFile(t.fset, name, nil, parser.ParseComments)
		if err != nil {
			p.Errors = append(p.Errors, parseErrors(err)...)
		}
		if f != nil {
			t.files = append(t.files, f)
		}
	}
	conf := &types.Config{
		Importer: importer(func(path string) (*types.Package, error) { return imported(t.fset, t.imports, p, path) }),
		Sizes:    t.sizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p.Errors = append(p.Errors, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
			}
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	t.info = &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Instances:    make(map[*ast.Ident]types.Instance),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:       make(map[ast.Node]*types.Scope),
		FileVersions: make(map[*ast.File]string),
	}
	t.pkg, _ = conf.Check(p.PkgPath, t.fset, t.files, t.info)
	return len(p.Errors) == 0
}

// importObjectFact is the pass's ImportObjectFact: a fact of p's own
// objects, or one kept for the package that declares obj.
func (t *unit) importObjectFact(obj types.Object, fact analysis.Fact) bool {
	kind := reflect.TypeOf(fact)
	if obj.Pkg() == t.pkg {
		f, ok := t.objFacts[objKey{obj, kind}]
		if ok {
			reflect.ValueOf(fact).Elem().Set(reflect.ValueOf(f).Elem())
		}
		return ok
	}
	if obj.Pkg() == nil {
		return false
	}
	path, err := t.enc.For(obj)
	return err == nil && t.load(factKey{t.ids[obj.Pkg().Path()], path, kind}, fact)
}

// exportObjectFact is the pass's ExportObjectFact, for analyzer a.
func (t *unit) exportObjectFact(a *analysis.Analyzer, obj types.Object, fact analysis.Fact) {
	if obj.Pkg() != t.pkg {
		panic(fmt.Sprintf("idvet: %s exported a fact of %v, which is not in package %s", a.Name, obj, t.p.PkgPath))
	}
	t.objFacts[objKey{obj, reflect.TypeOf(fact)}] = fact
}

// importPackageFact is the pass's ImportPackageFact.
func (t *unit) importPackageFact(q *types.Package, fact analysis.Fact) bool {
	kind := reflect.TypeOf(fact)
	if q == t.pkg {
		f, ok := t.pkgFacts[kind]
		if ok {
			reflect.ValueOf(fact).Elem().Set(reflect.ValueOf(f).Elem())
		}
		return ok
	}
	return t.load(factKey{t.ids[q.Path()], "", kind}, fact)
}

// load decodes the fact kept under k into fact: into a new value, as go
// vet decodes a fact, then copied.
func (t *unit) load(k factKey, fact analysis.Fact) bool {
	b, ok := t.facts[k]
	if !ok {
		return false
	}
	v := reflect.New(k.kind.Elem())
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(v.Interface()); err != nil {
		panic(fmt.Sprintf("idvet: decoding a %v fact of package %s: %v", k.kind, k.pkg, err))
	}
	reflect.ValueOf(fact).Elem().Set(v.Elem())
	return true
}

// keep encodes p's facts for the packages that import it. An object
// no importer can name (a local's) keeps its facts in p.
func (t *unit) keep() {
	store := func(obj objectpath.Path, fact analysis.Fact) {
		var b bytes.Buffer
		if err := gob.NewEncoder(&b).Encode(fact); err != nil {
			panic(fmt.Sprintf("idvet: encoding a %T fact of package %s: %v", fact, t.p.PkgPath, err))
		}
		t.facts[factKey{t.p.ID, obj, reflect.TypeOf(fact)}] = b.Bytes()
	}
	for k, f := range t.objFacts {
		if path, err := t.enc.For(k.obj); err == nil {
			store(path, f)
		}
	}
	for _, f := range t.pkgFacts {
		store("", f)
	}
}

// allObjectFacts is the pass's AllObjectFacts for analyzer a: the facts
// of a's types of p's objects and of those of the packages read for p.
func (t *unit) allObjectFacts(a *analysis.Analyzer) []analysis.ObjectFact {
	kinds := make(map[reflect.Type]bool)
	for _, f := range a.FactTypes {
		kinds[reflect.TypeOf(f)] = true
	}
	var out []analysis.ObjectFact
	for k, f := range t.objFacts {
		if kinds[k.kind] {
			out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
		}
	}
	for path, q := range t.imports {
		for k := range t.facts {
			if k.pkg != t.ids[path] || k.obj == "" || !kinds[k.kind] {
				continue
			}
			obj, err := objectpath.Object(q, k.obj)
			f := reflect.New(k.kind.Elem()).Interface().(analysis.Fact)
			if err == nil && t.load(k, f) {
				out = append(out, analysis.ObjectFact{Object: obj, Fact: f})
			}
		}
	}
	return out
}

// allPackageFacts is the pass's AllPackageFacts for analyzer a: the
// facts of a's types of p and of the packages read for p.
func (t *unit) allPackageFacts(a *analysis.Analyzer) []analysis.PackageFact {
	var out []analysis.PackageFact
	for _, kind := range a.FactTypes {
		if f, ok := t.pkgFacts[reflect.TypeOf(kind)]; ok {
			out = append(out, analysis.PackageFact{Package: t.pkg, Fact: f})
		}
	}
	for path, q := range t.imports {
		for _, kind := range a.FactTypes {
			f := reflect.New(reflect.TypeOf(kind).Elem()).Interface().(analysis.Fact)
			if t.load(factKey{t.ids[path], "", reflect.TypeOf(kind)}, f) {
				out = append(out, analysis.PackageFact{Package: q, Fact: f})
			}
		}
	}
	return out
}

// importer is a types.Importer that is a function.
type importer func(path string) (*types.Package, error)

func (f importer) Import(path string) (*types.Package, error) { return f(path) }

// imported returns the package that p imports as path, read from its
// export data into imports, which holds every package read for p.
func imported(fset *token.FileSet, imports map[string]*types.Package, p *packages.Package, path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	q := p.Imports[path]
	if q == nil {
		return nil, fmt.Errorf("package %s is not among the imports go list gave for %s", path, p.PkgPath)
	}
	if t := imports[q.PkgPath]; t != nil && t.Complete() {
		return t, nil
	}
	if q.ExportFile == "" {
		return nil, fmt.Errorf("no export data for %s", q.PkgPath)
	}
	f, err := os.Open(q.ExportFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The go command's export files are the compiler's archives, which
	// Read alone cannot read: NewReader finds the export data in them,
	// as go/packages does.
	//lint:ignore SA1019 go list -export names compiler archives; go/packages reads them the same way
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", q.PkgPath, err)
	}
	return gcexportdata.Read(r, fset, imports, q.PkgPath)
}

// parseErrors turns a parser's error into the package's errors.
func parseErrors(err error) []packages.Error {
	var list scanner.ErrorList
	if !errors.As(err, &list) {
		return []packages.Error{{Msg: err.Error(), Kind: packages.ParseError}}
	}
	var out []packages.Error
	for _, e := range list {
		out = append(out, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
	}
	return out
}
