package formats

// Each test here takes convention methods away and shows what the real
// library does then: a method is kept on id.ID only if its test shows a
// library that does not work with plain tags without it. textOnly, a
// defined type holding an id.ID with the text and JSON methods forwarded,
// stands for "id.ID without the BSON, YAML and binary methods" (a struct
// embedding id.ID cannot hide a promoted method).

import (
	"bytes"
	"database/sql/driver"
	"encoding/gob"
	"errors"
	"testing"

	"github.com/fxamacker/cbor/v2"
	validation "github.com/go-ozzo/ozzo-validation/v4"
	"github.com/idkeys/id"
	"go.mongodb.org/mongo-driver/v2/bson"
	yamlv3 "gopkg.in/yaml.v3"
)

type textOnly struct{ v id.ID }

func (t textOnly) MarshalText() ([]byte, error)  { return t.v.MarshalText() }
func (t *textOnly) UnmarshalText(b []byte) error { return t.v.UnmarshalText(b) }
func (t textOnly) MarshalJSON() ([]byte, error)  { return t.v.MarshalJSON() }
func (t *textOnly) UnmarshalJSON(b []byte) error { return t.v.UnmarshalJSON(b) }
func (t textOnly) String() string                { return t.v.String() }
func (t textOnly) IsZero() bool                  { return t.v.IsZero() }

// TestBSONNeedsValueMethods: the MongoDB Go driver v2.10.0 does not use
// the text methods. Without MarshalBSONValue an id is written as an empty
// document, without an error; without UnmarshalBSONValue a BSON string
// cannot be read into it.
func TestBSONNeedsValueMethods(t *testing.T) {
	p, err := bson.Marshal(struct {
		ID textOnly `bson:"_id"`
	}{textOnly{a}})
	if err != nil {
		t.Fatal(err)
	}
	if got := bson.Raw(p).String(); got != `{"_id": {}}` {
		t.Fatalf("without MarshalBSONValue: document %s, want {\"_id\": {}}", got)
	}

	p, err = bson.Marshal(struct {
		ID id.ID `bson:"_id"`
	}{a})
	if got := bson.Raw(p).String(); err != nil || got != `{"_id": "`+aText+`"}` {
		t.Fatalf("with MarshalBSONValue: document %s, %v; want the string %s", got, err, aText)
	}
	var back struct {
		ID textOnly `bson:"_id"`
	}
	err = bson.Unmarshal(p, &back)
	if want := "error decoding key _id: cannot decode string into a formats.textOnly"; err == nil || err.Error() != want {
		t.Fatalf("without UnmarshalBSONValue: err = %v, want %q", err, want)
	}
}

// TestYAMLNeedsYAMLMethods: gopkg.in/yaml.v3 v3.0.1 uses the text methods
// for scalars only. Without UnmarshalYAML a mapping given for an id is
// skipped without an error, leaving the field as it was; without
// MarshalYAML the zero id fails to write (MarshalText's ErrZero) instead
// of being written as null.
func TestYAMLNeedsYAMLMethods(t *testing.T) {
	const doc = "id: {x: 1}\n"
	without := struct {
		ID textOnly `yaml:"id"`
	}{textOnly{a}}
	if err := yamlv3.Unmarshal([]byte(doc), &without); err != nil || without.ID.v != a {
		t.Fatalf("without UnmarshalYAML: %v, %v; want the field unchanged and no error", without.ID, err)
	}
	var with struct {
		ID id.ID `yaml:"id"`
	}
	if err := yamlv3.Unmarshal([]byte(doc), &with); !errors.Is(err, id.ErrInvalid) {
		t.Fatalf("with UnmarshalYAML: err = %v, want id.ErrInvalid", err)
	}

	_, err := yamlv3.Marshal(struct {
		ID textOnly `yaml:"id"`
	}{})
	if !errors.Is(err, id.ErrZero) {
		t.Fatalf("without MarshalYAML: err = %v, want id.ErrZero", err)
	}
	out, err := yamlv3.Marshal(struct {
		ID id.ID `yaml:"id"`
	}{})
	if err != nil || string(out) != "id: null\n" {
		t.Fatalf("with MarshalYAML: %q, %v; want %q", out, err, "id: null\n")
	}
}

// TestBinaryNeedsBinaryMethods: encoding/gob does not use the text
// methods (that branch is disabled in encoding/gob), and refuses a struct
// with no exported fields; fxamacker/cbor v2.10.0 writes it as an empty
// map. With MarshalBinary both write the canonical text.
func TestBinaryNeedsBinaryMethods(t *testing.T) {
	err := gob.NewEncoder(new(bytes.Buffer)).Encode(struct{ ID textOnly }{textOnly{a}})
	if want := "gob: type formats.textOnly has no exported fields"; err == nil || err.Error() != want {
		t.Fatalf("gob without MarshalBinary: err = %v, want %q", err, want)
	}
	if err := gob.NewEncoder(new(bytes.Buffer)).Encode(struct{ ID id.ID }{a}); err != nil {
		t.Fatalf("gob with MarshalBinary: %v", err)
	}

	p, err := cbor.Marshal(textOnly{a})
	if err != nil || !bytes.Equal(p, []byte{0xa0}) {
		t.Fatalf("cbor without MarshalBinary: % x, %v; want a0 (an empty map)", p, err)
	}
	p, err = cbor.Marshal(a)
	if err != nil || !bytes.Contains(p, []byte(aText)) {
		t.Fatalf("cbor with MarshalBinary: % x, %v; want the text %s", p, err, aText)
	}
}

// valueOnly stands for "id.ID without Validate": the database methods and
// IsZero forwarded, nothing else.
type valueOnly struct{ v id.ID }

func (o valueOnly) Value() (driver.Value, error) { return o.v.Value() }
func (o valueOnly) IsZero() bool                 { return o.v.IsZero() }

// TestOzzoNeedsValidate: ozzo-validation v4.3.0's NilOrNotEmpty calls
// Value first and takes its error (ErrZero for the zero id) for a nil
// value, so without Validate a pointer to the zero id passes; with it
// (id.ID), it is refused.
func TestOzzoNeedsValidate(t *testing.T) {
	if err := validation.Validate(&valueOnly{}, validation.NilOrNotEmpty); err != nil {
		t.Fatalf("without Validate: NilOrNotEmpty(&zero) = %v; measured: it passes", err)
	}
	if err := validation.Validate(&id.ID{}, validation.NilOrNotEmpty); !errors.Is(err, id.ErrInvalid) || err.Error() != "id: no id given (the zero id)" {
		t.Fatalf("id.ID: NilOrNotEmpty(&zero) = %v, want Validate's error, wrapping id.ErrInvalid", err)
	}
}
