package id

import (
	"math"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/idkeys/id/internal/rng"
)

// New returns a new ID: the current time in Unix milliseconds (UTC), a
// 16-bit sequence and 64 fresh random bits (KEYS-1, KEYS-2, KEYS-7;
// docs/contract.md, rows G1 to G12).
//
// New is safe for concurrent use, takes no lock of its own (the one
// sync.Pool it uses locks at times, row G10), never returns the zero ID
// and never fails. Each call returns an ID greater than every ID any
// earlier call in this process had returned, on any goroutine:
//
//   - the timestamp is the wall clock's millisecond at the call, read as
//     the monotonic clock plus the wall clock's offset from it, which is
//     read from time.Now when the package starts and re-read at least
//     every 100 ms of monotonic time, and kept only from a reading
//     bracketed by two monotonic readings (one before time.Now, one after
//     it returns) within 5 µs of each other, whichever order time.Now
//     reads its two clocks in: after the wall clock is stepped forward by
//     more than 5 µs (or the machine resumes from suspend), timestamps lag
//     the step for at most 100 ms; between steps they are never ahead of
//     it and at most 5 µs behind it, however the thread is scheduled
//     (within 0.1 ms where the monotonic clock is not slewed with the
//     wall clock; rows G11, G12);
//   - the first 64 bits, the timestamp and the sequence, are unique and
//     increasing within the process: the first ID of a millisecond starts
//     the sequence at a random value in [0, 2^16), each later ID of that
//     millisecond takes the next value;
//   - the last 64 bits, and a millisecond's random start, are drawn fresh
//     from math/rand/v2's ChaCha8, documented as cryptographically strong,
//     seeded with 32 bytes of crypto/rand (docs/security.md): every ID has
//     at least 64 unpredictable bits, the first of a millisecond 80; if
//     crypto/rand cannot read the system's random bytes, the process stops;
//   - when the wall clock steps backwards, the timestamp holds at the last
//     millisecond used until the clock passes it;
//   - when the sequence would pass 2^16-1, the timestamp moves on by one
//     millisecond, ahead of the clock, with a new random start.
//
// Clock readings before 1970-01-01T00:00:00.000Z count as 0 ms, and after
// 10889-08-02T05:31:50.655Z, the last millisecond a ULID can carry, as
// that millisecond: clamped, never wrapped. The only way New can panic is
// to exhaust that last millisecond's sequence; no larger ULID exists.
//
// Across processes and machines, IDs are unique by their 80 bits after the
// timestamp (odds in docs/security.md) and ordered only to the millisecond.
func New() ID {
	c := rng.Get()
	hi := std.advance(std.millis(), c)
	v := ID{hi, c.Uint64()}
	rng.Put(c)
	return v
}

// std is the process-wide generator behind New.
var std generator

func init() { std.init(nil, nil) }

// clock is the tests' seam for the clock: Now is one time.Now, a reading
// of the wall clock and of the monotonic time (since any fixed origin),
// in either order, Mono the monotonic time alone. The generator uses
// Now's monotonic time nowhere: it brackets Now with Mono.
type clock interface {
	Now() (time.Time, time.Duration)
	Mono() time.Duration
}

// generator is the lock-free monotonic generator behind [New]
// (docs/performance.md, "How New reads the clock").
//
// state holds the first 64 bits of the last ID made: 48 bits of Unix
// milliseconds and a 16-bit sequence; 0 only before the first ID. A call
// moves it forward with one compare-and-swap.
//
// The wall clock at monotonic time m is startMs + (ep.off + m) / 1e6 ms
// (rounded down), while m is in the 100 ms before ep.until. Monotonic
// times are time.Since(start) (nil clk), or clk.Mono().
type generator struct {
	src     rand.Source // nil for New: the generators of internal/rng
	clk     clock       // nil for New: time.Now and time.Since(start)
	start   time.Time   // a reading with its monotonic time
	startS  int64       // start's Unix seconds
	startMs int64       // startS in milliseconds
	ep      atomic.Pointer[epoch]
	_       [64]byte
	state   atomic.Uint64
	_       [56]byte
}

// epoch is one offset of the wall clock from the monotonic clock: off, in
// nanoseconds since startS less the monotonic time, is never changed once
// the epoch is published; until, the monotonic time 100 ms after the
// start of the last re-read that found the offset, moves on (or is
// claimed while a call re-reads). An epoch with known false has no offset
// yet (the start's reading was too wide) and is expired: the first narrow
// re-read replaces it. 64 bytes: a cache line of its own.
type epoch struct {
	until atomic.Int64
	off   int64
	known bool
	_     [47]byte
}

// newEpoch returns an epoch of offset off, valid until until.
func newEpoch(off, until int64) *epoch {
	e := &epoch{off: off, known: true}
	e.until.Store(until)
	return e
}

const (
	// exhaustedMsg is New's panic once the last millisecond's sequence is used up.
	exhaustedMsg = "id: New: ULID space exhausted: the clock is past 10889-08-02T05:31:50.655Z and its last millisecond is used up"
	reread       = int64(100 * time.Millisecond)
	claimed      = math.MinInt64
	maxStepS     = 1 << 32                     // seconds from start past which off could overflow
	maxSkew      = int64(5 * time.Microsecond) // the widest re-read kept, and the largest offset change ignored
)

// init readies a new generator drawing from src (nil: internal/rng) and
// reading clk (nil: the system's clocks). It takes the start, the origin
// of the monotonic times, then reads the start's offset as any re-read
// does, bracketed: if that reading is too wide, the epoch it leaves has
// no offset and the first call re-reads.
func (g *generator) init(src rand.Source, clk clock) {
	g.src, g.clk = src, clk
	if clk == nil {
		g.start = time.Now()
	} else {
		g.start, _ = clk.Now()
	}
	g.startS = g.start.Unix()
	g.startMs = g.startS * 1000
	e := &epoch{}
	e.until.Store(claimed + 1) // expired at any reading
	g.ep.Store(e)
	g.reread(e, claimed+1, g.mono())
}

// mono returns the monotonic time in nanoseconds. millis reads it inline
// instead: the compiler does not inline mono, and a call would cost New.
func (g *generator) mono() int64 {
	if g.clk == nil {
		return int64(time.Since(g.start))
	}
	return int64(g.clk.Mono())
}

// millis returns the wall clock's Unix milliseconds from one monotonic
// reading, or re-reads the wall clock when the offset is older than 100
// ms, younger than the reading, or claimed.
func (g *generator) millis() int64 {
	e := g.ep.Load()
	until := e.until.Load()
	var m int64
	if g.clk == nil {
		m = int64(time.Since(g.start))
	} else {
		m = int64(g.clk.Mono())
	}
	if uint64(until-m-1) >= uint64(reread) {
		return g.reread(e, until, m)
	}
	ns := e.off + m
	ms := ns / 1e6
	if ns < 0 && ms*1e6 != ns {
		ms--
	}
	return g.startMs + ms
}

// reread reads the wall clock and returns its milliseconds. The reading
// is bracketed by m, the monotonic time just before it, and m2, read
// after time.Now returns: time.Now reads its two clocks in either order
// (the wall clock first on Linux, the monotonic clock first on Windows),
// and only a reading after it returns bounds its wall clock read from
// above. Its offset is taken at m2, so it is never ahead of the true one
// and behind it by at most m2-m. Unless m2-m is more than maxSkew, the
// wall clock too far from start, or another call re-reads, it claims e
// and sets a deadline 100 ms after m: in e when its offset is within
// maxSkew of e's known offset, else in a new epoch.
func (g *generator) reread(e *epoch, until, m int64) int64 {
	var t time.Time
	if g.clk == nil {
		t = time.Now()
	} else {
		t, _ = g.clk.Now()
	}
	m2 := g.mono()
	s := t.Unix() - g.startS
	if until != claimed && m2-m <= maxSkew && s > -maxStepS && s < maxStepS && e.until.CompareAndSwap(until, claimed) {
		off := s*1e9 + int64(t.Nanosecond()) - m2
		if d := off - e.off; e.known && d >= -maxSkew && d <= maxSkew {
			e.until.Store(m + reread)
		} else {
			g.ep.Store(newEpoch(off, m+reread))
		}
	}
	return t.UnixMilli()
}

// next returns the next ID for a clock reading of now Unix milliseconds.
// The reading is taken before the compare-and-swap: it is clamped to the
// last millisecond used, so the state never moves backwards.
func (g *generator) next(now int64) ID {
	if g.src != nil {
		hi := g.advance(now, g.src)
		return ID{hi, g.src.Uint64()}
	}
	c := rng.Get()
	hi := g.advance(now, c)
	id := ID{hi, c.Uint64()}
	rng.Put(c)
	return id
}

// advance moves the state forward for a clock reading of now Unix
// milliseconds, drawing a new millisecond's random start from src, and
// returns the state's new value: the first 64 bits of the next ID. A
// first ID at 0 ms with sequence 0 gets sequence 1: never the zero ID.
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
			hi = 1
		}
		if g.state.CompareAndSwap(old, hi) {
			return hi
		}
	}
}
