package spell

import (
	"encoding/hex"
	"strings"
	"testing"
)

const (
	uuidText = "01563e3a-b5d3-d676-4c61-efb99302bd5b"
	hexText  = "01563e3ab5d3d6764c61efb99302bd5b"
)

func TestDecode(t *testing.T) {
	want, _ := hex.DecodeString(hexText)
	tests := []struct {
		name, in  string
		lowerOnly bool
		bad       int
	}{
		{"uuid", uuidText, true, -1},
		{"uuid upper", strings.ToUpper(uuidText), false, -1},
		{"uuid upper refused", strings.ToUpper(uuidText), true, 5},
		{"uuid hyphen", "01563e3a-b5d3+d676-4c61-efb99302bd5b", true, 13},
		{"uuid no hyphens", hexText + "----", true, 8},
		{"uuid g", "01563e3a-b5d3-d676-4c61-efb99302bd5g", true, 35},
		{"uuid short", uuidText[:35], true, 35},
		{"hex", hexText, true, -1},
		{"hex upper", strings.ToUpper(hexText), false, -1},
		{"hex upper refused", "01563E3ab5d3d6764c61efb99302bd5b", true, 5},
		{"hex NUL", "0\x00563e3ab5d3d6764c61efb99302bd5b", false, 1},
		{"hex long", hexText + "0", false, 32},
	}
	for _, tt := range tests {
		var b [16]byte
		var bad int
		if strings.HasPrefix(tt.name, "uuid") {
			b, bad = UUID(tt.in, tt.lowerOnly)
		} else {
			b, bad = Hex([]byte(tt.in), tt.lowerOnly)
		}
		if bad != tt.bad || bad < 0 && string(b[:]) != string(want) {
			t.Errorf("%s: %x, %d; want %x, %d", tt.name, b, bad, want, tt.bad)
		}
	}
	if got := string(AppendUUID(nil, [16]byte(want))); got != uuidText {
		t.Errorf("AppendUUID = %s", got)
	}
	if got := string(AppendHex([]byte("x"), [16]byte(want))); got != "x"+hexText {
		t.Errorf("AppendHex = %s", got)
	}
}

func TestQuoteAndChar(t *testing.T) {
	if got, want := QuotePrefix("\x00\x00\x00abc", 10, 6), `"\x00\x00"...`; got != want {
		t.Errorf("QuotePrefix = %s, want %s", got, want)
	}
	if got, want := QuotePrefix("abc", 10, 3), `"abc"`; got != want {
		t.Errorf("QuotePrefix = %s, want %s", got, want)
	}
	for in, want := range map[string]string{"aé": "'é'", "a\xc3": "byte 0xc3", "a\x00": `'\x00'`, "a-": "'-'"} {
		if got := Char(in, 1); got != want {
			t.Errorf("Char(%q, 1) = %s, want %s", in, got, want)
		}
	}
}

func TestRunesAndLength(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		r    rune
		at   int
		want string
	}{
		{"", 0, 0, -1, "0"},
		{"01arz3", 6, 0, -1, "6"},
		{"é", 1, 'é', 0, "1 character ('é' at index 0)"},
		{"0-arz3ndektsv4rrffq69g5faé", 26, 'é', 25, "26 characters ('é' at index 25)"},
		{"ab\u202ec", 4, '\u202e', 2, `4 characters ('\u202e' at index 2)`},
		{"aé\xff", 4, 0, -1, "4"}, // invalid UTF-8: bytes
		{"a\xc3", 2, 0, -1, "2"},  // a cut rune
		{"\xffé", 3, 0, -1, "3"},  // invalid before the first character
		{"abc😀", 4, '😀', 3, "4 characters ('😀' at index 3)"},
	}
	for _, tt := range tests {
		n, r, at := Runes(tt.in)
		if n != tt.n || r != tt.r || at != tt.at {
			t.Errorf("Runes(%q) = %d, %q, %d; want %d, %q, %d", tt.in, n, r, at, tt.n, tt.r, tt.at)
		}
		if n2, r2, at2 := Runes([]byte(tt.in)); n2 != n || r2 != r || at2 != at {
			t.Errorf("Runes([]byte(%q)) differs from Runes(string)", tt.in)
		}
		if got := Length(n, r, at); got != tt.want {
			t.Errorf("Length(Runes(%q)) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// FuzzDecode checks UUID and Hex against encoding/hex.
func FuzzDecode(f *testing.F) {
	f.Add(uuidText)
	f.Add(hexText)
	f.Add(strings.ToUpper(uuidText))
	f.Fuzz(func(t *testing.T, s string) {
		for _, lowerOnly := range []bool{false, true} {
			h := s
			if len(s) == 36 {
				h = s[:8] + s[9:13] + s[14:18] + s[19:23] + s[24:]
			}
			ref, err := hex.DecodeString(h)
			ok := err == nil && len(ref) == 16 && (!lowerOnly || strings.ToLower(h) == h)
			if len(s) == 36 {
				ok = ok && s[8] == '-' && s[13] == '-' && s[18] == '-' && s[23] == '-'
				b, bad := UUID(s, lowerOnly)
				if (bad < 0) != ok || ok && string(b[:]) != string(ref) {
					t.Fatalf("UUID(%q, %v) = %x, %d; want ok %v", s, lowerOnly, b, bad, ok)
				}
				if ok && string(AppendUUID(nil, b)) != strings.ToLower(s) {
					t.Fatalf("AppendUUID of %q", s)
				}
			}
			b, bad := Hex(s, lowerOnly)
			okHex := len(s) == 32 && ok
			if (bad < 0) != okHex || okHex && string(b[:]) != string(ref) {
				t.Fatalf("Hex(%q, %v) = %x, %d; want ok %v", s, lowerOnly, b, bad, okHex)
			}
		}
	})
}
