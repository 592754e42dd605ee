package formats

import (
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"testing"

	"github.com/go-playground/form/v4"
	"github.com/google/go-querystring/query"
	"github.com/gorilla/schema"
	"github.com/idkeys/id"
)

// order is a form with ids.
type order struct {
	Customer id.ID   `schema:"customer" form:"customer" url:"customer"`
	Items    []id.ID `schema:"items" form:"items" url:"items"`
	Coupon   *id.ID  `schema:"coupon" form:"coupon" url:"coupon"`
	Note     string  `schema:"note" form:"note" url:"note"`
}

// formValues is what a browser posts for a full order.
var formValues = url.Values{"customer": {aText}, "items": {aText, bText}, "coupon": {aUpper}, "note": {"x"}}

// TestGorillaSchemaDecoder: gorilla/schema v1.4.1 decodes id.ID and *id.ID
// through UnmarshalText with no registration (any case), and a bad id is
// a schema.MultiError holding a schema.ConversionError whose Err is ours
// (errors.Is on the MultiError does not reach id.ErrInvalid: it does not
// unwrap). A []id.ID decodes only from indexed names (items.0, items.1):
// repeated names (items=…&items=…, as a multiple select posts them) are
// the error `schema: invalid path "items"`, not a silent loss.
// RegisterConverter is not the fix: the library skips converters for
// struct types when it parses a path, and for single ids a converter only
// loses our error's detail.
func TestGorillaSchemaDecoder(t *testing.T) {
	dec := schema.NewDecoder()
	var o order
	err := dec.Decode(&o, url.Values{"customer": {aText}, "items.0": {aText}, "items.1": {bText}, "coupon": {aUpper}})
	if err != nil {
		t.Fatal(err)
	}
	if o.Customer != a || len(o.Items) != 2 || o.Items[0] != a || o.Items[1] != b || o.Coupon == nil || *o.Coupon != a {
		t.Fatalf("decoded %#v", o)
	}

	o = order{}
	err = dec.Decode(&o, formValues)
	if err == nil || err.Error() != `schema: invalid path "items"` {
		t.Fatalf("repeated items: %v", err)
	}

	err = dec.Decode(&o, url.Values{"customer": {badText}})
	var me schema.MultiError
	if !errors.As(err, &me) || len(me) != 1 || errors.Is(err, id.ErrInvalid) {
		t.Fatalf("bad customer: %v (%T)", err, err)
	}
	var ce schema.ConversionError
	if !errors.As(me["customer"], &ce) {
		t.Fatalf("bad customer: %T, want schema.ConversionError", me["customer"])
	}
	wantReason(t, ce.Err, id.ReasonCharacter)
}

// TestGorillaSchemaEmptyIsAnError: an empty value is refused, for id.ID
// and *id.ID alike, with a schema.MultiError holding a
// schema.ConversionError whose Err is our *id.ParseError (ReasonMissing),
// as Parse("") is (docs/contract.md, T2); before, it gave the zero id (a non-nil
// pointer to it for *id.ID) without an error. A form that means "no id"
// leaves the field out: the field is left as it was.
func TestGorillaSchemaEmptyIsAnError(t *testing.T) {
	for _, field := range []string{"customer", "coupon"} {
		o := order{Customer: b}
		err := schema.NewDecoder().Decode(&o, url.Values{field: {""}})
		if want := `schema: error converting value for "` + field + `". Details: id: invalid id "": length 0, want 26`; err == nil || err.Error() != want {
			t.Fatalf("%s=: %v, want %q", field, err, want)
		}
		var ce schema.ConversionError
		if !errors.As(err.(schema.MultiError)[field], &ce) {
			t.Fatalf("%s=: %#v, want a schema.ConversionError", field, err)
		}
		wantReason(t, ce.Err, id.ReasonMissing)
	}
	o := order{Customer: b}
	if err := schema.NewDecoder().Decode(&o, url.Values{"note": {"x"}}); err != nil || o.Customer != b || o.Coupon != nil {
		t.Fatalf("absent fields: %#v, %v; want them left as they were", o, err)
	}
}

// newSchemaEncoder is the recipe: gorilla/schema's encoder needs
// encodeID registered for id.ID and *id.ID, and for each typed id and its
// pointer: it looks a field's type up in its registry and, finding none
// for a typed id, walks into it and writes the embedded id.ID under that
// field's name (ID=…&ID=…).
func newSchemaEncoder(types ...any) *schema.Encoder {
	enc := schema.NewEncoder()
	for _, t := range append([]any{id.ID{}, &id.ID{}}, types...) {
		enc.RegisterEncoder(t, encodeID)
	}
	return enc
}

// encodeID writes an id.ID or typed id, or a pointer to one, as its text;
// a nil pointer as "".
func encodeID(v reflect.Value) string {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return ""
		}
		v = v.Elem()
	}
	return v.Interface().(fmt.Stringer).String()
}

// TestGorillaSchemaTypedIDs: typed ids round-trip through the encoder and
// the decoder under their own field names once each typed id type and
// its pointer are registered (newSchemaEncoder(userID{}, &userID{}, …)).
// With only id.ID registered, the encoder writes each typed id under the
// embedded field's name, ID, and the typed fields come back empty: the
// decoder finds no "user" or "team" (measured). The decoder needs nothing:
// *userID has UnmarshalText, promoted from *id.ID.
func TestGorillaSchemaTypedIDs(t *testing.T) {
	type teamID struct{ id.ID }
	type form struct {
		User   userID  `schema:"user"`
		Team   teamID  `schema:"team"`
		Parent *userID `schema:"parent,omitempty"`
		Owner  *teamID `schema:"owner,omitempty"`
		Note   string  `schema:"note"`
	}
	in := form{User: userID{a}, Team: teamID{b}, Parent: &userID{b}, Note: "x"}

	dst := url.Values{}
	if err := newSchemaEncoder().Encode(in, dst); err != nil {
		t.Fatal(err)
	}
	if got, want := dst.Encode(), "ID="+aText+"&ID="+bText+"&ID="+bText+"&note=x"; got != want {
		t.Fatalf("id.ID registered only: %s; measured %s", got, want)
	}
	var lost form
	if err := schema.NewDecoder().Decode(&lost, dst); err == nil || !lost.User.IsZero() {
		t.Fatalf("decoding ID=…: %+v, %v; measured an error and the zero id", lost, err)
	}

	dst = url.Values{}
	if err := newSchemaEncoder(userID{}, &userID{}, teamID{}, &teamID{}).Encode(in, dst); err != nil {
		t.Fatal(err)
	}
	if got, want := dst.Encode(), "note=x&parent="+bText+"&team="+bText+"&user="+aText; got != want {
		t.Fatalf("encoded\n %s\nwant\n %s", got, want)
	}
	var out form
	if err := schema.NewDecoder().Decode(&out, dst); err != nil {
		t.Fatal(err)
	}
	if out.User != in.User || out.Team != in.Team || out.Parent == nil || *out.Parent != *in.Parent || out.Owner != nil || out.Note != "x" {
		t.Fatalf("round trip: %+v, want %+v", out, in)
	}
}

// TestGorillaSchemaEncoder: without registration the encoder writes an
// id's internal machine words (hi=…&lo=…) and a nil *id.ID as "null";
// with the recipe it writes the canonical form, "<zero id>" (String) for
// the zero id and "" for a nil pointer, which the decoder refuses
// (docs/contract.md, T2): tag optional id
// fields omitempty, which leaves out a zero id (the encoder calls IsZero)
// and a nil pointer.
func TestGorillaSchemaEncoder(t *testing.T) {
	dst := url.Values{}
	if err := schema.NewEncoder().Encode(struct {
		ID id.ID `schema:"id"`
	}{a}, dst); err != nil {
		t.Fatal(err)
	}
	if _, ok := dst["hi"]; !ok || len(dst) != 2 {
		t.Fatalf("unregistered encoder wrote %v; measured hi=…&lo=…", dst)
	}

	dst = url.Values{}
	if err := newSchemaEncoder().Encode(order{Customer: a, Items: []id.ID{a, b}, Coupon: &b, Note: "x"}, dst); err != nil {
		t.Fatal(err)
	}
	if got, want := dst.Encode(), "coupon="+bText+"&customer="+aText+"&items="+aText+"&items="+bText+"&note=x"; got != want {
		t.Fatalf("encoded\n %s\nwant\n %s", got, want)
	}
	dst = url.Values{}
	if err := newSchemaEncoder().Encode(order{}, dst); err != nil {
		t.Fatal(err)
	}
	if got := dst.Encode(); got != "coupon=&customer=%3Czero+id%3E&note=" {
		t.Fatalf("zero order encoded %s", got)
	}
	err := schema.NewDecoder().Decode(&order{}, dst)
	me, _ := err.(schema.MultiError)
	for field, reason := range map[string]id.Reason{"customer": id.ReasonLength, "coupon": id.ReasonMissing} {
		var ce schema.ConversionError
		if !errors.As(me[field], &ce) {
			t.Fatalf("decoding the zero order back: %#v, want a schema.ConversionError for %s", err, field)
		}
		wantReason(t, ce.Err, reason) // "<zero id>", ""
	}

	type optional struct {
		Customer id.ID  `schema:"customer,omitempty"`
		Coupon   *id.ID `schema:"coupon,omitempty"`
		Note     string `schema:"note"`
	}
	dst = url.Values{}
	if err := newSchemaEncoder().Encode(optional{Note: "x"}, dst); err != nil || dst.Encode() != "note=x" {
		t.Fatalf("omitempty, zero ids: %s, %v; want note=x", dst.Encode(), err)
	}
	dst = url.Values{}
	if err := newSchemaEncoder().Encode(optional{Customer: a, Coupon: &b}, dst); err != nil || dst.Encode() != "coupon="+bText+"&customer="+aText+"&note=" {
		t.Fatalf("omitempty, set ids: %s, %v", dst.Encode(), err)
	}
}

// newFormDecoder is the recipe: go-playground/form needs a custom type
// function for id.ID; it then serves id.ID, []id.ID and *id.ID. It uses
// Parse, so an empty value is an error too (ReasonMissing): a form that
// means "no id" leaves the field out.
func newFormDecoder() *form.Decoder {
	dec := form.NewDecoder()
	dec.RegisterCustomTypeFunc(func(vals []string) (any, error) {
		return id.Parse(vals[0])
	}, id.ID{})
	return dec
}

// TestPlaygroundFormWithoutRegistrationLosesIDs measures why the recipe
// is needed: go-playground/form v4.2.1 does not use UnmarshalText, so
// without registration it ignores ids silently (zero id, a []id.ID of
// zero ids, a nil pointer), bad ones included, and its encoder leaves
// them out.
func TestPlaygroundFormWithoutRegistrationLosesIDs(t *testing.T) {
	var o order
	if err := form.NewDecoder().Decode(&o, formValues); err != nil {
		t.Fatal(err)
	}
	if !o.Customer.IsZero() || len(o.Items) != 2 || !o.Items[0].IsZero() || o.Coupon != nil || o.Note != "x" {
		t.Fatalf("decoded %#v; measured: ids lost", o)
	}
	if err := form.NewDecoder().Decode(&o, url.Values{"customer": {badText}}); err != nil {
		t.Fatalf("bad id: %v; measured: no error", err)
	}
	v, err := form.NewEncoder().Encode(order{Customer: a, Coupon: &b, Note: "x"})
	if err != nil || v.Encode() != "note=x" {
		t.Fatalf("encoder wrote %q, %v; measured: ids left out", v.Encode(), err)
	}
}

// TestPlaygroundFormRecipe: with RegisterCustomTypeFunc ids decode (any
// case), bad and empty ones are form.DecodeErrors holding our error; an
// absent field is left as it was. The encoder needs its own
// RegisterCustomTypeFunc.
func TestPlaygroundFormRecipe(t *testing.T) {
	dec := newFormDecoder()
	var o order
	if err := dec.Decode(&o, formValues); err != nil {
		t.Fatal(err)
	}
	if o.Customer != a || len(o.Items) != 2 || o.Items[0] != a || o.Items[1] != b || o.Coupon == nil || *o.Coupon != a {
		t.Fatalf("decoded %#v", o)
	}
	for _, c := range []struct {
		v      url.Values
		field  string
		reason id.Reason
	}{
		{url.Values{"customer": {badText}}, "customer", id.ReasonCharacter},
		{url.Values{"customer": {""}}, "customer", id.ReasonMissing},
		{url.Values{"items": {aText, badText}}, "items", id.ReasonCharacter},
		{url.Values{"coupon": {"x"}}, "coupon", id.ReasonLength},
	} {
		err := dec.Decode(&order{}, c.v)
		var de form.DecodeErrors
		if !errors.As(err, &de) || len(de) != 1 {
			t.Fatalf("%v: %v (%T), want one form.DecodeErrors entry", c.v, err, err)
		}
		if de[c.field] == nil {
			t.Fatalf("%v: errors for %v, want for %q", c.v, de, c.field)
		}
		wantReason(t, de[c.field], c.reason)
	}
	o = order{Coupon: &b}
	if err := dec.Decode(&o, url.Values{"note": {"x"}}); err != nil || !o.Customer.IsZero() || o.Coupon == nil || *o.Coupon != b {
		t.Fatalf("absent fields: %#v, %v", o, err)
	}

	enc := newFormEncoder()
	v, err := enc.Encode(order{Customer: a, Items: []id.ID{b}, Coupon: &b, Note: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.Encode(), "coupon="+bText+"&customer="+aText+"&items%5B0%5D="+bText+"&note=x"; got != want {
		t.Fatalf("encoded\n %s\nwant\n %s", got, want)
	}
	// The recipe leaves out the zero id ("no id" is absence, docs/contract.md, V2); a
	// function that returned String() would write customer=<zero id>,
	// which the decoder refuses.
	if v, err := enc.Encode(order{Note: "x"}); err != nil || v.Encode() != "note=x" {
		t.Fatalf("zero ids encoded %q, %v; want note=x", v.Encode(), err)
	}
	plain := form.NewEncoder()
	plain.RegisterCustomTypeFunc(func(x any) ([]string, error) { return []string{x.(id.ID).String()}, nil }, id.ID{})
	v, err = plain.Encode(order{Note: "x"})
	if err != nil || v.Encode() != "customer=%3Czero+id%3E&note=x" {
		t.Fatalf("String() encoder: %q, %v; want customer=%%3Czero+id%%3E&note=x", v.Encode(), err)
	}
	var de form.DecodeErrors
	if err := dec.Decode(&order{}, v); !errors.As(err, &de) {
		t.Fatalf("decoding customer=<zero id>: %v, want form.DecodeErrors", err)
	}
	wantReason(t, de["customer"], id.ReasonLength)
}

// newFormEncoder is the recipe's encoder: one custom type function for
// id.ID, which leaves out the zero id.
func newFormEncoder() *form.Encoder {
	enc := form.NewEncoder()
	enc.RegisterCustomTypeFunc(func(x any) ([]string, error) {
		if v := x.(id.ID); !v.IsZero() {
			return []string{v.String()}, nil
		}
		return nil, nil
	}, id.ID{})
	return enc
}

// TestGoQuerystringDropsIDs measures google/go-querystring v1.2.0: it
// encodes a struct field by walking its exported fields, and id.ID has
// none, so id.ID and *id.ID fields are dropped without an error; a
// []id.ID is written through fmt (String). It has no registration, only
// its own EncodeValues interface, which we do not implement (a method
// named after one library): put id.String() in a string field, or build
// url.Values by hand.
func TestGoQuerystringDropsIDs(t *testing.T) {
	v, err := query.Values(order{Customer: a, Items: []id.ID{a, b}, Coupon: &b, Note: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.Encode(), "items="+aText+"&items="+bText+"&note=x"; got != want {
		t.Fatalf("query.Values:\n got %s\nwant %s (measured: id fields dropped)", got, want)
	}
	// The workaround.
	v, err = query.Values(struct {
		Customer string `url:"customer"`
	}{a.String()})
	if err != nil || v.Encode() != "customer="+aText {
		t.Fatalf("string field: %s, %v", v.Encode(), err)
	}
}

// TestTypedIDRecipes: what a typed id needs in the recipes of
// docs/works-with-formats.md that name id.ID. go-playground/form: its own
// decoder function, returning the typed id (id.ParseAs), and the encoder
// function registered for the type too; without its own decoder
// function a []userID silently gets its first value in every element.
// viper: nothing more, the hook finds UnmarshalText on *userID.
func TestTypedIDRecipes(t *testing.T) {
	type teamForm struct {
		Owner   userID   `form:"owner"`
		Members []userID `form:"members"`
		Parent  *userID  `form:"parent"`
	}
	vals := url.Values{"owner": {aUpper}, "members": {aText, bText}, "parent": {bText}}

	// With id.ID's function only, form walks into each typed id and
	// decodes its embedded id.ID under the field's own name, except in a
	// slice: every element gets the first value (measured).
	var lost teamForm
	if err := newFormDecoder().Decode(&lost, vals); err != nil || lost.Owner.ID != a || lost.Parent == nil || lost.Parent.ID != b ||
		len(lost.Members) != 2 || lost.Members[0].ID != a || lost.Members[1].ID != a {
		t.Fatalf("id.ID's function only: %+v, %v; measured members [a a]", lost, err)
	}

	dec := newFormDecoder()
	dec.RegisterCustomTypeFunc(func(vals []string) (any, error) { return id.ParseAs[userID](vals[0]) }, userID{})
	var got teamForm
	if err := dec.Decode(&got, vals); err != nil {
		t.Fatal(err)
	}
	if got.Owner.ID != a || len(got.Members) != 2 || got.Members[1].ID != b || got.Parent == nil || got.Parent.ID != b {
		t.Fatalf("decoded %+v", got)
	}
	var de form.DecodeErrors
	if err := dec.Decode(&teamForm{}, url.Values{"owner": {badText}}); !errors.As(err, &de) {
		t.Fatalf("bad owner: %v, want form.DecodeErrors", err)
	}
	wantReason(t, de["owner"], id.ReasonCharacter)

	enc := form.NewEncoder()
	enc.RegisterCustomTypeFunc(func(x any) ([]string, error) {
		if v := x.(userID); !v.IsZero() {
			return []string{v.String()}, nil
		}
		return nil, nil
	}, userID{})
	v, err := enc.Encode(teamForm{Owner: userID{ID: a}, Parent: &userID{ID: b}})
	if err != nil || v.Encode() != "owner="+aText+"&parent="+bText {
		t.Fatalf("encoded %q, %v", v.Encode(), err)
	}

	var c struct {
		Tenant userID   `mapstructure:"tenant"`
		Admins []userID `mapstructure:"admins"`
	}
	if err := newViper(t, "tenant: "+aUpper+"\nadmins: ["+aText+", "+bText+"]\n").Unmarshal(&c, idHook); err != nil {
		t.Fatal(err)
	}
	if c.Tenant.ID != a || len(c.Admins) != 2 || c.Admins[1].ID != b {
		t.Fatalf("viper: %+v", c)
	}
}
