package formats

import (
	"encoding/xml"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/idkeys/id"
)

// xmlDoc has an id as an element, as an attribute and as an optional
// element (a *id.ID: encoding/xml leaves out a nil pointer).
type xmlDoc struct {
	XMLName xml.Name `xml:"doc"`
	Attr    id.ID    `xml:"ref,attr"`
	ID      id.ID    `xml:"id"`
	Parent  *id.ID   `xml:"parent,omitempty"`
	Tags    []id.ID  `xml:"tag"`
}

// TestXMLRoundTrip: encoding/xml writes and reads ids through the text
// methods, in elements and attributes; nothing is needed from us. A nil
// *id.ID is left out. A zero id.ID field is an error (id.ErrZero from
// MarshalText, which xml returns as it is), omitempty included: xml's
// omitempty never counts a struct as empty, and xml has no omitzero.
// Before empty text was refused it was written as an empty element, <parent></parent>,
// which the decoder now refuses.
func TestXMLRoundTrip(t *testing.T) {
	in := xmlDoc{Attr: b, ID: a, Tags: []id.ID{a, b}}
	out, err := xml.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `<doc ref="` + bText + `"><id>` + aText + `</id><tag>` + aText + `</tag><tag>` + bText + `</tag></doc>`
	if string(out) != want {
		t.Fatalf("xml.Marshal:\n got %s\nwant %s", out, want)
	}
	var got xmlDoc
	if err := xml.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if got.Attr != b || got.ID != a || got.Parent != nil || len(got.Tags) != 2 || got.Tags[0] != a || got.Tags[1] != b {
		t.Fatalf("xml round trip gave %+v", got)
	}
	in.Parent = &a
	if out, err = xml.Marshal(in); err != nil || !strings.Contains(string(out), "<parent>"+aText+"</parent>") {
		t.Fatalf("set parent: %s, %v", out, err)
	}

	for _, v := range []any{
		xmlDoc{Attr: b}, // a zero ID element
		xmlDoc{ID: a},   // a zero ref attribute
		struct {
			XMLName xml.Name `xml:"doc"`
			Parent  id.ID    `xml:"parent,omitempty"`
		}{},
	} {
		if out, err := xml.Marshal(v); !errors.Is(err, id.ErrZero) || out != nil {
			t.Fatalf("xml.Marshal(%+v) = %q, %v; want id.ErrZero", v, out, err)
		}
	}
}

// TestXMLNilPointerAttributePanics measures a trap of encoding/xml (Go
// 1.26): a nil *id.ID attribute without omitempty panics, because xml
// calls the value method MarshalText through the nil pointer. It does the
// same for any type whose MarshalText has a value receiver (time.Time,
// netip.Addr). Tag optional id attributes `xml:"name,attr,omitempty"`,
// which leaves a nil one out.
func TestXMLNilPointerAttributePanics(t *testing.T) {
	var r any
	func() {
		defer func() { r = recover() }()
		_, _ = xml.Marshal(struct {
			XMLName xml.Name `xml:"doc"`
			Ref     *id.ID   `xml:"ref,attr"`
		}{})
	}()
	if want := "value method github.com/idkeys/id.ID.MarshalText called using nil *ID pointer"; fmt.Sprint(r) != want {
		t.Fatalf("recovered %v, want %q", r, want)
	}
	out, err := xml.Marshal(struct {
		XMLName xml.Name `xml:"doc"`
		Ref     *id.ID   `xml:"ref,attr,omitempty"`
	}{})
	if err != nil || string(out) != "<doc></doc>" {
		t.Fatalf("omitempty: %s, %v; want <doc></doc>", out, err)
	}
}

// TestXMLBadIDIsAnError: a bad id in an element or an attribute is an
// error wrapping id.ErrInvalid; uppercase is accepted, as Parse does.
func TestXMLBadIDIsAnError(t *testing.T) {
	var d xmlDoc
	wantReason(t, xml.Unmarshal([]byte(`<doc><id>`+badText+`</id></doc>`), &d), id.ReasonCharacter)
	wantReason(t, xml.Unmarshal([]byte(`<doc ref="0123"></doc>`), &d), id.ReasonLength)
	d = xmlDoc{}
	if err := xml.Unmarshal([]byte(`<doc><id>`+aUpper+`</id></doc>`), &d); err != nil || d.ID != a {
		t.Fatalf("uppercase element: %v, %v; want %s", d.ID, err, aText)
	}
}

// TestXMLElementWithChildrenIsAnError: an id element holding child
// elements instead of text reaches UnmarshalText as the empty text (xml
// passes only the character data), and so does an empty element or
// attribute: each is a *id.ParseError with ReasonMissing, as Parse("")
// is (docs/contract.md, T2). Before, each was the zero id without an error. An absent
// element leaves the field as it was: that is "no id".
func TestXMLElementWithChildrenIsAnError(t *testing.T) {
	for _, doc := range []string{
		`<doc><id><x>` + aText + `</x></id></doc>`,
		`<doc><id></id></doc>`,
		`<doc><id/></doc>`,
		`<doc ref=""></doc>`,
		`<doc><parent></parent></doc>`,
	} {
		d := xmlDoc{ID: b}
		err := xml.Unmarshal([]byte(doc), &d)
		wantReason(t, err, id.ReasonMissing)
		if want := `id: invalid id "": length 0, want 26`; err.Error() != want {
			t.Fatalf("%s: %q, want %q", doc, err, want)
		}
	}
	// An absent element leaves the field as it was.
	d := xmlDoc{ID: b}
	if err := xml.Unmarshal([]byte(`<doc></doc>`), &d); err != nil || d.ID != b || d.Parent != nil {
		t.Fatalf("absent element: %v, %v, %v; want the field unchanged (%s) and a nil parent", d.ID, d.Parent, err, bText)
	}
}
