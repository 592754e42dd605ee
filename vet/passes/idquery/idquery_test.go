package idquery_test

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/idkeys/id/vet/passes/idquery"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestQuery(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, idquery.Analyzer, "query", "querystore", "queryadvice", "queryflow", "reqparams", "queryaccess", "querybody", "querysinks", "queryguard", "queryhelper", "queryhelper/web", "queryhelper/jsonx", "queryrouters", "queryusecase", "querytypes", "querytypes/api", "querytypes/store", "querytypes/web", "querytypes/sqlcdb", "querytypes/sqlcuse", "querytypes/named/sqldb", "querytypes/named", "queryroutes", "querytests")
}

// TestTests: -idquery.tests=true reports findings in _test.go files,
// which are not request paths and are skipped by default (querytests).
func TestTests(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	if got := idquery.Analyzer.Flags.Lookup("tests").DefValue; got != "false" {
		t.Errorf("-idquery.tests defaults to %s, want false", got)
	}
	if err := idquery.Analyzer.Flags.Set("tests", "true"); err != nil {
		t.Fatal(err)
	}
	defer idquery.Analyzer.Flags.Set("tests", "false")
	analysistest.Run(t, dir, idquery.Analyzer, "querytestson")
}

// TestSchema: columns that the module's own SQL makes ids, whatever
// their names (internal/schema); the testdata package is a module of its
// own (its go.mod), as a service is.
func TestSchema(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, idquery.Analyzer, "queryschema", "queryschemauuid")
}

// TestDeclaredSinks: -idquery.sinks declares a store interface whose
// implementation idquery cannot see; its id-named parameter makes any
// request value passed to it an id.
func TestDeclaredSinks(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	if err := idquery.Analyzer.Flags.Set("sinks", "querystore.Repo"); err != nil {
		t.Fatal(err)
	}
	defer idquery.Analyzer.Flags.Set("sinks", "")
	analysistest.Run(t, dir, idquery.Analyzer, "querydeclared")
	for _, bad := range []string{"querystore.Repo Get", "example.com/*", "example.com/s.a.b.c"} {
		if err := idquery.Analyzer.Flags.Set("sinks", bad); err == nil {
			t.Errorf("-idquery.sinks=%q accepted, want an error", bad)
		}
	}
}

// TestJSONv2: a body decoded by encoding/json/v2, which Go 1.26 builds
// only with GOEXPERIMENT=jsonv2.
func TestJSONv2(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOEXPERIMENT", "jsonv2")
	analysistest.Run(t, dir, idquery.Analyzer, "querybodyv2")
}

// TestLibraries: the rows of the library table (libraries.go), each
// with a value bound as text reported and its twins quiet.
func TestLibraries(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, idquery.Analyzer, "querylibs", "queryent", "querywrap", "querywrap/db")
}

// TestText: SQL text as the program builds it, and -idquery.v's summary
// of the library calls checked (with SQL text or a model) and those whose
// text cannot be known.
func TestText(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	if err := idquery.Analyzer.Flags.Set("v", "true"); err != nil {
		t.Fatal(err)
	}
	defer idquery.Analyzer.Flags.Set("v", "false")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := os.Stderr
	os.Stderr = w
	analysistest.Run(t, dir, idquery.Analyzer, "querytext", "querystore")
	os.Stderr = stderr
	w.Close()
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	// querystore's 24 calls count GORM's First(&row, a) and Find(&row),
	// and squirrel's and goqu's Where of a map, which hold no SQL text:
	// none of them is text not known. Each count is followed by where its
	// calls of unknown text are.
	want := []string{
		"idquery: querystore: 24 query calls checked, 2 whose SQL text cannot be known",
		"idquery:   querystore/store.go:29:9: its SQL text cannot be known",
		"idquery:   querystore/store.go:44:12: its SQL text cannot be known",
		// A hole before a placeholder ($1 in a %s, a ? after an alias, a
		// loop's text) leaves its value's column not known: those count.
		"idquery: querytext: 43 query calls checked, 10 whose SQL text cannot be known",
		"idquery:   querytext/text.go:34:2: its SQL text cannot be known",
		"idquery:   querytext/text.go:35:2: its SQL text cannot be known",
		"idquery:   querytext/text.go:93:2: its SQL text cannot be known",
		"idquery:   querytext/text.go:94:2: its SQL text cannot be known",
		"idquery:   querytext/text.go:100:2: its SQL text cannot be known",
		"idquery:   querytext/text.go:122:2: its SQL text cannot be known",
		"idquery:   querytext/text.go:123:2: its SQL text cannot be known",
		"idquery:   querytext/text.go:145:2: its SQL text cannot be known",
		"idquery:   querytext/text.go:152:2: its SQL text cannot be known",
		"idquery:   querytext/text.go:169:2: its SQL text cannot be known",
	}
	// The packages are analysed in parallel: their blocks come in either
	// order.
	text := strings.ReplaceAll(string(out), filepath.Join(dir, "src")+string(filepath.Separator), "")
	var blocks [][]string
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if !strings.HasPrefix(line, "idquery:   ") || len(blocks) == 0 {
			blocks = append(blocks, nil)
		}
		blocks[len(blocks)-1] = append(blocks[len(blocks)-1], line)
	}
	slices.SortFunc(blocks, func(a, b []string) int { return strings.Compare(a[0], b[0]) })
	got := slices.Concat(blocks...)
	if !slices.Equal(got, want) || !strings.HasSuffix(string(out), "\n") {
		t.Errorf("-idquery.v printed %q, want the lines %q", out, want)
	}
}
