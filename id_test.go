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

// TestNewConcurrent: 64 goroutines × 5,000 ids: all distinct, even in
// their first 64 bits (timestamp and sequence, which the generator's
// compare-and-swap makes unique), and each goroutine's own sequence
// strictly increasing (docs/contract.md, G5). Run with -race. The
// generator's scenarios with chosen clocks and entropy, and a forced
// interleaving that fails without -race, are in fault_test.go.
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
	first := make(map[[8]byte]id.ID, goroutines*each)
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
			b := v.As16()
			if w, dup := first[[8]byte(b[:8])]; dup {
				t.Fatalf("goroutine %d: %s and %s share their timestamp and sequence", g, v, w)
			}
			first[[8]byte(b[:8])] = v
		}
	}
	if len(seen) != goroutines*each {
		t.Fatalf("%d distinct ids, want %d", len(seen), goroutines*each)
	}
}

// TestNew: the ids of the process-wide generator are canonical, carry the
// current time and strictly increase. The timestamp is the clock reading,
// or one millisecond past the previous id's when the sequence ran out or
// the clock stepped back (G6, G7): the random start can make that happen
// after a single id, so the bound allows it (no other test makes ids
// meanwhile).
func TestNew(t *testing.T) {
	prev := id.New()
	before := time.Now().UTC().Truncate(time.Millisecond)
	a, b := id.New(), id.New()
	after := time.Now().UTC()
	for _, v := range []id.ID{a, b} {
		limit := max(after.UnixMilli(), prev.Time().UnixMilli()+1)
		prev = v
		s := v.String()
		if len(s) != 26 || s != strings.ToLower(s) {
			t.Fatalf("New().String() = %q, want 26 lowercase characters", s)
		}
		if p, err := id.Parse(s); err != nil || p != v {
			t.Fatalf("Parse(%q) = %v, %v; want %v, nil", s, p, err, v)
		}
		if tm := v.Time(); tm.Before(before) || tm.UnixMilli() > limit || tm.Location() != time.UTC {
			t.Fatalf("New().Time() = %v, want UTC within [%v, %v]", tm, before, time.UnixMilli(limit).UTC())
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
	// T1: a marker a log line shows and that no ULID decoder takes.
	if s := z.String(); s != "<zero id>" {
		t.Errorf("ID{}.String() = %q, want %q", s, "<zero id>")
	}
	// Text has no null: the zero ID is refused, as Value refuses it (T1).
	if b, err := z.AppendText([]byte("x")); string(b) != "x" || err != id.ErrZero {
		t.Errorf("ID{}.AppendText(x) = %q, %v; want \"x\", ErrZero", b, err)
	}
	if b, err := z.MarshalText(); b != nil || err != id.ErrZero {
		t.Errorf("ID{}.MarshalText() = %q, %v; want nil, ErrZero", b, err)
	}
	if b, err := z.MarshalJSON(); string(b) != "null" || err != nil {
		t.Errorf("ID{}.MarshalJSON() = %q, %v; want null, nil", b, err)
	}
	if v, err := z.MarshalYAML(); v != nil || err != nil {
		t.Errorf("ID{}.MarshalYAML() = %#v, %v; want nil (YAML null), nil", v, err)
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
			// Text order is byte order (row V3).
			if (ordered[i] < ordered[j]) != (want < 0) {
				t.Errorf("text order of %q and %q disagrees with Compare", ordered[i], ordered[j])
			}
		}
	}
}

// TestValue has the writing side of the database rows of
// docs/contract.md, each subtest named after its row.
func TestValue(t *testing.T) {
	v := id.MustParse("01ARZ3NDEKTSV4RRFFQ69G5FAV")
	t.Run("D1 a non-zero id is its 26-byte lowercase string", func(t *testing.T) {
		if got, err := v.Value(); got != "01arz3ndektsv4rrffq69g5fav" || err != nil {
			t.Errorf("Value() = %#v, %v; want the lowercase string", got, err)
		}
	})
	t.Run("D2 the zero id is refused", func(t *testing.T) {
		if got, err := (id.ID{}).Value(); got != nil || !errors.Is(err, id.ErrZero) {
			t.Errorf("ID{}.Value() = %#v, %v; want nil, ErrZero", got, err)
		}
		if errors.Is(id.ErrZero, id.ErrInvalid) {
			t.Error("ErrZero wraps ErrInvalid; writing is not a rejection of input")
		}
		// A valid sql.Null holding the zero id is still refused.
		if _, err := (sql.Null[id.ID]{Valid: true}).Value(); !errors.Is(err, id.ErrZero) {
			t.Errorf("sql.Null[id.ID]{Valid: true}.Value() error = %v, want ErrZero", err)
		}
	})
	t.Run("D8 sql.Null writes NULL or the id", func(t *testing.T) {
		if got, err := (sql.Null[id.ID]{}).Value(); got != nil || err != nil {
			t.Errorf("sql.Null[id.ID]{}.Value() = %#v, %v; want nil, nil (NULL)", got, err)
		}
		if got, err := (sql.Null[id.ID]{V: v, Valid: true}).Value(); got != "01arz3ndektsv4rrffq69g5fav" || err != nil {
			t.Errorf("valid sql.Null[id.ID].Value() = %#v, %v; want the lowercase string", got, err)
		}
	})
	// The interfaces database/sql uses.
	var _ driver.Valuer = id.ID{}
	var _ sql.Scanner = (*id.ID)(nil)
}

// TestJSON: MarshalJSON and UnmarshalJSON (docs/contract.md, T3 and T4):
// the zero ID is null and null is "no id"; "" is not an id; map keys go
// through the text methods.
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
	if want := `{"id":null}`; string(b) != want || err != nil {
		t.Fatalf("Marshal(zero) = %s, %v; want %s", b, err, want)
	}

	var r row
	if err := json.Unmarshal([]byte(`{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV","parent":null}`), &r); err != nil || r.ID != v || !r.Parent.IsZero() {
		t.Fatalf("Unmarshal = %+v, %v; want id %s and zero parent", r, err, v)
	}
	// An escaped id is the id.
	if err := json.Unmarshal([]byte(`{"id":"\u00301ARZ3NDEKTSV4RRFFQ69G5FAV"}`), &r); err != nil || r.ID != v {
		t.Fatalf("Unmarshal(escaped) = %+v, %v; want id %s", r, err, v)
	}
	// null leaves the field as it was, as encoding/json's convention asks.
	r = row{ID: v}
	if err := json.Unmarshal([]byte(`{"id":null}`), &r); err != nil || r.ID != v {
		t.Fatalf("Unmarshal(null) = %+v, %v; want the field untouched", r, err)
	}
	// Empty text is not an id (T2): the same error as Parse("").
	r = row{ID: v}
	err = json.Unmarshal([]byte(`{"id":""}`), &r)
	if want := `id: invalid id "": length 0, want 26`; err == nil || err.Error() != want || !errors.Is(err, id.ErrInvalid) || !r.ID.IsZero() {
		t.Fatalf(`Unmarshal({"id":""}) = %+v, %v; want the zero id and %q`, r, err, want)
	}
	err = json.Unmarshal([]byte(`{"id":"01ARZ3NDEITSV4RRFFQ69G5FAV"}`), &r)
	var pe *id.ParseError
	if !errors.Is(err, id.ErrInvalid) || !errors.As(err, &pe) || pe.Reason != id.ReasonCharacter || pe.Index != 9 {
		t.Fatalf("Unmarshal(bad id) error = %v, want a *ParseError at index 9 wrapping ErrInvalid", err)
	}
	// Other JSON values are not ids; the errors wrap ErrInvalid.
	for _, c := range []struct{ in, msg string }{
		{`12`, `id: invalid id: want a JSON string, got number "12"`},
		{`9`, `id: invalid id: want a JSON string, got number "9"`},
		{`0`, `id: invalid id: want a JSON string, got number "0"`},
		{`-1.5e3`, `id: invalid id: want a JSON string, got number "-1.5e3"`},
		{`{"a":1}`, `id: invalid id: want a JSON string, got object "{\"a\":1}"`},
		{`["01arz3ndektsv4rrffq69g5fav"]`, `id: invalid id: want a JSON string, got array "[\"01arz3ndektsv4rrffq69g5fav\"]"`},
		{`[` + strings.Repeat(`1,`, 40) + `1]`, `id: invalid id: want a JSON string, got array "[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1"...`},
		{`true`, `id: invalid id: want a JSON string, got boolean "true"`},
	} {
		r = row{ID: v}
		err := json.Unmarshal([]byte(`{"id":`+c.in+`}`), &r)
		if err == nil || err.Error() != c.msg || !errors.Is(err, id.ErrInvalid) || !r.ID.IsZero() {
			t.Errorf("Unmarshal(%s) = %+v, %v; want the zero id and %q", c.in, r, err, c.msg)
		}
	}
	// Called directly with what encoding/json would never pass.
	for _, c := range []struct{ in, msg string }{
		{``, `id: invalid id: want a JSON string, got nothing ""`},
		{`"01arz`, `id: invalid id: want a JSON string, got malformed string "\"01arz"`},
		{`"\x"`, `id: invalid id: malformed JSON string "\"\\x\""`},
		// The quote stops before 40 bytes: "[1" and 17 of 40 quotes, 38 bytes escaped.
		{`[1` + strings.Repeat(`"`, 40) + `]`, `id: invalid id: want a JSON string, got array "[1` + strings.Repeat(`\"`, 17) + `"...`},
	} {
		got := v
		err := got.UnmarshalJSON([]byte(c.in))
		if err == nil || err.Error() != c.msg || !errors.Is(err, id.ErrInvalid) || !got.IsZero() {
			t.Errorf("UnmarshalJSON(%q) = %s, %v; want the zero id and %q", c.in, got, err, c.msg)
		}
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
	if err := json.Unmarshal([]byte(`{"":1}`), &back); !errors.Is(err, id.ErrInvalid) {
		t.Fatalf("Unmarshal(map with an empty key) error = %v, want ErrInvalid", err)
	}
	// A JSON object key has no null: a zero ID key is refused (encoding/json
	// quotes ErrZero in an error of its own that does not wrap it).
	if b, err := json.Marshal(map[id.ID]int{{}: 1}); err == nil || !strings.Contains(err.Error(), "id: refusing to write the zero id") {
		t.Fatalf("Marshal(map with the zero ID as a key) = %s, %v; want ErrZero's message", b, err)
	}
}
