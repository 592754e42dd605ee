package idtrunc_test

import (
	"path/filepath"
	"testing"

	"github.com/idkeys/id/vet/passes/idtrunc"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestTrunc(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, idtrunc.Analyzer, "trunc")
	analysistest.Run(t, dir, idtrunc.Analyzer, "trunctyped")
}
