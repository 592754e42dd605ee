package idmakers_test

import (
	"path/filepath"
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
