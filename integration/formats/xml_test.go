package formats

import (
	"encoding/xml"
	"testing"

	"github.com/idkeys/id"
)

// xmlDoc has an id as an element, as an attribute and as an optional
// element.
type xmlDoc struct {
	XMLName xml.Name `xml:"doc"`
	Attr    id.ID    `xml:"ref,attr"`
	ID      id.ID    `xml:"id"`
	Parent  id.ID    `xml:"parent,omitempty"`
	Tags    []id.ID  `xml:"tag"`
}

// TestXMLRoundTrip: encoding/xml writes and reads ids through the text
// methods, in elements and attributes; nothing is needed from us.
func TestXMLRoundTrip(t *testing.T) {
	in := xmlDoc{Attr: b, ID: a, Tags: []id.ID{a, b}}
	out, err := xml.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `<doc ref="` + bText + `"><id>` + aText + `</id><parent></parent><tag>` + aText + `</tag><tag>` + bText + `</tag></doc>`
	if string(out) != want {
		t.Fatalf("xml.Marshal:\n got %s\nwant %s", out, want)
	}
	var got xmlDoc
	if err := xml.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if got.Attr != b || got.ID != a || !got.Parent.IsZero() || len(got.Tags) != 2 || got.Tags[0] != a || got.Tags[1] != b {
		t.Fatalf("xml round trip gave %+v", got)
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

// TestXMLElementWithChildrenIsZero measures a trap of encoding/xml: an id
// element holding child elements instead of text reaches UnmarshalText as
// the empty text (xml passes only the character data), so it decodes to
// the zero id without an error. An empty element does the same. Check
// IsZero after decoding a required id.
func TestXMLElementWithChildrenIsZero(t *testing.T) {
	for _, doc := range []string{
		`<doc><id><x>` + aText + `</x></id></doc>`,
		`<doc><id></id></doc>`,
		`<doc><id/></doc>`,
	} {
		d := xmlDoc{ID: b}
		if err := xml.Unmarshal([]byte(doc), &d); err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		if !d.ID.IsZero() {
			t.Fatalf("%s: id %v, want the zero id (measured behaviour of encoding/xml)", doc, d.ID)
		}
	}
	// An absent element leaves the field as it was.
	d := xmlDoc{ID: b}
	if err := xml.Unmarshal([]byte(`<doc></doc>`), &d); err != nil || d.ID != b {
		t.Fatalf("absent element: %v, %v; want the field unchanged (%s)", d.ID, err, bText)
	}
}
