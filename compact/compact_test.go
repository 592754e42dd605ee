package compact_test

import (
	"bytes"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
)

// The ids of the tests: a is the ULID spec's example; max is the largest
// id, 16 0xff bytes; one is the smallest, 15 zero bytes and a 1.
var (
	a   = id.MustParse("01arz3ndektsv4rrffq69g5fav")
	max = id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz")
	one = id.MustParse("00000000000000000000000001")
)

const (
	aHex  = "01563e3ab5d3d6764c61efb99302bd5b"
	aUUID = "01563e3a-b5d3-d676-4c61-efb99302bd5b"
)

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// TestValue: C2. Value writes the 16 bytes of As16; the zero id is
// refused with id.ErrZero.
func TestValue(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    id.ID
		want string
	}{
		{"C2_example", a, aHex},
		{"C2_largest", max, "ffffffffffffffffffffffffffffffff"},
		{"C2_smallest", one, "00000000000000000000000000000001"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := compact.ID{ID: tc.v}.Value()
			if err != nil {
				t.Fatal(err)
			}
			b, ok := got.([]byte)
			if !ok || hex.EncodeToString(b) != tc.want {
				t.Fatalf("Value() = %#v, want []byte of %s", got, tc.want)
			}
		})
	}
	t.Run("C2_the_zero_id_is_refused", func(t *testing.T) {
		got, err := compact.ID{}.Value()
		if err != compact.ErrZero || !errors.Is(err, id.ErrZero) || got != nil {
			t.Fatalf("Value() of the zero id = %#v, %v; want nil, compact.ErrZero matching id.ErrZero", got, err)
		}
		if want := `id: refusing to write the zero id (use compact.New(); spell "no id" as NULL: sql.Null[compact.ID], a nil *compact.ID)`; err.Error() != want {
			t.Errorf("message %q, want %q", err, want)
		}
	})
	t.Run("C2_zero_inside_a_valid_sql.Null", func(t *testing.T) {
		got, err := sql.Null[compact.ID]{Valid: true}.Value()
		if !errors.Is(err, id.ErrZero) || got != nil {
			t.Fatalf("Value() = %#v, %v; want nil, id.ErrZero", got, err)
		}
	})
	t.Run("C2_sql.Null", func(t *testing.T) {
		got, err := sql.Null[compact.ID]{V: compact.ID{ID: a}, Valid: true}.Value()
		if b, ok := got.([]byte); err != nil || !ok || hex.EncodeToString(b) != aHex {
			t.Fatalf("Value() = %#v, %v; want []byte of %s", got, err, aHex)
		}
		got, err = sql.Null[compact.ID]{}.Value()
		if got != nil || err != nil {
			t.Fatalf("Value() of sql.Null{} = %#v, %v; want nil, nil (NULL)", got, err)
		}
	})
	// A *compact.ID as database/sql converts an argument: nil is NULL, a
	// pointer writes its id's bytes, a pointer to the zero id is refused.
	t.Run("C2_pointer", func(t *testing.T) {
		conv := driver.DefaultParameterConverter
		got, err := conv.ConvertValue((*compact.ID)(nil))
		if got != nil || err != nil {
			t.Fatalf("nil *compact.ID = %#v, %v; want nil, nil (NULL)", got, err)
		}
		c := compact.ID{ID: a}
		got, err = conv.ConvertValue(&c)
		if b, ok := got.([]byte); err != nil || !ok || hex.EncodeToString(b) != aHex {
			t.Fatalf("*compact.ID = %#v, %v; want []byte of %s", got, err, aHex)
		}
		if _, err = conv.ConvertValue(&compact.ID{}); !errors.Is(err, id.ErrZero) {
			t.Fatalf("pointer to the zero id: %v, want id.ErrZero", err)
		}
	})
	// Each call returns its own slice: a driver may keep it.
	t.Run("C2_fresh_slice", func(t *testing.T) {
		v1, _ := compact.ID{ID: a}.Value()
		v2, _ := compact.ID{ID: a}.Value()
		v1.([]byte)[0] = 0xee
		if hex.EncodeToString(v2.([]byte)) != aHex {
			t.Fatal("two Value calls share their bytes")
		}
	})
}

// TestScan: C3–C8, one case per stored value a driver can hand Scan.
func TestScan(t *testing.T) {
	const (
		lenMsg  = "id: invalid stored compact id: length %d, want 16 bytes or 36 characters of UUID text"
		textMsg = "id: invalid stored compact id %s: text of length %d, want 36 characters of UUID text"
		typeMsg = "id: invalid stored compact id: cannot scan %s into compact.ID (store it in a uuid, BINARY(16) or BLOB column)"
		id26Msg = "id: invalid stored compact id: length 26 is an id's text, not its 16 bytes: scan a text column into id.ID"
		digit   = "id: invalid stored compact id %q...: UUID text has '%s' at index %d, want a lowercase hex digit"
		hyphen  = "id: invalid stored compact id %q...: UUID text has '%s' at index %d, want '-'"
		zero    = "id: invalid id: 16 zero bytes are the zero id, which names nothing"
		null    = "id: invalid id: cannot scan NULL into compact.ID (use sql.Null[compact.ID] for a nullable column)"
	)
	for _, tc := range []struct {
		name string
		src  any
		want id.ID  // when msg is empty
		msg  string // the exact error message
		is   error  // a sentinel the error must wrap, besides id.ErrInvalid
	}{
		{name: "C3_16_bytes", src: mustHex(aHex), want: a},
		{name: "C3_16_bytes_largest", src: bytes.Repeat([]byte{0xff}, 16), want: max},
		{name: "C3_16_bytes_smallest", src: mustHex("00000000000000000000000000000001"), want: one},
		{name: "C4_UUID_text_string", src: aUUID, want: a},
		{name: "C4_UUID_text_bytes", src: []byte(aUUID), want: a},
		{name: "C4_UUID_text_largest", src: "ffffffff-ffff-ffff-ffff-ffffffffffff", want: max},
		{name: "C5_NULL", src: nil, msg: null, is: id.ErrNull},
		{name: "C6_16_zero_bytes", src: make([]byte, 16), msg: zero, is: id.ErrZeroBytes},
		{name: "C6_nil_UUID_text", src: "00000000-0000-0000-0000-000000000000", msg: zero, is: id.ErrZeroBytes},
		{name: "C6_nil_UUID_text_bytes", src: []byte("00000000-0000-0000-0000-000000000000"), msg: zero, is: id.ErrZeroBytes},
		{name: "C7_empty_bytes", src: []byte{}, msg: fmt.Sprintf(lenMsg, 0)},
		{name: "C7_15_bytes", src: make([]byte, 15), msg: fmt.Sprintf(lenMsg, 15)},
		{name: "C7_17_bytes", src: make([]byte, 17), msg: fmt.Sprintf(lenMsg, 17)},
		{name: "C7_32_hex_digits", src: []byte(aHex), msg: fmt.Sprintf(lenMsg, 32)},
		{name: "C7_empty_string", src: "", msg: fmt.Sprintf(textMsg, `""`, 0)},
		{name: "C7_16_byte_string", src: string(mustHex(aHex)), msg: fmt.Sprintf(textMsg, `"\x01V>:\xb5\xd3"...`, 16)},
		{name: "C7_UUID_text_in_braces", src: "{" + aUUID + "}", msg: fmt.Sprintf(textMsg, `"{01563e3a-b5d3-d67"...`, 38)},
		{name: "C7_text_id_string", src: a.String(), msg: id26Msg},
		{name: "C7_text_id_bytes", src: []byte(a.String()), msg: id26Msg},
		{name: "C7_uppercase_UUID_text", src: strings.ToUpper(aUUID), msg: fmt.Sprintf(digit, strings.ToUpper(aUUID)[:18], "E", 5)},
		{name: "C7_uppercase_last_digit", src: aUUID[:35] + "B", msg: fmt.Sprintf(digit, (aUUID[:35] + "B")[:18], "B", 35)},
		{name: "C7_non_hex_first", src: "g" + aUUID[1:], msg: fmt.Sprintf(digit, ("g" + aUUID[1:])[:18], "g", 0)},
		{name: "C7_non_hex_second_of_pair", src: "0g" + aUUID[2:], msg: fmt.Sprintf(digit, ("0g" + aUUID[2:])[:18], "g", 1)},
		{name: "C7_non_ASCII", src: []byte("\xff" + aUUID[1:]), msg: `id: invalid stored compact id "\xff1563e3a-b5d3-d"...: UUID text has byte 0xff at index 0, want a lowercase hex digit`},
		// A non-ASCII character is named as itself, at the index of the
		// first character not allowed where it stands (P4).
		{name: "C7_36_bytes_é_last", src: aUUID[:34] + "é", msg: fmt.Sprintf(digit, aUUID[:18], "é", 34)},
		{name: "C7_36_characters_37_bytes", src: aUUID[:35] + "é", msg: fmt.Sprintf(digit, aUUID[:18], "é", 35)},
		{name: "C7_36_characters_37_bytes_[]byte", src: []byte(aUUID[:35] + "é"), msg: fmt.Sprintf(digit, aUUID[:18], "é", 35)},
		{name: "C7_36_characters_hyphen_first", src: "01563e3a+b5d3-d676-4c61-efb99302bd5é", msg: fmt.Sprintf(hyphen, "01563e3a+b5d3-d676", "+", 8)},
		{name: "C7_one_character_two_bytes", src: "é", msg: `id: invalid stored compact id "é": text of length 1 character, want 36 characters of UUID text`},
		{name: "C7_one_character_two_bytes_[]byte", src: []byte("é"), msg: `id: invalid stored compact id: length 1 character, want 16 bytes or 36 characters of UUID text`},
		{name: "C7_hyphen_moved", src: "01563e3ab-5d3-d676-4c61-efb99302bd5b", msg: fmt.Sprintf(hyphen, "01563e3ab-5d3-d676-4c61-efb99302bd5b"[:18], "b", 8)},
		{name: "C7_last_hyphen_moved", src: "01563e3a-b5d3-d676-4c61e-fb99302bd5b", msg: fmt.Sprintf(hyphen, "01563e3a-b5d3-d676-4c61e-fb99302bd5b"[:18], "e", 23)},
		{name: "C7_no_hyphens_36_hex", src: aHex + "0000", msg: fmt.Sprintf(hyphen, (aHex + "0000")[:18], "b", 8)},
		{name: "C7_int64", src: int64(1), msg: fmt.Sprintf(typeMsg, "int64")},
		{name: "C7_float64", src: 1.5, msg: fmt.Sprintf(typeMsg, "float64")},
		{name: "C7_bool", src: true, msg: fmt.Sprintf(typeMsg, "bool")},
		{name: "C7_time", src: time.Unix(0, 0), msg: fmt.Sprintf(typeMsg, "time.Time")},
		{name: "C7_array", src: a.As16(), msg: fmt.Sprintf(typeMsg, "[16]uint8")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := compact.ID{ID: a} // C8: an earlier value must not survive an error
			if tc.want == a {
				c = compact.ID{ID: one}
			}
			err := c.Scan(tc.src)
			if tc.msg == "" {
				if err != nil || c.ID != tc.want {
					t.Fatalf("Scan(%#v) = %v, %v; want %v", tc.src, c.ID, err, tc.want)
				}
				return
			}
			if err == nil || err.Error() != tc.msg {
				t.Fatalf("Scan(%#v) error\n got %v\nwant %s", tc.src, err, tc.msg)
			}
			if !errors.Is(err, id.ErrInvalid) {
				t.Fatalf("Scan(%#v) error %v does not wrap id.ErrInvalid", tc.src, err)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Fatalf("Scan(%#v) error %v does not wrap %v", tc.src, err, tc.is)
			}
			checkMessage(t, err)
			if !c.IsZero() {
				t.Fatalf("C8: after Scan(%#v) failed, the receiver is %v, want the zero id", tc.src, c.ID)
			}
		})
	}
}

// TestScanKeepsNoBytes: C3. The driver's buffer may be reused after Scan.
func TestScanKeepsNoBytes(t *testing.T) {
	b := mustHex(aHex)
	var c compact.ID
	if err := c.Scan(b); err != nil {
		t.Fatal(err)
	}
	clear(b)
	if c.ID != a {
		t.Fatalf("after the driver's buffer was cleared the id is %v, want %v", c.ID, a)
	}
}

// TestNull: C5. sql.Null[compact.ID] reads NULL as Valid=false (clearing
// an earlier value) and a value as the id.
func TestNull(t *testing.T) {
	n := sql.Null[compact.ID]{V: compact.ID{ID: a}, Valid: true}
	if err := n.Scan(nil); err != nil || n.Valid || !n.V.IsZero() {
		t.Fatalf("Scan(nil) = %+v, %v; want Valid=false and the zero id", n, err)
	}
	if err := n.Scan(mustHex(aHex)); err != nil || !n.Valid || n.V.ID != a {
		t.Fatalf("Scan(16 bytes) = %+v, %v; want {%v true}", n, err, a)
	}
	if err := n.Scan(aUUID); err != nil || !n.Valid || n.V.ID != a {
		t.Fatalf("Scan(UUID text) = %+v, %v; want {%v true}", n, err, a)
	}
	if err := n.Scan(make([]byte, 16)); !errors.Is(err, id.ErrZeroBytes) || !n.V.IsZero() {
		t.Fatalf("Scan(16 zero bytes) = %+v, %v; want id.ErrZeroBytes and the zero id", n, err)
	}
}

// TestOutsideTheDatabase: C1. Everything but Value and Scan is id.ID's: the
// text, JSON and fmt forms are the 26 characters.
func TestOutsideTheDatabase(t *testing.T) {
	c := compact.ID{ID: a}
	if got := fmt.Sprint(c); got != a.String() {
		t.Fatalf("fmt.Sprint = %q, want %q", got, a.String())
	}
	j, err := json.Marshal(struct{ K compact.ID }{c})
	if err != nil || string(j) != `{"K":"01arz3ndektsv4rrffq69g5fav"}` {
		t.Fatalf("json = %s, %v", j, err)
	}
	var back struct{ K compact.ID }
	if err := json.Unmarshal(j, &back); err != nil || back.K != c {
		t.Fatalf("json back = %v, %v; want %v", back.K, err, c)
	}
	txt, err := c.MarshalText()
	if err != nil || string(txt) != a.String() {
		t.Fatalf("MarshalText = %q, %v", txt, err)
	}
	if n := compact.New(); n.IsZero() || n.Compare(a) <= 0 {
		t.Fatalf("New() = %v, want a new id after %v", n, a)
	}
}

// TestOrder: C9's premise. Value's bytes compare as the ids do, which is
// what makes ORDER BY on a bytewise column id order.
func TestOrder(t *testing.T) {
	ids := []id.ID{one, a, id.New(), id.New(), max}
	for i := 1; i < len(ids); i++ {
		p, _ := compact.ID{ID: ids[i-1]}.Value()
		q, _ := compact.ID{ID: ids[i]}.Value()
		if ids[i-1].Compare(ids[i]) >= 0 || bytes.Compare(p.([]byte), q.([]byte)) >= 0 {
			t.Fatalf("%v < %v, but their bytes %x and %x do not sort so", ids[i-1], ids[i], p, q)
		}
	}
}

// TestAllocs: C3 and C2, measured. Scan of 16 bytes or of UUID text
// allocates nothing; Value allocates twice (40 bytes): the 16 bytes, and
// the slice header that boxing a []byte into a driver.Value takes. (id.ID's
// text Value allocates twice too, 48 bytes: the string and its box.)
func TestAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	var b any = mustHex(aHex) // a driver hands Scan an any
	var c compact.ID
	if n := testing.AllocsPerRun(100, func() { _ = c.Scan(b) }); n != 0 {
		t.Errorf("Scan(16 bytes): %v allocations, want 0", n)
	}
	var src any = aUUID
	if n := testing.AllocsPerRun(100, func() { _ = c.Scan(src) }); n != 0 {
		t.Errorf("Scan(UUID text): %v allocations, want 0", n)
	}
	c = compact.ID{ID: a}
	if n := testing.AllocsPerRun(100, func() { sink, _ = c.Value() }); n != 2 {
		t.Errorf("Value: %v allocations, want 2 (the 16 bytes and the slice in its interface)", n)
	}
}

// sink keeps Value's result alive, as a driver does.
var sink driver.Value

func BenchmarkScan16(b *testing.B) {
	var src any = mustHex(aHex)
	var c compact.ID
	for b.Loop() {
		_ = c.Scan(src)
	}
}

func BenchmarkScanUUIDText(b *testing.B) {
	var src any = aUUID
	var c compact.ID
	for b.Loop() {
		_ = c.Scan(src)
	}
}

func BenchmarkValue(b *testing.B) {
	c := compact.ID{ID: a}
	for b.Loop() {
		sink, _ = c.Value()
	}
}

// FuzzScan: C3–C8 for any bytes, as []byte and as string. Scan never
// panics; it accepts exactly 16 bytes but zeros and the 36 characters of
// lowercase UUID text; what it accepts, Value writes back as the same 16
// bytes (the round trip); on error the receiver is zero.
func FuzzScan(f *testing.F) {
	for _, s := range [][]byte{
		mustHex(aHex), bytes.Repeat([]byte{0xff}, 16), make([]byte, 16), mustHex("00000000000000000000000000000001"),
		[]byte(aUUID), []byte(strings.ToUpper(aUUID)), []byte("00000000-0000-0000-0000-000000000000"),
		[]byte(a.String()), nil, []byte("01563e3ab-5d3-d676-4c61-efb99302bd5b"), make([]byte, 15),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, src := range []any{b, string(b)} {
			c := compact.ID{ID: a}
			err := c.Scan(src)
			want, ok := reference(b)
			if _, isString := src.(string); isString && len(b) == 16 {
				ok = false // 16 bytes are read only as []byte
			}
			if !ok {
				if err == nil || !errors.Is(err, id.ErrInvalid) || !c.IsZero() {
					t.Fatalf("Scan(%T %q) = %v, %v; want an error wrapping id.ErrInvalid and the zero id", src, b, c.ID, err)
				}
				checkMessage(t, err)
				continue
			}
			if err != nil || c.ID != want {
				t.Fatalf("Scan(%T %q) = %v, %v; want %v", src, b, c.ID, err, want)
			}
			v, err := c.Value()
			if err != nil {
				t.Fatal(err)
			}
			w := want.As16()
			if !bytes.Equal(v.([]byte), w[:]) {
				t.Fatalf("Value() = %x, want %x", v, w)
			}
			var back compact.ID
			if err := back.Scan(v); err != nil || back != c {
				t.Fatalf("Scan(Value()) = %v, %v; want %v", back.ID, err, c.ID)
			}
		}
	})
}

// reference is a slow reading of a stored compact value: 16 bytes but
// zeros, or lowercase UUID text.
func reference(b []byte) (id.ID, bool) {
	var raw []byte
	switch len(b) {
	case 16:
		raw = b
	case 36:
		s := string(b)
		if s != strings.ToLower(s) || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
			return id.ID{}, false
		}
		h, err := hex.DecodeString(strings.ReplaceAll(s, "-", ""))
		if err != nil || len(h) != 16 {
			return id.ID{}, false
		}
		raw = h
	default:
		return id.ID{}, false
	}
	v, err := id.From16([16]byte(raw))
	return v, err == nil
}

// checkMessage: every message starts with "id: " and is one line of at
// most 120 bytes of printable UTF-8 (docs/contract.md, E4).
func checkMessage(t *testing.T, err error) {
	t.Helper()
	m := err.Error()
	if !strings.HasPrefix(m, "id: ") || len(m) > 120 || !utf8.ValidString(m) || strings.ContainsFunc(m, func(r rune) bool { return !unicode.IsPrint(r) }) {
		t.Fatalf("message %q: want one printable line of at most 120 bytes starting with \"id: \"", m)
	}
}

// TestGoString: %#v of a compact.ID is Go syntax for a compact.ID, not
// for the id.ID inside it.
func TestGoString(t *testing.T) {
	for _, tc := range []struct {
		in   compact.ID
		want string
	}{
		{compact.ID{ID: id.MustParse("01arz3ndektsv4rrffq69g5fav")}, `compact.ID{ID: id.MustParse("01arz3ndektsv4rrffq69g5fav")}`},
		{compact.ID{}, `compact.ID{}`},
	} {
		if got := fmt.Sprintf("%#v", tc.in); got != tc.want {
			t.Errorf("%%#v = %s, want %s", got, tc.want)
		}
	}
}

// TestParseAs: compact.ID is a typed id, so a value from outside parses
// straight into it, in any letter case, as docs/compact.md shows.
func TestParseAs(t *testing.T) {
	c, err := id.ParseAs[compact.ID]("01ARZ3NDEKTSV4RRFFQ69G5FAV")
	if err != nil || c.String() != "01arz3ndektsv4rrffq69g5fav" {
		t.Fatalf("ParseAs[compact.ID] = %v, %v", c, err)
	}
	if b, err := c.Value(); err != nil || hex.EncodeToString(b.([]byte)) != "01563e3ab5d3d6764c61efb99302bd5b" {
		t.Fatalf("Value() = %x, %v", b, err)
	}
	if c, err := id.ParseAs[compact.ID]("01arz3ndektsv4rrffq69g5fa"); !c.IsZero() || !errors.Is(err, id.ErrInvalid) {
		t.Fatalf("ParseAs of 25 characters = %v, %v", c, err)
	}
}
