package id

import (
	"errors"
	"fmt"
	"time"
)

// ErrTimeRange is wrapped by [MinAt]'s error for a time before
// 1970-01-01T00:00:00.000Z or after 10889-08-02T05:31:50.655Z (W2).
var ErrTimeRange = errors.New("id: time outside the ULID range 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z")

// MinAt returns the smallest ID of t's Unix millisecond (UTC): every ID
// made in it or later is >= MinAt(t), every earlier one < (W1). The rows
// made in [t1, t2) are WHERE id >= MinAt(t1) AND id < MinAt(t2), in the
// clocks of the ids' makers (docs/databases.md). Outside the ULID range it
// returns the zero ID and an error wrapping [ErrTimeRange].
func MinAt(t time.Time) (ID, error) {
	// Not t.UnixMilli(): it wraps beyond about 292 million years.
	if t.Before(time.UnixMilli(0)) || !t.Before(time.UnixMilli(maxMillis+1)) {
		return ID{}, fmt.Errorf("%w: %s", ErrTimeRange, t.UTC().Format("2006-01-02T15:04:05.000Z07:00"))
	}
	ms := t.UnixMilli()
	v := ID{hi: uint64(ms) << 16}
	if ms == 0 {
		v.lo = 1 // the smallest non-zero ID
	}
	return v, nil
}
