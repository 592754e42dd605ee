package adopt_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adopt"
	"github.com/oklog/ulid/v2"
)

// rfc9562v7 is the UUIDv7 example of RFC 9562, appendix A.6 ("Example of
// a UUIDv7 Value"): Unix time 0x017F22E279B0 ms, "Tuesday, February 22,
// 2022 2:22:22.00 PM GMT-05:00".
const rfc9562v7 = "017F22E2-79B0-7CC3-98C4-DC0C0C07398F"

// TestFromUUIDv7Vector: the RFC's example converts to the ULID with the
// same 16 bytes, which oklog/ulid encodes as 01FWHE4YDGFK1SHH6W1G60EECF,
// at 2022-02-22T19:22:22.000Z (the RFC's 2:22:22 PM at GMT-05:00).
func TestFromUUIDv7Vector(t *testing.T) {
	const want = "01fwhe4ydgfk1shh6w1g60eecf"
	raw, err := hex.DecodeString(strings.ReplaceAll(rfc9562v7, "-", ""))
	if err != nil {
		t.Fatal(err)
	}
	var u [16]byte
	copy(u[:], raw)
	if got := strings.ToLower(ulid.ULID(u).String()); got != want {
		t.Fatalf("oklog/ulid encodes the RFC's bytes as %s, want %s", got, want)
	}
	for _, in := range []string{
		rfc9562v7,                              // as the RFC prints it
		strings.ToLower(rfc9562v7),             // lowercase, as most tools print it
		"017f22e2-79B0-7cc3-98C4-dc0c0c07398f", // mixed case
		strings.ReplaceAll(rfc9562v7, "-", ""), // 32 digits
		"017f22e279b07cc398c4dc0c0c07398f",     // 32 digits, lowercase
	} {
		got, err := adopt.ParseUUIDv7(in)
		if err != nil || got.String() != want {
			t.Errorf("ParseUUIDv7(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
	got, err := adopt.FromUUIDv7(u)
	if err != nil || got.String() != want {
		t.Fatalf("FromUUIDv7 = %s, %v; want %s", got, err, want)
	}
	if got, want := got.Time(), time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC); !got.Equal(want) || got.Location() != time.UTC {
		t.Errorf("Time() = %v, want %v", got, want)
	}
	if ms := got.Time().UnixMilli(); ms != 1645557742000 { // 0x017F22E279B0
		t.Errorf("Unix ms = %d, want 1645557742000", ms)
	}
	if b := got.As16(); b != u {
		t.Errorf("bytes = %x, want %x", b, u)
	}
}

// TestFromUUIDv7Edges: the smallest and largest UUIDv7s, and a time of
// zero, convert byte for byte; none is the zero ID.
func TestFromUUIDv7Edges(t *testing.T) {
	tests := []struct {
		uuid, want string
		ms         int64
	}{
		// Time 0, all other bits zero: only the version and variant are
		// set, so the id is not the zero id.
		{"00000000-0000-7000-8000-000000000000", "0000000000e008000000000000", 0},
		// The largest time and all other bits one.
		{"ffffffff-ffff-7fff-bfff-ffffffffffff", "7zzzzzzzzzfzzvzzzzzzzzzzzz", 1<<48 - 1},
	}
	// The wanted texts were computed independently (a Python Crockford
	// encoder) and are checked against oklog/ulid's encoder too.
	for _, tt := range tests {
		got, err := adopt.ParseUUIDv7(tt.uuid)
		if err != nil {
			t.Fatalf("ParseUUIDv7(%q): %v", tt.uuid, err)
		}
		u := [16]byte(mustHex(t, tt.uuid))
		if got.String() != tt.want {
			t.Errorf("%s: %s, want %s", tt.uuid, got, tt.want)
		}
		if ref := strings.ToLower(ulid.ULID(u).String()); ref != tt.want {
			t.Errorf("%s: oklog/ulid says %s, want %s", tt.uuid, ref, tt.want)
		}
		if b := got.As16(); b != u {
			t.Errorf("%s: bytes %x, want %x", tt.uuid, b, u)
		}
		if ms := got.Time().UnixMilli(); ms != tt.ms {
			t.Errorf("%s: ms %d, want %d", tt.uuid, ms, tt.ms)
		}
	}
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, "-", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestFromUUIDv7Rejects: other versions (the RFC 9562 appendix examples
// of versions 1, 4, 6 and 8), other variants, the nil and max UUIDs, and
// malformed text, each with its exact message, wrapping ErrInvalid.
func TestFromUUIDv7Rejects(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"RFC 9562 A.1 version 1", "C232AB00-9414-11EC-B3C8-9F6BDECED846",
			"id: not a UUIDv7: version 1, want 7 (only a version 7 UUID starts with its Unix time in milliseconds)"},
		{"RFC 9562 A.3 version 4", "919108f7-52d1-4320-9bac-f847db4148a8",
			"id: not a UUIDv7: version 4, want 7 (only a version 7 UUID starts with its Unix time in milliseconds)"},
		{"RFC 9562 A.5 version 6", "1EC9414C-232A-6B00-B3C8-9F6BDECED846",
			"id: not a UUIDv7: version 6, want 7 (only a version 7 UUID starts with its Unix time in milliseconds)"},
		{"RFC 9562 B.1 version 8", "2489E9AD-2EE2-8E00-8EC9-32D5F69181C0",
			"id: not a UUIDv7: version 8, want 7 (only a version 7 UUID starts with its Unix time in milliseconds)"},
		{"nil UUID", "00000000-0000-0000-0000-000000000000",
			"id: not a UUIDv7: version 0, want 7 (only a version 7 UUID starts with its Unix time in milliseconds)"},
		{"max UUID", "ffffffff-ffff-ffff-ffff-ffffffffffff",
			"id: not a UUIDv7: version 15, want 7 (only a version 7 UUID starts with its Unix time in milliseconds)"},
		{"variant 0 (NCS)", "017f22e2-79b0-7cc3-18c4-dc0c0c07398f",
			"id: not a UUIDv7: variant bits 0x, want 10x (RFC 9562)"},
		{"variant 110 (Microsoft)", "017f22e2-79b0-7cc3-d8c4-dc0c0c07398f",
			"id: not a UUIDv7: variant bits 11x, want 10x (RFC 9562)"},
		{"empty", "", `id: invalid UUID "": length 0, want 36 or 32 hex digits`},
		{"35 characters", "017f22e2-79b0-7cc3-98c4-dc0c0c07398", `id: invalid UUID "017f22e2-79b0-7cc3-98c4-dc0c0c07398": length 35, want 36 or 32 hex digits`},
		{"braces", "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}", `id: invalid UUID "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}": length 38, want 36 or 32 hex digits`},
		{"urn prefix", "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f", `id: invalid UUID "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f": length 45, want 36 or 32 hex digits`},
		{"quoted to 48 bytes", "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f, and more", `id: invalid UUID "urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f, a"...: length 55, want 36 or 32 hex digits`},
		{"escapes count in the 50 bytes", strings.Repeat("\xcb", 34), `id: invalid UUID "\xcb\xcb\xcb\xcb\xcb\xcb\xcb\xcb\xcb\xcb\xcb\xcb"...: length 34, want 36 or 32 hex digits`}, // found by FuzzParseUUIDv7
		{"an escape at the 50-byte bound", strings.Repeat("a", 47) + "\n" + strings.Repeat("b", 7), `id: invalid UUID "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"...: length 55, want 36 or 32 hex digits`},
		{"trailing newline", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f\n", `id: invalid UUID "017f22e2-79b0-7cc3-98c4-dc0c0c07398f\n": length 37, want 36 or 32 hex digits`},
		{"hyphen moved", "017f22e279-b0-7cc3-98c4-dc0c0c07398f", `id: invalid UUID "017f22e279-b0-7cc3-98c4-dc0c0c07398f": want '-' at index 8`},
		// Each of the four hyphens, replaced by a hex digit: the digits
		// around it are still read from their own places, so only the
		// hyphen check refuses these.
		{"digit at 8", "017f22e2079b0-7cc3-98c4-dc0c0c07398f", `id: invalid UUID "017f22e2079b0-7cc3-98c4-dc0c0c07398f": want '-' at index 8`},
		{"digit at 13", "017f22e2-79b007cc3-98c4-dc0c0c07398f", `id: invalid UUID "017f22e2-79b007cc3-98c4-dc0c0c07398f": want '-' at index 13`},
		{"digit at 18", "017f22e2-79b0-7cc3098c4-dc0c0c07398f", `id: invalid UUID "017f22e2-79b0-7cc3098c4-dc0c0c07398f": want '-' at index 18`},
		{"digit at 23", "017f22e2-79b0-7cc3-98c40dc0c0c07398f", `id: invalid UUID "017f22e2-79b0-7cc3-98c40dc0c0c07398f": want '-' at index 23`},
		{"underscores", "017f22e2_79b0_7cc3_98c4_dc0c0c07398f", `id: invalid UUID "017f22e2_79b0_7cc3_98c4_dc0c0c07398f": want '-' at index 8`},
		{"g", "017f22e2-79b0-7cc3-98c4-dc0c0c07398g", `id: invalid UUID "017f22e2-79b0-7cc3-98c4-dc0c0c07398g": invalid character 'g' at index 35`},
		{"first of a pair", "x17f22e2-79b0-7cc3-98c4-dc0c0c07398f", `id: invalid UUID "x17f22e2-79b0-7cc3-98c4-dc0c0c07398f": invalid character 'x' at index 0`},
		{"32 digits with a space", "017f22e279b07cc398c4dc0c0c07398 ", `id: invalid UUID "017f22e279b07cc398c4dc0c0c07398 ": invalid character ' ' at index 31`},
		{"non-ASCII byte", "017f22e2-79b0-7cc3-98c4-dc0c0c0739\xe9f", `id: invalid UUID "017f22e2-79b0-7cc3-98c4-dc0c0c0739\xe9f": invalid character byte 0xe9 at index 34`},
		{"hyphens in 32", "017f22e2-79b0-7cc3-98c4-dc0c0c07", `id: invalid UUID "017f22e2-79b0-7cc3-98c4-dc0c0c07": invalid character '-' at index 8`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := adopt.ParseUUIDv7(tt.in)
			if err == nil {
				t.Fatalf("ParseUUIDv7(%q) = %s, want an error", tt.in, got)
			}
			if !got.IsZero() {
				t.Errorf("returned %s with the error, want the zero id", got)
			}
			if !errors.Is(err, id.ErrInvalid) {
				t.Errorf("error %v does not wrap ErrInvalid", err)
			}
			if err.Error() != tt.want {
				t.Errorf("error:\n%s\nwant:\n%s", err, tt.want)
			}
		})
	}
}

// randomUUIDv7 returns a valid UUIDv7 with the given time and random
// other bits.
func randomUUIDv7(r *rand.Rand, ms uint64) [16]byte {
	var u [16]byte
	for i := range u {
		u[i] = byte(r.Uint32())
	}
	for i := range 6 {
		u[i] = byte(ms >> (40 - 8*i))
	}
	u[6] = 0x70 | u[6]&0x0f
	u[8] = 0x80 | u[8]&0x3f
	return u
}

// TestFromUUIDv7Order: for 100,000 pairs of random UUIDv7s, many in the
// same millisecond, the ids compare as the UUIDs' bytes and as their
// lowercase texts do, and carry the UUID's millisecond.
func TestFromUUIDv7Order(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 100_000 {
		ms := r.Uint64N(1 << 48)
		a := randomUUIDv7(r, ms)
		if r.IntN(2) == 0 {
			ms = r.Uint64N(1 << 48)
		}
		b := randomUUIDv7(r, ms)
		checkUUIDPair(t, a, b)
	}
}

// checkUUIDPair checks the conversion of two valid UUIDv7s.
func checkUUIDPair(t *testing.T, a, b [16]byte) {
	t.Helper()
	ia, err := adopt.FromUUIDv7(a)
	if err != nil {
		t.Fatalf("FromUUIDv7(%x): %v", a, err)
	}
	ib, err := adopt.FromUUIDv7(b)
	if err != nil {
		t.Fatalf("FromUUIDv7(%x): %v", b, err)
	}
	if got, want := ia.Compare(ib), bytes.Compare(a[:], b[:]); got != want {
		t.Fatalf("Compare(%x, %x) = %d, bytes.Compare = %d", a, b, got, want)
	}
	if got, want := strings.Compare(ia.String(), ib.String()), strings.Compare(uuidText(a), uuidText(b)); got != want {
		t.Fatalf("text order of %x, %x: ids %d, UUIDs %d", a, b, got, want)
	}
	ms := int64(a[0])<<40 | int64(a[1])<<32 | int64(a[2])<<24 | int64(a[3])<<16 | int64(a[4])<<8 | int64(a[5])
	if got := ia.Time().UnixMilli(); got != ms {
		t.Fatalf("FromUUIDv7(%x).Time() = %d ms, want %d", a, got, ms)
	}
	if back := ia.As16(); back != a {
		t.Fatalf("bytes of FromUUIDv7(%x) = %x", a, back)
	}
	if p, err := id.Parse(ia.String()); err != nil || p != ia {
		t.Fatalf("Parse(%s) = %s, %v", ia, p, err)
	}
}

// uuidText is the lowercase hyphenated text of u.
func uuidText(u [16]byte) string {
	h := hex.EncodeToString(u[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// FuzzFromUUIDv7 checks two arbitrary 16-byte values: a valid UUIDv7
// converts to the id of the same bytes, its text (hyphenated, 32 digits,
// upper and lower case) parses to the same id, and two converted ids
// compare as the UUIDs' bytes; anything else is rejected with ErrInvalid.
func FuzzFromUUIDv7(f *testing.F) {
	rfc := mustHexF(f, rfc9562v7)
	f.Add(rfc, rfc)
	f.Add(rfc, mustHexF(f, "017f22e2-79b0-7cc3-98c4-dc0c0c073990")) // the next UUID
	f.Add(mustHexF(f, "00000000-0000-7000-8000-000000000000"), rfc) // smallest v7
	f.Add(mustHexF(f, "ffffffff-ffff-7fff-bfff-ffffffffffff"), rfc) // largest v7
	f.Add(mustHexF(f, "919108f7-52d1-4320-9bac-f847db4148a8"), rfc) // v4 (RFC 9562 A.3)
	f.Add(mustHexF(f, "017f22e2-79b0-7cc3-d8c4-dc0c0c07398f"), rfc) // wrong variant
	f.Add(make([]byte, 16), make([]byte, 16))                       // nil UUID
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var ua, ub [16]byte // any input: cut or padded with zeros to 16 bytes
		copy(ua[:], a)
		copy(ub[:], b)
		valid := func(u [16]byte) bool { return u[6]>>4 == 7 && u[8]>>6 == 2 }
		for _, u := range [][16]byte{ua, ub} {
			got, err := adopt.FromUUIDv7(u)
			if !valid(u) {
				if err == nil || !errors.Is(err, id.ErrInvalid) || !got.IsZero() {
					t.Fatalf("FromUUIDv7(%x) = %s, %v; want the zero id and an error wrapping ErrInvalid", u, got, err)
				}
				checkMessage(t, err)
			} else if err != nil {
				t.Fatalf("FromUUIDv7(%x): %v", u, err)
			}
			s := uuidText(u)
			for _, text := range []string{s, strings.ToUpper(s), strings.ReplaceAll(s, "-", "")} {
				p, perr := adopt.ParseUUIDv7(text)
				if p != got || (perr == nil) != (err == nil) {
					t.Fatalf("ParseUUIDv7(%q) = %s, %v; FromUUIDv7 = %s, %v", text, p, perr, got, err)
				}
			}
		}
		if valid(ua) && valid(ub) {
			checkUUIDPair(t, ua, ub)
		}
	})
}

func mustHexF(f *testing.F, s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, "-", ""))
	if err != nil {
		f.Fatal(err)
	}
	return b
}

// FuzzParseUUIDv7 compares ParseUUIDv7 on arbitrary text with a slow
// reference: 36 bytes with hyphens at 8, 13, 18 and 23, or 32 bytes,
// every other byte a hexadecimal digit, then the version and variant of
// FromUUIDv7. Errors are bounded, start with "id: " and wrap ErrInvalid.
func FuzzParseUUIDv7(f *testing.F) {
	for _, s := range []string{
		rfc9562v7, strings.ToLower(rfc9562v7), strings.ReplaceAll(rfc9562v7, "-", ""),
		"919108f7-52d1-4320-9bac-f847db4148a8", "00000000-0000-0000-0000-000000000000",
		"017f22e2-79b0-7cc3-98c4-dc0c0c07398", "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}",
		"017f22e2_79b0_7cc3_98c4_dc0c0c07398f", "017f22e2-79b0-7cc3-98c4-dc0c0c0739\xe9f",
		"+17f22e2-79b0-7cc3-98c4-dc0c0c07398f", "", "01fwhe4ydgfk1shh6w1g60eecf",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := adopt.ParseUUIDv7(s)
		want, ok := refUUIDv7(s)
		if !ok {
			if err == nil || !errors.Is(err, id.ErrInvalid) || !got.IsZero() {
				t.Fatalf("ParseUUIDv7(%q) = %s, %v; want the zero id and an error wrapping ErrInvalid", s, got, err)
			}
			checkMessage(t, err)
			return
		}
		if err != nil || got.As16() != want {
			t.Fatalf("ParseUUIDv7(%q) = %x, %v; want %x", s, got.As16(), err, want)
		}
	})
}

// refUUIDv7 is the slow reference for FuzzParseUUIDv7.
func refUUIDv7(s string) (u [16]byte, ok bool) {
	digits := s
	if len(s) == 36 {
		if s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
			return u, false
		}
		digits = s[:8] + s[9:13] + s[14:18] + s[19:23] + s[24:]
	} else if len(s) != 32 {
		return u, false
	}
	if strings.ContainsAny(digits, "+-xX ") { // hex.DecodeString rejects these too; be explicit
		return u, false
	}
	b, err := hex.DecodeString(digits)
	if err != nil || len(b) != 16 {
		return u, false
	}
	copy(u[:], b)
	return u, u[6]>>4 == 7 && u[8]>>6 == 2
}
