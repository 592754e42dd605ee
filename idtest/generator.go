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

// start is the instant every Generator's clock starts at:
// 2026-01-01T00:00:00.000Z.
var start = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// maxTime is the last millisecond a ULID can carry,
// 10889-08-02T05:31:50.655Z (ULID spec, "Components").
var maxTime = time.UnixMilli(1<<48 - 1).UTC()

// Generator makes the ids of one test: the same test makes the same ids,
// in the same order, on every run, and two tests (two names) make
// different ids and share no state, so tests using generators can run in
// parallel.
//
// Its ids are valid ids, 26 lowercase characters that [id.Parse] and
// [id.ID.Scan] accept, and each is greater than every id the generator
// made before it (they sort by creation). Its clock starts at
// 2026-01-01T00:00:00.000Z and moves only forward: by [Generator.Advance],
// and by the step after each id ([Generator.SetStep]; 0 by default, a
// held clock). Ids made while the clock holds share its millisecond and
// increase by a random increment in [1, 2^32), as those of
// [adopt.Backfill.At] do within a millisecond ([id.New]'s take the next
// value of a sequence instead, with 64 fresh random bits).
//
// A Generator is safe for concurrent use; its ids are then reproducible
// only if the calls come in the same order on every run.
//
// The ids are the same for the same version of package id: they are made
// by [adopt.Backfill.At], from a seed, and a new version may draw them
// differently. A golden file that must outlive that holds ids through
// [Normalize] instead.
type Generator struct {
	tb testing.TB

	mu   sync.Mutex
	b    *adopt.Backfill
	now  time.Time     // the clock, whole milliseconds, UTC
	step time.Duration // added to now after each id
}

// NewGenerator returns the Generator of the test or benchmark tb: its
// random bits come from a ChaCha8 generator seeded with the SHA-256 of
// the import path of the package under test, a NUL byte and tb.Name(),
// so the same test (the same package and name, subtests included) makes
// the same ids on every run and on every machine, and same-named tests
// of two packages make different ids, even in one shared database. The
// package is the test binary's ("example.com/shop" for the binary `go
// test` builds as example.com/shop.test); `go test file_test.go` names
// it "command-line-arguments". Two generators of one test make the same
// ids: make one per test and pass it to everything that makes ids.
//
// Run again (go test -count=N), a test makes the same ids again, as a
// golden file needs: a test that writes them to a database that outlives
// it gives each test its own schema or transaction (docs/testing-ids.md).
func NewGenerator(tb testing.TB) *Generator {
	tb.Helper()
	return &Generator{tb: tb, b: adopt.NewBackfill(seed(testPackage(), tb.Name())), now: start}
}

// seed is the seed of the generator of the test name in package pkg.
func seed(pkg, name string) [32]byte {
	return sha256.Sum256([]byte(pkg + "\x00" + name))
}

// testPackage returns the import path of the package whose test binary
// runs, from the binary's build information (its main package is the
// package path with ".test" after it), or "" without build information.
var testPackage = sync.OnceValue(func() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	return strings.TrimSuffix(bi.Path, ".test")
})

// New returns the next id, stamped with the generator's clock (Unix
// milliseconds, UTC), then moves the clock on by the step, but not past
// 10889-08-02T05:31:50.655Z, the last millisecond a ULID can carry. Its
// method value g.New is a func() id.ID, to inject where code calls
// id.New.
//
// New never returns the zero id. It panics only after about 2^48 ids in
// one millisecond, on average ([adopt.Backfill.At]), when no larger id of that millisecond exists.
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

// Now returns the generator's clock: the time, in UTC and whole
// milliseconds, of the next id New makes. It starts at
// 2026-01-01T00:00:00.000Z.
func (g *Generator) Now() time.Time {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.now
}

// Advance moves the generator's clock forward by d, truncated to whole
// milliseconds. It fails the test (tb.Fatalf, so call it from the test's
// goroutine) when d is negative, which would break the order of the ids,
// or when the clock would pass 10889-08-02T05:31:50.655Z, the last
// millisecond a ULID can carry.
func (g *Generator) Advance(d time.Duration) {
	g.tb.Helper()
	g.mu.Lock()
	defer g.mu.Unlock()
	if d < 0 {
		g.tb.Fatalf("idtest: Generator.Advance(%v): the clock only moves forward (ids sort by creation)", d)
		return
	}
	if g.now.Add(d.Truncate(time.Millisecond)).After(maxTime) {
		g.tb.Fatalf("idtest: Generator.Advance(%v): the clock would pass %s, the last millisecond of a ULID", d, maxTime.Format("2006-01-02T15:04:05.000Z"))
		return
	}
	g.now = g.now.Add(d.Truncate(time.Millisecond))
}

// SetStep sets how far the clock moves after each id New makes: 0 (the
// default) holds the clock, time.Millisecond gives every id its own
// millisecond. The step is truncated to whole milliseconds. It fails the
// test (tb.Fatalf) when d is negative.
func (g *Generator) SetStep(d time.Duration) {
	g.tb.Helper()
	g.mu.Lock()
	defer g.mu.Unlock()
	if d < 0 {
		g.tb.Fatalf("idtest: Generator.SetStep(%v): the clock only moves forward (ids sort by creation)", d)
		return
	}
	g.step = d.Truncate(time.Millisecond)
}
