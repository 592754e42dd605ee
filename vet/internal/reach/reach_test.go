package reach_test

import (
	"path/filepath"
	"testing"

	"github.com/idkeys/id/vet/internal/reach"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestFacts: a package that uses database/sql only in an unexported
// variable reaches it, and so does the package that imports it; the
// facts name only the watched packages.
func TestFacts(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	reach.Watch(func() []string { return []string{"database/sql", "net/http", "github.com/jackc/pgx/"} })
	analysistest.Run(t, dir, reach.Analyzer, "reachstore", "reachhandler")
}

// TestOutside: an import that exports no fact, which standalone idvet
// read from export data, reaches what Outside says it imports; only the
// watched paths count.
func TestOutside(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	reach.Watch(func() []string { return []string{"net/http"} })
	reach.Outside = func(path string) []string {
		if path == "strings" {
			return []string{"net/http", "unicode"}
		}
		return nil
	}
	defer func() { reach.Outside = nil }()
	analysistest.Run(t, dir, reach.Analyzer, "reachoutside")
}
