package id_test

import (
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/idkeys/id"
)

// script is an entropy source that returns the given values in order, so
// tests can compute the ids a generator must make by hand. It fails the
// test when the generator draws more than the script holds.
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

// TestGenerator drives the generator of SPEC §6 with chosen clock
// readings and entropy; every expected id was computed independently (with
// oklog/ulid's encoder) from the timestamp and the 80 bits.
func TestGenerator(t *testing.T) {
	type step struct {
		clock int64  // clock reading, Unix ms
		want  string // the id New must return
	}
	tests := []struct {
		name    string
		last    string // state set before the first step, if any
		entropy []uint64
		steps   []step
	}{
		{
			// Same millisecond: the 80 bits grow by the drawn increment.
			name:    "same millisecond adds the increment",
			entropy: draws(fresh(1, 5), inc(7), inc(1<<32-1)),
			steps: []step{
				{1000, "00000000z8000g000000000005"}, // 1000 ms, hi 1, lo 5
				{1000, "00000000z8000g00000000000c"}, // lo 5+7 = 12
				{1000, "00000000z8000g00000400000b"}, // lo 12+(2^32-1): the largest increment
			},
		},
		{
			// An increment of 0 is drawn again: the increment is in [1, 2^32).
			name:    "zero increment is redrawn",
			entropy: draws(fresh(0, 5), inc(0), inc(5)),
			steps: []step{
				{1000, "00000000z80000000000000005"},
				{1000, "00000000z8000000000000000a"}, // 5+5, not 5+0
			},
		},
		{
			// The case: 1000 ms, then 999 ms, then 1001 ms.
			name:    "clock steps back",
			entropy: draws(fresh(0, 100), inc(3), fresh(0xabcd, 0x123)),
			steps: []step{
				{1000, "00000000z80000000000000034"}, // 1000 ms, lo 100
				{999, "00000000z80000000000000037"},  // held at 1000 ms, lo 103
				{1001, "00000000z9nf6g000000000093"}, // 1001 ms: fresh bits
			},
		},
		{
			// The 80 bits overflow: the timestamp moves on by one
			// millisecond while the clock stays frozen.
			name:    "80-bit overflow moves to the next millisecond",
			last:    "01bx5zzkbkzzzzzzzzzzzzzzzz",
			entropy: draws(inc(1), fresh(0, 0), inc(2)),
			steps: []step{
				{1508808576371, "01bx5zzkbm0000000000000000"}, // one ms later, fresh bits
				{1508808576371, "01bx5zzkbm0000000000000002"}, // clock still behind: held at the new ms
			},
		},
		{
			// Documented choice: a clock before 1970 reads as 0 ms, never a
			// wrapped timestamp; the zero id is never returned.
			name:    "clock before 1970",
			entropy: draws(fresh(0, 0), inc(1)),
			steps: []step{
				{-5, "00000000000000000000000001"}, // 0 ms; zero bits become ...01
				{time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC).UnixMilli(), "00000000000000000000000002"}, // held at 0 ms
			},
		},
		{
			// Documented choice: a clock past 10889-08-02T05:31:50.655Z reads
			// as that last millisecond.
			name:    "clock past the year 10889",
			entropy: draws(fresh(0xffff, 1<<64-1-5), inc(3)),
			steps: []step{
				{1<<48 + 1000, "7zzzzzzzzzzzzzzzzzzzzzzzzt"},
				{1<<62 - 1, "7zzzzzzzzzzzzzzzzzzzzzzzzx"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := id.NewGenerator(&script{t, tt.entropy})
			if tt.last != "" {
				g.SetLast(id.MustParse(tt.last))
			}
			prev := id.ID{}
			for i, s := range tt.steps {
				got := g.Next(s.clock)
				if got.String() != s.want {
					t.Fatalf("step %d: clock %d ms: got %s, want %s", i, s.clock, got, s.want)
				}
				if got.Compare(prev) <= 0 {
					t.Fatalf("step %d: %s is not greater than %s", i, got, prev)
				}
				prev = got
			}
		})
	}
}

// TestGeneratorExhausted: once the last millisecond a ULID can carry is
// used up, no larger id exists and the generator panics (documented on New).
func TestGeneratorExhausted(t *testing.T) {
	g := id.NewGenerator(&script{t, draws(inc(1))})
	g.SetLast(id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz"))
	defer func() {
		const want = "id: New: ULID space exhausted: the clock is past 10889-08-02T05:31:50.655Z and its last millisecond is used up"
		if r := recover(); r != want {
			t.Fatalf("recovered %v, want %q", r, want)
		}
	}()
	got := g.Next(1 << 48)
	t.Fatalf("Next returned %s, want a panic", got)
}

// TestNewConcurrent: 64 goroutines × 5,000 ids: all distinct, and each
// goroutine's own sequence strictly increasing (SPEC §6). Run with -race.
func TestNewConcurrent(t *testing.T) {
	const goroutines, each = 64, 5000
	results := make([][]id.ID, goroutines)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			ids := make([]id.ID, each)
			for i := range ids {
				ids[i] = id.New()
			}
			results[g] = ids
		}()
	}
	close(start)
	wg.Wait()
	seen := make(map[id.ID]bool, goroutines*each)
	for g, ids := range results {
		for i, v := range ids {
			if v.IsZero() {
				t.Fatalf("goroutine %d id %d is the zero id", g, i)
			}
			if i > 0 && ids[i-1].Compare(v) >= 0 {
				t.Fatalf("goroutine %d: id %d %s is not greater than id %d %s", g, i, v, i-1, ids[i-1])
			}
			if seen[v] {
				t.Fatalf("goroutine %d: duplicate id %s", g, v)
			}
			seen[v] = true
		}
	}
	if len(seen) != goroutines*each {
		t.Fatalf("%d distinct ids, want %d", len(seen), goroutines*each)
	}
}

// TestNew: the ids of the process-wide generator are canonical, carry the
// current time and strictly increase.
func TestNew(t *testing.T) {
	before := time.Now().UTC().Truncate(time.Millisecond)
	a, b := id.New(), id.New()
	after := time.Now().UTC()
	for _, v := range []id.ID{a, b} {
		s := v.String()
		if len(s) != 26 || s != strings.ToLower(s) {
			t.Fatalf("New().String() = %q, want 26 lowercase characters", s)
		}
		if p, err := id.Parse(s); err != nil || p != v {
			t.Fatalf("Parse(%q) = %v, %v; want %v, nil", s, p, err, v)
		}
		if tm := v.Time(); tm.Before(before) || tm.After(after) || tm.Location() != time.UTC {
			t.Fatalf("New().Time() = %v, want UTC within [%v, %v]", tm, before, after)
		}
	}
	if a.Compare(b) >= 0 {
		t.Fatalf("New() = %s then %s: not increasing", a, b)
	}
}

func TestZero(t *testing.T) {
	var z id.ID
	if !z.IsZero() {
		t.Error("ID{}.IsZero() = false")
	}
	if id.New().IsZero() {
		t.Error("New().IsZero() = true")
	}
	if s := z.String(); s != "" {
		t.Errorf("ID{}.String() = %q, want empty", s)
	}
	if b, err := z.AppendText([]byte("x")); string(b) != "x" || err != nil {
		t.Errorf("ID{}.AppendText(x) = %q, %v; want \"x\", nil", b, err)
	}
	if b, err := z.MarshalText(); len(b) != 0 || err != nil {
		t.Errorf("ID{}.MarshalText() = %q, %v; want empty, nil", b, err)
	}
	if tm := z.Time(); !tm.Equal(time.Unix(0, 0)) || tm.Location() != time.UTC {
		t.Errorf("ID{}.Time() = %v, want 1970-01-01 UTC", tm)
	}
}

func TestTime(t *testing.T) {
	tests := []struct {
		in   string
		want string // RFC 3339, UTC, milliseconds
	}{
		{"01ARZ3NDEKTSV4RRFFQ69G5FAV", "2016-07-30T23:54:10.259Z"},  // ULID spec README
		{"7zzzzzzzzzzzzzzzzzzzzzzzzz", "10889-08-02T05:31:50.655Z"}, // the largest timestamp
		{"00000000000000000000000001", "1970-01-01T00:00:00.000Z"},  // the epoch
	}
	for _, tt := range tests {
		tm := id.MustParse(tt.in).Time()
		if got := tm.Format("2006-01-02T15:04:05.000Z07:00"); got != tt.want || tm.Location() != time.UTC {
			t.Errorf("MustParse(%q).Time() = %s (%v), want %s UTC", tt.in, got, tm.Location(), tt.want)
		}
	}
}

func TestCompare(t *testing.T) {
	ordered := []string{
		"", // the zero id sorts first
		"00000000000000000000000001",
		"01aryz6s410000000000000000",
		"01aryz6s41tsv4rrffq69g5fav",
		"01arz3ndektsv4rrffq69g5fav",
		"01bx5zzkbkzzzzzzzzzzzzzzzz",
		"01bx5zzkbm0000000000000000",
		"7zzzzzzzzzzzzzzzzzzzzzzzzz",
	}
	ids := make([]id.ID, len(ordered))
	for i, s := range ordered {
		if s != "" {
			ids[i] = id.MustParse(s)
		}
	}
	for i := range ids {
		for j := range ids {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = +1
			}
			if got := ids[i].Compare(ids[j]); got != want {
				t.Errorf("%q.Compare(%q) = %d, want %d", ordered[i], ordered[j], got, want)
			}
			// Text order is byte order (SPEC §2).
			if (ordered[i] < ordered[j]) != (want < 0) {
				t.Errorf("text order of %q and %q disagrees with Compare", ordered[i], ordered[j])
			}
		}
	}
}

// TestValue covers SPEC D1, D2 and D8 (the writing side).
func TestValue(t *testing.T) {
	v := id.MustParse("01ARZ3NDEKTSV4RRFFQ69G5FAV")
	// D1: a non-zero id is written as its 26-byte lowercase string.
	if got, err := v.Value(); got != "01arz3ndektsv4rrffq69g5fav" || err != nil {
		t.Errorf("Value() = %#v, %v; want the lowercase string", got, err)
	}
	// D2: the zero id is refused.
	if got, err := (id.ID{}).Value(); got != nil || !errors.Is(err, id.ErrZero) {
		t.Errorf("ID{}.Value() = %#v, %v; want nil, ErrZero", got, err)
	}
	if errors.Is(id.ErrZero, id.ErrInvalid) {
		t.Error("ErrZero wraps ErrInvalid; writing is not a rejection of input")
	}
	// D8: sql.Null[id.ID] writes NULL when not valid and the id when valid.
	if got, err := (sql.Null[id.ID]{}).Value(); got != nil || err != nil {
		t.Errorf("sql.Null[id.ID]{}.Value() = %#v, %v; want nil, nil (NULL)", got, err)
	}
	if got, err := (sql.Null[id.ID]{V: v, Valid: true}).Value(); got != "01arz3ndektsv4rrffq69g5fav" || err != nil {
		t.Errorf("valid sql.Null[id.ID].Value() = %#v, %v; want the lowercase string", got, err)
	}
	// A valid sql.Null holding the zero id is still refused.
	if _, err := (sql.Null[id.ID]{Valid: true}).Value(); !errors.Is(err, id.ErrZero) {
		t.Errorf("sql.Null[id.ID]{Valid: true}.Value() error = %v, want ErrZero", err)
	}
	// The interfaces database/sql uses.
	var _ driver.Valuer = id.ID{}
	var _ sql.Scanner = (*id.ID)(nil)
}

// TestJSON covers SPEC §4: JSON goes through the text methods.
func TestJSON(t *testing.T) {
	type row struct {
		ID     id.ID  `json:"id"`
		Parent id.ID  `json:"parent,omitzero"`
		Trace  *id.ID `json:"trace,omitempty"`
	}
	v := id.MustParse("01ARZ3NDEKTSV4RRFFQ69G5FAV")
	b, err := json.Marshal(row{ID: v})
	if want := `{"id":"01arz3ndektsv4rrffq69g5fav"}`; string(b) != want || err != nil {
		t.Fatalf("Marshal = %s, %v; want %s", b, err, want)
	}
	b, err = json.Marshal(row{})
	if want := `{"id":""}`; string(b) != want || err != nil {
		t.Fatalf("Marshal(zero) = %s, %v; want %s", b, err, want)
	}

	var r row
	if err := json.Unmarshal([]byte(`{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV","parent":""}`), &r); err != nil || r.ID != v || !r.Parent.IsZero() {
		t.Fatalf("Unmarshal = %+v, %v; want id %s and zero parent", r, err, v)
	}
	// null leaves the field as it was, as for every text type.
	r = row{ID: v}
	if err := json.Unmarshal([]byte(`{"id":null}`), &r); err != nil || r.ID != v {
		t.Fatalf("Unmarshal(null) = %+v, %v; want the field untouched", r, err)
	}
	err = json.Unmarshal([]byte(`{"id":"01ARZ3NDEITSV4RRFFQ69G5FAV"}`), &r)
	var pe *id.ParseError
	if !errors.Is(err, id.ErrInvalid) || !errors.As(err, &pe) || pe.Reason != id.ReasonCharacter || pe.Index != 9 {
		t.Fatalf("Unmarshal(bad id) error = %v, want a *ParseError at index 9 wrapping ErrInvalid", err)
	}
	// A JSON number is not an id.
	if err := json.Unmarshal([]byte(`{"id":12}`), &r); err == nil {
		t.Fatal("Unmarshal of a number succeeded")
	}

	// map[id.ID]T is a JSON object keyed by canonical ids.
	m := map[id.ID]int{v: 1, id.MustParse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"): 2}
	b, err = json.Marshal(m)
	if want := `{"01arz3ndektsv4rrffq69g5fav":1,"7zzzzzzzzzzzzzzzzzzzzzzzzz":2}`; string(b) != want || err != nil {
		t.Fatalf("Marshal(map) = %s, %v; want %s", b, err, want)
	}
	var back map[id.ID]int
	if err := json.Unmarshal([]byte(`{"01ARZ3NDEKTSV4RRFFQ69G5FAV":1,"7zzzzzzzzzzzzzzzzzzzzzzzzz":2}`), &back); err != nil || len(back) != 2 || back[v] != 1 {
		t.Fatalf("Unmarshal(map) = %v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`{"nope":1}`), &back); !errors.Is(err, id.ErrInvalid) {
		t.Fatalf("Unmarshal(map with a bad key) error = %v, want ErrInvalid", err)
	}
}
