package id

import (
	"math/rand/v2"
	"time"
)

// The generator seam, for tests in package id_test: a generator with a
// chosen entropy source, driven with chosen clock readings, whose state
// can be set from an ID.

// Generator is the test handle on the unexported generator.
type Generator struct{ g *generator }

// NewGenerator returns a fresh generator that draws from src. Calls of
// Next from several goroutines call src from those goroutines.
func NewGenerator(src rand.Source) Generator { return NewClockGenerator(src, nil) }

// Next returns the next ID for a clock reading of nowMillis Unix milliseconds.
func (g Generator) Next(nowMillis int64) ID { return g.g.next(nowMillis) }

// SetLast sets the generator's state as if last was the last ID it made:
// its timestamp and sequence, the first 64 bits.
func (g Generator) SetLast(last ID) { g.g.state.Store(last.hi) }

// Clock is the generator's clock seam: Now is one wall-clock reading with
// the monotonic time at it, Mono the monotonic time alone.
type Clock = clock

// NewClockGenerator returns a fresh generator that draws from src and
// reads c, whose first Now is its start.
func NewClockGenerator(src rand.Source, c Clock) Generator {
	g := &generator{}
	g.init(src, c)
	return Generator{g}
}

// Offset returns the generator's offset of the wall clock from the
// monotonic clock, in Unix nanoseconds less the monotonic time, the
// monotonic time until which it is used (math.MinInt64: claimed by a
// re-read), and whether it is known (false: the start's reading was too
// wide, and the first call re-reads).
func (g Generator) Offset() (off, until time.Duration, known bool) {
	e := g.g.ep.Load()
	return time.Duration(g.g.startS*1e9 + e.off), time.Duration(e.until.Load()), e.known
}

// New returns the next ID at the generator's own clock, as New does.
func (g Generator) New() ID { return g.g.next(g.g.millis()) }

// Millis returns the generator's clock reading in Unix milliseconds, as
// New takes it (unclamped).
func (g Generator) Millis() int64 { return g.g.millis() }

// Millis returns New's clock reading in Unix milliseconds.
func Millis() int64 { return std.millis() }
