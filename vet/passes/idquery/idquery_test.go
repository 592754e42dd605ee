package idquery_test

import (
	"path/filepath"
	"testing"

	"github.com/idkeys/id/vet/passes/idquery"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestQuery(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, idquery.Analyzer, "query", "querystore")
}
