package idtest_test

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adopt"
	"github.com/idkeys/id/idtest"
)

var start = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// TestGeneratorSameIDsEveryRun: the ids of a test are fixed by its
// package and name: the same on every run (the first three are written
// out here), the same from a second generator of the same test, and those
// of adopt.Backfill seeded with the SHA-256 of "github.com/idkeys/id/idtest",
// a NUL byte and the name, at the generator's clock. A test of the same
// name in another package, or a seed of the name alone (before), makes
// other ids.
func TestGeneratorSameIDsEveryRun(t *testing.T) {
	g := idtest.NewGenerator(t)
	got := []id.ID{g.New(), g.New(), g.New()}
	// 01kdvdna00 is 2026-01-01T00:00:00.000Z. These change only if
	// package adopt's Backfill draws its bits differently.
	want := []string{"01kdvdna00yjyrn2mcxynda8rw", "01kdvdna00yjyrn2mcy2kymwy2", "01kdvdna00yjyrn2mcy48ry9rd"}
	for i := range got {
		if got[i].String() != want[i] {
			t.Errorf("id %d = %v, want %s", i, got[i], want[i])
		}
	}
	b := adopt.NewBackfill(sha256.Sum256([]byte("github.com/idkeys/id/idtest\x00" + t.Name())))
	again := idtest.NewGenerator(t)
	for i, v := range got {
		w, err := b.At(start)
		if err != nil {
			t.Fatal(err)
		}
		if v != w || again.New() != v {
			t.Fatalf("id %d = %v, want %v (Backfill of the package and name's SHA-256) from both generators", i, v, w)
		}
	}
	for _, other := range []string{t.Name(), "github.com/idkeys/id/other\x00" + t.Name()} {
		w, err := adopt.NewBackfill(sha256.Sum256([]byte(other))).At(start)
		if err != nil || w == got[0] {
			t.Fatalf("the seed %q makes %v, %v: the same first id as this test", other, w, err)
		}
	}
}

// TestGeneratorIDsAreValidAndSorted: the ids parse and scan back as
// themselves and strictly increase, with the clock held (one millisecond,
// 2026-01-01T00:00:00.000Z), stepped and advanced.
func TestGeneratorIDsAreValidAndSorted(t *testing.T) {
	g := idtest.NewGenerator(t)
	var made []id.ID
	wantTime := []time.Time{}
	for range 100 {
		made = append(made, g.New())
		wantTime = append(wantTime, start)
	}
	g.Advance(1500 * time.Microsecond) // truncated to 1 ms
	if got := g.Now(); !got.Equal(start.Add(time.Millisecond)) {
		t.Fatalf("Now after Advance(1.5ms) = %v, want %v", got, start.Add(time.Millisecond))
	}
	g.SetStep(time.Millisecond)
	for i := range 100 {
		made = append(made, g.New())
		wantTime = append(wantTime, start.Add(time.Duration(1+i)*time.Millisecond))
	}
	g.SetStep(0)
	g.Advance(time.Hour)
	made = append(made, g.New(), g.New())
	wantTime = append(wantTime, start.Add(time.Hour+101*time.Millisecond), start.Add(time.Hour+101*time.Millisecond))

	for i, v := range made {
		var scanned id.ID
		if err := scanned.Scan(v.String()); err != nil || scanned != v {
			t.Fatalf("id %d %v: Scan gives %v, %v", i, v, scanned, err)
		}
		if !v.Time().Equal(wantTime[i]) {
			t.Fatalf("id %d %v: time %v, want %v", i, v, v.Time(), wantTime[i])
		}
		if i > 0 && made[i-1].Compare(v) >= 0 {
			t.Fatalf("id %d %v is not greater than id %d %v", i, v, i-1, made[i-1])
		}
	}
}

// TestGeneratorParallel: parallel subtests, each with its own generator,
// make ids of their own (no id is made twice across them), each in
// increasing order, and each the same ids as a second run of the same
// subtest name would (checked against a fresh generator of the subtest).
// Run with -race: New is also called from several goroutines at once.
func TestGeneratorParallel(t *testing.T) {
	var mu sync.Mutex
	seen := map[id.ID]string{}
	for i := range 4 {
		t.Run(fmt.Sprint("sub", i), func(t *testing.T) {
			t.Parallel()
			g := idtest.NewGenerator(t)
			ids := make([]id.ID, 1000)
			var wg sync.WaitGroup
			for w := range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for j := w; j < len(ids); j += 4 {
						ids[j] = g.New()
					}
				}()
			}
			wg.Wait()
			mu.Lock()
			defer mu.Unlock()
			for _, v := range ids {
				if other, ok := seen[v]; ok {
					t.Fatalf("%v made by %s and %s", v, other, t.Name())
				}
				seen[v] = t.Name()
			}
			// Sequential calls are reproducible: a fresh generator of
			// this test repeats its first ids.
			a, b := idtest.NewGenerator(t), idtest.NewGenerator(t)
			for range 10 {
				if x, y := a.New(), b.New(); x != y {
					t.Fatalf("two generators of %s: %v and %v", t.Name(), x, y)
				}
			}
		})
	}
}

// fatalTB records Fatalf instead of stopping the test.
type fatalTB struct {
	testing.TB
	msgs []string
}

func (f *fatalTB) Helper() {}
func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msgs = append(f.msgs, fmt.Sprintf(format, args...))
}

// TestGeneratorRefusesBackwardClock: Advance and SetStep with a negative
// duration, and Advance past the last millisecond of a ULID, fail the
// test with a message, and leave the clock as it was.
func TestGeneratorRefusesBackwardClock(t *testing.T) {
	tb := &fatalTB{TB: t}
	g := idtest.NewGenerator(tb)
	g.Advance(-time.Millisecond)
	g.SetStep(-time.Millisecond)
	for range 40 { // past 10889: a Duration holds about 292 years, so in steps
		g.Advance(290 * 365 * 24 * time.Hour)
	}
	want := []string{
		"idtest: Generator.Advance(-1ms): the clock only moves forward (ids sort by creation)",
		"idtest: Generator.SetStep(-1ms): the clock only moves forward (ids sort by creation)",
	}
	if len(tb.msgs) < 3 || tb.msgs[0] != want[0] || tb.msgs[1] != want[1] ||
		!strings.Contains(tb.msgs[len(tb.msgs)-1], "the clock would pass 10889-08-02T05:31:50.655Z, the last millisecond of a ULID") {
		t.Fatalf("Fatalf messages:\n%s", strings.Join(tb.msgs, "\n"))
	}
	if v := g.New(); v.Time().After(time.UnixMilli(1<<48-1)) || v.IsZero() {
		t.Fatalf("New after the refused Advance = %v at %v", v, v.Time())
	}

	// A step past the last millisecond stops there: the ids stay valid
	// and increasing.
	g.SetStep(290 * 365 * 24 * time.Hour)
	last := time.UnixMilli(1<<48 - 1).UTC()
	var prev id.ID
	for i := range 40 {
		v := g.New()
		if v.Compare(prev) <= 0 || v.Time().After(last) {
			t.Fatalf("id %d with a huge step: %v at %v, after %v", i, v, v.Time(), prev)
		}
		prev = v
	}
	if !prev.Time().Equal(last) || !g.Now().Equal(last) {
		t.Fatalf("after 40 steps of 290 years: last id at %v, clock %v; want both at %v", prev.Time(), g.Now(), last)
	}
}
