package formats

import (
	"errors"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"go.mongodb.org/mongo-driver/v2/bson"
)

// bsonDoc is a MongoDB document with ids.
type bsonDoc struct {
	ID     id.ID   `bson:"_id"`
	Tags   []id.ID `bson:"tags"`
	Ptr    *id.ID  `bson:"ptr"`
	Parent id.ID   `bson:"parent,omitempty"`
}

// TestBSONRoundTrip: the MongoDB Go driver v2 writes an id as a BSON
// string holding its canonical form (MarshalBSONValue) and reads it back
// (UnmarshalBSONValue); a nil *id.ID is BSON null and reads back as nil;
// omitempty leaves out a zero id (the driver calls IsZero). No server is
// needed: bson.Marshal and bson.Unmarshal are what the driver runs.
func TestBSONRoundTrip(t *testing.T) {
	p, err := bson.Marshal(bsonDoc{ID: a, Tags: []id.ID{a, b}})
	if err != nil {
		t.Fatal(err)
	}
	raw := bson.Raw(p)
	if got := raw.String(); got != `{"_id": "`+aText+`","tags": ["`+aText+`","`+bText+`"],"ptr": null}` {
		t.Fatalf("document: %s", got)
	}
	if v := raw.Lookup("_id"); v.Type != bson.TypeString || v.StringValue() != aText {
		t.Fatalf("_id is %v %s, want the string %q", v.Type, v, aText)
	}
	var out bsonDoc
	out.Ptr = &b
	if err := bson.Unmarshal(p, &out); err != nil {
		t.Fatal(err)
	}
	if out.ID != a || len(out.Tags) != 2 || out.Tags[0] != a || out.Tags[1] != b || out.Ptr != nil || !out.Parent.IsZero() {
		t.Fatalf("round trip gave %#v", out)
	}

	p, err = bson.Marshal(bsonDoc{ID: a, Ptr: &b, Parent: b})
	if err != nil {
		t.Fatal(err)
	}
	out = bsonDoc{}
	if err := bson.Unmarshal(p, &out); err != nil {
		t.Fatal(err)
	}
	if out.Ptr == nil || *out.Ptr != b || out.Parent != b {
		t.Fatalf("round trip of set pointer and parent gave %#v", out)
	}
}

// TestBSONZeroIDIsRefused: writing the zero id fails with id.ErrZero, as
// Value does, at the top level, in a slice and in a map; before
// MarshalBSONValue existed the driver wrote {} and read back the zero id.
func TestBSONZeroIDIsRefused(t *testing.T) {
	for _, v := range []any{
		bsonDoc{Tags: []id.ID{a}},
		bsonDoc{ID: a, Tags: []id.ID{a, {}}},
		bson.M{"owner": id.ID{}},
	} {
		_, err := bson.Marshal(v)
		if !errors.Is(err, id.ErrZero) {
			t.Fatalf("bson.Marshal(%#v): %v, want id.ErrZero", v, err)
		}
	}
}

// bsonOf returns a one-field document {k: v} built with the driver.
func bsonOf(t *testing.T, v any) []byte {
	t.Helper()
	p, err := bson.Marshal(bson.D{{Key: "_id", Value: v}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBSONReadRefusesNonCanonical: reading is strict as Scan is: BSON null
// is id.ErrNull, an uppercase or otherwise non-canonical string is a
// *id.ParseError, any other BSON type is an error naming it; every error
// wraps id.ErrInvalid, also through the driver's own error.
func TestBSONReadRefusesNonCanonical(t *testing.T) {
	t.Run("null", func(t *testing.T) {
		var out bsonDoc
		err := bson.Unmarshal(bsonOf(t, nil), &out)
		if !errors.Is(err, id.ErrNull) {
			t.Fatalf("null: %v, want id.ErrNull", err)
		}
		wantInvalid(t, err)
	})
	for _, c := range []struct {
		name   string
		v      string
		reason id.Reason
	}{
		{"uppercase", aUpper, id.ReasonCase},
		{"empty", "", id.ReasonMissing},
		{"invalid character", badText, id.ReasonCharacter},
		{"zero id", "00000000000000000000000000", id.ReasonZero},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bsonDoc
			wantReason(t, bson.Unmarshal(bsonOf(t, c.v), &out), c.reason)
		})
	}
	for _, c := range []struct {
		v    any
		name string
	}{
		{int32(7), "int32"},
		{int64(7), "int64"},
		{bson.D{{Key: "a", Value: 1}}, "embedded document"},
		{bson.A{aText}, "array"},
		{bson.Binary{Data: []byte(aText)}, "binary"},
		{bson.NewObjectID(), "ObjectId"},
		{true, "boolean"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bsonDoc
			err := bson.Unmarshal(bsonOf(t, c.v), &out)
			wantInvalid(t, err)
			if want := "id: cannot read BSON " + c.name + " into id.ID"; !strings.Contains(err.Error(), want) {
				t.Fatalf("error %q does not contain %q", err, want)
			}
		})
	}
}
