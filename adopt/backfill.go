package adopt

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/idkeys/id"
)

// Backfill makes ids for rows that already exist, at the times they were
// created, when a table that has other keys adopts ids (docs/adopting.md).
// After a backfill that walks the rows by (created_at, old key), `ORDER BY
// id` is the table's history and [id.MinAt] windows select the rows of the
// past.
//
// Backfill is for existing rows only. New rows get their ids from [id.New]
// before the insert (KEYS-2): New reads the clock itself, so its ids
// follow each other in the order they were made, in every process, and
// cannot be dated by mistake; an id stamped with a time the caller
// chooses can. New also draws from a cryptographically strong source,
// where a Backfill uses the seed it is given (see [NewBackfill]).
//
// A Backfill is safe for concurrent use, but its ids are reproducible and
// ordered within a millisecond only in the order of the calls: make the
// ids of one backfill from one goroutine, walking the rows in order.
type Backfill struct {
	mu      sync.Mutex
	started bool        // false until the first id is made
	ms      uint64      // timestamp of the last id, Unix milliseconds
	hi      uint64      // top 16 of the last id's 80 random bits
	lo      uint64      // low 64 of the last id's 80 random bits
	src     rand.Source // entropy; used only under mu
}

// NewBackfill returns a Backfill whose random bits come from a ChaCha8
// generator seeded with seed: the same seed and the same sequence of
// calls to [Backfill.At] give the same ids, so a backfill can be run
// again, or checked, with the same result.
//
// The trade-off: whoever knows the seed and the rows' times can compute
// the ids. Ids are not secrets (docs/security.md), but an id of a fixed
// seed is as guessable as its time. Unless the backfill must be
// reproducible, fill seed from crypto/rand.Read and forget it; if it must
// be, keep the seed as you would keep a password until the migration is
// done, then destroy it.
func NewBackfill(seed [32]byte) *Backfill {
	return &Backfill{src: rand.NewChaCha8(seed)}
}

// At returns an id whose timestamp is t truncated to whole Unix
// milliseconds (UTC): [id.ID.Time] of the result is t truncated to the
// millisecond, and the result lies between [id.MinAt](t) and the MinAt of
// the next millisecond.
//
// Ids made by one Backfill for the same millisecond in consecutive calls
// strictly increase in the order of the calls: each is the previous one
// plus a random increment in [1, 2^32) (ULID spec, "Monotonicity"). When
// t's millisecond differs from the previous call's, earlier or later (the
// input of a backfill may be in any order), the id gets 80 fresh random
// bits at exactly that millisecond: At never moves the timestamp, unlike
// id.New, which holds it while the clock steps back. Ids for one
// millisecond made in separate runs of calls, with another millisecond
// between them, are therefore not ordered among themselves; call At in
// (time, key) order to get ids in that order.
//
// For t before 1970-01-01T00:00:00.000Z or after
// 10889-08-02T05:31:50.655Z At returns the zero id and the error of
// [id.MinAt], which wraps [id.ErrTimeRange]. When a millisecond's 80 bits
// are used up (after about 2^48 calls for it, on average) it returns the
// zero id and an error, and the next call for that millisecond fails the
// same way; it never moves the timestamp on.
func (b *Backfill) At(t time.Time) (id.ID, error) {
	if _, err := id.MinAt(t); err != nil {
		return id.ID{}, err
	}
	return b.at(uint64(t.UnixMilli()))
}

// at returns the next id for exactly millisecond ms, for [Backfill.At]:
// the previous id plus a random increment when ms is the previous call's
// millisecond, else 80 fresh bits at ms. It fails when the 80 bits of ms
// are used up.
func (b *Backfill) at(ms uint64) (id.ID, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if ms != b.ms || !b.started {
		b.started = true
		b.ms = ms
		b.fresh()
		return b.id()
	}
	if !b.increment() {
		return id.ID{}, fmt.Errorf("id: Backfill.At: the 80 random bits of millisecond %s are used up; no larger ID of that millisecond exists",
			time.UnixMilli(int64(ms)).UTC().Format("2006-01-02T15:04:05.000Z07:00"))
	}
	return b.id()
}

// id returns the id of the state: the 48-bit millisecond, then the 80
// random bits, in the ULID binary layout. It is never the zero id (fresh
// makes sure of it at millisecond 0), so From16 does not fail.
func (b *Backfill) id() (id.ID, error) {
	var u [16]byte
	binary.BigEndian.PutUint64(u[:8], b.ms<<16|b.hi)
	binary.BigEndian.PutUint64(u[8:], b.lo)
	return id.From16(u)
}

// increment adds a random increment in [1, 2^32) to the 80 random bits of
// the last id (ULID spec, "Monotonicity"): the top 32 bits of a draw,
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

// fresh draws the 80 random bits of the first id of a millisecond: the
// top 16 bits of one draw, then a whole draw.
func (b *Backfill) fresh() {
	b.hi = b.src.Uint64() >> 48
	b.lo = b.src.Uint64()
	if b.ms == 0 && b.hi == 0 && b.lo == 0 {
		b.lo = 1 // never the zero id, even from a broken entropy source
	}
}
