package idmakers_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/idkeys/id/vet/passes/idmakers"
	"golang.org/x/tools/go/analysis/analysistest"
)

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestMakers(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), idmakers.Analyzer, "makers")
}

func TestClean(t *testing.T) {
	analysistest.Run(t, testdata(t), idmakers.Analyzer, "makersclean", "github.com/idkeys/id")
}

// TestAllow: a package on -idmakers.allow is not reported; without the
// flag it is.
func TestAllow(t *testing.T) {
	if err := idmakers.Analyzer.Flags.Set("allow", "example.com/other,makersallowed"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(t), idmakers.Analyzer, "makersallowed")
	if err := idmakers.Analyzer.Flags.Set("allow", ""); err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(&quiet{T: t}, testdata(t), idmakers.Analyzer, "makersallowed")
	if n := len(results[0].Diagnostics); n != 1 {
		t.Errorf("without -allow: %d diagnostics, want 1", n)
	}
}

// quiet is a testing.T that swallows analysistest's "unexpected diagnostic"
// errors, for a run whose diagnostics the test counts itself.
type quiet struct{ *testing.T }

func (q *quiet) Errorf(format string, args ...any) {}

// TestFixForms: the common real forms are rewritten, and package id's
// import is added.
func TestFixForms(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata(t), idmakers.Analyzer, "makersfix")
}

// TestDeclared: -idmakers.makers names a service's own makers and
// parsers, and -idmakers.allow matches the package of the callee too.
func TestDeclared(t *testing.T) {
	set := func(name, value string) {
		t.Helper()
		if err := idmakers.Analyzer.Flags.Set(name, value); err != nil {
			t.Fatal(err)
		}
	}
	set("makers", "example.com/util.RandomString,example.com/webcore/id")
	set("allow", "github.com/google/uuid")
	defer set("makers", "")
	defer set("allow", "")
	analysistest.Run(t, testdata(t), idmakers.Analyzer, "makersown", "example.com/util")
}

func TestMakersFlagRefusesMalformed(t *testing.T) {
	for _, bad := range []string{
		"example.com/util.Random String", "example.com/util.1x", "example.com/util.a.b.c",
		"example.com/util.func", "example.com//util", "example.com/*", "example.com/util.",
	} {
		if err := idmakers.Analyzer.Flags.Set("makers", bad); err == nil {
			t.Errorf("-idmakers.makers=%q accepted, want an error", bad)
		}
	}
	for _, good := range []string{"gopkg.in/yaml.v3", "example.com/util.RandomString", "example.com/u.T.M", "uuid", ""} {
		if err := idmakers.Analyzer.Flags.Set("makers", good); err != nil {
			t.Errorf("-idmakers.makers=%q: %v", good, err)
		}
	}
}

// TestSecretsAndSuppressions: values used only as secrets and name-based
// UUIDs are not reported; //idvet:allow needs the rule and a reason.
func TestSecretsAndSuppressions(t *testing.T) {
	analysistest.Run(t, testdata(t), idmakers.Analyzer, "makerssecret")
}

// TestInferred: a service's own helpers that make strings from random
// bits are found without -idmakers.makers (facts across packages, helpers
// calling helpers, a method), and reported only where used as ids.
func TestInferred(t *testing.T) {
	analysistest.Run(t, testdata(t), idmakers.Analyzer, "makersinfer", "example.com/randhex", "makershex")
}

// TestInferOff: -idmakers.infer=false leaves only the listed maker.
func TestInferOff(t *testing.T) {
	if err := idmakers.Analyzer.Flags.Set("infer", "false"); err != nil {
		t.Fatal(err)
	}
	defer idmakers.Analyzer.Flags.Set("infer", "true")
	results := analysistest.Run(&quiet{T: t}, testdata(t), idmakers.Analyzer, "makersinfer")
	var got []string
	for _, d := range results[0].Diagnostics {
		got = append(got, d.Message)
	}
	want := []string{"uuid.NewString makes an id outside package id (KEYS-3): use id.New()"}
	if !slices.Equal(got, want) {
		t.Errorf("with -idmakers.infer=false: %q, want %q", got, want)
	}
	if n := len(results[0].Facts); n != 0 {
		t.Errorf("with -idmakers.infer=false: %d facts, want 0", n)
	}
}

// TestForeign: another system's ids, bearer credentials, fragments of
// natural keys and test helpers' values are not reported; their twins
// are. -idmakers.foreign adds a word.
func TestForeign(t *testing.T) {
	analysistest.Run(t, testdata(t), idmakers.Analyzer, "makersforeign")
}

func TestForeignFlag(t *testing.T) {
	if err := idmakers.Analyzer.Flags.Set("foreign", "acme"); err != nil {
		t.Fatal(err)
	}
	defer idmakers.Analyzer.Flags.Set("foreign", "")
	results := analysistest.Run(&quiet{T: t}, testdata(t), idmakers.Analyzer, "makersforeign")
	var got []string
	for _, d := range results[0].Diagnostics {
		got = append(got, d.Message)
	}
	want := []string{
		"uuid.Parse parses an id outside package id (KEYS-3): use id.Parse()",
		"uuid.NewV4 makes an id outside package id (KEYS-3): use id.New()",
		"makersforeign.randomHex makes an id from random bits outside package id (KEYS-3): use id.New()",
		"uuid.NewString makes an id outside package id (KEYS-3): use id.New()",
		"middleware.RequestID makes request ids outside package id (KEYS-7): set them with id.New() in a middleware of the service",
	}
	if !slices.Equal(got, want) {
		t.Errorf("with -idmakers.foreign=acme: %q, want %q", got, want)
	}
	if err := idmakers.Analyzer.Flags.Set("foreign", "a-b"); err == nil {
		t.Error("-idmakers.foreign=a-b accepted, want an error")
	}
}
