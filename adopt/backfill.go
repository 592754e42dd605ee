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

// Backfill makes ids for rows that already exist, dated at their creation
// times (docs/adopting.md). New rows get [id.New] (KEYS-2). It is safe
// for concurrent use, but its ids are reproducible and ordered only in
// the order of the calls: walk the rows in (created_at, key) order from
// one goroutine.
type Backfill struct {
	mu      sync.Mutex
	started bool
	ms      uint64 // the last id: Unix milliseconds,
	hi, lo  uint64 // and its 80 bits, 16 and 64
	src     rand.Source
}

// NewBackfill returns a Backfill drawing from a ChaCha8 seeded with seed:
// the same seed and calls give the same ids. Whoever knows the seed and
// the times can compute the ids: take seed from crypto/rand unless the
// run must be repeated, and then destroy it after (docs/adopting.md).
func NewBackfill(seed [32]byte) *Backfill {
	return &Backfill{src: rand.NewChaCha8(seed)}
}

// At returns an id whose timestamp is t's Unix millisecond (UTC). Within
// a millisecond, consecutive calls give the previous id plus a random
// increment in [1, 2^32); a call for another millisecond, earlier or
// later, draws 80 fresh bits at exactly that millisecond.
//
// For t outside the ULID range it returns the zero id and [id.MinAt]'s
// error, wrapping [id.ErrTimeRange]. When the increment drawn would pass
// the millisecond's largest id, it returns the zero id and an error and
// keeps the last id: a later call for that millisecond draws again, and
// a smaller increment may still fit.
func (b *Backfill) At(t time.Time) (id.ID, error) {
	if _, err := id.MinAt(t); err != nil {
		return id.ID{}, err
	}
	return b.at(uint64(t.UnixMilli()))
}

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
		return id.ID{}, fmt.Errorf("id: Backfill.At: the increment drawn would pass the largest id of millisecond %s",
			time.UnixMilli(int64(ms)).UTC().Format("2006-01-02T15:04:05.000Z07:00"))
	}
	return b.id()
}

// id is never the zero id (fresh sees to it), so From16 does not fail.
func (b *Backfill) id() (id.ID, error) {
	var u [16]byte
	binary.BigEndian.PutUint64(u[:8], b.ms<<16|b.hi)
	binary.BigEndian.PutUint64(u[8:], b.lo)
	return id.From16(u)
}

// increment adds the top 32 bits of a non-zero draw to the 80 bits, or
// changes nothing and returns false when they would overflow.
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

func (b *Backfill) fresh() {
	b.hi = b.src.Uint64() >> 48
	b.lo = b.src.Uint64()
	if b.ms == 0 && b.hi == 0 && b.lo == 0 {
		b.lo = 1 // never the zero id, even from a broken entropy source
	}
}
