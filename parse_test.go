package id_test

import (
	"bytes"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/idkeys/id"
	"github.com/oklog/ulid/v2"
)

// raceEnabled is set by race_test.go under -race, where allocation counts
// are not those of a normal build.
var raceEnabled bool

const (
	specID      = "01ARZ3NDEKTSV4RRFFQ69G5FAV" // ULID spec README example
	specIDLower = "01arz3ndektsv4rrffq69g5fav"
)

// TestParse has cases for every parsing row of docs/contract.md (P1 to
// P7, each case named after its row), plus the edges around each.
func TestParse(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		want   string    // canonical form on success
		reason id.Reason // on failure
		index  int       // ParseError.Index on failure
	}{
		// P1: 26 valid characters, lowercase.
		{"P1 lowercase", specIDLower, specIDLower, 0, 0},
		// P2: uppercase or mixed case gives the same id, printed lowercase.
		{"P2 uppercase", specID, specIDLower, 0, 0},
		{"P2 mixed case", "01aRz3NdEkTsV4rRfFq69G5fAv", specIDLower, 0, 0},
		// P3: any length other than 26.
		{"P3 empty: missing, not a length", "", "", id.ReasonMissing, -1},
		{"P3 25 characters", specID[:25], "", id.ReasonLength, -1},
		{"P3 27 characters", specID + "A", "", id.ReasonLength, -1},
		{"P3 leading space", " " + specID, "", id.ReasonLength, -1},
		{"P3 trailing space", specID + " ", "", id.ReasonLength, -1},
		{"P3 trailing newline", specID + "\n", "", id.ReasonLength, -1},
		{"P3 16 raw bytes", string(make([]byte, 16)), "", id.ReasonLength, -1},
		{"P3 a UUID", "01563e3a-b5d3-d676-4c61-efb99302bd5b", "", id.ReasonLength, -1},
		{"P3a hex", "01563E3AB5D3D6764C61EFB99302BD5B", "", id.ReasonLength, -1},
		{"P4 26 characters, 27 bytes (é is two)", "01arz3ndektsv4rrffq69g5faé", "", id.ReasonCharacter, 25},
		{"P4 26 characters, 28 bytes (Cyrillic a, full-width 1)", "0１arz3ndektsv4rrffq69g5faа", "", id.ReasonCharacter, 1},
		{"P4 25 characters, 26 bytes", "01arz3ndektsv4rrffq69g5fé", "", id.ReasonCharacter, 24},
		{"P4 26 characters, 27 bytes, a hyphen first", "0-arz3ndektsv4rrffq69g5faé", "", id.ReasonCharacter, 1},
		{"P3 one character, two bytes", "é", "", id.ReasonLength, 0},
		{"P3 27 characters, 29 bytes", "01arz3ndektsv4rrffq69g5faéé", "", id.ReasonLength, 25},
		{"P3 27 characters, invalid UTF-8 after é", "01arz3ndektsv4rrffq69g5faé\xff", "", id.ReasonLength, -1},
		// P4: a character outside Crockford base32, named by position.
		{"P4 I", "01ARZ3NDEITSV4RRFFQ69G5FAV", "", id.ReasonCharacter, 9},
		{"P4 i", "01arz3ndeitsv4rrffq69g5fav", "", id.ReasonCharacter, 9},
		{"P4 L", "0LLLLLLLLLLLLLLLLLLLLLLLLL", "", id.ReasonCharacter, 1},
		{"P4 l", "01arz3ndektsv4rrffq69g5fal", "", id.ReasonCharacter, 25},
		{"P4 O is no alias for 0", "O1ARZ3NDEKTSV4RRFFQ69G5FAV", "", id.ReasonCharacter, 0},
		{"P4 o", "01arz3ndektsv4rrffq69g5fao", "", id.ReasonCharacter, 25},
		{"P4 U", "0UUUUUUUUUUUUUUUUUUUUUUUUU", "", id.ReasonCharacter, 1},
		{"P4 u", "01arz3ndektsv4rrffq69g5fau", "", id.ReasonCharacter, 25},
		{"P4 hyphen", "01ARZ3NDEK-SV4RRFFQ69G5FAV", "", id.ReasonCharacter, 10},
		{"P4 underscore", "01ARZ3NDEK_SV4RRFFQ69G5FAV", "", id.ReasonCharacter, 10},
		{"P4 inner space", "01ARZ3NDEK SV4RRFFQ69G5FAV", "", id.ReasonCharacter, 10},
		{"P4 NUL byte", "01ARZ3NDEK\x00SV4RRFFQ69G5FAV", "", id.ReasonCharacter, 10},
		{"P4 byte 0xff", "01ARZ3NDEK\xffSV4RRFFQ69G5FAV", "", id.ReasonCharacter, 10},
		{"P4 Cyrillic а (2 bytes)", "01ARZ3NDEKTSV4RRFFQ69G5Fа", "", id.ReasonCharacter, 24},
		{"P4 full-width 1 (3 bytes)", "0１ARZ3NDEKTSV4RRFFQ69G5F", "", id.ReasonCharacter, 1},
		{"P4 invalid character before an out-of-range first", "8ARZ3NDEKTSV4RRFFQ69G5FAVI", "", id.ReasonCharacter, 25},
		// P5: a first character above 7 needs more than 128 bits.
		{"P5 8", "80000000000000000000000000", "", id.ReasonRange, 0},
		{"P5 Z", "Z0000000000000000000000000", "", id.ReasonRange, 0},
		{"P5 z", "z1arz3ndektsv4rrffq69g5fav", "", id.ReasonRange, 0},
		// P6: the zero id names nothing.
		{"P6 zero", "00000000000000000000000000", "", id.ReasonZero, -1},
		// P7: the largest id is accepted, and so is the smallest non-zero.
		{"P7 largest", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "7zzzzzzzzzzzzzzzzzzzzzzzzz", 0, 0},
		{"P7 smallest non-zero", "00000000000000000000000001", "00000000000000000000000001", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := id.Parse(tt.in)
			if tt.want != "" {
				if err != nil || got.String() != tt.want {
					t.Fatalf("Parse(%q) = %s, %v; want %s", tt.in, got, err, tt.want)
				}
				return
			}
			checkRejection(t, got, err, []byte(tt.in), tt.reason, tt.index)
		})
	}
}

// TestParseErrorMessages shows the exact messages, which quote a bounded,
// escaped prefix of the input and name the reason.
func TestParseErrorMessages(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `id: invalid id "": length 0, want 26`},
		{specID + "\n", `id: invalid id "01ARZ3NDEKTSV4RRFFQ69G5FAV\n": length 27, want 26`},
		{"01ARZ3NDEITSV4RRFFQ69G5FAV", `id: invalid id "01ARZ3NDEITSV4RRFFQ69G5FAV": invalid character 'I' at index 9`},
		{"01ARZ3NDEKTSV4RRFFQ69G5Fа", `id: invalid id "01ARZ3NDEKTSV4RRFFQ69G5Fа": invalid character 'а' at index 24`},
		{"01ARZ3NDEK\xffSV4RRFFQ69G5FAV", `id: invalid id "01ARZ3NDEK\xffSV4RRFFQ69G5FAV": invalid character byte 0xff at index 10`},
		// P3a: an id's other spellings are named, with what reads them.
		{"01563e3ab5d3d6764c61efb99302bd5b", `id: invalid id "01563e3ab5d3d6764c"...: length 32, want 26: hex, a trace id: decode for id.From16; idkeys inspect`},
		{"01563E3A-B5D3-D676-4C61-EFB99302BD5B", `id: invalid id "01563E3A-B5D3-D676"...: length 36, want 26: UUID text: compact.ID scans it; idkeys inspect`},
		{"01563e3a-b5d3-d676-4c61-efb99302bd5g", `id: invalid id "01563e3a-b5d3-d676-4c61-efb99302"...: length 36, want 26`},
		{"01563e3ab5d3d6764c61efb99302bd5", `id: invalid id "01563e3ab5d3d6764c61efb99302bd5": length 31, want 26`},
		// A non-ASCII character in 26 characters is named, at its index.
		{"01arz3ndektsv4rrffq69g5faé", `id: invalid id "01arz3ndektsv4rrffq69g5faé": invalid character 'é' at index 25`},
		{"0\xff1arz3ndektsv4rrffq69g5fav", `id: invalid id "0\xff1arz3ndektsv4rrffq69g5fav": length 27, want 26`},
		// The first character not allowed where it stands, also before a
		// non-ASCII one (P4).
		{"0-arz3ndektsv4rrffq69g5faé", `id: invalid id "0-arz3ndektsv4rrffq69g5faé": invalid character '-' at index 1`},
		// A wrong length of valid UTF-8 is in characters, the first
		// non-ASCII one named (P3).
		{"é", `id: invalid id "é": length 1 character ('é' at index 0), want 26`},
		{"01arz3ndektsv4rrffq69g5faéé", `id: invalid id "01arz3ndektsv4rr"...: length 27 characters ('é' at index 25), want 26`},
		{"ид", `id: invalid id "ид": length 2 characters ('и' at index 0), want 26`},
		{"80000000000000000000000000", `id: invalid id "80000000000000000000000000": out of range: first character '8' is above '7'`},
		{"00000000000000000000000000", `id: invalid id "00000000000000000000000000": the zero id names nothing`},
		// Long input: a bounded prefix and "..." (the input is never echoed whole).
		{strings.Repeat("0123456789", 100), `id: invalid id "01234567890123456789012345678901"...: length 1000, want 26`},
		// Control characters: escaped, and fewer shown so the quote stays short.
		{strings.Repeat("\x00", 40), `id: invalid id "\x00\x00\x00\x00\x00\x00\x00\x00\x00"...: length 40, want 26`},
	}
	for _, tt := range tests {
		_, err := id.Parse(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%.30q) error:\n got %v\nwant %s", tt.in, err, tt.want)
			continue
		}
		checkMessage(t, err)
	}
}

func TestReasonString(t *testing.T) {
	want := map[id.Reason]string{
		id.ReasonMissing:   "missing",
		id.ReasonLength:    "length",
		id.ReasonCharacter: "invalid character",
		id.ReasonCase:      "not lowercase",
		id.ReasonRange:     "out of range",
		id.ReasonZero:      "zero id",
		0:                  "Reason(0)",
	}
	for r, s := range want {
		if r.String() != s {
			t.Errorf("Reason(%d).String() = %q, want %q", r, r.String(), s)
		}
	}
}

func TestParseErrorInput(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	_, err := id.Parse(long)
	var pe *id.ParseError
	if !errors.As(err, &pe) || pe.Input() != long[:32] || pe.Length != 1<<20 {
		t.Fatalf("ParseError for 1 MiB input: Input %q, Length %d; want the first 32 bytes and 1048576", pe.Input(), pe.Length)
	}
}

func TestMustParse(t *testing.T) {
	if got := id.MustParse(specID); got.String() != specIDLower {
		t.Fatalf("MustParse(%q) = %s", specID, got)
	}
	defer func() {
		err, _ := recover().(error)
		var pe *id.ParseError
		if !errors.As(err, &pe) || pe.Reason != id.ReasonLength {
			t.Fatalf("MustParse(\"nope\") panicked with %v, want the *ParseError", err)
		}
	}()
	id.MustParse("nope")
	t.Fatal("MustParse(\"nope\") did not panic")
}

// vectors is testdata/ulid.json: public vectors, each entry naming its
// source.
type vectors struct {
	Valid []struct {
		Text, Canonical, UTC, Hex, Source string
		UnixMS                            int64 `json:"unix_ms"`
	}
	Invalid []struct{ Text, Reason, Source string }
}

func loadVectors(t testing.TB) vectors {
	b, err := os.ReadFile("testdata/ulid.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Valid) == 0 || len(v.Invalid) == 0 {
		t.Fatal("testdata/ulid.json holds no vectors")
	}
	return v
}

// mixedCase upper-cases every other letter of s.
func mixedCase(s string) string {
	b := []byte(strings.ToLower(s))
	for i := 0; i < len(b); i += 2 {
		b[i] = byte(unicode.ToUpper(rune(b[i])))
	}
	return string(b)
}

func TestVectors(t *testing.T) {
	v := loadVectors(t)
	for _, tt := range v.Valid {
		for _, in := range []string{tt.Text, strings.ToLower(tt.Text), strings.ToUpper(tt.Text), mixedCase(tt.Text)} {
			got, err := id.Parse(in)
			if err != nil {
				t.Errorf("Parse(%q) [%s]: %v", in, tt.Source, err)
				continue
			}
			b := got.As16()
			if got.String() != tt.Canonical || hex.EncodeToString(b[:]) != tt.Hex ||
				got.Time().UnixMilli() != tt.UnixMS || got.Time().Format("2006-01-02T15:04:05.000Z07:00") != tt.UTC {
				t.Errorf("Parse(%q) [%s] = %s %x %d %s; want %s %s %d %s", in, tt.Source,
					got, b, got.Time().UnixMilli(), got.Time().Format(time.RFC3339Nano), tt.Canonical, tt.Hex, tt.UnixMS, tt.UTC)
			}
			var s id.ID
			if err := s.Scan(tt.Canonical); err != nil || s != got {
				t.Errorf("Scan(%q) = %s, %v", tt.Canonical, s, err)
			}
		}
	}
	// The reasons in the vectors, in the words of the file.
	reasonRE := regexp.MustCompile(`^(?:length (\d+)|invalid character '(.)' at index (\d+)|out of range|zero id)`)
	for _, tt := range v.Invalid {
		got, err := id.Parse(tt.Text)
		m := reasonRE.FindStringSubmatch(tt.Reason)
		if m == nil {
			t.Fatalf("unknown reason %q in testdata/ulid.json", tt.Reason)
		}
		var pe *id.ParseError
		if !got.IsZero() || !errors.As(err, &pe) || !errors.Is(err, id.ErrInvalid) {
			t.Errorf("Parse(%q) [%s] = %s, %v; want a *ParseError", tt.Text, tt.Source, got, err)
			continue
		}
		switch {
		case m[1] != "":
			n, _ := strconv.Atoi(m[1])
			want := id.ReasonLength
			if n == 0 {
				want = id.ReasonMissing // empty text is its own reason (E6)
			}
			if pe.Reason != want || pe.Length != n {
				t.Errorf("Parse(%q): %v; want %s", tt.Text, err, tt.Reason)
			}
		case m[2] != "":
			i, _ := strconv.Atoi(m[3])
			if pe.Reason != id.ReasonCharacter || pe.Index != i || tt.Text[i:i+1] != m[2] {
				t.Errorf("Parse(%q): %v; want %s", tt.Text, err, tt.Reason)
			}
		case strings.HasPrefix(tt.Reason, "out of range"):
			if pe.Reason != id.ReasonRange {
				t.Errorf("Parse(%q): %v; want %s", tt.Text, err, tt.Reason)
			}
		default:
			if pe.Reason != id.ReasonZero {
				t.Errorf("Parse(%q): %v; want %s", tt.Text, err, tt.Reason)
			}
		}
	}
}

// TestScan has the reading side of the database rows of docs/contract.md
// (D3 to D7, each case named after its row); every failing case also
// checks D9: the receiver, set to another id before, is the zero id after.
func TestScan(t *testing.T) {
	stale := id.MustParse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ")
	tests := []struct {
		name    string
		src     any
		want    string    // canonical id on success
		reason  id.Reason // *ParseError reason, if one is wanted
		wantErr error     // sentinel the error must match
		msg     string    // exact error message
	}{
		// D3: canonical lowercase text, as string or []byte.
		{name: "D3 string", src: specIDLower, want: specIDLower},
		{name: "D3 []byte", src: []byte(specIDLower), want: specIDLower},
		// D4: NULL.
		{name: "D4 NULL", src: nil, wantErr: id.ErrNull,
			msg: "id: invalid id: cannot scan NULL into id.ID (use sql.Null[id.ID] for a nullable column)"},
		// D5: uppercase letters: stored ids must be canonical.
		{name: "D5 uppercase string", src: specID, reason: id.ReasonCase, wantErr: id.ErrInvalid,
			msg: `id: invalid stored id "01ARZ3NDEKTSV4RRFFQ69G5FAV": stored ids must be lowercase (KEYS-4): 'A' at index 2`},
		{name: "D5 one uppercase []byte", src: []byte("01arz3ndektsv4rrffq69g5faV"), reason: id.ReasonCase, wantErr: id.ErrInvalid,
			msg: `id: invalid stored id "01arz3ndektsv4rrffq69g5faV": stored ids must be lowercase (KEYS-4): 'V' at index 25`},
		// D6: empty, 16-byte binary, wrong length, invalid characters, zero.
		{name: "D6 empty string", src: "", reason: id.ReasonMissing, wantErr: id.ErrInvalid},
		// P3a: a uuid column's text names compact.ID.
		{name: "D6 UUID text", src: "01563e3a-b5d3-d676-4c61-efb99302bd5b", reason: id.ReasonLength, wantErr: id.ErrInvalid,
			msg: `id: invalid stored id "01563e3a-b5d3-d676"...: length 36, want 26: UUID text; scan a uuid column into compact.ID`},
		{name: "D6 hex []byte", src: []byte("01563e3ab5d3d6764c61efb99302bd5b"), reason: id.ReasonLength, wantErr: id.ErrInvalid,
			msg: `id: invalid stored id "01563e3ab5d3d6764c"...: length 32, want 26: hex, a trace id: decode for id.From16; idkeys inspect`},
		{name: "D6 26 characters, 27 bytes", src: "01arz3ndektsv4rrffq69g5faé", reason: id.ReasonCharacter, wantErr: id.ErrInvalid,
			msg: `id: invalid stored id "01arz3ndektsv4rrffq69g5faé": invalid character 'é' at index 25`},
		{name: "D6 26 characters, 27 bytes, uppercase first", src: "0Varz3ndektsv4rrffq69g5faé", reason: id.ReasonCase, wantErr: id.ErrInvalid,
			msg: `id: invalid stored id "0Varz3ndektsv4rrffq69g5faé": stored ids must be lowercase (KEYS-4): 'V' at index 1`},
		{name: "D6 one character, two bytes", src: []byte("é"), reason: id.ReasonLength, wantErr: id.ErrInvalid,
			msg: `id: invalid stored id "é": length 1 character ('é' at index 0), want 26`},
		{name: "D6 empty []byte", src: []byte{}, reason: id.ReasonMissing, wantErr: id.ErrInvalid},
		{name: "D6 16-byte binary", src: []byte("\x01V>:\xb5\xd3\xd6vLa\xef\xb9\x93\x02\xbd["), reason: id.ReasonLength, wantErr: id.ErrInvalid},
		{name: "D6 CHAR padding", src: specIDLower + "    ", reason: id.ReasonLength, wantErr: id.ErrInvalid},
		{name: "D6 invalid character", src: "01arz3ndeitsv4rrffq69g5fav", reason: id.ReasonCharacter, wantErr: id.ErrInvalid},
		{name: "D6 out of range", src: "81arz3ndektsv4rrffq69g5fav", reason: id.ReasonRange, wantErr: id.ErrInvalid},
		{name: "D6 zero id", src: "00000000000000000000000000", reason: id.ReasonZero, wantErr: id.ErrInvalid},
		// D7: any other type names the type.
		{name: "D7 int64", src: int64(42), wantErr: id.ErrInvalid,
			msg: "id: cannot scan int64 into id.ID (store ids as 26-character text)"},
		{name: "D7 time.Time", src: time.Unix(0, 0), wantErr: id.ErrInvalid,
			msg: "id: cannot scan time.Time into id.ID (store ids as 26-character text)"},
		{name: "D7 float64", src: 1.5, wantErr: id.ErrInvalid,
			msg: "id: cannot scan float64 into id.ID (store ids as 26-character text)"},
		{name: "D7 bool", src: true, wantErr: id.ErrInvalid,
			msg: "id: cannot scan bool into id.ID (store ids as 26-character text)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := stale // D9: a failed Scan must not leave an earlier value
			err := got.Scan(tt.src)
			if tt.want != "" {
				if err != nil || got.String() != tt.want {
					t.Fatalf("Scan(%#v) = %s, %v; want %s", tt.src, got, err, tt.want)
				}
				return
			}
			if !got.IsZero() {
				t.Errorf("D9: Scan(%#v) failed but left %s, want the zero id", tt.src, got)
			}
			if !errors.Is(err, tt.wantErr) || !errors.Is(err, id.ErrInvalid) {
				t.Errorf("Scan(%#v) error = %v, want %v wrapping ErrInvalid", tt.src, err, tt.wantErr)
			}
			var pe *id.ParseError
			if isPE := errors.As(err, &pe); isPE != (tt.reason != 0) || (isPE && pe.Reason != tt.reason) {
				t.Errorf("Scan(%#v) error = %v (%T), want reason %v", tt.src, err, err, tt.reason)
			}
			if tt.msg != "" && err.Error() != tt.msg {
				t.Errorf("Scan(%#v) error:\n got %s\nwant %s", tt.src, err, tt.msg)
			}
			checkMessage(t, err)
		})
	}
}

// TestScanKeepsNoDriverBytes: the driver reuses its []byte after Scan;
// the id must not change when it does (row D3).
func TestScanKeepsNoDriverBytes(t *testing.T) {
	buf := []byte(specIDLower)
	var v id.ID
	if err := v.Scan(buf); err != nil {
		t.Fatal(err)
	}
	copy(buf, "7zzzzzzzzzzzzzzzzzzzzzzzzz")
	if v.String() != specIDLower {
		t.Fatalf("after the driver overwrote its buffer, the id reads %s, want %s", v, specIDLower)
	}
	// The error path keeps a copy too.
	bad := []byte("01ARZ3NDEKTSV4RRFFQ69G5FAV")
	err := v.Scan(bad)
	msg := err.Error()
	copy(bad, "xxxxxxxxxxxxxxxxxxxxxxxxxx")
	if err.Error() != msg {
		t.Fatalf("the error changed when the driver reused its buffer: %s, then %s", msg, err)
	}
}

// TestNullID: sql.Null[id.ID] is the type for nullable columns (row D8,
// the reading side; TestValue has the writing side).
func TestNullID(t *testing.T) {
	var n sql.Null[id.ID]
	if err := n.Scan(nil); err != nil || n.Valid {
		t.Fatalf("sql.Null[id.ID].Scan(nil) = %+v, %v; want Valid=false", n, err)
	}
	if err := n.Scan(specIDLower); err != nil || !n.Valid || n.V.String() != specIDLower {
		t.Fatalf("sql.Null[id.ID].Scan(id) = %+v, %v", n, err)
	}
	if err := n.Scan(specID); !errors.Is(err, id.ErrInvalid) {
		t.Fatalf("sql.Null[id.ID].Scan(uppercase) error = %v, want ErrInvalid", err)
	}
}

// TestText covers rows T1 and T2 for non-zero and zero ids.
func TestText(t *testing.T) {
	v := id.MustParse(specID)
	if got, err := v.MarshalText(); string(got) != specIDLower || err != nil {
		t.Errorf("MarshalText() = %q, %v", got, err)
	}
	if got, err := v.AppendText([]byte("user:")); string(got) != "user:"+specIDLower || err != nil {
		t.Errorf("AppendText(\"user:\") = %q, %v", got, err)
	}
	for _, tt := range []struct {
		in   string
		want string // canonical; "" means the zero id
		err  bool
	}{
		{"", "", true},                    // empty text is not an id, as for Parse (T2)
		{specID, specIDLower, false},      // any case, like Parse
		{specIDLower, specIDLower, false}, // canonical
		{"nope", "", true},                // rejected: zero id and the error
		{"00000000000000000000000000", "", true},
	} {
		got := id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz")
		err := got.UnmarshalText([]byte(tt.in))
		if want := tt.want; want == "" && !got.IsZero() || want != "" && got.String() != want || (err != nil) != tt.err || (err != nil && !errors.Is(err, id.ErrInvalid)) {
			t.Errorf("UnmarshalText(%q) = %q, %v; want %q, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// FuzzParse checks Parse (rows P1 to P7) against fuzzReference, the slow
// reference of fuzz_test.go, and against oklog/ulid's strict decoder as an
// oracle: both must accept and reject alike, and decode to the same bytes.
func FuzzParse(f *testing.F) {
	for _, s := range []string{specID, specIDLower, "", "7zzzzzzzzzzzzzzzzzzzzzzzzz", "80000000000000000000000000",
		"00000000000000000000000000", "0ABCDEFGHIJKLMNOPQRSTUVWXY", "01ARZ3NDEKTSV4RRFFQ69G5Fа", specID + "\n",
		"01563E3AB5D3D6764C61EFB99302BD5B", "01563e3a-b5d3-d676-4c61-efb99302bd5b", "01arz3ndektsv4rrffq69g5faé"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, reason, index := fuzzReference([]byte(s), false)
		got, err := id.Parse(s)
		u, uerr := ulid.ParseStrict(s)
		if reason != 0 {
			checkRejection(t, got, err, []byte(s), reason, index)
			// ulid has no zero-id rule: it accepts 26 zeros as its zero value.
			if uerr == nil && u != (ulid.ULID{}) {
				t.Fatalf("Parse(%q) failed (%v) but ulid.ParseStrict accepts it as %s", s, err, u)
			}
			return
		}
		checkAccepted(t, got, err, []byte(s), want)
		if b := got.As16(); uerr != nil || !bytes.Equal(b[:], u[:]) {
			t.Fatalf("Parse(%q) = %x, ulid.ParseStrict = %x, %v", s, b, u[:], uerr)
		}
	})
}

// Sinks for TestNoAllocs: package-level, so that no call's result can be
// dropped by the compiler.
var (
	allocID    id.ID
	allocBuf   []byte
	allocErr   error
	allocInt   int
	allocTime  time.Time
	allocBool  bool
	allocShown string
)

// TestNoAllocs: the calls made on every request and every insert allocate
// nothing (docs/contract.md, P8), and String allocates only the string it
// returns. Every call's result is kept and checked after the measuring.
func TestNoAllocs(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("allocation counts are not meaningful under -race or -short")
	}
	v := id.MustParse(specID)
	w := id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz")
	var lower any = []byte(specIDLower) // database/sql hands Scan an any already
	buf := make([]byte, 0, 64)
	tests := []struct {
		name  string
		f     func()
		check func() bool // the result the call left in its sink
	}{
		{"New", func() { allocID = id.New() }, func() bool { return !allocID.IsZero() }},
		{"Parse", func() { allocID, allocErr = id.Parse(specID) }, func() bool { return allocID == v && allocErr == nil }},
		{"AppendText", func() { allocBuf, allocErr = v.AppendText(buf[:0]) }, func() bool { return string(allocBuf) == specIDLower && allocErr == nil }},
		{"Scan string", func() { allocErr = allocID.Scan(specIDLower) }, func() bool { return allocID == v && allocErr == nil }},
		{"Scan []byte", func() { allocErr = allocID.Scan(lower) }, func() bool { return allocID == v && allocErr == nil }},
		{"Compare", func() { allocInt = v.Compare(w) }, func() bool { return allocInt == -1 }},
		{"Time", func() { allocTime = v.Time() }, func() bool { return allocTime.UnixMilli() == 1469922850259 }},
		{"IsZero", func() { allocBool = v.IsZero() }, func() bool { return !allocBool }},
	}
	for _, tt := range tests {
		allocID, allocBuf, allocErr, allocInt, allocTime, allocBool = id.ID{}, nil, errors.New("unset"), 0, time.Time{}, true
		if a := testing.AllocsPerRun(100, tt.f); a != 0 {
			t.Errorf("%s: %v allocations, want 0", tt.name, a)
		}
		if !tt.check() {
			t.Errorf("%s: wrong result after measuring", tt.name)
		}
	}
	// String makes the one string it returns.
	if a := testing.AllocsPerRun(100, func() { allocShown = v.String() }); a != 1 || allocShown != specIDLower {
		t.Errorf("String: %v allocations, result %q; want 1 and %q", a, allocShown, specIDLower)
	}
}

func ExampleParseError() {
	_, err := id.Parse("01ARZ3NDEITSV4RRFFQ69G5FAV")
	var pe *id.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Reason, "at index", pe.Index)
	}
	fmt.Println(err)
	// Output:
	// invalid character at index 9
	// id: invalid id "01ARZ3NDEITSV4RRFFQ69G5FAV": invalid character 'I' at index 9
}

// TestParseErrorBuiltByCaller: a *ParseError made by a caller (a test
// double, a wrapper's own check) holds no input, so Index is at or past
// the end of what it kept; char shows '?' instead of reading past the
// input, and the message is exact for every reason (E2, E4). The quote
// ends in "..." when Length says the input was longer than what is kept.
func TestParseErrorBuiltByCaller(t *testing.T) {
	for _, c := range []struct {
		name string
		err  *id.ParseError
		want string
	}{
		{"character at index 0 = len(input)", &id.ParseError{Reason: id.ReasonCharacter, Index: 0, Length: 26},
			`id: invalid id ""...: invalid character ? at index 0`},
		{"character past the input", &id.ParseError{Reason: id.ReasonCharacter, Index: 9, Length: 26},
			`id: invalid id ""...: invalid character ? at index 9`},
		{"character at a negative index", &id.ParseError{Reason: id.ReasonCharacter, Index: -1},
			`id: invalid id "": invalid character ? at index -1`},
		{"case at index 0", &id.ParseError{Reason: id.ReasonCase, Index: 0, Length: 26},
			`id: invalid id ""...: stored ids must be lowercase (KEYS-4): ? at index 0`},
		{"range at index 0", &id.ParseError{Reason: id.ReasonRange, Index: 0, Length: 26},
			`id: invalid id ""...: out of range: first character ? is above '7'`},
		{"length", &id.ParseError{Reason: id.ReasonLength, Index: -1, Length: 3},
			`id: invalid id ""...: length 3, want 26`},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%s: Error() = %q, want %q", c.name, got, c.want)
		}
		if !errors.Is(c.err, id.ErrInvalid) || c.err.Input() != "" {
			t.Errorf("%s: Is(ErrInvalid) = %v, Input() = %q; want true, \"\"", c.name, errors.Is(c.err, id.ErrInvalid), c.err.Input())
		}
	}
}
