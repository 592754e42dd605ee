package idtest

import (
	"crypto/sha256"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adopt"
)

// start is every Generator's first time, 2026-01-01T00:00:00.000Z.
var start = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// maxTime is the last ULID millisecond, 10889-08-02T05:31:50.655Z.
var maxTime = time.UnixMilli(1<<48 - 1).UTC()

// Generator makes the ids of one test: the same ids, in the same order,
// on every run, and other ids in other tests. Each id is valid and
// greater than the ones before. Its clock starts at
// 2026-01-01T00:00:00.000Z and moves only forward ([Generator.Advance],
// [Generator.SetStep]); ids of one millisecond increase by a random
// increment in [1, 2^32), as [adopt.Backfill.At]'s do. It is safe for
// concurrent use, reproducible when the calls come in the same order, and
// may draw differently in a later version of package id
// (docs/testing-ids.md).
type Generator struct {
	tb testing.TB

	mu   sync.Mutex
	b    *adopt.Backfill
	now  time.Time // whole milliseconds, UTC
	step time.Duration
}

// NewGenerator returns the Generator of tb, seeded with the SHA-256 of the
// test binary's package path, a NUL byte and tb.Name() (subtests
// included): the same on every run and machine, different for
// same-named tests of two packages. Two generators of one test make the
// same ids: make one per test.
func NewGenerator(tb testing.TB) *Generator {
	tb.Helper()
	return &Generator{tb: tb, b: adopt.NewBackfill(seed(testPackage(), tb.Name())), now: start}
}

func seed(pkg, name string) [32]byte {
	return sha256.Sum256([]byte(pkg + "\x00" + name))
}

// testPackage is the test binary's main package path without ".test",
// or "" without build information.
var testPackage = sync.OnceValue(func() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	return strings.TrimSuffix(bi.Path, ".test")
})

// New returns the next id at the generator's clock (Unix milliseconds,
// UTC), then moves the clock on by the step, never past
// 10889-08-02T05:31:50.655Z. g.New is a func() id.ID to inject for id.New.
// It never returns the zero id; it panics with [adopt.Backfill.At]'s
// error when the increment drawn would pass the millisecond's largest id
// (about 2^48 ids in one millisecond, on average).
func (g *Generator) New() id.ID {
	g.mu.Lock()
	defer g.mu.Unlock()
	v, err := g.b.At(g.now)
	if err != nil {
		panic(fmt.Sprintf("idtest: %s: Generator.New at %s: %v", g.tb.Name(), g.now.Format(time.RFC3339Nano), err))
	}
	if g.now = g.now.Add(g.step); g.now.After(maxTime) {
		g.now = maxTime
	}
	return v
}

// Now returns the generator's clock, the time of the next id, UTC.
func (g *Generator) Now() time.Time {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.now
}

// Advance moves the clock forward by d, truncated to milliseconds. It
// fails the test (tb.Fatalf, from the test's goroutine) when d is
// negative or the clock would pass 10889-08-02T05:31:50.655Z.
func (g *Generator) Advance(d time.Duration) {
	g.tb.Helper()
	g.move("Advance", d, func(d time.Duration) string {
		if g.now.Add(d).After(maxTime) {
			return "the clock would pass " + maxTime.Format("2006-01-02T15:04:05.000Z") + ", the last millisecond of a ULID"
		}
		g.now = g.now.Add(d)
		return ""
	})
}

// move calls set with d truncated to milliseconds, under the lock; it
// fails the test when d is negative or set returns a reason.
func (g *Generator) move(method string, d time.Duration, set func(time.Duration) string) {
	g.tb.Helper()
	g.mu.Lock()
	defer g.mu.Unlock()
	reason := "the clock only moves forward (ids sort by creation)"
	if d >= 0 {
		if reason = set(d.Truncate(time.Millisecond)); reason == "" {
			return
		}
	}
	g.tb.Fatalf("idtest: Generator.%s(%v): %s", method, d, reason)
}

// SetStep sets how far the clock moves after each id, truncated to
// milliseconds: 0, the default, holds it. It fails the test (tb.Fatalf)
// when d is negative.
func (g *Generator) SetStep(d time.Duration) {
	g.tb.Helper()
	g.move("SetStep", d, func(d time.Duration) string {
		g.step = d
		return ""
	})
}
