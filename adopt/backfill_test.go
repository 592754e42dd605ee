package adopt_test

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adopt"
)

// The draws a Backfill takes: fresh(hi, lo) for the first id of a millisecond (16 + 64 bits),
// inc(n) for an increment, the top 32 bits of a draw.
func fresh(hi16, lo uint64) []uint64 { return []uint64{hi16 << 48, lo} }
func inc(n uint64) []uint64          { return []uint64{n << 32} }

// ms0 is 2023-11-14T22:13:20.123Z, Unix ms 1700000000123.
var ms0 = time.UnixMilli(1700000000123).UTC()

// TestBackfillAt drives a Backfill with chosen times and scripted entropy;
// every expected id was computed independently (a Python Crockford
// encoder) from the millisecond and the 80 bits.
func TestBackfillAt(t *testing.T) {
	const overflow = "id: Backfill.At: the increment drawn would pass the largest id of millisecond 2023-11-14T22:13:21.123Z"
	steps := []struct {
		name    string
		t       time.Time
		want    string // the id, or
		wantErr string // the error
	}{
		{"first call: fresh bits", ms0.Add(400 * time.Microsecond), "01hf7yat3v28t028t5cy4tqkff", ""},
		{"same millisecond, later in it: +5", ms0.Add(900 * time.Microsecond), "01hf7yat3v28t028t5cy4tqkfm", ""},
		{"same millisecond, earlier in it: +(2^32-1) after a redrawn 0", ms0, "01hf7yat3v28t028t5d24tqkfk", ""},
		{"a second later: fresh bits, all ones", ms0.Add(time.Second), "01hf7yav33zzzzzzzzzzzzzzzz", ""},
		{"the 80 bits overflow: an error, the timestamp stays", ms0.Add(time.Second), "", overflow},
		{"and again", ms0.Add(time.Second + 500*time.Microsecond), "", overflow},
		{"back to an earlier millisecond: fresh bits there, not clamped", ms0, "01hf7yat3v000g000000000002", ""},
		{"same millisecond: +7", ms0.Add(999 * time.Microsecond), "01hf7yat3v000g000000000009", ""},
		{"the epoch with zero bits: never the zero id", time.Unix(0, 0), "00000000000000000000000001", ""},
		{"the last millisecond a ULID carries", time.UnixMilli(1<<48 - 1).Add(999999), "7zzzzzzzzznf6h248h248h248h", ""},
		{"fresh bits 2·2^64-1", ms0.Add(2 * time.Second), "01hf7yaw2b001fzzzzzzzzzzzz", ""},
		{"+1 carries into the top 16 bits", ms0.Add(2 * time.Second), "01hf7yaw2b001g000000000000", ""},
	}
	b := adopt.NewBackfillFrom(&script{t, draws(
		fresh(0x1234, 0x0123456789abcdef),
		inc(5),
		inc(0), inc(0xffffffff),
		fresh(0xffff, 1<<64-1),
		inc(1),
		inc(1),
		fresh(1, 2),
		inc(7),
		fresh(0, 0),
		fresh(0xabcd, 0x1111111111111111),
		fresh(2, 1<<64-1),
		inc(1),
	)})
	for _, s := range steps {
		got, err := b.At(s.t)
		if s.wantErr != "" {
			if err == nil || err.Error() != s.wantErr || !got.IsZero() {
				t.Fatalf("%s: At(%v) = %s, %v; want the zero id and %q", s.name, s.t, got, err, s.wantErr)
			}
			continue
		}
		if err != nil || got.String() != s.want {
			t.Fatalf("%s: At(%v) = %s, %v; want %s", s.name, s.t, got, err, s.want)
		}
		if want := s.t.Truncate(time.Millisecond).UTC(); !got.Time().Equal(want) {
			t.Errorf("%s: Time() = %v, want %v", s.name, got.Time(), want)
		}
		lo, _ := id.MinAt(s.t)
		if got.Compare(lo) < 0 {
			t.Errorf("%s: %s < MinAt = %s", s.name, got, lo)
		}
		if hi, err := id.MinAt(s.t.Add(time.Millisecond)); err == nil && got.Compare(hi) >= 0 {
			t.Errorf("%s: %s >= MinAt of the next millisecond = %s", s.name, got, hi)
		}
	}
}

// TestBackfillOverflowKeepsTheLastID: an increment that would pass the
// millisecond's largest id is an error that keeps the last id; the next
// call draws again, and a smaller increment still fits, up to and
// including the last value of the top 16 bits (0xffff).
func TestBackfillOverflowKeepsTheLastID(t *testing.T) {
	const overflow = "id: Backfill.At: the increment drawn would pass the largest id of millisecond 2023-11-14T22:13:20.123Z"
	b := adopt.NewBackfillFrom(&script{t, draws(
		fresh(0xffff, 1<<64-1-10),
		inc(100),
		inc(5),
		inc(5),
		inc(1),
	)})
	for _, s := range []struct{ want, wantErr string }{
		{"01hf7yat3vzzzzzzzzzzzzzzzn", ""},
		{"", overflow},
		{"01hf7yat3vzzzzzzzzzzzzzzzt", ""},
		{"01hf7yat3vzzzzzzzzzzzzzzzz", ""},
		{"", overflow},
	} {
		got, err := b.At(ms0)
		if s.wantErr != "" {
			if err == nil || err.Error() != s.wantErr || !got.IsZero() {
				t.Fatalf("At = %s, %v; want the zero id and %q", got, err, s.wantErr)
			}
			continue
		}
		if err != nil || got.String() != s.want {
			t.Fatalf("At = %s, %v; want %s", got, err, s.want)
		}
	}
}

// TestBackfillRange: times a ULID cannot carry are refused with
// ErrTimeRange and the zero id, and draw no entropy (the script is empty).
func TestBackfillRange(t *testing.T) {
	b := adopt.NewBackfillFrom(&script{t, nil})
	for _, tt := range []struct {
		t    time.Time
		want string
	}{
		{time.Unix(0, -1), "id: time outside the ULID range 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z: 1969-12-31T23:59:59.999Z"},
		{time.Date(1969, 7, 20, 20, 17, 40, 0, time.UTC), "id: time outside the ULID range 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z: 1969-07-20T20:17:40.000Z"},
		{time.UnixMilli(1 << 48), "id: time outside the ULID range 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z: 10889-08-02T05:31:50.656Z"},
		{time.Date(292277026596, 12, 4, 15, 30, 7, 0, time.UTC), "id: time outside the ULID range 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z: 292277026596-12-04T15:30:07.000Z"},
		{time.Time{}, "id: time outside the ULID range 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z: 0001-01-01T00:00:00.000Z"},
	} {
		got, err := b.At(tt.t)
		if !errors.Is(err, id.ErrTimeRange) || err.Error() != tt.want || !got.IsZero() {
			t.Errorf("At(%v) = %s, %v; want the zero id and %q", tt.t, got, err, tt.want)
		}
	}
}

// seed1 is the seed of the reproducibility tests: bytes 1 to 32.
var seed1 = func() (s [32]byte) {
	for i := range s {
		s[i] = byte(i + 1)
	}
	return s
}()

// backfillSequence is a backfill's input: three rows in one millisecond,
// one earlier, then the first millisecond again.
var backfillSequence = []time.Time{ms0, ms0, ms0.Add(1500 * time.Microsecond), ms0.Add(-time.Hour), ms0}

func makeAll(t *testing.T, b *adopt.Backfill, times []time.Time) []string {
	t.Helper()
	var out []string
	for _, tm := range times {
		v, err := b.At(tm)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v.String())
	}
	return out
}

// TestBackfillReproducible: the same seed and calls give the same ids,
// pinned to exact values, so a change of the generator that would make an
// earlier backfill unrepeatable fails here; another seed gives others.
// The values were computed independently from math/rand/v2's ChaCha8
// stream and math/big: fresh bits are Uint64()>>48 and Uint64(), an
// increment Uint64()>>32.
func TestBackfillReproducible(t *testing.T) {
	want := []string{
		"01hf7yat3v29bpkw8w7en0xzxp",
		"01hf7yat3v29bpkw8w7gj9a7df",
		"01hf7yat3wqnf30wxez8w8p50q",
		"01hf7twyfv82d3kc358qhjz92a",
		"01hf7yat3vf0p4yt20r1ssswww",
	}
	for range 2 {
		if got := makeAll(t, adopt.NewBackfill(seed1), backfillSequence); !slices.Equal(got, want) {
			t.Fatalf("NewBackfill(seed1):\n%q\nwant\n%q", got, want)
		}
	}
	other := seed1
	other[31] ^= 1
	got := makeAll(t, adopt.NewBackfill(other), backfillSequence)
	for i := range got {
		if got[i] == want[i] {
			t.Errorf("id %d is the same with another seed: %s", i, got[i])
		}
	}
}

// TestBackfillOrder: 200,000 rows over 2,000 milliseconds, walked in
// (time, key) order, get ids in exactly that order, each at its
// millisecond.
func TestBackfillOrder(t *testing.T) {
	type row struct {
		t   time.Time
		key string
	}
	var rows []row
	for i := range 200_000 {
		ms := (i * 7919) % 2000 // shuffled input
		rows = append(rows, row{ms0.Add(time.Duration(ms)*time.Millisecond + time.Duration(i%1000)*time.Microsecond), fmt.Sprintf("k%06d", i)})
	}
	slices.SortFunc(rows, func(a, b row) int {
		if c := a.t.Compare(b.t); c != 0 {
			return c
		}
		return compareStrings(a.key, b.key)
	})
	var seed [32]byte
	b := adopt.NewBackfill(seed)
	var prev id.ID
	for i, r := range rows {
		v, err := b.At(r.t)
		if err != nil {
			t.Fatal(err)
		}
		if v.Compare(prev) <= 0 {
			t.Fatalf("row %d: %s is not above %s", i, v, prev)
		}
		if !v.Time().Equal(r.t.Truncate(time.Millisecond)) {
			t.Fatalf("row %d: time %v, want %v", i, v.Time(), r.t)
		}
		prev = v
	}
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestBackfillConcurrent: a Backfill is safe for concurrent use (run with
// -race): 8 goroutines × 10,000 calls at one millisecond give distinct ids.
func TestBackfillConcurrent(t *testing.T) {
	b := adopt.NewBackfill(seed1)
	const goroutines, each = 8, 10_000
	out := make([][]id.ID, goroutines)
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				v, err := b.At(ms0)
				if err != nil {
					t.Error(err)
					return
				}
				out[g] = append(out[g], v)
			}
		}()
	}
	wg.Wait()
	seen := make(map[id.ID]bool)
	for _, ids := range out {
		for i, v := range ids {
			if seen[v] {
				t.Fatalf("duplicate %s", v)
			}
			seen[v] = true
			if i > 0 && v.Compare(ids[i-1]) <= 0 {
				t.Fatalf("a goroutine's ids do not increase: %s after %s", v, ids[i-1])
			}
		}
	}
	if len(seen) != goroutines*each {
		t.Fatalf("%d ids, want %d", len(seen), goroutines*each)
	}
}
