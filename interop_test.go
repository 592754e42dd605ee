package id_test

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/oklog/ulid/v2"
)

// The methods that reflection-based libraries look for (interop.go),
// tested with the standard library only; the real libraries are tested in
// integration/orm and integration/formats.

const (
	canonical = "01arz3ndektsv4rrffq69g5fav" // ulid spec's example, lowercase
	zeros     = "00000000000000000000000000"
)

// checkDecoded checks a decoder's result: the ID got, and err, which
// must be nil when msg is empty, and otherwise have exactly the message
// msg, wrap ErrInvalid, fit one line, and be a *ParseError with reason
// exactly when reason is not 0.
func checkDecoded(t *testing.T, name string, got id.ID, err error, want id.ID, msg string, reason id.Reason) {
	t.Helper()
	if got != want {
		t.Errorf("%s: got %#v, want %#v", name, got, want)
	}
	if msg == "" {
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		return
	}
	if err == nil || err.Error() != msg || !errors.Is(err, id.ErrInvalid) {
		t.Errorf("%s: error %v,\nwant %q wrapping ErrInvalid", name, err, msg)
		return
	}
	checkMessage(t, err)
	var pe *id.ParseError
	if errors.As(err, &pe) != (reason != 0) || (pe != nil && pe.Reason != reason) {
		t.Errorf("%s: error %v: *ParseError %v, want reason %v", name, err, pe, reason)
	}
}

func TestEqual(t *testing.T) {
	a, b := id.MustParse(canonical), id.MustParse("01arz3ndektsv4rrffq69g5faw")
	for _, c := range []struct {
		x, y id.ID
		want bool
	}{
		{a, a, true},
		{a, id.MustParse(strings.ToUpper(canonical)), true}, // same id, other spelling
		{a, b, false},
		{a, id.ID{}, false},
		{id.ID{}, id.ID{}, true},
	} {
		if got := c.x.Equal(c.y); got != c.want {
			t.Errorf("%v.Equal(%v) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

func TestGoString(t *testing.T) {
	type user struct {
		ID     id.ID
		Parent *id.ID
	}
	v := id.MustParse(canonical)
	for _, c := range []struct {
		name string
		got  string
		want string
	}{
		{"id", fmt.Sprintf("%#v", v), `id.MustParse("01arz3ndektsv4rrffq69g5fav")`},
		{"zero", fmt.Sprintf("%#v", id.ID{}), `id.ID{}`},
		{"struct", fmt.Sprintf("%#v", user{ID: v}), `id_test.user{ID:id.MustParse("01arz3ndektsv4rrffq69g5fav"), Parent:<nil>}`}, // fmt prints a nil *ID with a GoString method so
		{"slice", fmt.Sprintf("%#v", []id.ID{v, {}}), `[]id.ID{id.MustParse("01arz3ndektsv4rrffq69g5fav"), id.ID{}}`},
		// The other verbs print the canonical form, as before.
		{"%v", fmt.Sprintf("%v", v), canonical},
		{"%s", fmt.Sprintf("%s", any(v)), canonical},
		{"%q", fmt.Sprintf("%q", v), `"` + canonical + `"`},
		{"%+v struct", fmt.Sprintf("%+v", user{ID: v}), `{ID:01arz3ndektsv4rrffq69g5fav Parent:<nil>}`},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, c.got, c.want)
		}
	}
}

func TestGormDataType(t *testing.T) {
	// Also for the zero ID: GORM calls it on a model's zero value.
	for _, v := range []id.ID{{}, id.MustParse(canonical)} {
		if got := v.GormDataType(); got != "varchar(26)" {
			t.Errorf("GormDataType() = %q, want varchar(26)", got)
		}
	}
}

var patternRE = regexp.MustCompile(id.Pattern)

var inputPatternRE = regexp.MustCompile(id.InputPattern)

// scanAccepts reports whether ID.Scan accepts s, the package's own rule
// for stored text.
func scanAccepts(s string) bool {
	var v id.ID
	return v.Scan(s) == nil
}

func TestPattern(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{canonical, true},
		{"7zzzzzzzzzzzzzzzzzzzzzzzzz", true}, // the largest id
		{zeros, true},                        // the zero ID: the one text Scan refuses that Pattern matches
		{"00000000000000000000000001", true},
		{strings.ToUpper(canonical), false}, // KEYS-4: stored ids are lowercase
		{"01arz3ndektsv4rrffq69g5faV", false},
		{"81arz3ndektsv4rrffq69g5fav", false}, // out of range
		{"01arz3ndektsv4rrffq69g5fa", false},  // 25
		{canonical + "0", false},              // 27
		{"01arz3ndeitsv4rrffq69g5fav", false}, // i
		{"01arz3ndelts v4rrffq69g5fa", false},
		{"01arz3ndeltsv4rrffq69g5fav", false}, // l
		{"01arz3ndeotsv4rrffq69g5fav", false}, // o
		{"01arz3ndeutsv4rrffq69g5fav", false}, // u
		{canonical + "\n", false},             // $ is the end, not a newline
		{"", false},
	} {
		if got := patternRE.MatchString(c.in); got != c.want {
			t.Errorf("Pattern matches %q = %v, want %v", c.in, got, c.want)
		}
		if c.in != zeros && scanAccepts(c.in) != c.want {
			t.Errorf("Scan(%q) accepted = %v, want %v (as Pattern)", c.in, !c.want, c.want)
		}
	}
}

// FuzzPattern checks that Pattern matches exactly what Scan accepts,
// except the zero ID.
func FuzzPattern(f *testing.F) {
	for _, s := range []string{canonical, zeros, strings.ToUpper(canonical), "7zzzzzzzzzzzzzzzzzzzzzzzzz",
		"80000000000000000000000000", "01arz3ndeitsv4rrffq69g5fav", "", canonical + "\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		match, scan := patternRE.MatchString(s), scanAccepts(s)
		if s == zeros {
			if !match || scan {
				t.Fatalf("zero ID: Pattern matches = %v, Scan accepts = %v; want true, false", match, scan)
			}
			return
		}
		if match != scan {
			t.Fatalf("%q: Pattern matches = %v, Scan accepts = %v", s, match, scan)
		}
	})
}

// FuzzInputPattern checks that InputPattern matches exactly what Parse
// accepts, except the zero ID, which it matches and Parse refuses.
func FuzzInputPattern(f *testing.F) {
	for _, s := range []string{canonical, zeros, strings.ToUpper(canonical), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
		"80000000000000000000000000", "01ARZ3NDEITSV4RRFFQ69G5FAV", "01arz3ndeLtsv4rrffq69g5fav", "", canonical + "\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, err := id.Parse(s)
		match, parse := inputPatternRE.MatchString(s), err == nil
		if s == zeros {
			if !match || parse {
				t.Fatalf("zero ID: InputPattern matches = %v, Parse accepts = %v; want true, false", match, parse)
			}
			return
		}
		if match != parse {
			t.Fatalf("%q: InputPattern matches = %v, Parse accepts = %v", s, match, parse)
		}
	})
}

// TestZeroText (T1, T5): the zero ID's String is the marker "<zero id>",
// and no decoder takes the marker for an id: not this package's (outside
// text, stored text), not oklog's Parse or ParseStrict, not the ULID
// spec's alphabet in any letter case.
func TestZeroText(t *testing.T) {
	const marker = "<zero id>"
	if got := (id.ID{}).String(); got != marker {
		t.Fatalf("ID{}.String() = %q, want %q", got, marker)
	}
	_, err := id.Parse(marker)
	if want := `id: invalid id "<zero id>": length 9, want 26`; err == nil || err.Error() != want {
		t.Errorf("Parse(%q) error = %v, want %s", marker, err, want)
	}
	var v id.ID
	if err := v.Scan(marker); err == nil || !errors.Is(err, id.ErrInvalid) {
		t.Errorf("Scan(%q) = %v, want an error wrapping ErrInvalid", marker, err)
	}
	if err := v.UnmarshalText([]byte(marker)); err == nil || !errors.Is(err, id.ErrInvalid) {
		t.Errorf("UnmarshalText(%q) = %v, want an error wrapping ErrInvalid", marker, err)
	}
	if _, err := ulid.Parse(marker); err != ulid.ErrDataSize {
		t.Errorf("oklog ulid.Parse(%q) = %v, want ErrDataSize", marker, err)
	}
	if _, err := ulid.ParseStrict(marker); err != ulid.ErrDataSize {
		t.Errorf("oklog ulid.ParseStrict(%q) = %v, want ErrDataSize", marker, err)
	}
	// A spec-following decoder: 26 characters of Crockford base32, any
	// case, its aliases (I, L → 1; O → 0) included.
	spec := regexp.MustCompile(`^[0-7][0-9A-Za-z]{25}$`)
	if spec.MatchString(marker) {
		t.Errorf("%q looks like a ULID", marker)
	}
	// Padded to 26 bytes, it still fails on its first character.
	padded := marker + strings.Repeat("0", 26-len(marker))
	if _, err := ulid.ParseStrict(padded); err != ulid.ErrInvalidCharacters {
		t.Errorf("oklog ulid.ParseStrict(%q) = %v, want ErrInvalidCharacters", padded, err)
	}
	if _, err := id.Parse(padded); err == nil || err.Error() != `id: invalid id "<zero id>00000000000000000": invalid character '<' at index 0` {
		t.Errorf("Parse(%q) = %v", padded, err)
	}
}

// TestFmtVerbs: every fmt verb that prints a string prints the marker for
// the zero ID (through String), %#v prints a Go expression (GoString),
// and a nil *id.ID prints <nil> (fmt recovers the nil dereference).
func TestFmtVerbs(t *testing.T) {
	v := id.MustParse(canonical)
	var z id.ID
	type row struct {
		ID     id.ID
		Parent *id.ID
	}
	for _, c := range []struct{ got, want string }{
		{fmt.Sprint(z), "<zero id>"},
		{fmt.Sprintf("%v", z), "<zero id>"},
		{fmt.Sprintf("%s", any(z)), "<zero id>"},
		{fmt.Sprintf("%q", z), `"<zero id>"`},
		{fmt.Sprintf("%x", z), "3c7a65726f2069643e"},
		{fmt.Sprintf("%12s|", z), "   <zero id>|"},
		{fmt.Sprintf("%#v", z), "id.ID{}"},
		{fmt.Sprintf("%v", &z), "<zero id>"},
		{fmt.Sprintf("%v", (*id.ID)(nil)), "<nil>"},
		{fmt.Sprintf("%s", any((*id.ID)(nil))), "<nil>"},
		{fmt.Sprintf("%+v", row{}), "{ID:<zero id> Parent:<nil>}"},
		{fmt.Sprintf("%v", []id.ID{v, z}), "[" + canonical + " <zero id>]"},
		{fmt.Sprintf("%v", map[string]id.ID{"a": z}), "map[a:<zero id>]"},
		{fmt.Sprintf("%v", v), canonical},
		{fmt.Sprintf("%x", v), fmt.Sprintf("%x", canonical)},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestSlog (T5): what slog's text and JSON handlers write for ids, zero
// ids, nil pointers and structs holding them, plain and typed. Nothing
// panics: ID has no LogValue method (see String's doc: slog calls a
// LogValue through a nil pointer, and a pointer receiver does not help a
// typed id). The text handler writes an id through MarshalText, and a
// zero ID value as MarshalText's ErrZero after "!ERROR:"; fmt inside a
// struct writes the marker; the JSON handler goes through MarshalJSON
// (null for the zero ID) and writes null for nil pointers.
func TestSlog(t *testing.T) {
	type userID struct{ id.ID }
	type row struct {
		User   id.ID
		Parent *id.ID
		Team   userID
		Owner  *userID
	}
	v := id.MustParse(canonical)
	var z id.ID
	zeroErr := `"!ERROR:` + strings.ReplaceAll(id.ErrZero.Error(), `"`, `\"`) + `"`
	noTime := &slog.HandlerOptions{ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
		if len(groups) == 0 && (a.Key == slog.TimeKey || a.Key == slog.LevelKey || a.Key == slog.MessageKey) {
			return slog.Attr{}
		}
		return a
	}}
	for _, c := range []struct {
		name       string
		arg        any
		text, json string
	}{
		{"id", v, canonical, `"` + canonical + `"`},
		{"typed id", userID{v}, canonical, `"` + canonical + `"`},
		{"pointer", &v, canonical, `"` + canonical + `"`},
		{"zero id", z, zeroErr, "null"},
		{"zero typed id", userID{}, zeroErr, "null"},
		{"pointer to the zero id", &z, zeroErr, "null"},
		{"nil *id.ID", (*id.ID)(nil), "<nil>", "null"},
		{"nil pointer to a typed id", (*userID)(nil), "<nil>", "null"},
		{"struct", row{User: v}, `"{User:` + canonical + ` Parent:<nil> Team:<zero id> Owner:<nil>}"`,
			`{"User":"` + canonical + `","Parent":null,"Team":null,"Owner":null}`},
		{"pointer to a struct", &row{Parent: &v}, `"&{User:<zero id> Parent:` + canonical + ` Team:<zero id> Owner:<nil>}"`,
			`{"User":null,"Parent":"` + canonical + `","Team":null,"Owner":null}`},
		{"slog.Any of a nil *id.ID", slog.Any("k", (*id.ID)(nil)), "<nil>", "null"},
		{"group", slog.Group("k", "p", (*userID)(nil)), "<nil>", `{"p":null}`},
	} {
		for _, json := range []bool{false, true} {
			var buf bytes.Buffer
			h, want := slog.Handler(slog.NewTextHandler(&buf, noTime)), "k="+c.text+"\n"
			if json {
				h, want = slog.NewJSONHandler(&buf, noTime), `{"k":`+c.json+"}\n"
			}
			if a, ok := c.arg.(slog.Attr); ok {
				slog.New(h).Info("m", a)
				if !json && c.name == "group" {
					want = "k.p=<nil>\n"
				}
			} else {
				slog.New(h).Info("m", "k", c.arg)
			}
			if got := buf.String(); got != want {
				t.Errorf("%s (JSON %v):\n got %s\nwant %s", c.name, json, got, want)
			}
		}
	}
}

func TestBinary(t *testing.T) {
	v := id.MustParse(canonical)
	b, err := v.MarshalBinary()
	if err != nil || string(b) != canonical {
		t.Fatalf("MarshalBinary() = %q, %v; want %q, nil", b, err, canonical)
	}
	if b, err := (id.ID{}).MarshalBinary(); err != id.ErrZero || b != nil {
		t.Errorf("zero ID: MarshalBinary() = %q, %v; want nil, ErrZero", b, err)
	}

	raw := v.As16()
	for _, c := range []struct {
		name   string
		in     []byte
		want   id.ID
		reason id.Reason // 0: no error
	}{
		{"canonical", []byte(canonical), v, 0},
		{"empty is not an id", []byte{}, id.ID{}, id.ReasonMissing},
		{"nil is not an id", nil, id.ID{}, id.ReasonMissing},
		{"uppercase: stored ids are lowercase", []byte(strings.ToUpper(canonical)), id.ID{}, id.ReasonCase},
		{"16 bytes of the ULID binary layout", raw[:], id.ID{}, id.ReasonLength},
		{"zero ID", []byte(zeros), id.ID{}, id.ReasonZero},
		{"out of range", []byte("81arz3ndektsv4rrffq69g5fav"), id.ID{}, id.ReasonRange},
		{"invalid character", []byte("01arz3ndeitsv4rrffq69g5fav"), id.ID{}, id.ReasonCharacter},
	} {
		got := id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz") // not left as it was on error
		err := got.UnmarshalBinary(c.in)
		var pe *id.ParseError
		switch {
		case c.reason == 0 && err != nil:
			t.Errorf("%s: UnmarshalBinary: %v", c.name, err)
		case c.reason != 0 && (!errors.As(err, &pe) || pe.Reason != c.reason || !errors.Is(err, id.ErrInvalid)):
			t.Errorf("%s: UnmarshalBinary error %v, want a *ParseError with reason %v", c.name, err, c.reason)
		case got != c.want:
			t.Errorf("%s: UnmarshalBinary gave %#v, want %#v", c.name, got, c.want)
		}
	}
	var got id.ID
	err = got.UnmarshalBinary([]byte(strings.ToUpper(canonical)))
	if want := `id: invalid stored id "01ARZ3NDEKTSV4RRFFQ69G5FAV": stored ids must be lowercase (KEYS-4): 'A' at index 2`; err == nil || err.Error() != want {
		t.Errorf("uppercase: error %v", err)
	}
}

// FuzzUnmarshalBinary checks that UnmarshalBinary decides as Scan does
// for every input, the empty one included, and round-trips through
// MarshalBinary.
func FuzzUnmarshalBinary(f *testing.F) {
	for _, s := range []string{canonical, zeros, strings.ToUpper(canonical), "", "80000000000000000000000000"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var got, want id.ID
		err := got.UnmarshalBinary(in)
		werr := want.Scan(in)
		if got != want || (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) {
			t.Fatalf("%q: UnmarshalBinary = %#v, %v; Scan = %#v, %v", in, got, err, want, werr)
		}
		if err == nil {
			if b, _ := got.MarshalBinary(); !bytes.Equal(b, in) {
				t.Fatalf("%q: MarshalBinary after UnmarshalBinary = %q", in, b)
			}
		}
	})
}

// TestGob: encoding/gob uses BinaryMarshaler (never the text methods), as
// session stores do; a zero ID field is left out by gob (which never
// calls MarshalBinary for it) and reads back as the zero ID, and a payload
// whose id was tampered with is refused.
func TestGob(t *testing.T) {
	type session struct {
		User  id.ID
		Trace id.ID
		Seen  []id.ID
	}
	in := session{User: id.MustParse(canonical), Seen: []id.ID{id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz")}}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		t.Fatal(err)
	}
	payload := bytes.Clone(buf.Bytes())
	var out session
	if err := gob.NewDecoder(&buf).Decode(&out); err != nil {
		t.Fatal(err)
	}
	if out.User != in.User || !out.Trace.IsZero() || len(out.Seen) != 1 || out.Seen[0] != in.Seen[0] {
		t.Fatalf("gob round trip: got %#v, want %#v", out, in)
	}

	// Uppercase the id inside the payload: same length, so gob's framing
	// stays valid and only our decoder can refuse it.
	i := bytes.Index(payload, []byte(canonical))
	if i < 0 {
		t.Fatalf("gob payload does not hold the id's text: %q", payload)
	}
	copy(payload[i:], strings.ToUpper(canonical))
	err := gob.NewDecoder(bytes.NewReader(payload)).Decode(&out)
	if !errors.Is(err, id.ErrInvalid) {
		t.Errorf("tampered gob payload: error %v, want one wrapping ErrInvalid", err)
	}
}

// bsonString is a BSON string value: int32 length with the NUL, the bytes, NUL.
func bsonString(s string) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(len(s)+1))
	return append(append(b, s...), 0)
}

func TestMarshalBSONValue(t *testing.T) {
	typ, data, err := id.MustParse(canonical).MarshalBSONValue()
	want := append([]byte{27, 0, 0, 0}, canonical+"\x00"...)
	if err != nil || typ != 0x02 || !bytes.Equal(data, want) {
		t.Errorf("MarshalBSONValue() = %#x, %q, %v; want 0x02, %q, nil", typ, data, err, want)
	}
	if !bytes.Equal(want, bsonString(canonical)) {
		t.Fatalf("test helper bsonString disagrees: %q", bsonString(canonical))
	}
	typ, data, err = id.ID{}.MarshalBSONValue()
	if !errors.Is(err, id.ErrZero) || data != nil || typ != 0 {
		t.Errorf("zero ID: MarshalBSONValue() = %#x, %q, %v; want ErrZero", typ, data, err)
	}
}

func TestUnmarshalBSONValue(t *testing.T) {
	v := id.MustParse(canonical)
	for _, c := range []struct {
		name   string
		typ    byte
		data   []byte
		want   id.ID
		reason id.Reason // for a *ParseError
		msg    string    // the whole error message, "" for none
	}{
		{"string", 0x02, bsonString(canonical), v, 0, ""},
		{"uppercase", 0x02, bsonString(strings.ToUpper(canonical)), id.ID{}, id.ReasonCase,
			`id: invalid stored id "01ARZ3NDEKTSV4RRFFQ69G5FAV": stored ids must be lowercase (KEYS-4): 'A' at index 2`},
		{"empty string", 0x02, bsonString(""), id.ID{}, id.ReasonMissing, `id: invalid stored id "": length 0, want 26`},
		{"zero ID", 0x02, bsonString(zeros), id.ID{}, id.ReasonZero,
			`id: invalid stored id "00000000000000000000000000": the zero id names nothing`},
		{"null", 0x0a, nil, id.ID{}, 0, id.ErrNull.Error()},
		{"int32", 0x10, []byte{1, 0, 0, 0}, id.ID{}, 0, "id: cannot read BSON int32 into id.ID (store ids as BSON strings)"},
		{"binary", 0x05, []byte{16, 0, 0, 0, 4}, id.ID{}, 0, "id: cannot read BSON binary into id.ID (store ids as BSON strings)"},
		{"document", 0x03, []byte{5, 0, 0, 0, 0}, id.ID{}, 0, "id: cannot read BSON embedded document into id.ID (store ids as BSON strings)"},
		{"unknown type", 0x42, nil, id.ID{}, 0, "id: cannot read BSON type 0x42 into id.ID (store ids as BSON strings)"},
		{"length prefix too long", 0x02, append([]byte{28, 0, 0, 0}, canonical+"\x00"...), id.ID{}, 0, "id: malformed BSON string (31 bytes)"},
		{"no NUL", 0x02, append([]byte{27, 0, 0, 0}, canonical+"x"...), id.ID{}, 0, "id: malformed BSON string (31 bytes)"},
		{"short", 0x02, []byte{1, 0, 0}, id.ID{}, 0, "id: malformed BSON string (3 bytes)"},
		{"nil data", 0x02, nil, id.ID{}, 0, "id: malformed BSON string (0 bytes)"},
		{"negative length", 0x02, []byte{0xff, 0xff, 0xff, 0xff, 0}, id.ID{}, 0, "id: malformed BSON string (5 bytes)"},
	} {
		got := id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz") // set to zero on error
		err := got.UnmarshalBSONValue(c.typ, c.data)
		checkDecoded(t, c.name, got, err, c.want, c.msg, c.reason)
	}
	var n id.ID
	if err := n.UnmarshalBSONValue(0x0a, nil); !errors.Is(err, id.ErrNull) {
		t.Errorf("null: %v, want ErrNull", err)
	}
}

// FuzzUnmarshalBSONValue: never a panic; a string is accepted exactly
// when it is well-formed BSON holding what Scan accepts, and then it
// round-trips through MarshalBSONValue byte for byte.
func FuzzUnmarshalBSONValue(f *testing.F) {
	f.Add(byte(0x02), bsonString(canonical))
	f.Add(byte(0x02), bsonString(strings.ToUpper(canonical)))
	f.Add(byte(0x02), []byte{27, 0, 0, 0})
	f.Add(byte(0x0a), []byte{})
	f.Add(byte(0x10), []byte{1, 2, 3, 4})
	f.Fuzz(func(t *testing.T, typ byte, data []byte) {
		var got id.ID
		err := got.UnmarshalBSONValue(typ, data)
		if err != nil {
			if !got.IsZero() || !errors.Is(err, id.ErrInvalid) {
				t.Fatalf("error %v with %#v; want the zero ID and ErrInvalid", err, got)
			}
			checkMessage(t, err)
		}
		wellFormed := typ == 0x02 && len(data) >= 5 && int(binary.LittleEndian.Uint32(data)) == len(data)-4 && data[len(data)-1] == 0
		if accepted := err == nil; accepted != (wellFormed && scanAccepts(string(data[4:len(data)-1]))) {
			t.Fatalf("type %#x %q: accepted = %v", typ, data, accepted)
		}
		if err == nil {
			if rt, rd, rerr := got.MarshalBSONValue(); rerr != nil || rt != typ || !bytes.Equal(rd, data) {
				t.Fatalf("round trip of %q: %#x %q %v", data, rt, rd, rerr)
			}
		}
	})
}

// yamlValue returns an unmarshal function as YAML libraries pass it to
// UnmarshalYAML: it decodes a scalar into the *string it is given, or
// fails as for a mapping (err non-nil).
func yamlValue(s *string, err error) func(any) error {
	return func(v any) error {
		if err != nil {
			return err
		}
		*(v.(*string)) = *s
		return nil
	}
}

func TestUnmarshalYAML(t *testing.T) {
	str := func(s string) *string { return &s }
	v := id.MustParse(canonical)
	prev := id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz")
	mapErr := errors.New("yaml: unmarshal errors:\n  line 2: cannot unmarshal !!map into string")
	for _, c := range []struct {
		name   string
		fn     func(any) error
		want   id.ID
		reason id.Reason
		msg    string
	}{
		{"lowercase", yamlValue(str(canonical), nil), v, 0, ""},
		{"uppercase, as UnmarshalText", yamlValue(str(strings.ToUpper(canonical)), nil), v, 0, ""},
		{"empty is not an id", yamlValue(str(""), nil), id.ID{}, id.ReasonMissing, `id: invalid id "": length 0, want 26`},
		{"bad text", yamlValue(str("01arz3ndeitsv4rrffq69g5fav"), nil), id.ID{}, id.ReasonCharacter,
			`id: invalid id "01arz3ndeitsv4rrffq69g5fav": invalid character 'i' at index 9`},
		{"mapping", yamlValue(nil, mapErr), id.ID{}, 0,
			"id: invalid id: want a YAML string (yaml: unmarshal errors: line 2: cannot unmarshal !!map into string)"},
		{"long library error", yamlValue(nil, errors.New(strings.Repeat("é", 60))), id.ID{}, 0,
			"id: invalid id: want a YAML string (" + strings.Repeat("é", 38) + "...)"},
	} {
		got := prev
		err := got.UnmarshalYAML(c.fn)
		checkDecoded(t, c.name, got, err, c.want, c.msg, c.reason)
	}
	// The library's error is in the message only: goccy/go-yaml would
	// replace an error that unwraps to its own type with that type.
	var got id.ID
	if err := got.UnmarshalYAML(yamlValue(nil, mapErr)); errors.Is(err, mapErr) {
		t.Errorf("mapping: error %v wraps the library's error", err)
	}
}
