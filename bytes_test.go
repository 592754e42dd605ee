package id_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/oklog/ulid/v2"
)

// TestBytes checks the byte form against the published vectors and
// against oklog's ulid.ULID, which holds the same 16 bytes (B1, B2).
func TestBytes(t *testing.T) {
	for _, tt := range loadVectors(t).Valid {
		v := id.MustParse(tt.Text)
		b := v.As16()
		if got := hex.EncodeToString(b[:]); got != tt.Hex {
			t.Errorf("MustParse(%q).As16() = %s, want %s [%s]", tt.Text, got, tt.Hex, tt.Source)
		}
		u, err := ulid.ParseStrict(tt.Canonical)
		if err != nil {
			t.Fatalf("ulid.ParseStrict(%q): %v", tt.Canonical, err)
		}
		if b != [16]byte(u) {
			t.Errorf("As16 of %s = %x, oklog's bytes %x", v, b, [16]byte(u))
		}
		back, err := id.From16(b)
		if err != nil || back != v {
			t.Errorf("From16(%x) = %s, %v; want %s", b, back, err, v)
		}
		if back.String() != strings.ToLower(u.String()) {
			t.Errorf("From16(%x) = %s, oklog's text %s", b, back, u)
		}
	}
}

func TestFrom16(t *testing.T) {
	tests := []struct {
		name string
		in   string // 32 hex digits
		want string // "" when refused
	}{
		{"B2 smallest", "00000000000000000000000000000001", "00000000000000000000000001"},
		{"B2 largest", "ffffffffffffffffffffffffffffffff", "7zzzzzzzzzzzzzzzzzzzzzzzzz"},
		{"B2 spec example", "01563e3ab5d3d6764c61efb99302bd5b", "01arz3ndektsv4rrffq69g5fav"},
		{"B2 time only", "ffffffffffff00000000000000000000", "7zzzzzzzzz0000000000000000"},
		{"B2 random only", "000000000000ffffffffffffffffffff", "0000000000zzzzzzzzzzzzzzzz"},
		{"B3 zero bytes", "00000000000000000000000000000000", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b [16]byte
			if _, err := hex.Decode(b[:], []byte(tt.in)); err != nil {
				t.Fatal(err)
			}
			got, err := id.From16(b)
			if tt.want == "" {
				if !got.IsZero() || err != id.ErrZeroBytes || !errors.Is(err, id.ErrInvalid) {
					t.Fatalf("From16(%s) = %#v, %v; want the zero id, ErrZeroBytes wrapping ErrInvalid", tt.in, got, err)
				}
				if msg := err.Error(); msg != "id: invalid id: 16 zero bytes are the zero id, which names nothing" {
					t.Errorf("message %q", msg)
				}
				return
			}
			if err != nil || got.String() != tt.want {
				t.Fatalf("From16(%s) = %s, %v; want %s", tt.in, got, err, tt.want)
			}
			if got.As16() != b {
				t.Errorf("From16(%s).As16() = %x", tt.in, got.As16())
			}
		})
	}
}

// TestFromSlice: ids from a []byte, and the bytes as one (B5).
func TestFromSlice(t *testing.T) {
	v := id.MustParse("01arz3ndektsv4rrffq69g5fav")
	b := v.As16()
	tests := []struct {
		name string
		in   []byte
		want id.ID
		msg  string // the error's message, when one is wanted
	}{
		{"B5 16 bytes", b[:], v, ""},
		{"B5 16 0xff bytes", bytes.Repeat([]byte{0xff}, 16), id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz"), ""},
		{"B5 16 zero bytes", make([]byte, 16), id.ID{}, "id: invalid id: 16 zero bytes are the zero id, which names nothing"},
		{"B5 nil", nil, id.ID{}, "id: invalid id: 0 bytes, want 16"},
		{"B5 15 bytes", b[:15], id.ID{}, "id: invalid id: 15 bytes, want 16"},
		{"B5 17 bytes", append(b[:], 0), id.ID{}, "id: invalid id: 17 bytes, want 16"},
		{"B5 the 26 characters", []byte(v.String()), id.ID{}, "id: invalid id: 26 bytes, want 16"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := id.FromSlice(tt.in)
			if tt.msg != "" {
				if err == nil || err.Error() != tt.msg || !errors.Is(err, id.ErrInvalid) || !got.IsZero() {
					t.Fatalf("FromSlice(%x) = %#v, %v; want the zero id, %s", tt.in, got, err, tt.msg)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("FromSlice(%x) = %s, %v; want %s", tt.in, got, err, tt.want)
			}
		})
	}
	// AsSlice is a new slice each time: writing to one changes neither the
	// id nor the next.
	s := v.AsSlice()
	if !bytes.Equal(s, b[:]) || len(s) != 16 {
		t.Fatalf("AsSlice() = %x, want %x", s, b)
	}
	s[0] = 0xff
	if v.AsSlice()[0] != b[0] {
		t.Error("AsSlice returned shared memory")
	}
	if z := (id.ID{}).AsSlice(); !bytes.Equal(z, make([]byte, 16)) {
		t.Errorf("zero id AsSlice() = %x, want 16 zero bytes", z)
	}
}

// TestAsSliceNotOverwritten: each AsSlice is a fresh buffer, so a slice
// kept from one call (a protobuf message being built, a driver's
// argument) keeps its id's bytes after later calls for other ids (B5).
func TestAsSliceNotOverwritten(t *testing.T) {
	a, b := id.MustParse("01arz3ndektsv4rrffq69g5fav"), id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz")
	sa := a.AsSlice()
	sb := b.AsSlice()
	sz := (id.ID{}).AsSlice()
	wantA, wantB := a.As16(), b.As16()
	if !bytes.Equal(sa, wantA[:]) || !bytes.Equal(sb, wantB[:]) || !bytes.Equal(sz, make([]byte, 16)) {
		t.Fatalf("after three calls: AsSlice() = %x, %x, %x; want %x, %x and 16 zero bytes", sa, sb, sz, wantA, wantB)
	}
	if &sa[0] == &sb[0] || &sb[0] == &sz[0] || cap(sa) < 16 {
		t.Errorf("AsSlice shares its buffer between calls")
	}
	sb[0] = 0
	if !bytes.Equal(sa, wantA[:]) || b.As16() != wantB {
		t.Errorf("writing to one AsSlice result changed another or the id: %x, %x", sa, b.As16())
	}
}

// TestAs16Zero: the zero id's bytes are 16 zeros, which From16 refuses (B1, B3).
func TestAs16Zero(t *testing.T) {
	if b := (id.ID{}).As16(); b != ([16]byte{}) {
		t.Errorf("zero id As16() = %x, want 16 zero bytes", b)
	}
}

// TestAs16Order: comparing the bytes gives Compare's order (B1, V3).
func TestAs16Order(t *testing.T) {
	ids := []id.ID{
		{},
		id.MustParse("00000000000000000000000001"),
		id.MustParse("0000000001zzzzzzzzzzzzzzzz"),
		id.MustParse("0000000002000000000000000z"),
		id.MustParse("01arz3ndektsv4rrffq69g5fav"),
		id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz"),
	}
	for i := range ids {
		for j := range ids {
			a, b := ids[i].As16(), ids[j].As16()
			if got, want := bytes.Compare(a[:], b[:]), ids[i].Compare(ids[j]); got != want {
				t.Errorf("bytes.Compare(%s, %s) = %d, Compare = %d", ids[i], ids[j], got, want)
			}
		}
	}
}

func TestBytesNoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under -race")
	}
	v := id.New()
	if n := testing.AllocsPerRun(100, func() {
		b := v.As16()
		w, err := id.From16(b)
		if err != nil || w != v {
			t.Fatal(w, err)
		}
	}); n != 0 {
		t.Errorf("As16 and From16: %v allocations, want 0", n)
	}
}

// FuzzFrom16 checks both ways for any input: 16 bytes go to an id and
// back unchanged, with oklog's text for them; text that Parse accepts has
// oklog's bytes (B1, B2, B3).
func FuzzFrom16(f *testing.F) {
	f.Add(make([]byte, 16))
	f.Add(bytes.Repeat([]byte{0xff}, 16))
	f.Add([]byte("01arz3ndektsv4rrffq69g5fav"))
	f.Add([]byte("01ARZ3NDEKTSV4RRFFQ69G5FAV"))
	f.Add(bytes.Repeat([]byte{0x01}, 15)) // FromSlice: one short
	f.Add(bytes.Repeat([]byte{0x01}, 17))
	f.Fuzz(func(t *testing.T, data []byte) {
		// FromSlice is From16 for 16 bytes, an error naming the length
		// for any other (B5); AsSlice gives the bytes back.
		fs, fsErr := id.FromSlice(data)
		if len(data) != 16 {
			if want := "id: invalid id: " + strconv.Itoa(len(data)) + " bytes, want 16"; fsErr == nil || fsErr.Error() != want || !errors.Is(fsErr, id.ErrInvalid) || !fs.IsZero() {
				t.Fatalf("FromSlice(%x) = %s, %v; want the zero id, %s", data, fs, fsErr, want)
			}
		} else if f16, err := id.From16([16]byte(data)); fs != f16 || fsErr != err || (err == nil && !bytes.Equal(fs.AsSlice(), data)) {
			t.Fatalf("FromSlice(%x) = %s, %v; From16 %s, %v", data, fs, fsErr, f16, err)
		}
		if len(data) == 16 {
			b := [16]byte(data)
			v, err := id.From16(b)
			if b == ([16]byte{}) {
				if err != id.ErrZeroBytes || !v.IsZero() {
					t.Fatalf("From16(zeros) = %s, %v", v, err)
				}
			} else {
				if err != nil || v.As16() != b {
					t.Fatalf("From16(%x) = %x, %v", b, v.As16(), err)
				}
				if want := strings.ToLower(ulid.ULID(b).String()); v.String() != want {
					t.Fatalf("From16(%x) = %s, oklog's text %s", b, v, want)
				}
				if back, err := id.Parse(v.String()); err != nil || back != v {
					t.Fatalf("Parse(%s) = %s, %v", v, back, err)
				}
			}
		}
		v, err := id.Parse(string(data))
		if err != nil {
			return
		}
		u, err := ulid.ParseStrict(string(data))
		if err != nil {
			t.Fatalf("Parse(%q) accepted, oklog's ParseStrict: %v", data, err)
		}
		if v.As16() != [16]byte(u) {
			t.Fatalf("Parse(%q).As16() = %x, oklog's bytes %x", data, v.As16(), [16]byte(u))
		}
		if back, err := id.From16(v.As16()); err != nil || back != v {
			t.Fatalf("From16(As16(%s)) = %s, %v", v, back, err)
		}
	})
}
