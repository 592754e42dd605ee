package formats

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"encoding/xml"
	"errors"
	"testing"

	burntsushi "github.com/BurntSushi/toml"
	"github.com/fxamacker/cbor/v2"
	goccy "github.com/goccy/go-yaml"
	"github.com/idkeys/id"
	gotoml "github.com/pelletier/go-toml/v2"
	"github.com/vmihailenco/msgpack/v5"
	"go.mongodb.org/mongo-driver/v2/bson"
	yamlin "go.yaml.in/yaml/v3"
	yamlv3 "gopkg.in/yaml.v3"
	sigsyaml "sigs.k8s.io/yaml"
)

// userID is a typed id as docs/typed-ids.md declares one: one line, every
// method of id.ID promoted.
type userID struct{ id.ID }

// typedDoc is a document with ids of type T in every position the format
// tests use: a field, a pointer, a slice and map keys.
type typedDoc[T comparable] struct {
	ID   T         `json:"id" yaml:"id" bson:"id" msgpack:"id" cbor:"id" toml:"id" xml:"id"`
	Ptr  *T        `json:"ptr,omitempty" yaml:"ptr,omitempty" bson:"ptr,omitempty" msgpack:"ptr,omitempty" cbor:"ptr,omitempty" toml:"ptr,omitempty" xml:"ptr,omitempty"`
	Tags []T       `json:"tags" yaml:"tags" bson:"tags" msgpack:"tags" cbor:"tags" toml:"tags" xml:"tag"`
	Refs map[T]int `json:"refs,omitempty" yaml:"refs,omitempty" bson:"refs,omitempty" msgpack:"refs,omitempty" cbor:"refs,omitempty" toml:"refs,omitempty" xml:"-"`
}

// typedCodec is one encoding library: how to write a value and read it
// back.
type typedCodec struct {
	name      string
	marshal   func(any) ([]byte, error)
	unmarshal func([]byte, any) error
	// sameBytes: the bytes of a typed id's document equal those of the
	// id.ID document, map entries aside (gob writes Go type names, so its
	// bytes differ).
	sameBytes bool
	// maps: the library writes map[id.ID]int (through the text methods).
	maps bool
}

var typedCodecs = []typedCodec{
	{"encoding/json", json.Marshal, json.Unmarshal, true, true},
	{"encoding/gob", gobMarshal, gobUnmarshal, false, true},
	{"encoding/xml", xml.Marshal, xml.Unmarshal, true, false},
	{"bson (mongo-driver v2)", bson.Marshal, bson.Unmarshal, true, false},
	{"gopkg.in/yaml.v3", yamlv3.Marshal, yamlv3.Unmarshal, true, true},
	{"go.yaml.in/yaml/v3", yamlin.Marshal, yamlin.Unmarshal, true, true},
	{"goccy/go-yaml", goccy.Marshal, func(b []byte, v any) error { return goccy.Unmarshal(b, v) }, true, true},
	{"sigs.k8s.io/yaml", sigsyaml.Marshal, func(b []byte, v any) error { return sigsyaml.Unmarshal(b, v) }, true, true},
	{"msgpack v5", msgpack.Marshal, msgpack.Unmarshal, true, true},
	{"cbor v2", cbor.Marshal, cbor.Unmarshal, true, true},
	{"BurntSushi/toml", tomlMarshal, func(b []byte, v any) error { return burntsushi.Unmarshal(b, v) }, true, false},
	{"pelletier/go-toml v2", gotoml.Marshal, gotoml.Unmarshal, true, true},
}

func gobMarshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	err := gob.NewEncoder(&buf).Encode(v)
	return buf.Bytes(), err
}

func gobUnmarshal(b []byte, v any) error { return gob.NewDecoder(bytes.NewReader(b)).Decode(v) }

func tomlMarshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	err := burntsushi.NewEncoder(&buf).Encode(v)
	return buf.Bytes(), err
}

// toTyped returns d with its ids as userIDs.
func toTyped(d typedDoc[id.ID]) typedDoc[userID] {
	out := typedDoc[userID]{ID: userID{d.ID}}
	if d.Ptr != nil {
		out.Ptr = &userID{*d.Ptr}
	}
	for _, v := range d.Tags {
		out.Tags = append(out.Tags, userID{v})
	}
	if d.Refs != nil {
		out.Refs = map[userID]int{}
		for k, n := range d.Refs {
			out.Refs[userID{k}] = n
		}
	}
	return out
}

// fromTyped returns d with its ids as id.IDs.
func fromTyped(d typedDoc[userID]) typedDoc[id.ID] {
	out := typedDoc[id.ID]{ID: d.ID.ID}
	if d.Ptr != nil {
		out.Ptr = &d.Ptr.ID
	}
	for _, v := range d.Tags {
		out.Tags = append(out.Tags, v.ID)
	}
	if d.Refs != nil {
		out.Refs = map[id.ID]int{}
		for k, n := range d.Refs {
			out.Refs[k.ID] = n
		}
	}
	return out
}

// same reports whether two documents hold the same ids.
func same(x, y typedDoc[id.ID]) bool {
	if x.ID != y.ID || (x.Ptr == nil) != (y.Ptr == nil) || (x.Ptr != nil && *x.Ptr != *y.Ptr) || len(x.Tags) != len(y.Tags) || len(x.Refs) != len(y.Refs) {
		return false
	}
	for i := range x.Tags {
		if x.Tags[i] != y.Tags[i] {
			return false
		}
	}
	for k, n := range x.Refs {
		if m, ok := y.Refs[k]; !ok || m != n {
			return false
		}
	}
	return true
}

// TestTypedIDFormats runs every encoding library of this module over a
// document of id.ID and the same document of a typed id (struct{ id.ID }):
// each library writes the same bytes for both (gob: the same values back),
// reads the id.ID document's bytes into the typed document as the same
// ids, refuses the zero id in both with id.ErrZero, and refuses a
// non-canonical id in both with an error wrapping id.ErrInvalid. What
// each library does with id.ID is the subject of this module's other
// tests; this one shows that a typed id gets exactly that.
func TestTypedIDFormats(t *testing.T) {
	good := typedDoc[id.ID]{ID: a, Ptr: &b, Tags: []id.ID{a, b}}
	for _, c := range typedCodecs {
		t.Run(c.name, func(t *testing.T) {
			doc := good
			if c.maps {
				doc.Refs = map[id.ID]int{a: 1, b: 2}
			}
			plain, err := c.marshal(doc)
			if err != nil {
				t.Fatalf("id.ID document: %v", err)
			}
			if c.name != "encoding/gob" && c.name != "msgpack v5" && c.name != "cbor v2" && !bytes.Contains(plain, []byte(aText)) {
				t.Fatalf("id.ID document %q does not hold %s", plain, aText)
			}
			typed, err := c.marshal(toTyped(doc))
			if err != nil {
				t.Fatalf("typed document: %v", err)
			}
			// The same bytes, compared without the map (some libraries
			// write map entries in random order).
			noMap := doc
			noMap.Refs = nil
			p1, err1 := c.marshal(noMap)
			t1, err2 := c.marshal(toTyped(noMap))
			if err1 != nil || err2 != nil || (c.sameBytes && !bytes.Equal(p1, t1)) {
				t.Fatalf("typed document:\n%q (%v)\nid.ID document:\n%q (%v)", t1, err2, p1, err1)
			}
			for name, in := range map[string][]byte{"id.ID's bytes": plain, "the typed bytes": typed} {
				var back typedDoc[userID]
				if err := c.unmarshal(in, &back); err != nil {
					t.Fatalf("reading %s into the typed document: %v", name, err)
				}
				if got := fromTyped(back); !same(got, doc) {
					t.Fatalf("reading %s into the typed document gave %+v, want %+v", name, got, doc)
				}
			}

			// The zero id is refused alike, where the library refuses it
			// for id.ID (a format without null refuses it with ErrZero).
			zero := typedDoc[id.ID]{Tags: []id.ID{a}}
			_, errPlain := c.marshal(zero)
			_, errTyped := c.marshal(toTyped(zero))
			if errors.Is(errPlain, id.ErrZero) != errors.Is(errTyped, id.ErrZero) || (errPlain == nil) != (errTyped == nil) {
				t.Fatalf("zero id: id.ID document gives %v, typed document %v", errPlain, errTyped)
			}

			// A non-canonical id in the input: the typed document fails
			// when the id.ID document fails, with an error wrapping
			// id.ErrInvalid, and reads the same id otherwise (the text
			// decoders accept uppercase; the stored-value ones do not).
			for _, bad := range []string{aUpper, badText} {
				in := bytes.ReplaceAll(plain, []byte(bText), []byte(bad))
				if bytes.Equal(in, plain) {
					continue // binary formats: the text is not there to replace
				}
				var p typedDoc[id.ID]
				var q typedDoc[userID]
				errPlain, errTyped := c.unmarshal(in, &p), c.unmarshal(in, &q)
				if (errPlain == nil) != (errTyped == nil) || errors.Is(errPlain, id.ErrInvalid) != errors.Is(errTyped, id.ErrInvalid) {
					t.Fatalf("%s in the input: id.ID document gives %v, typed document %v", bad, errPlain, errTyped)
				}
				if errPlain == nil && !same(p, fromTyped(q)) {
					t.Fatalf("%s in the input: id.ID document reads %+v, typed document %+v", bad, p, fromTyped(q))
				}
				if bad == badText && errPlain == nil {
					t.Fatalf("%s in the input was accepted", bad)
				}
			}
		})
	}
}
