package formats

import (
	"bytes"
	"encoding/gob"
	"testing"

	"github.com/idkeys/id"
)

// session is what a session store keeps: a struct with ids.
type session struct {
	User   id.ID
	Parent id.ID
	Seen   []id.ID
	Ptr    *id.ID
}

func init() {
	// Session stores (gorilla/sessions, scs) gob-encode a map[string]any,
	// so every concrete type stored in it must be registered.
	gob.Register(id.ID{})
}

// gobRoundTrip encodes in with gob and decodes the bytes into out.
func gobRoundTrip(t *testing.T, in, out any) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		t.Fatalf("gob encode: %v", err)
	}
	p := bytes.Clone(buf.Bytes())
	if err := gob.NewDecoder(&buf).Decode(out); err != nil {
		t.Fatalf("gob decode: %v", err)
	}
	return p
}

// TestGobStruct: gob encodes an id through MarshalBinary, as its 26
// canonical characters, and decodes it through UnmarshalBinary. Before
// MarshalBinary existed gob refused the type ("gob: type id.ID has no
// exported fields").
func TestGobStruct(t *testing.T) {
	in := session{User: a, Seen: []id.ID{a, b}, Ptr: &b}
	var out session
	p := gobRoundTrip(t, in, &out)
	if out.User != a || !out.Parent.IsZero() || len(out.Seen) != 2 || out.Seen[0] != a || out.Seen[1] != b || out.Ptr == nil || *out.Ptr != b {
		t.Fatalf("gob round trip gave %#v", out)
	}
	if n := bytes.Count(p, []byte(aText)); n != 2 {
		t.Fatalf("gob payload holds %q %d times, want 2 (User, Seen[0]): %q", aText, n, p)
	}
}

// TestGobZeroFieldIsNotSent measures gob's rule for zero values, which
// holds for ids as for ints: a zero field is not sent, so decoding into a
// struct that already holds an id leaves that id in place. Decode into a
// fresh value.
func TestGobZeroFieldIsNotSent(t *testing.T) {
	out := session{User: b}
	gobRoundTrip(t, session{Seen: []id.ID{a}}, &out)
	if out.User != b {
		t.Fatalf("User = %v, want %v left in place (gob skips zero fields)", out.User, b)
	}
}

// TestGobSessionMap: a map[string]any holding ids, after gob.Register, as
// session stores keep them.
func TestGobSessionMap(t *testing.T) {
	in := map[string]any{"user": a, "n": 3}
	var out map[string]any
	gobRoundTrip(t, in, &out)
	if got, ok := out["user"].(id.ID); !ok || got != a || out["n"] != 3 {
		t.Fatalf("gob map round trip gave %#v", out)
	}
}

// TestGobTamperedPayloadIsRefused: a payload whose id was changed into
// something that is not a canonical id fails to decode with our error, and
// errors.Is reaches id.ErrInvalid through gob.
func TestGobTamperedPayloadIsRefused(t *testing.T) {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(map[string]any{"user": a}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, repl string
		reason     id.Reason
	}{
		{"invalid character", badText, id.ReasonCharacter},
		{"uppercase", aUpper, id.ReasonCase},
		{"first character above 7", "8" + aText[1:], id.ReasonRange},
		{"zero id", "00000000000000000000000000", id.ReasonZero},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := bytes.Replace(buf.Bytes(), []byte(aText), []byte(c.repl), 1)
			var out map[string]any
			err := gob.NewDecoder(bytes.NewReader(p)).Decode(&out)
			wantReason(t, err, c.reason)
		})
	}
	// A shorter id: the length byte in front of it is fixed up too, so
	// the payload stays well-formed gob.
	i := bytes.Index(buf.Bytes(), []byte(aText))
	if i < 1 {
		t.Fatalf("payload does not hold %q: %q", aText, buf.Bytes())
	}
	p := bytes.Clone(buf.Bytes())
	if p[i-1] != 26 {
		t.Fatalf("byte before the id is %d, want its length 26", p[i-1])
	}
	p[i-1] = 25
	p = append(p[:i+25], p[i+26:]...)
	// The enclosing lengths count the removed byte: fix up every length
	// before the id that counts to the end of the message.
	for j := 0; j < i-1; j++ {
		if int(p[j]) == len(p)-j {
			p[j]--
		}
	}
	var out map[string]any
	wantReason(t, gob.NewDecoder(bytes.NewReader(p)).Decode(&out), id.ReasonLength)
}
