package id_test

import (
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/idkeys/id"
)

// TestEmbeddingIDInAModel shows what docs/typed-ids.md and the doc of ID say
// about embedding id.ID in a struct with other fields: every method of
// ID is promoted, so the model is its id to every library that looks for
// one of them. json.Marshal writes the model as its id alone, json.Unmarshal
// refuses the model's own object, database/sql binds the model as its id
// and fmt prints it as its id. The named field, ID id.ID, has none of
// that: the model is an ordinary struct.
func TestEmbeddingIDInAModel(t *testing.T) {
	const text = "01arz3ndektsv4rrffq69g5fav"
	v := id.MustParse(text)

	type embedded struct {
		id.ID
		Name string
	}
	e := embedded{v, "alice"}
	if b, err := json.Marshal(e); err != nil || string(b) != `"`+text+`"` {
		t.Errorf("json.Marshal(embedded) = %s, %v; want the id alone, Name dropped", b, err)
	}
	if err := json.Unmarshal([]byte(`{"ID":"`+text+`","Name":"bob"}`), &e); !errors.Is(err, id.ErrInvalid) {
		t.Errorf("json.Unmarshal(object, &embedded) = %v; want id.ErrInvalid (the model decodes as an id)", err)
	}
	if arg, err := driver.DefaultParameterConverter.ConvertValue(embedded{v, "alice"}); err != nil || arg != text {
		t.Errorf("database/sql argument of embedded = %#v, %v; want the id's text", arg, err)
	}
	if s := fmt.Sprint(embedded{v, "alice"}); s != text {
		t.Errorf("fmt.Sprint(embedded) = %q; want the id's text", s)
	}
	// The methods request binders, gqlgen, YAML, BSON and gob look for are
	// promoted too, so each of them decodes a value into the model as an id.
	var p any = &e
	for name, ok := range map[string]bool{
		"UnmarshalParam (gin, echo)":      implements[interface{ UnmarshalParam(string) error }](p),
		"Bind (oapi-codegen)":             implements[interface{ Bind(string) error }](p),
		"UnmarshalGQL (gqlgen)":           implements[interface{ UnmarshalGQL(any) error }](p),
		"UnmarshalYAML (YAML)":            implements[interface{ UnmarshalYAML(func(any) error) error }](p),
		"UnmarshalBSONValue (MongoDB)":    implements[interface{ UnmarshalBSONValue(byte, []byte) error }](p),
		"UnmarshalBinary (gob, go-redis)": implements[interface{ UnmarshalBinary([]byte) error }](p),
	} {
		if !ok {
			t.Errorf("*embedded has no %s", name)
		}
	}

	type named struct {
		ID   id.ID
		Name string
	}
	n := named{v, "alice"}
	b, err := json.Marshal(n)
	if want := `{"ID":"` + text + `","Name":"alice"}`; err != nil || string(b) != want {
		t.Errorf("json.Marshal(named) = %s, %v; want %s", b, err, want)
	}
	var back named
	if err := json.Unmarshal(b, &back); err != nil || back != n {
		t.Errorf("json.Unmarshal(named) = %+v, %v; want %+v", back, err, n)
	}
	if _, ok := any(n).(driver.Valuer); ok {
		t.Error("named is a driver.Valuer; want an ordinary struct")
	}
	if _, err := driver.DefaultParameterConverter.ConvertValue(n); err == nil {
		t.Error("database/sql took the named-field model as an argument; want its refusal")
	}
}

// implements reports whether v implements I.
func implements[I any](v any) bool {
	_, ok := v.(I)
	return ok
}
