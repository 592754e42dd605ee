package idtyped_test

import (
	"path/filepath"
	"testing"

	"github.com/idkeys/id/vet/passes/idtyped"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestTyped(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, idtyped.Analyzer, "typed", "typedother", "typedembed", "github.com/idkeys/id")
}
