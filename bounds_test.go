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

// TestMinAt: the smallest id of a millisecond, for time windows on the
// primary key.
func TestMinAt(t *testing.T) {
	tests := []struct {
		name string
		t    time.Time
		want string
	}{
		{"ULID spec example millisecond", time.UnixMilli(1469922850259), "01arz3ndek0000000000000000"},
		{"sub-millisecond part is truncated", time.UnixMilli(1469922850259).Add(999 * time.Microsecond), "01arz3ndek0000000000000000"},
		{"other time zones are the same instant", time.UnixMilli(1469922850259).In(time.FixedZone("x", -7*3600)), "01arz3ndek0000000000000000"},
		{"the epoch: smallest non-zero id", time.Unix(0, 0), "00000000000000000000000001"},
		{"the last millisecond", time.UnixMilli(1<<48 - 1).Add(999 * time.Microsecond), "7zzzzzzzzz0000000000000000"},
	}
	for _, tt := range tests {
		got, err := id.MinAt(tt.t)
		if err != nil || got.String() != tt.want {
			t.Errorf("%s: MinAt(%v) = %s, %v; want %s", tt.name, tt.t, got, err, tt.want)
		}
	}
	for _, bad := range []time.Time{
		time.Unix(0, 0).Add(-time.Nanosecond), // just before 1970
		time.UnixMilli(1 << 48),               // just past the year 10889
		{},                                    // the zero time.Time, year 1
	} {
		got, err := id.MinAt(bad)
		if !got.IsZero() || !errors.Is(err, id.ErrTimeRange) {
			t.Errorf("MinAt(%v) = %s, %v; want the zero id and ErrTimeRange", bad, got, err)
		}
	}
	// Every id of the millisecond is >= MinAt, every id of the one before is <.
	lo, _ := id.MinAt(time.UnixMilli(1508808576371))
	for _, s := range []string{"01bx5zzkbkactav9wevgemmvrz", "01bx5zzkbkzzzzzzzzzzzzzzzz"} {
		if id.MustParse(s).Compare(lo) < 0 {
			t.Errorf("%s < MinAt of its own millisecond", s)
		}
	}
	if id.MustParse("01bx5zzkbjzzzzzzzzzzzzzzzz").Compare(lo) >= 0 {
		t.Error("an id of the millisecond before is not below MinAt")
	}
}
