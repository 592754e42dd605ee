package id_test

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/oklog/ulid/v2"
)

// The generator (docs/contract.md, rows G1 to G8), driven through its
// seam (id.NewGenerator, Next, SetLast) with deterministic entropy, so
// that every id can be computed independently of the code under test.
// This file is the one home of the generator's scenarios.
//
// How the expected ids are made, and how to reproduce them: faultModel
// (at the end of this file) restates the generator's rules on big
// integers, and faultText encodes a timestamp and 80 bits with
// oklog/ulid's encoder from bytes built by hand. faultRun checks every
// step against both the literal written in the test and the model fed
// with a second copy of the same entropy, so a literal that the model
// does not reproduce fails the test; to recompute one, run the test with
// -v: each step's log line shows the id.

// t0 is the millisecond of the ULID spec's example id
// 01arz3ndektsv4rrffq69g5fav: 2016-07-30T23:54:10.259Z.
const (
	t0   int64 = 1469922850259
	hour int64 = 3_600_000
	// maxMillis is the last millisecond a ULID can carry,
	// 10889-08-02T05:31:50.655Z.
	maxMillis int64 = 1<<48 - 1
	// exhausted is the panic message of New, documented on New.
	exhausted = "id: New: ULID space exhausted: the clock is past 10889-08-02T05:31:50.655Z and its last millisecond is used up"
)

// script is an entropy source that returns the given values in order, so
// that tests can compute the ids a generator must make by hand. It fails
// the test when the generator draws more than the script holds.
type script struct {
	t    *testing.T
	vals []uint64
}

func (s *script) Uint64() uint64 {
	if len(s.vals) == 0 {
		s.t.Fatal("generator drew more entropy than scripted")
	}
	v := s.vals[0]
	s.vals = s.vals[1:]
	return v
}

// draws spell out the entropy the generator takes: fresh(hi, lo) for the
// first id of a millisecond (16 + 64 bits), inc(n) for an increment.
func fresh(hi16, lo uint64) []uint64 { return []uint64{hi16 << 48, lo} }
func inc(n uint64) []uint64          { return []uint64{n << 32} }

func draws(parts ...[]uint64) []uint64 {
	var all []uint64
	for _, p := range parts {
		all = append(all, p...)
	}
	return all
}

// faultConst is an entropy source that always returns v (all-ones, or a
// chosen constant) and counts the draws.
type faultConst struct {
	v     uint64
	draws int
}

func (c *faultConst) Uint64() uint64 { c.draws++; return c.v }

// faultStep is one clock reading and the id the generator must return.
type faultStep struct {
	clock int64
	want  string
}

// faultRun drives g through steps, checking each id exactly, against the
// literal and against the model m (fed with its own copy of g's entropy),
// and that each is greater than the one before.
func faultRun(t *testing.T, g id.Generator, m *faultModel, steps []faultStep) {
	t.Helper()
	var prev id.ID
	for i, s := range steps {
		got := g.Next(s.clock)
		model := m.next(s.clock)
		if mt := strings.ToLower(ulid.ULID(model).String()); mt != s.want {
			t.Fatalf("step %d, clock %d ms: the model gives %s, the test says %s", i, s.clock, mt, s.want)
		}
		if got.String() != s.want {
			t.Fatalf("step %d, clock %d ms: got %s, want %s", i, s.clock, got, s.want)
		}
		if got.Compare(prev) <= 0 {
			t.Fatalf("step %d: %s is not greater than the previous id %s", i, got, prev)
		}
		t.Logf("step %d, clock %d ms: %s (%s)", i, s.clock, got, got.Time().Format(time.RFC3339Nano))
		prev = got
	}
}

// TestFaultClockJumpsAnHour (G3, G4, G6): the clock jumps forward an hour, then back
// an hour, then forward again. The timestamp follows the clock forward,
// holds at the last millisecond used while the clock is behind it (each id
// the previous 80 bits plus the drawn increment, carrying from the low 64
// bits into the top 16), and draws fresh bits only when the clock passes
// it. Every scripted draw is used, and no more.
func TestFaultClockJumpsAnHour(t *testing.T) {
	vals := []uint64{
		0xd6764c61efb99302, 0x4c61efb99302bd5b, // fresh at t0: top 16 bits 0xd676, low 64 0x4c61efb99302bd5b
		0x00000000ffffffff,                     // increment 0 (the top 32 bits): drawn again
		0x0000000100000000,                     // increment 1
		0x0001000000000000, 0xfffffffffffffffe, // fresh at t0+1h: 0x0001, 0xffff_ffff_ffff_fffe
		0x0000000500000000,                     // increment 5: the low 64 bits wrap to 3, the top 16 carry to 0x0002
		0xffffffff00000000,                     // increment 2^32-1, the largest
		0x0000000200000000,                     // increment 2
		0x123456789abcdef0, 0x0fedcba987654321, // fresh at t0+1h+1ms
		0x0000000700000000, // increment 7
	}
	src := &script{t: t, vals: vals}
	faultRun(t, id.NewGenerator(src), newFaultModel(&script{t: t, vals: vals}), []faultStep{
		{t0, "01arz3ndektsv4rrffq69g5fav"},            // the spec's example id
		{t0, "01arz3ndektsv4rrffq69g5faw"},            // +1
		{t0 + hour, "01arz7392k000zzzzzzzzzzzzy"},     // an hour later: fresh bits
		{t0, "01arz7392k0010000000000003"},            // clock back an hour: held at t0+1h, carry into the top 16 bits
		{t0 + 1, "01arz7392k0010000004000002"},        // still behind: held
		{t0 + hour, "01arz7392k0010000004000004"},     // the clock reaches the held millisecond: still an increment
		{t0 + hour + 1, "01arz7392m28t0zvebn63pags1"}, // the clock passes it: fresh bits
		{t0, "01arz7392m28t0zvebn63pags8"},            // back an hour again: held
	})
	if len(src.vals) != 0 {
		t.Fatalf("%d scripted draws left unused", len(src.vals))
	}
}

// TestFaultClockFrozen (G4, G5, G7): a clock frozen at t0 for 1,000,000 ids. Within
// the millisecond each id is the previous 80 bits plus an increment in
// [1, 2^32); the 80 bits carry from the low 64 into the top 16; when they
// would overflow, the timestamp moves on by one millisecond with fresh
// bits, ahead of the frozen clock. Every id is checked exactly, and so is
// the order.
func TestFaultClockFrozen(t *testing.T) {
	const n = 1_000_000

	t.Run("ChaCha8", func(t *testing.T) {
		// A realistic source: ChaCha8 with a fixed seed. faultModel, fed by
		// a second ChaCha8 with the same seed, computes every id.
		seed := [32]byte([]byte("package id: frozen-clock test...")) // 32 bytes
		g := id.NewGenerator(rand.NewChaCha8(seed))
		m := newFaultModel(rand.NewChaCha8(seed))
		var first, prev id.ID
		for i := range n {
			got, want := g.Next(t0), m.next(t0)
			if i == 0 {
				first = got
			}
			if id.Bytes(got) != want {
				t.Fatalf("id %d: got %x, want %x", i, id.Bytes(got), want)
			}
			if i > 0 && got.Compare(prev) <= 0 {
				t.Fatalf("id %d: %s is not greater than %s", i, got, prev)
			}
			prev = got
		}
		// Fresh bits once, then n-1 increments averaging 2^31: about 2^51
		// in all, no overflow, so the timestamp never moved.
		if m.fresh != 1 || prev.Time().UnixMilli() != t0 {
			t.Fatalf("%d fresh draws, last id at %d ms; want 1 and %d", m.fresh, prev.Time().UnixMilli(), t0)
		}
		// Pinned: what both the model and the generator give for this seed.
		if want := "01arz3ndek56pc29n3wwea6f6h"; prev.String() != want {
			t.Fatalf("id %d: %s, want %s", n-1, prev, want)
		}
		t.Logf("%d ids at %d ms; first %s, last %s", n, t0, first, prev)
	})

	t.Run("carry", func(t *testing.T) {
		// Every draw is C = 0xfffe_ffff_0000_0000: fresh bits 0xfffe (top
		// 16) and C (low 64), increment C>>32 = 0xfffeffff. The low 64
		// bits pass 2^64 at id 65539 and carry into the top 16; then 2^64
		// more are needed to overflow: every id is at t0, the i-th being
		// 0xfffe<<64 + C + i*0xfffeffff.
		const c = 0xfffeffff00000000
		src := &faultConst{v: c}
		g := id.NewGenerator(src)
		var prev id.ID
		carryAt := -1
		for i := range n {
			got := g.Next(t0)
			lo, carry := bits.Add64(c, uint64(i)*(c>>32), 0)
			if want := faultBytes(t0, 0xfffe+carry, lo); id.Bytes(got) != want {
				t.Fatalf("id %d: got %x, want %x", i, id.Bytes(got), want)
			}
			if i > 0 && got.Compare(prev) <= 0 {
				t.Fatalf("id %d: %s is not greater than %s", i, got, prev)
			}
			if carry == 1 && carryAt < 0 {
				carryAt = i
			}
			prev = got
		}
		if carryAt != 65539 || src.draws != 2+(n-1) {
			t.Fatalf("carry at id %d after %d draws; want 65539 and %d", carryAt, src.draws, 2+(n-1))
		}
		// The closed form against the model's ids around the carry.
		for _, s := range []struct {
			i    int
			want string
		}{{65538, "01arz3ndekzzzfzzzzzzzzszzy"}, {65539, "01arz3ndekzzzg000003zzqzzx"}, {n - 1, "01arz3ndekzzzg03j25tyv3fe1"}} {
			lo, carry := bits.Add64(c, uint64(s.i)*(c>>32), 0)
			if got := faultText(t0, 0xfffe+carry, lo); got != s.want {
				t.Fatalf("closed form for id %d gives %s, the model %s", s.i, got, s.want)
			}
		}
		t.Logf("the low 64 bits carried into the top 16 at id %d: %s; id %d: %s", carryAt, faultText(t0, 0xffff, c+uint64(carryAt)*(c>>32)), n-1, prev)
	})

	t.Run("overflow", func(t *testing.T) {
		// Every draw is C = 2^64 - 999*2^32: fresh bits 0xffff (top 16) and
		// C, increment C>>32 = 2^32-999. 999 increments fit below 2^80
		// (C + 999*(2^32-999) = 2^64 - 998001); the 1000th overflows and
		// the timestamp moves on. So the i-th id is at t0 + i/1000 with the
		// bits 0xffff<<64 + C + (i%1000)*(2^32-999), and the last of the
		// million is at t0+999 ms, ahead of the frozen clock.
		const c = 1<<64 - 999<<32
		src := &faultConst{v: c}
		g := id.NewGenerator(src)
		var prev id.ID
		for i := range n {
			got := g.Next(t0)
			want := faultBytes(t0+int64(i/1000), 0xffff, c+uint64(i%1000)*(c>>32))
			if id.Bytes(got) != want {
				t.Fatalf("id %d: got %x, want %x", i, id.Bytes(got), want)
			}
			if i > 0 && got.Compare(prev) <= 0 {
				t.Fatalf("id %d: %s is not greater than %s", i, got, prev)
			}
			prev = got
		}
		// 1000 milliseconds, each 2 fresh draws and 999 increments, and
		// 999 overflowing increments between them.
		if want := 1000*(2+999) + 999; src.draws != want {
			t.Fatalf("%d draws, want %d", src.draws, want)
		}
		if want := "01arz3nedtzzzzzzzzzzzz1hcf"; prev.String() != want || prev.Time().UnixMilli() != t0+999 {
			t.Fatalf("last id %s at %d ms, want %s at %d ms", prev, prev.Time().UnixMilli(), want, t0+999)
		}
		// The closed form against the model's ids around an overflow.
		for _, s := range []struct {
			i    int
			want string
		}{{0, "01arz3ndekzzzzzzzw34000000"}, {999, "01arz3ndekzzzzzzzzzzzz1hcf"}, {1000, "01arz3ndemzzzzzzzw34000000"}} {
			if got := faultText(t0+int64(s.i/1000), 0xffff, c+uint64(s.i%1000)*(c>>32)); got != s.want {
				t.Fatalf("closed form for id %d gives %s, the model %s", s.i, got, s.want)
			}
		}
		t.Logf("1000 ids per millisecond; id 999 %s, id 1000 %s, last %s", faultText(t0, 0xffff, c+999*(c>>32)), faultText(t0+1, 0xffff, c), prev)
	})
}

// TestFaultEntropyAllOnes (G7): an entropy source whose every draw is all ones
// (Uint64() = ^0). The first id of a millisecond has all 80 bits set; the
// next increment, 2^32-1, overflows at once, so with a frozen clock every
// id is one millisecond further ahead, until the clock passes the
// timestamp. Each id costs 3 draws (the increment, then fresh bits).
func TestFaultEntropyAllOnes(t *testing.T) {
	src := &faultConst{v: math.MaxUint64}
	faultRun(t, id.NewGenerator(src), newFaultModel(&faultConst{v: math.MaxUint64}), []faultStep{
		{t0, "01arz3ndekzzzzzzzzzzzzzzzz"},      // t0, 80 bits set
		{t0, "01arz3ndemzzzzzzzzzzzzzzzz"},      // overflow: t0+1
		{t0, "01arz3ndenzzzzzzzzzzzzzzzz"},      // t0+2
		{t0 + 1, "01arz3ndepzzzzzzzzzzzzzzzz"},  // clock behind the timestamp: t0+3
		{t0 + 10, "01arz3ndexzzzzzzzzzzzzzzzz"}, // clock passed it: fresh at t0+10
	})
	if src.draws != 2+3+3+3+2 {
		t.Fatalf("%d draws, want %d", src.draws, 2+3+3+3+2)
	}
}

// TestFaultClockBefore1970 (G8): clock readings before 1970-01-01T00:00:00Z,
// however far, are taken as 0 ms (documented on New): the timestamp is
// clamped, never wrapped into the far future.
func TestFaultClockBefore1970(t *testing.T) {
	t.Run("constant", func(t *testing.T) {
		// Every draw is K: fresh bits 0x0123 and K, increment 0x01234567.
		const k = 0x0123456789abcdef
		faultRun(t, id.NewGenerator(&faultConst{v: k}), newFaultModel(&faultConst{v: k}), []faultStep{
			{-1, "000000000004hg28t5cy4tqkff"},            // 0 ms, fresh
			{math.MinInt64, "000000000004hg28t5cy5cy4tp"}, // 0 ms, +K>>32
			{-hour, "000000000004hg28t5cy5z4p5x"},         // 0 ms
			{0, "000000000004hg28t5cy6hb7h4"},             // the epoch itself: same millisecond
			{1, "000000000104hg28t5cy4tqkff"},             // 1 ms: fresh
		})
	})
	t.Run("all ones", func(t *testing.T) {
		faultRun(t, id.NewGenerator(&faultConst{v: math.MaxUint64}), newFaultModel(&faultConst{v: math.MaxUint64}), []faultStep{
			{-1, "0000000000zzzzzzzzzzzzzzzz"},            // 0 ms
			{math.MinInt64, "0000000001zzzzzzzzzzzzzzzz"}, // overflow: 1 ms
			{0, "0000000002zzzzzzzzzzzzzzzz"},             // overflow: 2 ms
		})
	})
	t.Run("zero entropy", func(t *testing.T) {
		// Fresh bits of zero at 0 ms would make the zero id: it becomes ...01.
		vals := []uint64{0, 0, 3 << 32}
		faultRun(t, id.NewGenerator(&script{t: t, vals: vals}), newFaultModel(&script{t: t, vals: vals}), []faultStep{
			{time.Date(1969, 7, 20, 20, 17, 0, 0, time.UTC).UnixMilli(), "00000000000000000000000001"},
			{-1, "00000000000000000000000004"},
		})
	})
}

// TestFaultClockPast10889 (G8): clock readings after 10889-08-02T05:31:50.655Z
// are taken as that last millisecond (documented on New), and New panics
// only once its 80 bits are used up, with the documented message; the
// generator stays usable (and keeps panicking) afterwards.
func TestFaultClockPast10889(t *testing.T) {
	const k = 0x0123456789abcdef
	last := time.Date(10889, 8, 2, 5, 31, 50, 655e6, time.UTC)
	if last.UnixMilli() != maxMillis {
		t.Fatalf("%v is %d ms, want %d", last, last.UnixMilli(), maxMillis)
	}
	t.Run("clamped", func(t *testing.T) {
		g := id.NewGenerator(&faultConst{v: k})
		faultRun(t, g, newFaultModel(&faultConst{v: k}), []faultStep{
			{maxMillis + 1, "7zzzzzzzzz04hg28t5cy4tqkff"},
			{math.MaxInt64, "7zzzzzzzzz04hg28t5cy5cy4tp"},
			{maxMillis, "7zzzzzzzzz04hg28t5cy5z4p5x"},
		})
		if got := g.Next(math.MaxInt64).Time(); !got.Equal(last) {
			t.Fatalf("Time() = %v, want %v", got, last)
		}
	})
	t.Run("exhausted", func(t *testing.T) {
		// Two increments of K>>32 below the largest id: the second reaches
		// 7zzzzzzzzzzzzzzzzzzzzzzzzz exactly; the third has nowhere to go.
		g, m := id.NewGenerator(&faultConst{v: k}), newFaultModel(&faultConst{v: k})
		last := id.MustParse("7zzzzzzzzzzzzzzzzzzzyvjx9h") // 2^80-1 - 2*0x01234567
		g.SetLast(last)
		m.setLast(id.Bytes(last))
		faultRun(t, g, m, []faultStep{
			{math.MaxInt64, "7zzzzzzzzzzzzzzzzzzzzdsemr"},
			{math.MaxInt64, "7zzzzzzzzzzzzzzzzzzzzzzzzz"},
		})
		for range 2 { // the lock was released: a second call panics too
			if r := faultPanic(g.Next, math.MaxInt64); r != exhausted {
				t.Fatalf("recovered %#v, want the panic %q", r, exhausted)
			}
		}
		if r := faultPanic(m.next, math.MaxInt64); r != exhausted {
			t.Fatalf("the model recovered %#v, want the panic %q", r, exhausted)
		}
	})
	t.Run("all ones", func(t *testing.T) {
		g := id.NewGenerator(&faultConst{v: math.MaxUint64})
		faultRun(t, g, newFaultModel(&faultConst{v: math.MaxUint64}), []faultStep{{math.MaxInt64, "7zzzzzzzzzzzzzzzzzzzzzzzzz"}})
		if r := faultPanic(g.Next, maxMillis); r != exhausted {
			t.Fatalf("recovered %#v, want the panic %q", r, exhausted)
		}
	})
}

// TestFaultFreshZeroBits (G3, G7): fresh bits that are all zero are kept at any
// millisecond but 0 (only there would they make the zero id, see
// TestFaultClockBefore1970). Here they follow an overflow, from a state
// set with SetLast: the 80 bits are all ones, an increment of 1 overflows,
// and the next millisecond starts at zero bits.
func TestFaultFreshZeroBits(t *testing.T) {
	vals := draws(inc(1), fresh(0, 0), inc(2))
	g, m := id.NewGenerator(&script{t: t, vals: vals}), newFaultModel(&script{t: t, vals: vals})
	last := id.MustParse("01bx5zzkbkzzzzzzzzzzzzzzzz")
	g.SetLast(last)
	m.setLast(id.Bytes(last))
	faultRun(t, g, m, []faultStep{
		{1508808576371, "01bx5zzkbm0000000000000000"}, // one ms later, zero bits
		{1508808576371, "01bx5zzkbm0000000000000002"}, // the clock still behind: held, +2
	})
}

// faultPanic calls next(clock) and returns what it panicked with.
func faultPanic[T any](next func(int64) T, clock int64) (r any) {
	defer func() { r = recover() }()
	next(clock)
	return nil
}

// faultBytes is the 16-byte id of a timestamp and 80 bits (top 16, low 64).
func faultBytes(ms int64, hi, lo uint64) (b [16]byte) {
	binary.BigEndian.PutUint64(b[0:8], uint64(ms)<<16|hi)
	binary.BigEndian.PutUint64(b[8:16], lo)
	return b
}

// faultText encodes a timestamp and 80 bits with oklog/ulid's encoder (not
// ours), lowercased, from bytes built by hand.
func faultText(ms int64, hi, lo uint64) string {
	return strings.ToLower(ulid.ULID(faultBytes(ms, hi, lo)).String())
}

// faultModel is the generator's rules (docs/contract.md, G1 to G8) on big
// integers: the first id of a millisecond
// takes 16 bits and then 64 bits from src; a later one adds the top 32
// bits of a draw (drawn again while 0); at 2^80 the timestamp moves on.
type faultModel struct {
	src   rand.Source
	ms    int64
	bits  *big.Int
	fresh int // how many times fresh bits were drawn
}

func newFaultModel(src rand.Source) *faultModel { return &faultModel{src: src, ms: -1} }

// setLast sets the model's state as if b was the last id it made.
func (m *faultModel) setLast(b [16]byte) {
	n := new(big.Int).SetBytes(b[:])
	m.ms = new(big.Int).Rsh(n, 80).Int64()
	m.bits = n.And(n, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 80), big.NewInt(1)))
}

func (m *faultModel) next(clock int64) [16]byte {
	clock = min(max(clock, 0), maxMillis)
	limit := new(big.Int).Lsh(big.NewInt(1), 80)
	switch {
	case clock > m.ms:
		m.ms = clock
		m.draw()
	default:
		inc := m.src.Uint64() >> 32
		for inc == 0 {
			inc = m.src.Uint64() >> 32
		}
		m.bits.Add(m.bits, new(big.Int).SetUint64(inc))
		if m.bits.Cmp(limit) >= 0 {
			if m.ms == maxMillis {
				panic(exhausted)
			}
			m.ms++
			m.draw()
		}
	}
	var b [16]byte
	new(big.Int).Or(new(big.Int).Lsh(big.NewInt(m.ms), 80), m.bits).FillBytes(b[:])
	return b
}

func (m *faultModel) draw() {
	m.fresh++
	hi := new(big.Int).SetUint64(m.src.Uint64() >> 48)
	m.bits = hi.Lsh(hi, 64).Or(hi, new(big.Int).SetUint64(m.src.Uint64()))
	if m.ms == 0 && m.bits.Sign() == 0 {
		m.bits.SetInt64(1)
	}
}
