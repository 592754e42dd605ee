package formats

import (
	"encoding/hex"
	"errors"
	"reflect"
	"testing"

	"github.com/idkeys/id"
	"github.com/vmihailenco/msgpack/v5"
)

// msgpackRec is the struct whose encoding is kept in msgpackGolden.
type msgpackRec struct {
	ID     id.ID   `msgpack:"id"`
	Parent id.ID   `msgpack:"parent"`
	Tags   []id.ID `msgpack:"tags"`
	Ptr    *id.ID  `msgpack:"ptr"`
}

// msgpackGolden is what vmihailenco/msgpack v5.4.1 wrote before ID had
// MarshalBinary, through MarshalText: computed by running msgpack.Marshal
// on these values against commit e36878e (the last commit without
// interop.go), not derived by hand. msgpack writes a TextMarshaler's
// output as a bin value (c4 len bytes), so the bytes are the 26 canonical
// characters, which is also what MarshalBinary returns.
//
// The entries marked zero hold the zero id, which msgpack wrote then as an
// empty bin (c400). That is empty text, which every decoder now refuses
// (docs/contract.md, T2), and MarshalBinary refuses to write the zero id (id.ErrZero):
// those bytes no longer decode, and msgpack.Marshal of those values fails.
var msgpackGolden = []struct {
	name string
	v    any
	hex  string
	zero bool
}{
	{"id", a, "c41a303161727a336e64656b74737634727266667136396735666176", false},
	{"zero id", id.ID{}, "c400", true},
	{"struct", msgpackRec{ID: a, Tags: []id.ID{a, b}, Ptr: &b},
		"84a26964c41a303161727a336e64656b74737634727266667136396735666176" +
			"a6706172656e74c400" +
			"a47461677392c41a303161727a336e64656b74737634727266667136396735666176" +
			"c41a30316278357a7a6b626b61637461763977657667656d6d76727a" +
			"a3707472c41a30316278357a7a6b626b61637461763977657667656d6d76727a", true},
	{"map", map[string]id.ID{"k": a}, "81a16bc41a303161727a336e64656b74737634727266667136396735666176", false},
}

// TestMsgpackBytesWrittenBeforeStillDecode: the bytes msgpack wrote before
// MarshalBinary existed decode to the same values now, and msgpack.Marshal
// still writes exactly those bytes (msgpack now calls MarshalBinary and
// UnmarshalBinary instead of the text methods), except where they hold
// the zero id: its old form, an empty bin, is refused with ReasonMissing,
// and writing it fails with id.ErrZero. Write "no id" as msgpack nil (a
// nil *id.ID) or leave it out (omitempty): TestNoIDMsgpack.
func TestMsgpackBytesWrittenBeforeStillDecode(t *testing.T) {
	for _, g := range msgpackGolden {
		t.Run(g.name, func(t *testing.T) {
			old, _ := hex.DecodeString(g.hex)
			if g.zero {
				if p, err := msgpack.Marshal(g.v); !errors.Is(err, id.ErrZero) {
					t.Errorf("msgpack.Marshal = %x, %v; want id.ErrZero", p, err)
				}
				err := msgpack.Unmarshal(old, reflect.New(reflect.TypeOf(g.v)).Interface())
				wantReason(t, err, id.ReasonMissing)
				if want := `id: invalid stored id "": length 0, want 26`; err.Error() != want {
					t.Fatalf("decoding the old bytes: %q, want %q", err, want)
				}
				return
			}
			p, err := msgpack.Marshal(g.v)
			if err != nil {
				t.Fatal(err)
			}
			if got := hex.EncodeToString(p); got != g.hex {
				t.Errorf("msgpack.Marshal now writes\n %s\nwant (as before)\n %s", got, g.hex)
			}
			switch want := g.v.(type) {
			case id.ID:
				got := b
				if err := msgpack.Unmarshal(old, &got); err != nil || got != want {
					t.Fatalf("decoded %v, %v; want %v", got, err, want)
				}
			case map[string]id.ID:
				var got map[string]id.ID
				if err := msgpack.Unmarshal(old, &got); err != nil || len(got) != 1 || got["k"] != a {
					t.Fatalf("decoded %v, %v", got, err)
				}
			}
		})
	}
}

// TestMsgpackStrDecodes: an id written as a msgpack str (fixstr, as other
// msgpack libraries write strings) decodes too: msgpack hands the str's
// bytes to UnmarshalBinary.
func TestMsgpackStrDecodes(t *testing.T) {
	p, _ := hex.DecodeString("ba" + hex.EncodeToString([]byte(aText)))
	var got id.ID
	if err := msgpack.Unmarshal(p, &got); err != nil || got != a {
		t.Fatalf("fixstr: %v, %v", got, err)
	}
}

// TestMsgpackUppercaseIsRefused: msgpack decodes through UnmarshalBinary,
// which takes only the canonical lowercase form, as Scan does. Before
// MarshalBinary existed msgpack called UnmarshalText, which accepts any
// case: msgpack data holding an uppercase id (which this package never
// wrote, but another program might) decoded then and is refused now.
func TestMsgpackUppercaseIsRefused(t *testing.T) {
	p, err := msgpack.Marshal(aUpper)
	if err != nil {
		t.Fatal(err)
	}
	var got id.ID
	wantReason(t, msgpack.Unmarshal(p, &got), id.ReasonCase)
	p, _ = msgpack.Marshal(badText)
	wantReason(t, msgpack.Unmarshal(p, &got), id.ReasonCharacter)
}
