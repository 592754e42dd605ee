package idbackfill_test

import (
	"path/filepath"
	"testing"

	"github.com/idkeys/id/vet/passes/idbackfill"
	"golang.org/x/tools/go/analysis/analysistest"
)

func TestBackfill(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, idbackfill.Analyzer, "backfill", "github.com/idkeys/id", "github.com/idkeys/id/adopt")
	if err := idbackfill.Analyzer.Flags.Set("allow", "backfillmigrate/..."); err != nil {
		t.Fatal(err)
	}
	defer idbackfill.Analyzer.Flags.Set("allow", "")
	analysistest.Run(t, dir, idbackfill.Analyzer, "backfillmigrate")
}

// TestBackfillNotAllowed: the same migration package is reported when it
// is not on the list.
func TestBackfillNotAllowed(t *testing.T) {
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	res := analysistest.Run(&quiet{T: t}, dir, idbackfill.Analyzer, "backfillmigrate")
	var got []string
	for _, d := range res[0].Diagnostics {
		got = append(got, res[0].Pass.Fset.Position(d.Pos).String()+": "+d.Message)
	}
	want := []string{
		dir + "/src/backfillmigrate/migrate.go:13:13: adopt.NewBackfill is for ids of existing rows (BACKFILL): use id.New() for new rows (KEYS-2), or list this package in -idbackfill.allow",
		dir + "/src/backfillmigrate/migrate.go:16:15: adopt.Backfill.At is for ids of existing rows (BACKFILL): use id.New() for new rows (KEYS-2), or list this package in -idbackfill.allow",
	}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("diagnostic %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
}

type quiet struct{ *testing.T }

func (q *quiet) Errorf(format string, args ...any) {}
