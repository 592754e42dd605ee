package id_test

import (
	"errors"
	"testing"
	"time"

	"github.com/idkeys/id"
)

// TestMinAtFarFuture: times so far ahead that their Unix milliseconds
// overflow int64 are out of range too. MinAt compared t.UnixMilli() with
// the largest ULID millisecond, and the overflow wrapped: the year
// 300,000,000 gave 4zmxbk5r000000000000000000 and 292,278,994 the zero id,
// both with a nil error.
func TestMinAtFarFuture(t *testing.T) {
	for _, tm := range []time.Time{
		time.Date(10889, 8, 2, 5, 31, 50, 656_000_000, time.UTC), // the first millisecond past the range
		time.Date(292_278_994, 8, 17, 7, 12, 55, 808_000_000, time.UTC),
		time.Date(300_000_000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Unix(1<<63-1, 999_999_999),
	} {
		got, err := id.MinAt(tm)
		if !got.IsZero() || !errors.Is(err, id.ErrTimeRange) {
			t.Errorf("MinAt(%v) = %q, %v; want the zero id and an error wrapping ErrTimeRange", tm, got, err)
		}
	}
	last := time.Date(10889, 8, 2, 5, 31, 50, 655_999_999, time.UTC)
	if got, err := id.MinAt(last); got.String() != "7zzzzzzzzz0000000000000000" || err != nil {
		t.Errorf("MinAt(%v) = %q, %v; want 7zzzzzzzzz0000000000000000, nil", last, got, err)
	}
}
