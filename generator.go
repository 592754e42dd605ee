package id

import (
	crand "crypto/rand"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"
)

// New returns a new ID: the current time in Unix milliseconds (UTC), a
// 16-bit sequence and 64 fresh random bits (KEYS-1, KEYS-2, KEYS-7;
// docs/contract.md, rows G1 to G10).
//
// New is safe for concurrent use, takes no lock (but the one sync.Pool
// takes at its first use after each garbage collection), never returns
// the zero ID and never fails. Each call returns an ID greater than every ID any
// earlier call in this process had returned, on any goroutine:
//
//   - the first 64 bits of an ID, the timestamp and the sequence, are
//     unique and increasing within the process: the first ID of a
//     millisecond starts the sequence at a random value in [0, 2^16), and
//     each later ID of that millisecond takes the next value;
//   - the last 64 bits, and a millisecond's random start, are drawn
//     fresh from a source documented as cryptographically strong:
//     math/rand/v2's ChaCha8, one for each P (the runtime's processors),
//     each seeded with 32 bytes of crypto/rand (docs/security.md), so
//     every ID has at least 64 unpredictable bits, and the first of a
//     millisecond 80; if crypto/rand cannot read the operating system's
//     random bytes, the process stops, as crypto/rand.Read does;
//   - when the wall clock steps backwards, the timestamp holds at the last
//     millisecond used until the clock passes it;
//   - when the sequence would pass 2^16-1, the timestamp moves on by one
//     millisecond, ahead of the clock, with a new random start, and the
//     clock catches up. A millisecond holds 2^15 IDs on average (2^16
//     less the random start), so a process that makes more than that
//     every millisecond for long (32 million a second) runs its
//     timestamps ahead of the clock.
//
// Clock readings before 1970-01-01T00:00:00.000Z are taken as that
// instant (0 ms), and readings after 10889-08-02T05:31:50.655Z, the last
// millisecond a ULID can carry, as that millisecond: the timestamp is
// clamped, never wrapped. The only way New can panic is to exhaust that
// last millisecond's sequence: a clock past the year 10889, or timestamps
// run ahead to it, which takes about 2^63 calls from today's clock; no
// larger ULID exists to return.
//
// Across processes and machines, IDs are unique by their 80 bits after the
// timestamp (with odds in docs/security.md) and ordered only to the
// millisecond.
func New() ID {
	return std.next(time.Now().UnixMilli())
}

// std is the process-wide generator behind New: its zero value draws from
// ChaCha8 generators seeded from crypto/rand.
var std generator

// generator is the lock-free monotonic generator behind [New].
//
// state holds the first 64 bits of the last ID made: its timestamp in
// Unix milliseconds (48 bits) and its sequence (16 bits). A call moves
// state forward with one compare-and-swap and returns state's new value
// with 64 fresh random bits, so the first 64 bits of every ID are unique
// and increasing, and the last 64 bits need no ordering. state is 0 only
// before the first ID: a first ID with timestamp 0 and sequence 0 is made
// with sequence 1, so that state 0 keeps meaning "no ID yet" and no ID is
// the zero ID.
//
// The random bits come from math/rand/v2's ChaCha8 ("a ChaCha8-based
// cryptographically strong random number generator"), each seeded with
// 32 bytes of crypto/rand.Read when it is made. A ChaCha8 is for one
// goroutine at a time, so a call takes one from chacha8s for its
// duration: a sync.Pool keeps one for each P (the runtime's processor a
// goroutine runs on), without a lock but at the pool's first use after
// each garbage collection, and a call makes a new one when its
// P has none: at the first calls, and after the pool let the garbage
// collector drop one (one not used across two collections). A generator
// in steady use is kept as long as the process runs. docs/security.md
// says what a memory dump reveals.
//
// The seam for tests is src, the clock reading passed to next, and
// crypto/rand.Reader, which crypto/rand.Read reads when a test replaces
// it.
type generator struct {
	// src is nil for New: the ChaCha8 generators of chacha8s. Tests set a
	// source of their own, which is called from the goroutines that call
	// next.
	src      rand.Source
	chacha8s sync.Pool
	_        [64]byte
	// state sits alone on its cache line (64 bytes of padding on each
	// side), so that the calls that move it do not also contend for src,
	// chacha8s or the variables next to std.
	state atomic.Uint64
	_     [56]byte
}

// exhaustedMsg is New's panic once the last millisecond's sequence is used up.
const exhaustedMsg = "id: New: ULID space exhausted: the clock is past 10889-08-02T05:31:50.655Z and its last millisecond is used up"

// next returns the next ID for a clock reading of now Unix milliseconds.
// The reading is taken before the compare-and-swap: it is clamped to the
// last millisecond used, so the state never moves backwards.
func (g *generator) next(now int64) ID {
	if g.src != nil {
		hi := g.advance(now, g.src)
		return ID{hi, g.src.Uint64()}
	}
	c, _ := g.chacha8s.Get().(*rand.ChaCha8)
	if c == nil {
		c = newChaCha8()
	}
	hi := g.advance(now, c)
	id := ID{hi, c.Uint64()}
	g.chacha8s.Put(c)
	return id
}

// advance moves the state forward for a clock reading of now Unix
// milliseconds, drawing a new millisecond's random start from src, and
// returns the state's new value: the first 64 bits of the next ID.
func (g *generator) advance(now int64, src rand.Source) uint64 {
	ms := uint64(min(max(now, 0), maxMillis))
	for {
		old := g.state.Load()
		var hi uint64
		switch last := old >> 16; {
		case ms > last || old == 0:
			hi = ms<<16 | src.Uint64()>>48 // a new millisecond: a random start
		case old&0xffff != 0xffff:
			hi = old + 1 // the same millisecond: the next sequence value
		case last == maxMillis:
			panic(exhaustedMsg)
		default:
			hi = (last+1)<<16 | src.Uint64()>>48 // the sequence is used up: the next millisecond
		}
		if hi == 0 {
			hi = 1 // only for a first ID at 0 ms whose start drew 0
		}
		if g.state.CompareAndSwap(old, hi) {
			return hi
		}
		// Another call moved state first: start again from its value.
	}
}

// newChaCha8 returns a ChaCha8 generator seeded with 32 bytes of
// crypto/rand.Read, which never returns an error: it stops the process
// ("crashes the program irrecoverably") rather than return fewer random
// bytes. The seed is cleared once the generator holds it.
func newChaCha8() *rand.ChaCha8 {
	var seed [32]byte
	crand.Read(seed[:])
	c := rand.NewChaCha8(seed)
	clear(seed[:])
	return c
}
