package id_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/idkeys/id"
)

// The fuzz targets of this file check the decoders other than Parse (whose
// target, FuzzParse, is in parse_test.go) against fuzzReference, a slow
// transcription of the parsing and database rows of docs/contract.md. Their seed corpora are in
// testdata/fuzz/FuzzXxx, built from the rows of docs/contract.md and testdata/ulid.json;
// scripts/fuzz runs every target.

// fuzzAlphabet is the canonical Crockford base32 alphabet (ULID spec,
// "Encoding"), lowercase.
const fuzzAlphabet = "0123456789abcdefghjkmnpqrstvwxyz"

// fuzzStale is the value a receiver holds before a decoder is called, so
// that a decoder which fails without resetting it is caught (rows T2 and D9).
var fuzzStale = id.MustParse("01an4z07by79ka1307sr9x4mv3")

// fuzzReference decodes s the slow way, following rows P1 to P7 (and, for
// stored, the canonical-case row D5): it returns the 16 bytes of the id,
// or the Reason and Index a rejection must carry. It knows nothing of the
// package's tables: the alphabet is searched, the value accumulated in a
// big.Int.
func fuzzReference(s []byte, stored bool) (b [16]byte, reason id.Reason, index int) {
	if len(s) == 0 {
		return b, id.ReasonMissing, -1 // no id given (P3, E6)
	}
	if len(s) != 26 && (!utf8.Valid(s) || utf8.RuneCount(s) != 26) {
		// Not 26 characters: the first non-ASCII one of valid UTF-8, if any.
		index = -1
		if utf8.Valid(s) {
			index = bytes.IndexFunc(s, func(r rune) bool { return r >= utf8.RuneSelf })
		}
		return b, id.ReasonLength, index
	}
	// 26 bytes, or 26 characters in more: the first byte outside the
	// alphabet, for both (P4).
	n := new(big.Int)
	for i, c := range s {
		lower := c
		if 'A' <= c && c <= 'Z' {
			lower = c + 'a' - 'A'
		}
		v := strings.IndexByte(fuzzAlphabet, lower)
		if v < 0 {
			return b, id.ReasonCharacter, i
		}
		if stored && lower != c {
			return b, id.ReasonCase, i
		}
		n.Lsh(n, 5).Or(n, big.NewInt(int64(v)))
	}
	switch {
	case n.BitLen() > 128:
		return b, id.ReasonRange, 0
	case n.Sign() == 0:
		return b, id.ReasonZero, -1
	}
	n.FillBytes(b[:])
	return b, 0, 0
}

// checkRejection checks a rejection against the reference: the
// receiver is the zero ID, err is a *ParseError wrapping ErrInvalid with
// the expected Reason, Index and Length, holding a copy of the first 32
// bytes of the input, and its message is safe.
func checkRejection(t *testing.T, got id.ID, err error, in []byte, reason id.Reason, index int) {
	t.Helper()
	if err == nil {
		t.Fatalf("%q accepted as %s; want %v", in, got, reason)
	}
	if !got.IsZero() {
		t.Fatalf("%q: receiver is %s after the error %v; want the zero id", in, got, err)
	}
	var pe *id.ParseError
	if !errors.Is(err, id.ErrInvalid) || !errors.As(err, &pe) {
		t.Fatalf("%q: error %v is not a *ParseError wrapping ErrInvalid", in, err)
	}
	if pe.Reason != reason || pe.Index != index || pe.Length != len(in) {
		t.Fatalf("%q: ParseError{Reason: %v, Index: %d, Length: %d}, want {%v, %d, %d}",
			in, pe.Reason, pe.Index, pe.Length, reason, index, len(in))
	}
	if want := in[:min(len(in), 32)]; pe.Input() != string(want) {
		t.Fatalf("%q: ParseError.Input() = %q, want %q", in, pe.Input(), want)
	}
	checkMessage(t, err)
}

// checkMessage checks that an error message is safe to log whatever
// the input (row E4): one line of at most 120 bytes, starting with "id: ",
// valid UTF-8 with every character printable, so that the input's control
// characters, newlines and invalid bytes appear escaped.
func checkMessage(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	ok := strings.HasPrefix(msg, "id: ") && len(msg) <= 120 && utf8.ValidString(msg)
	for _, r := range msg {
		ok = ok && unicode.IsPrint(r)
	}
	if !ok {
		t.Fatalf("unsafe error message %q (%d bytes): want one printable line of at most 120 bytes starting with \"id: \"", msg, len(msg))
	}
}

// checkAccepted checks an accepted id against the reference bytes and
// the properties every ID has: its text is the lowercase of the input, the
// three encoders agree, the text parses back to it and Value writes the
// text Scan reads back.
func checkAccepted(t *testing.T, got id.ID, err error, in []byte, want [16]byte) {
	t.Helper()
	if err != nil {
		t.Fatalf("%q: %v; want %x", in, err, want)
	}
	if got.As16() != want {
		t.Fatalf("%q decoded to %x, want %x", in, got.As16(), want)
	}
	s := got.String()
	if s != strings.ToLower(string(in)) {
		t.Fatalf("%q: String() = %q, want the input in lowercase", in, s)
	}
	mt, _ := got.MarshalText()
	at, _ := got.AppendText([]byte("prefix:"))
	if string(mt) != s || string(at) != "prefix:"+s {
		t.Fatalf("%q: MarshalText %q, AppendText %q, String %q disagree", in, mt, at, s)
	}
	if back, err := id.Parse(s); err != nil || back != got {
		t.Fatalf("Parse(%q) = %s, %v; want %s", s, back, err, got)
	}
	v, err := got.Value()
	if err != nil || v != any(s) {
		t.Fatalf("%q: Value() = %#v, %v; want the string %q", in, v, err, s)
	}
	var scanned id.ID
	if err := scanned.Scan(v); err != nil || scanned != got {
		t.Fatalf("Scan(Value()) = %s, %v; want %s", scanned, err, got)
	}
	if ms := got.Time().UnixMilli(); uint64(ms) != uint64(want[0])<<40|uint64(want[1])<<32|uint64(want[2])<<24|uint64(want[3])<<16|uint64(want[4])<<8|uint64(want[5]) {
		t.Fatalf("%q: Time() is %d ms, want the first 48 bits of %x", in, ms, want)
	}
}

// FuzzUnmarshalText checks UnmarshalText (row T2): every text, the empty
// one included, is decoded as Parse decodes it, in any letter case, with
// Parse's error; on error the receiver is the zero ID, not its earlier
// value, and the error keeps its own copy of the input.
func FuzzUnmarshalText(f *testing.F) {
	f.Fuzz(func(t *testing.T, text []byte) {
		in := bytes.Clone(text)
		buf := bytes.Clone(text) // the fuzzing engine's input must not be modified
		got := fuzzStale
		err := got.UnmarshalText(buf)
		clear(buf) // the decoder must have copied what it keeps
		want, reason, index := fuzzReference(in, false)
		if reason != 0 {
			checkRejection(t, got, err, in, reason, index)
			if _, perr := id.Parse(string(in)); perr == nil || perr.Error() != err.Error() {
				t.Fatalf("%q: UnmarshalText error %q, Parse error %v; want the same", in, err, perr)
			}
			return
		}
		checkAccepted(t, got, err, in, want)
	})
}

// FuzzScan checks Scan with both text types a driver hands it (rows D3 to D9):
// it accepts exactly the canonical lowercase form, what Value writes (D3),
// rejects uppercase with ReasonCase (D5) and everything else as Parse does
// (D6), leaves the zero ID on every error (D9) and keeps no reference to
// the driver's []byte: the buffer is overwritten after the call, as
// database/sql's own test driver does.
func FuzzScan(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		in := bytes.Clone(data)
		want, reason, index := fuzzReference(in, true)
		if p, err := id.Parse(string(in)); (reason == 0) != (err == nil && p.String() == string(in)) {
			t.Fatalf("%q: Scan reference says %v, but Parse gives %s, %v: Scan must accept exactly the canonical text Parse accepts",
				in, reason, p, err)
		}
		for _, src := range []any{string(in), bytes.Clone(in)} {
			got := fuzzStale
			err := got.Scan(src)
			if b, ok := src.([]byte); ok {
				for i := range b {
					b[i] = 'x'
				}
			}
			if reason != 0 {
				checkRejection(t, got, err, in, reason, index)
				if !strings.HasPrefix(err.Error(), "id: invalid stored id ") {
					t.Fatalf("Scan(%T %q): message %q does not say the value was a stored one", src, in, err)
				}
				continue
			}
			checkAccepted(t, got, err, in, want)
			if got.String() != string(in) {
				t.Fatalf("Scan(%T %q) = %s: not byte for byte what was stored", src, in, got)
			}
		}
	})
}

// fuzzRecord is a struct as services hold ids in JSON: a key, a nullable
// foreign key and a map keyed by id.
type fuzzRecord struct {
	ID   id.ID           `json:"id"`
	Null sql.Null[id.ID] `json:"null"`
	Map  map[id.ID]int   `json:"map"`
}

// FuzzJSON places a fuzzed string in each position an ID takes in JSON
// and checks what encoding/json does with it (row T3): in every position
// the text goes through UnmarshalText, so "" is the zero ID, valid text in
// any case is the id, and invalid text makes json.Unmarshal return the
// *ParseError itself and stop, with the ID zeroed.
//
// sql.Null[id.ID] is a plain struct {V id.ID; Valid bool} to encoding/json,
// not a text type: it is written as {"V":"…","Valid":true}, a JSON string
// in its place is an *json.UnmarshalTypeError that leaves it untouched,
// and only its V field reaches UnmarshalText. JSON null leaves every field
// as it was, except the map, which null sets to nil.
func FuzzJSON(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		lit, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		// What UnmarshalJSON decodes: s as a JSON string decodes it
		// (invalid UTF-8 becomes U+FFFD).
		var text string
		if err := json.Unmarshal(lit, &text); err != nil {
			t.Fatal(err)
		}
		in := []byte(text)
		want, reason, index := fuzzReference(in, false)
		stale := func() fuzzRecord {
			return fuzzRecord{ID: fuzzStale, Null: sql.Null[id.ID]{V: fuzzStale}, Map: nil}
		}

		// The ID field.
		r := stale()
		err = json.Unmarshal([]byte(`{"id":`+string(lit)+`}`), &r)
		if reason != 0 {
			checkRejection(t, r.ID, err, in, reason, index)
		} else {
			checkAccepted(t, r.ID, err, in, want)
		}
		// The same string with every ASCII character escaped as \u00XX
		// takes UnmarshalJSON's other path and decodes alike.
		r = stale()
		err = json.Unmarshal([]byte(`{"id":`+escapeASCII(text)+`}`), &r)
		if reason != 0 {
			checkRejection(t, r.ID, err, in, reason, index)
		} else {
			checkAccepted(t, r.ID, err, in, want)
		}
		if r.Null != (sql.Null[id.ID]{V: fuzzStale}) || r.Map != nil {
			t.Fatalf("decoding {\"id\":…} touched other fields: %+v", r)
		}

		// sql.Null[id.ID]: V through UnmarshalText; classic encoding/json
		// stops at the error, before "Valid", json/v2's goes on and sets
		// it (TestJSONAfterAnError).
		r = stale()
		err = json.Unmarshal([]byte(`{"null":{"V":`+string(lit)+`,"Valid":true}}`), &r)
		if reason != 0 {
			checkRejection(t, r.Null.V, err, in, reason, index)
			if r.Null.Valid != jsonGoesOn {
				t.Fatalf("Valid is %v after an error in V; want %v (jsonGoesOn): %+v", r.Null.Valid, jsonGoesOn, r.Null)
			}
		} else {
			if err != nil || !r.Null.Valid || r.Null.V.As16() != want {
				t.Fatalf(`{"null":{"V":%s,"Valid":true}} decoded to %+v, %v; want V %x, Valid`, lit, r.Null, err, want)
			}
		}
		if r.ID != fuzzStale || r.Map != nil {
			t.Fatalf("decoding {\"null\":…} touched other fields: %+v", r)
		}

		// A JSON string where the sql.Null[id.ID] is: a type error, whatever
		// the string; the field keeps its value.
		r = stale()
		err = json.Unmarshal([]byte(`{"null":`+string(lit)+`}`), &r)
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) || te.Value != "string" || errors.Is(err, id.ErrInvalid) ||
			r.ID != fuzzStale || r.Null != (sql.Null[id.ID]{V: fuzzStale}) || r.Map != nil {
			t.Fatalf(`{"null":%s} decoded to %+v, %v; want an UnmarshalTypeError for "string" and the field untouched`, lit, r, err)
		}

		// A map key: the map is made first, then the key is decoded.
		r = stale()
		err = json.Unmarshal([]byte(`{"map":{`+string(lit)+`:1}}`), &r)
		if reason != 0 {
			var zero id.ID
			checkRejection(t, zero, err, in, reason, index)
			if r.Map == nil || len(r.Map) != 0 {
				t.Fatalf("map after a rejected key: %#v; want an empty map", r.Map)
			}
		} else {
			ok := err == nil && len(r.Map) == 1
			for k, n := range r.Map {
				ok = ok && k.As16() == want && n == 1
			}
			if !ok {
				t.Fatalf(`{"map":{%s:1}} decoded to %v, %v; want one entry, for %x`, lit, r.Map, err, want)
			}
		}
		if r.ID != fuzzStale || r.Null != (sql.Null[id.ID]{V: fuzzStale}) {
			t.Fatalf("decoding {\"map\":…} touched other fields: %+v", r)
		}

		// null leaves the ID and the sql.Null untouched and sets the map to nil.
		r = fuzzRecord{ID: fuzzStale, Null: sql.Null[id.ID]{V: fuzzStale, Valid: true}, Map: map[id.ID]int{fuzzStale: 1}}
		if err := json.Unmarshal([]byte(`{"id":null,"null":null,"map":null}`), &r); err != nil ||
			r.ID != fuzzStale || r.Null != (sql.Null[id.ID]{V: fuzzStale, Valid: true}) || r.Map != nil {
			t.Fatalf("decoding nulls gave %+v, %v; want ID and Null untouched, Map nil", r, err)
		}

		// A valid id round-trips through all three positions, written in
		// lowercase whatever case it was read in.
		if reason != 0 {
			return
		}
		r = stale()
		doc := `{"id":` + string(lit) + `,"null":{"V":` + string(lit) + `,"Valid":true},"map":{` + string(lit) + `:7}}`
		if err := json.Unmarshal([]byte(doc), &r); err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		canon := `"` + strings.ToLower(text) + `"`
		wantOut := `{"id":` + canon + `,"null":{"V":` + canon + `,"Valid":true},"map":{` + canon + `:7}}`
		out, err := json.Marshal(r)
		if err != nil || string(out) != wantOut {
			t.Fatalf("json.Marshal(%+v) = %s, %v; want %s", r, out, err, wantOut)
		}
		var back fuzzRecord
		if err := json.Unmarshal(out, &back); err != nil || back.ID != r.ID || back.Null != r.Null || len(back.Map) != 1 || back.Map[r.ID] != 7 {
			t.Fatalf("round trip of %s gave %+v, %v; want %+v", out, back, err, r)
		}
	})
}

// hostileInputs are inputs an attacker controls, for the error-output
// tests: huge, full of control characters and newlines, invalid UTF-8.
var hostileInputs = []struct{ name, in string }{
	{"1 MiB", strings.Repeat("0", 1<<20)},
	{"control characters and newlines", strings.Repeat("\x00\n\r\x1b[2J\t\x7f", 100)},
	{"control characters, 26 bytes", "01arz3ndek\n\x00\r\x1b\x07\b\f\v\x7f\x1f\x01\x02\x03\x04\x05\x06"},
	{"invalid UTF-8", strings.Repeat("\xff\xfe\xc3", 1000)},
	{"invalid UTF-8, 26 bytes", "01arz3ndek\xc3\x28\xa0\xa1\xe2\x28\xa1\xf0\x28\x8c\xbc\xff\xfe\xfd\x80\x81"},
	{"a rune split by the 32-byte cut", strings.Repeat("0", 31) + "é"},
	{"bidirectional override", "\u202e01arz3ndektsv4rrffq69g5"},
}

// TestErrorOutputIsBounded: whatever the input, every decoder's error
// message is one printable line of at most 120 bytes starting with "id: ",
// quoting an escaped prefix of the input (row E4), so logging it can
// neither flood a log nor forge log lines or terminal output.
func TestErrorOutputIsBounded(t *testing.T) {
	parseWant := map[string]string{
		"1 MiB":                           `id: invalid id "00000000000000000000000000000000"...: length 1048576, want 26`,
		"control characters and newlines": `id: invalid id "\x00\n\r\x1b[2J\t\x7f\x00\n\r\x1b[2J"...: length 900, want 26`,
		"control characters, 26 bytes":    `id: invalid id "01arz3ndek\n\x00\r\x1b\a\b\f\v\x7f"...: invalid character '\n' at index 10`,
		"invalid UTF-8":                   `id: invalid id "\xff\xfe\xc3\xff\xfe\xc3\xff\xfe\xc3"...: length 3000, want 26`,
		"invalid UTF-8, 26 bytes":         `id: invalid id "01arz3ndek\xc3(\xa0\xa1\xe2(\xa1\xf0("...: invalid character byte 0xc3 at index 10`,
		"a rune split by the 32-byte cut": `id: invalid id "0000000000000000"...: length 32 characters ('é' at index 31), want 26`,
		"bidirectional override":          `id: invalid id "\u202e01arz3ndektsv4rrffq69g5": invalid character '\u202e' at index 0`,
	}
	for _, tt := range hostileInputs {
		t.Run(tt.name, func(t *testing.T) {
			_, err := id.Parse(tt.in)
			if err == nil || err.Error() != parseWant[tt.name] {
				t.Errorf("Parse error:\n got %v\nwant %s", err, parseWant[tt.name])
			}
			var v id.ID
			errs := []error{err, v.UnmarshalText([]byte(tt.in)), v.Scan(tt.in), v.Scan([]byte(tt.in))}
			func() {
				defer func() { errs = append(errs, recover().(error)) }()
				id.MustParse(tt.in)
			}()
			for _, err := range errs {
				if !errors.Is(err, id.ErrInvalid) {
					t.Errorf("error %v does not wrap ErrInvalid", err)
				}
				checkMessage(t, err)
			}
		})
	}
}

// TestScanCaseMessageFitsIn120Bytes is the regression test for an input
// FuzzScan found (its seed is testdata/fuzz/FuzzScan/f06f0171052eec92): a
// stored value with an uppercase letter at index 10 and escapes after it
// made a message of 121 bytes, one more than ParseError.Error promises.
func TestScanCaseMessageFitsIn120Bytes(t *testing.T) {
	var v id.ID
	err := v.Scan([]byte("0000000000A\xbb\xf70\x1f\xdf0\x8b0\xb1000000"))
	const want = `id: invalid stored id "0000000000A\xbb\xf70\x1f\xdf0\x8b0"...: stored ids must be lowercase (KEYS-4): 'A' at index 10`
	if err == nil || err.Error() != want {
		t.Fatalf("Scan error:\n got %v\nwant %s", err, want)
	}
	checkMessage(t, err)
}

// TestParseLongInputAllocs: Parse and the other decoders do no work
// proportional to the length of a rejected input beyond the length check:
// they allocate the same for 1 KiB as for 1 MiB, one *ParseError holding
// at most 32 bytes of the input. BenchmarkParseLongInput shows the time.
func TestParseLongInputAllocs(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("allocation counts are not meaningful under -race or -short")
	}
	for _, tt := range []struct {
		name string
		fill string
	}{{"zeros", "0"}, {"newlines", "\n"}, {"invalid UTF-8", "\xff"}, {"é", "é"}} {
		kib, mib := strings.Repeat(tt.fill, 1<<10), strings.Repeat(tt.fill, 1<<20)
		// Scan's argument is boxed once, outside the measured call.
		var kibAny, mibAny, kibBytesAny, mibBytesAny any = kib, mib, []byte(kib), []byte(mib)
		kibBytes, mibBytes := []byte(kib), []byte(mib)
		var v id.ID
		for _, c := range []struct {
			call     string
			kib, mib func()
		}{
			{"Parse", func() { _, fuzzSinkErr = id.Parse(kib) }, func() { _, fuzzSinkErr = id.Parse(mib) }},
			{"UnmarshalText", func() { fuzzSinkErr = v.UnmarshalText(kibBytes) }, func() { fuzzSinkErr = v.UnmarshalText(mibBytes) }},
			{"Scan(string)", func() { fuzzSinkErr = v.Scan(kibAny) }, func() { fuzzSinkErr = v.Scan(mibAny) }},
			{"Scan([]byte)", func() { fuzzSinkErr = v.Scan(kibBytesAny) }, func() { fuzzSinkErr = v.Scan(mibBytesAny) }},
		} {
			a, b := testing.AllocsPerRun(100, c.kib), testing.AllocsPerRun(100, c.mib)
			if a != 1 || b != 1 {
				t.Errorf("%s of %s: %v allocations for 1 KiB, %v for 1 MiB; want 1 for both (the *ParseError)", c.call, tt.name, a, b)
			}
		}
	}
}

// fuzzSinkErr keeps benchmark and allocation results alive.
var fuzzSinkErr error

// BenchmarkParseLongInput: rejecting a 1 MiB input costs what rejecting a
// 1 KiB one does (compare ns/op, B/op and allocs/op of the two).
func BenchmarkParseLongInput(b *testing.B) {
	for _, bb := range []struct {
		name string
		n    int
	}{{"1KiB", 1 << 10}, {"1MiB", 1 << 20}} {
		s := strings.Repeat("0", bb.n)
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, fuzzSinkErr = id.Parse(s)
			}
		})
	}
}

// escapeASCII returns s, valid UTF-8, as a JSON string in which every
// ASCII character is a \u00XX escape and every other character is
// written as it is.
func escapeASCII(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := range len(s) {
		if s[i] < 0x80 {
			fmt.Fprintf(&b, "\\u%04x", s[i])
		} else {
			b.WriteByte(s[i])
		}
	}
	b.WriteByte('"')
	return b.String()
}

// textDecoders are the decoders of outside text, each given s as its
// format carries it. FuzzDecodersAgree holds every one to Parse.
var textDecoders = []struct {
	name   string
	decode func(v *id.ID, s string) error
}{
	{"UnmarshalText", func(v *id.ID, s string) error { return v.UnmarshalText([]byte(s)) }},
	{"UnmarshalJSON", func(v *id.ID, s string) error {
		lit, err := json.Marshal(s)
		if err != nil {
			return err
		}
		return v.UnmarshalJSON(lit)
	}},
	{"UnmarshalJSON, escaped", func(v *id.ID, s string) error {
		return v.UnmarshalJSON([]byte(escapeASCII(s)))
	}},
	{"UnmarshalYAML", func(v *id.ID, s string) error {
		return v.UnmarshalYAML(func(p any) error { *(p.(*string)) = s; return nil })
	}},
	{"json.Unmarshal", func(v *id.ID, s string) error {
		lit, err := json.Marshal(s)
		if err != nil {
			return err
		}
		return json.Unmarshal(lit, v)
	}},
	// The framework-convention decoders of bind.go.
	{"UnmarshalParam", (*id.ID).UnmarshalParam},
	{"Bind", (*id.ID).Bind},
	{"UnmarshalGQL", func(v *id.ID, s string) error { return v.UnmarshalGQL(s) }},
}

// FuzzDecodersAgree checks that every decoder of outside text agrees with
// Parse on every input, the empty one included (T2): the same ID, or
// the same error, with the receiver left as the zero ID.
func FuzzDecodersAgree(f *testing.F) {
	for _, s := range []string{"", specID, specIDLower, "00000000000000000000000000", "80000000000000000000000000",
		"01arz3ndeitsv4rrffq69g5fav", " " + specID, "null", `""`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			// JSON carries only valid UTF-8 (json.Marshal would change
			// the text); Parse and UnmarshalText are compared on every
			// input by FuzzUnmarshalText.
			return
		}
		want, werr := id.Parse(s)
		for _, d := range textDecoders {
			got := fuzzStale
			err := d.decode(&got, s)
			if got != want || (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) ||
				(err != nil && !errors.Is(err, id.ErrInvalid)) {
				t.Fatalf("%s(%q) = %#v, %v; Parse = %#v, %v", d.name, s, got, err, want, werr)
			}
		}
	})
}
