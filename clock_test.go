package id_test

import (
	"testing"
	"time"

	"github.com/idkeys/id"
)

// TestWallMillis: New's clock reading is time.Now's wall clock in Unix
// milliseconds (G2), read between two calls of time.Now, and allocates
// nothing. A round in which the wall clock stepped backwards (the second
// time.Now before the first) proves nothing and is skipped.
func TestWallMillis(t *testing.T) {
	for range 10000 {
		before := time.Now().UnixMilli()
		got := id.WallMillis()
		after := time.Now().UnixMilli()
		if after < before {
			continue
		}
		if got < before || got > after {
			t.Fatalf("WallMillis() = %d, want within [%d, %d] (time.Now().UnixMilli())", got, before, after)
		}
	}
	if n := testing.AllocsPerRun(1000, func() { id.WallMillis() }); n != 0 {
		t.Errorf("WallMillis allocates %v times per call, want 0", n)
	}
}
