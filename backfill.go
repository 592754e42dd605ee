package id

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"
	"time"
)

// Backfill makes IDs for rows that already exist, at the times they were
// created, when a table that has other keys adopts IDs (docs/adopting.md).
// After a backfill that walks the rows by (created_at, old key), `ORDER BY
// id` is the table's history and [MinAt] windows select the rows of the
// past.
//
// Backfill is for existing rows only. New rows get their IDs from [New]
// before the insert (KEYS-2): New reads the clock itself, so its IDs
// follow each other in the order they were made, in every process, and
// cannot be dated by mistake; an ID stamped with a time the caller chooses
// can. New also draws from a generator the runtime seeds from the
// operating system, where a Backfill uses the seed it is given (see
// [NewBackfill]). The idbackfill analyzer of idvet
// (vet/) reports calls of NewBackfill and At outside the packages listed
// in its -idbackfill.allow flag, such as your migration's.
//
// A Backfill is safe for concurrent use, but its IDs are reproducible and
// ordered within a millisecond only in the order of the calls: make the
// IDs of one backfill from one goroutine, walking the rows in order.
type Backfill struct {
	mu      sync.Mutex
	started bool        // false until the first ID is made
	ms      uint64      // timestamp of the last ID, Unix milliseconds
	hi      uint64      // top 16 of the last ID's 80 random bits
	lo      uint64      // low 64 of the last ID's 80 random bits
	src     rand.Source // entropy; used only under mu
}

// NewBackfill returns a Backfill whose random bits come from a ChaCha8
// generator seeded with seed: the same seed and the same sequence of
// calls to [Backfill.At] give the same IDs, so a backfill can be run
// again, or checked, with the same result.
//
// The trade-off: whoever knows the seed and the rows' times can compute
// the IDs. IDs are not secrets (see the package's Security notes), but an
// ID of a fixed seed is as guessable as its time. Unless the backfill must
// be reproducible, fill seed from crypto/rand.Read and forget it; if it
// must be, keep the seed as you would keep a password until the migration
// is done, then destroy it.
func NewBackfill(seed [32]byte) *Backfill {
	return &Backfill{src: rand.NewChaCha8(seed)}
}

// At returns an ID whose timestamp is t truncated to whole Unix
// milliseconds (UTC): [ID.Time] of the result is t.Truncate to the
// millisecond, and the result lies between [MinAt](t) and the MinAt of
// the next millisecond.
//
// IDs made by one Backfill for the same millisecond in consecutive calls
// strictly increase in the order of the calls: each is the previous one
// plus a random increment in [1, 2^32) (an earlier [New] followed this
// rule; Backfill keeps it, so that a seed gives the IDs it gave before).
// When t's millisecond differs from the previous call's, earlier or later (the
// input of a backfill may be in any order), the ID gets 80 fresh random
// bits at exactly that millisecond: At never moves the timestamp, unlike
// New, which holds it while the clock steps back. IDs for one millisecond
// made in separate runs of calls, with another millisecond between them,
// are therefore not ordered among themselves; call At in (time, key)
// order to get IDs in that order.
//
// For t before 1970-01-01T00:00:00.000Z or after
// 10889-08-02T05:31:50.655Z At returns the zero ID and an error wrapping
// [ErrTimeRange]. When a millisecond's 80 bits are used up (after about
// 2^48 calls for it, on average: 2^79 of room left after the first ID,
// on average, over increments of 2^31 on average) it returns the zero ID and an error, and
// the next call for that millisecond fails the same way; it never moves
// the timestamp on.
func (b *Backfill) At(t time.Time) (ID, error) {
	if t.Before(time.UnixMilli(0)) || !t.Before(time.UnixMilli(maxMillis+1)) {
		return ID{}, fmt.Errorf("%w: %s", ErrTimeRange, t.UTC().Format("2006-01-02T15:04:05.000Z07:00"))
	}
	return b.at(uint64(t.UnixMilli()))
}

// at returns the next ID for exactly millisecond ms, for [Backfill.At]:
// the previous ID plus a random increment when ms is the previous call's
// millisecond, else 80 fresh bits at ms. It fails when the 80 bits of ms
// are used up.
func (b *Backfill) at(ms uint64) (ID, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if ms != b.ms || !b.started {
		b.started = true
		b.ms = ms
		b.fresh()
		return ID{b.ms<<16 | b.hi, b.lo}, nil
	}
	if !b.increment() {
		return ID{}, fmt.Errorf("id: Backfill.At: the 80 random bits of millisecond %s are used up; no larger ID of that millisecond exists",
			time.UnixMilli(int64(ms)).UTC().Format("2006-01-02T15:04:05.000Z07:00"))
	}
	return ID{b.ms<<16 | b.hi, b.lo}, nil
}

// increment adds a random increment in [1, 2^32) to the 80 random bits of
// the last ID (ULID spec, "Monotonicity"): the top 32 bits of a draw,
// drawn again while 0. When they would overflow it changes nothing and
// returns false.
func (b *Backfill) increment() bool {
	inc := b.src.Uint64() >> 32 // [0, 2^32)
	for inc == 0 {
		inc = b.src.Uint64() >> 32
	}
	lo, carry := bits.Add64(b.lo, inc, 0)
	hi := b.hi + carry
	if hi > 0xffff {
		return false
	}
	b.hi, b.lo = hi, lo
	return true
}

// fresh draws the 80 random bits of the first ID of a millisecond: the
// top 16 bits of one draw, then a whole draw.
func (b *Backfill) fresh() {
	b.hi = b.src.Uint64() >> 48
	b.lo = b.src.Uint64()
	if b.ms == 0 && b.hi == 0 && b.lo == 0 {
		b.lo = 1 // never the zero ID, even from a broken entropy source
	}
}
