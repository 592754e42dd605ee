package id

import (
	"errors"
	"fmt"
	"time"
)

// ErrTimeRange is wrapped by the error [MinAt] returns for a time that no
// ULID can carry: before 1970-01-01T00:00:00.000Z or after
// 10889-08-02T05:31:50.655Z (ULID spec, "Components": 48 bits of Unix
// milliseconds).
var ErrTimeRange = errors.New("id: time outside the ULID range 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z")

// MinAt returns the smallest ID whose timestamp is the millisecond of t
// (t truncated to whole Unix milliseconds, UTC): its 80 random bits are all
// zero, except at the epoch millisecond itself, where the smallest
// non-zero ID ends in ...01. Every ID that [New] makes at that millisecond
// or later compares greater than or equal to it, and every ID made
// earlier compares less.
//
// It turns a time window into a range of the primary key, with no
// created_at column: the rows whose ids were made in [t1, t2), to the
// millisecond, are
//
//	WHERE id >= $1 AND id < $2   -- $1 = MinAt(t1), $2 = MinAt(t2)
//
// The window is in the time of the ids' makers, as [ID.Time] reports it:
// an ID carries the clock of the process that made it, so ids made on
// other machines are placed by those machines' clocks, and within one
// process New can hold the timestamp at the last millisecond used while
// the wall clock steps back, or run a millisecond ahead of it when a
// millisecond's 16-bit sequence is used up.
//
// For a time before 1970-01-01T00:00:00.000Z or after
// 10889-08-02T05:31:50.655Z MinAt returns the zero ID and an error
// wrapping [ErrTimeRange].
func MinAt(t time.Time) (ID, error) {
	// Compare times, not t.UnixMilli(): that overflows int64, and wraps,
	// for times beyond about 292 million years from 1970.
	if t.Before(time.UnixMilli(0)) || !t.Before(time.UnixMilli(maxMillis+1)) {
		return ID{}, fmt.Errorf("%w: %s", ErrTimeRange, t.UTC().Format("2006-01-02T15:04:05.000Z07:00"))
	}
	ms := t.UnixMilli()
	v := ID{hi: uint64(ms) << 16}
	if ms == 0 {
		v.lo = 1 // the zero ID names nothing; this is the smallest ID of 1970-01-01T00:00:00.000Z
	}
	return v, nil
}
