package idcase_test

import (
	"path/filepath"
	"testing"

	"github.com/idkeys/id/vet/passes/idcase"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestCase(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, idcase.Analyzer, "casefold", "casetyped")
}
