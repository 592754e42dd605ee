package idsilent_test

import (
	"path/filepath"
	"testing"

	"github.com/idkeys/id/vet/passes/idsilent"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestSilent(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, idsilent.Analyzer, "silent", "silentopts", "silentkoanf", "silentkoanflocal", "silentcopier")
	analysistest.RunWithSuggestedFixes(t, dir, idsilent.Analyzer, "silentfix")
}
