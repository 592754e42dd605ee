package id

import "math/rand/v2"

// The generator seam, for tests in package id_test: a generator with a
// chosen entropy source, driven with chosen clock readings, whose state
// can be set from an ID.

// Generator is the test handle on the unexported generator.
type Generator struct{ g *generator }

// NewGenerator returns a fresh generator that draws from src. Calls of
// Next from several goroutines call src from those goroutines.
func NewGenerator(src rand.Source) Generator { return Generator{&generator{src: src}} }

// Next returns the next ID for a clock reading of nowMillis Unix milliseconds.
func (g Generator) Next(nowMillis int64) ID { return g.g.next(nowMillis) }

// SetLast sets the generator's state as if last was the last ID it made:
// its timestamp and sequence, the first 64 bits.
func (g Generator) SetLast(last ID) { g.g.state.Store(last.hi) }
