package formats

// The tests of the table "No id, empty values and the zero id, format by
// format" in docs/works-with-formats.md (docs/contract.md, T1 to T3): one
// test per row, TestNoID<format>, each with the table's three columns as
// subtests:
//
//   - "no id": how the format spells "no id" (an absent key or element, a
//     null, a nil *id.ID, omitzero/omitempty) and what reading it gives;
//   - "empty": what a present but empty value gets: a *id.ParseError with
//     ReasonMissing, as Parse("") (a library's own trap where it never
//     calls our decoder);
//   - "zero written": what writing the zero id does: null where the
//     format has one, id.ErrZero where it has none.

import (
	"bytes"
	"encoding/csv"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"net/url"
	"strconv"
	"strings"
	"testing"

	burntsushi "github.com/BurntSushi/toml"
	"github.com/caarlos0/env/v11"
	"github.com/fxamacker/cbor/v2"
	"github.com/go-playground/form/v4"
	"github.com/google/go-querystring/query"
	"github.com/gorilla/schema"
	"github.com/idkeys/id"
	"github.com/kelseyhightower/envconfig"
	gotoml "github.com/pelletier/go-toml/v2"
	"github.com/vmihailenco/msgpack/v5"
	"go.mongodb.org/mongo-driver/v2/bson"
)

// emptyMsg is our message for empty text: Parse(""), UnmarshalText and
// every text decoder.
const emptyMsg = `id: invalid id "": length 0, want 26`

// emptyStoredMsg is our message for empty stored data: UnmarshalBinary,
// UnmarshalBSONValue, Scan.
const emptyStoredMsg = `id: invalid stored id "": length 0, want 26`

// noIDRow runs a row of the table: its three columns as subtests.
func noIDRow(t *testing.T, noID, empty, zeroWritten func(t *testing.T)) {
	t.Helper()
	t.Run("no id", noID)
	t.Run("empty", empty)
	t.Run("zero written", zeroWritten)
}

// wantEmpty fails t unless err is our refusal of empty text or data: a
// *id.ParseError with ReasonMissing whose message is msg, at the end of
// err's message (libraries put their own words in front).
func wantEmpty(t *testing.T, err error, msg string) {
	t.Helper()
	wantReason(t, err, id.ReasonMissing)
	if !strings.HasSuffix(err.Error(), msg) {
		t.Fatalf("error %q, want it to end in %q", err, msg)
	}
}

// wantZero fails t unless err wraps id.ErrZero.
func wantZero(t *testing.T, err error) {
	t.Helper()
	if !errors.Is(err, id.ErrZero) {
		t.Fatalf("error %v (%T), want one wrapping id.ErrZero", err, err)
	}
}

// TestNoIDText: the text methods themselves (encoding.TextMarshaler and
// TextUnmarshaler), which XML, TOML, CSV, env, forms and flags call.
// Text has no spelling for "no id": leave the value out. fmt prints the
// zero id as "<zero id>" (String), which is for people: no decoder
// takes it.
func TestNoIDText(t *testing.T) {
	noIDRow(t, func(t *testing.T) {
		if s := (id.ID{}).String(); s != "<zero id>" {
			t.Fatalf("String() of the zero id = %q, want \"<zero id>\"", s)
		}
		if _, err := id.Parse("<zero id>"); !errors.Is(err, id.ErrInvalid) {
			t.Fatalf("Parse(\"<zero id>\") = %v, want an error wrapping id.ErrInvalid", err)
		}
	}, func(t *testing.T) {
		v := a
		wantEmpty(t, v.UnmarshalText([]byte{}), emptyMsg)
		if !v.IsZero() {
			t.Fatalf("after UnmarshalText(\"\"): %v, want the zero id", v)
		}
		_, err := id.Parse("")
		wantEmpty(t, err, emptyMsg)
	}, func(t *testing.T) {
		p, err := id.ID{}.MarshalText()
		wantZero(t, err)
		if p != nil {
			t.Fatalf("MarshalText = %q, want nil", p)
		}
		p, err = id.ID{}.AppendText([]byte("x"))
		wantZero(t, err)
		if string(p) != "x" {
			t.Fatalf("AppendText appended %q, want nothing", p)
		}
	})
}

// TestNoIDJSON: encoding/json. "No id" is null (a nil *id.ID, or the zero
// id written by MarshalJSON), an absent key, or omitzero; null leaves an
// id.ID as it was and sets a *id.ID to nil. "" is refused. An id map key
// cannot be null: the zero id as a key is an error, which encoding/json
// flattens into a message of its own (it does not unwrap).
func TestNoIDJSON(t *testing.T) {
	type doc struct {
		ID     id.ID  `json:"id"`
		Parent id.ID  `json:"parent,omitzero"`
		Ptr    *id.ID `json:"ptr"`
	}
	noIDRow(t, func(t *testing.T) {
		for _, in := range []string{`{"id":null,"ptr":null}`, `{}`} {
			d := doc{ID: b, Ptr: &b}
			if err := json.Unmarshal([]byte(in), &d); err != nil || d.ID != b {
				t.Fatalf("%s: %v, %v; want the id left as it was", in, d.ID, err)
			}
			if in != `{}` && d.Ptr != nil {
				t.Fatalf("%s: ptr %v, want nil", in, d.Ptr)
			}
		}
	}, func(t *testing.T) {
		for _, in := range []string{`{"id":""}`, `{"ptr":""}`, `{"parent":""}`} {
			wantEmpty(t, json.Unmarshal([]byte(in), &doc{}), emptyMsg)
		}
	}, func(t *testing.T) {
		p, err := json.Marshal(doc{})
		if err != nil || string(p) != `{"id":null,"ptr":null}` {
			t.Fatalf("json.Marshal(doc{}) = %s, %v; want {\"id\":null,\"ptr\":null}", p, err)
		}
		// Classic encoding/json flattens a map key's error into its own
		// message: it carries ours but does not unwrap. Built on json/v2
		// (Go 1.27) it wraps ours, and errors.Is finds id.ErrZero.
		_, err = json.Marshal(map[id.ID]int{{}: 1})
		want := `json: encoding error for type "map[id.ID]int": ` + strconv.Quote(id.ErrZero.Error())
		if jsonV2 {
			want = `json: error calling AppendText for type *id.ID: ` + id.ErrZero.Error()
		}
		if err == nil || err.Error() != want || errors.Is(err, id.ErrZero) != jsonV2 {
			t.Fatalf("zero id map key: %v (errors.Is ErrZero: %v), want %q (%v)", err, errors.Is(err, id.ErrZero), want, jsonV2)
		}
	})
}

// TestNoIDXML: encoding/xml. "No id" is an absent element or attribute,
// or a nil *id.ID (left out; tag attributes omitempty,
// TestXMLNilPointerAttributePanics). An empty element or attribute is
// refused. A zero id.ID field is id.ErrZero, omitempty included (xml
// never counts a struct as empty, and has no omitzero).
func TestNoIDXML(t *testing.T) {
	type doc struct {
		XMLName xml.Name `xml:"doc"`
		Ref     *id.ID   `xml:"ref,attr,omitempty"`
		ID      *id.ID   `xml:"id"`
	}
	noIDRow(t, func(t *testing.T) {
		p, err := xml.Marshal(doc{})
		if err != nil || string(p) != "<doc></doc>" {
			t.Fatalf("nil pointers: %s, %v; want <doc></doc>", p, err)
		}
		d := doc{ID: &b}
		if err := xml.Unmarshal(p, &d); err != nil || d.ID == nil || *d.ID != b || d.Ref != nil {
			t.Fatalf("absent element: %v, %v, %v; want the field left as it was", d.ID, d.Ref, err)
		}
	}, func(t *testing.T) {
		for _, in := range []string{`<doc><id></id></doc>`, `<doc><id/></doc>`, `<doc ref=""></doc>`} {
			wantEmpty(t, xml.Unmarshal([]byte(in), &doc{}), emptyMsg)
		}
	}, func(t *testing.T) {
		_, err := xml.Marshal(struct {
			XMLName xml.Name `xml:"doc"`
			ID      id.ID    `xml:"id,omitempty"`
		}{})
		wantZero(t, err)
	})
}

// TestNoIDYAML: the four YAML libraries. "No id" is null, ~, an empty
// value (`id:`, which YAML reads as null) or an absent key: an id.ID is
// left as it was, a *id.ID set to nil. The empty string "" is refused.
// The zero id is written as null (MarshalYAML; MarshalJSON for
// sigs.k8s.io/yaml).
func TestNoIDYAML(t *testing.T) {
	for _, lib := range yamlLibs {
		t.Run(lib.name, func(t *testing.T) {
			noIDRow(t, func(t *testing.T) {
				for _, doc := range []string{"id: null\nptr: null", "id: ~\nptr: ~", "id:\nptr:", "other: 1"} {
					c := yamlConfig{ID: b, Ptr: &b}
					if err := lib.unmarshal([]byte(doc), &c); err != nil || c.ID != b {
						t.Fatalf("%q: %v, %v; want the id left as it was", doc, c.ID, err)
					}
					if doc != "other: 1" && c.Ptr != nil {
						t.Fatalf("%q: ptr %v, want nil", doc, c.Ptr)
					}
				}
			}, func(t *testing.T) {
				for _, doc := range []string{`id: ""`, `ptr: ''`, `admins: [""]`} {
					wantEmpty(t, lib.unmarshal([]byte(doc), &yamlConfig{}), emptyMsg)
				}
			}, func(t *testing.T) {
				p, err := lib.marshal(struct {
					ID id.ID `yaml:"id" json:"id"`
				}{})
				if err != nil || string(p) != "id: null\n" {
					t.Fatalf("Marshal = %q, %v; want \"id: null\\n\"", p, err)
				}
			})
		})
	}
}

// TestNoIDTOML: pelletier/go-toml and BurntSushi/toml. TOML has no null:
// "no id" is an absent key, which a nil *id.ID writes and omitempty
// gives for a zero id in both libraries (omitzero in go-toml only;
// BurntSushi's omitzero does not look at IsZero and fails with
// id.ErrZero). An empty string is refused, in the libraries' own error
// types, which carry our message and do not unwrap. A zero id.ID field
// without omitempty is id.ErrZero.
func TestNoIDTOML(t *testing.T) {
	type optional struct {
		Tenant *id.ID `toml:"tenant"`
		Parent id.ID  `toml:"parent,omitempty"`
	}
	burnt := func(v any) (string, error) {
		var buf bytes.Buffer
		err := burntsushi.NewEncoder(&buf).Encode(v)
		return buf.String(), err
	}
	noIDRow(t, func(t *testing.T) {
		p, err := gotoml.Marshal(optional{})
		if err != nil || len(p) != 0 {
			t.Fatalf("go-toml: %q, %v; want nothing written", p, err)
		}
		if p, err := gotoml.Marshal(struct {
			Parent id.ID `toml:"parent,omitzero"`
		}{}); err != nil || len(p) != 0 {
			t.Fatalf("go-toml omitzero: %q, %v; want nothing written", p, err)
		}
		if s, err := burnt(optional{}); err != nil || s != "" {
			t.Fatalf("BurntSushi: %q, %v; want nothing written", s, err)
		}
		c := tomlConfig{Tenant: b}
		if err := gotoml.Unmarshal([]byte(`admins = []`), &c); err != nil || c.Tenant != b || c.Parent != nil {
			t.Fatalf("go-toml, absent key: %+v, %v", c, err)
		}
		c = tomlConfig{Tenant: b}
		if _, err := burntsushi.Decode(`admins = []`, &c); err != nil || c.Tenant != b || c.Parent != nil {
			t.Fatalf("BurntSushi, absent key: %+v, %v", c, err)
		}
	}, func(t *testing.T) {
		var c tomlConfig
		err := gotoml.Unmarshal([]byte(`tenant = ""`), &c)
		var de *gotoml.DecodeError
		if !errors.As(err, &de) || err.Error() != "toml: "+emptyMsg || errors.Is(err, id.ErrInvalid) {
			t.Fatalf("go-toml: %v (%T), want a *toml.DecodeError %q", err, err, "toml: "+emptyMsg)
		}
		_, err = burntsushi.Decode(`parent = ""`, &c)
		var pe burntsushi.ParseError
		if !errors.As(err, &pe) || err.Error() != `toml: line 1 (last key "parent"): `+emptyMsg {
			t.Fatalf("BurntSushi: %v (%T)", err, err)
		}
	}, func(t *testing.T) {
		_, err := gotoml.Marshal(tomlConfig{})
		wantZero(t, err)
		_, err = burnt(tomlConfig{})
		wantZero(t, err)
		_, err = burnt(struct {
			Parent id.ID `toml:"parent,omitzero"`
		}{})
		wantZero(t, err)
	})
}

// csvCell is the recipe for an optional id column of encoding/csv, which
// has no null: the application spells "no id" as an empty cell itself,
// and gives every other cell to the text methods.
func csvCell(p *id.ID) (string, error) {
	if p == nil {
		return "", nil
	}
	b, err := p.MarshalText()
	return string(b), err
}

// parseCSVCell reads a cell written by csvCell: "" is "no id" (nil),
// anything else must be an id.
func parseCSVCell(s string) (*id.ID, error) {
	if s == "" {
		return nil, nil
	}
	v, err := id.Parse(s)
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// TestNoIDCSV: encoding/csv with the text methods (no CSV library is
// needed to write or read 26 characters). CSV has no null and no absent
// cell: an optional id column spells "no id" as an empty cell by the
// application's own rule (csvCell, parseCSVCell); given to UnmarshalText
// or Parse, the empty cell is refused, and MarshalText refuses to write
// the zero id.
func TestNoIDCSV(t *testing.T) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	noIDRow(t, func(t *testing.T) {
		for _, p := range []*id.ID{&a, nil} {
			cell, err := csvCell(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Write([]string{"x", cell}); err != nil {
				t.Fatal(err)
			}
		}
		w.Flush()
		if want := "x," + aText + "\nx,\n"; buf.String() != want {
			t.Fatalf("wrote %q, want %q", buf.String(), want)
		}
		r := csv.NewReader(&buf)
		for _, want := range []*id.ID{&a, nil} {
			rec, err := r.Read()
			if err != nil {
				t.Fatal(err)
			}
			got, err := parseCSVCell(rec[1])
			if err != nil || (got == nil) != (want == nil) || got != nil && *got != *want {
				t.Fatalf("read %v, %v; want %v", got, err, want)
			}
		}
		if _, err := r.Read(); err != io.EOF {
			t.Fatalf("after the last record: %v", err)
		}
	}, func(t *testing.T) {
		rec, err := csv.NewReader(strings.NewReader("x,\n")).Read()
		if err != nil {
			t.Fatal(err)
		}
		var v id.ID
		wantEmpty(t, v.UnmarshalText([]byte(rec[1])), emptyMsg)
	}, func(t *testing.T) {
		z := id.ID{}
		_, err := csvCell(&z)
		wantZero(t, err)
	})
}

// TestNoIDEnv: caarlos0/env and kelseyhightower/envconfig (they only
// read). "No id" is an unset variable: the zero id (caarlos0/env leaves a
// *id.ID nil; envconfig allocates it, a pointer to the zero id). An empty
// variable is our error in envconfig; caarlos0/env treats it as unset and
// never calls UnmarshalText (the trap: `notEmpty` refuses it). Neither
// writes variables; MarshalText refuses the zero id.
func TestNoIDEnv(t *testing.T) {
	type cfg struct {
		Tenant id.ID  `env:"TENANT" envconfig:"TENANT"`
		Parent *id.ID `env:"PARENT" envconfig:"PARENT"`
	}
	noIDRow(t, func(t *testing.T) {
		var c cfg
		if err := env.ParseWithOptions(&c, env.Options{Environment: map[string]string{}}); err != nil || !c.Tenant.IsZero() || c.Parent != nil {
			t.Fatalf("caarlos0/env, unset: %+v, %v; want the zero id and nil", c, err)
		}
		c = cfg{}
		if err := envconfig.Process("noid", &c); err != nil || !c.Tenant.IsZero() || c.Parent == nil || !c.Parent.IsZero() {
			t.Fatalf("envconfig, unset: %+v, %v; want the zero id and a pointer to it", c, err)
		}
	}, func(t *testing.T) {
		var c cfg
		if err := env.ParseWithOptions(&c, env.Options{Environment: map[string]string{"TENANT": "", "PARENT": ""}}); err != nil || !c.Tenant.IsZero() || c.Parent != nil {
			t.Fatalf("caarlos0/env, empty: %+v, %v; want the zero id and nil, no error (its trap)", c, err)
		}
		var ne struct {
			Tenant id.ID `env:"TENANT,notEmpty"`
		}
		if err := env.ParseWithOptions(&ne, env.Options{Environment: map[string]string{"TENANT": ""}}); err == nil || err.Error() != `env: environment variable "TENANT" should not be empty` {
			t.Fatalf("caarlos0/env notEmpty: %v", err)
		}
		t.Setenv("NOID_PARENT", "")
		err := envconfig.Process("noid", &c)
		var pe *envconfig.ParseError
		if !errors.As(err, &pe) || err.Error() != `envconfig.Process: assigning NOID_PARENT to Parent: converting '' to type id.ID. details: `+emptyMsg {
			t.Fatalf("envconfig, empty: %v (%T)", err, err)
		}
		wantEmpty(t, pe.Err, emptyMsg)
	}, func(t *testing.T) {
		// Neither library writes variables. A program that sets one for
		// a child process writes it with MarshalText, which refuses the
		// zero id: leave the variable unset instead.
		_, err := id.ID{}.MarshalText()
		wantZero(t, err)
	})
}

// TestNoIDForms: gorilla/schema and go-playground/form (with the recipe
// of forms_test.go). "No id" is an absent field, which leaves the field
// as it was. An empty value is our error in both. Writing: the
// gorilla/schema recipe writes the zero id and a nil pointer as "",
// which its decoder refuses, unless the field is tagged omitempty (left
// out); the go-playground/form recipe leaves the zero id out.
func TestNoIDForms(t *testing.T) {
	noIDRow(t, func(t *testing.T) {
		o := order{Customer: b, Coupon: &b}
		if err := schema.NewDecoder().Decode(&o, url.Values{"note": {"x"}}); err != nil || o.Customer != b || o.Coupon == nil || *o.Coupon != b {
			t.Fatalf("gorilla/schema, absent: %+v, %v", o, err)
		}
		o = order{Customer: b, Coupon: &b}
		if err := newFormDecoder().Decode(&o, url.Values{"note": {"x"}}); err != nil || o.Customer != b || o.Coupon == nil || *o.Coupon != b {
			t.Fatalf("go-playground/form, absent: %+v, %v", o, err)
		}
	}, func(t *testing.T) {
		err := schema.NewDecoder().Decode(&order{}, url.Values{"customer": {""}})
		var ce schema.ConversionError
		if me, ok := err.(schema.MultiError); !ok || !errors.As(me["customer"], &ce) {
			t.Fatalf("gorilla/schema, empty: %v (%T)", err, err)
		}
		wantEmpty(t, ce.Err, emptyMsg)
		err = newFormDecoder().Decode(&order{}, url.Values{"coupon": {""}})
		var de form.DecodeErrors
		if !errors.As(err, &de) {
			t.Fatalf("go-playground/form, empty: %v (%T)", err, err)
		}
		wantEmpty(t, de["coupon"], emptyMsg)
	}, func(t *testing.T) {
		dst := url.Values{}
		if err := newSchemaEncoder().Encode(struct {
			Customer id.ID  `schema:"customer,omitempty"`
			Coupon   *id.ID `schema:"coupon,omitempty"`
		}{}, dst); err != nil || len(dst) != 0 {
			t.Fatalf("gorilla/schema omitempty: %v, %v; want nothing written", dst, err)
		}
		v, err := newFormEncoder().Encode(struct {
			Customer id.ID  `form:"customer"`
			Coupon   *id.ID `form:"coupon"`
		}{})
		if err != nil || v.Encode() != "" {
			t.Fatalf("go-playground/form: %q, %v; want nothing written", v.Encode(), err)
		}
	})
}

// TestNoIDQueryString: a query string read with net/url and the text
// methods (or Parse), and written with google/go-querystring. "No id" is
// an absent parameter (url.Values.Has). `?id=` is refused. go-querystring
// drops id.ID and *id.ID fields (TestGoQuerystringDropsIDs), writes a nil
// *id.ID as `p=` unless tagged omitempty, and a zero id in a []id.ID as
// `s=`: both are empty values that the reader refuses.
func TestNoIDQueryString(t *testing.T) {
	noIDRow(t, func(t *testing.T) {
		q, err := url.ParseQuery("other=1")
		if err != nil || q.Has("id") {
			t.Fatalf("absent id: %v, %v", q, err)
		}
		v, err := query.Values(struct {
			P *id.ID `url:"p,omitempty"`
		}{})
		if err != nil || len(v) != 0 {
			t.Fatalf("go-querystring omitempty: %v, %v; want nothing written", v, err)
		}
	}, func(t *testing.T) {
		q, err := url.ParseQuery("id=")
		if err != nil || !q.Has("id") {
			t.Fatalf("id=: %v, %v", q, err)
		}
		var v id.ID
		wantEmpty(t, v.UnmarshalText([]byte(q.Get("id"))), emptyMsg)
		_, err = id.Parse(q.Get("id"))
		wantEmpty(t, err, emptyMsg)
	}, func(t *testing.T) {
		v, err := query.Values(struct {
			P *id.ID  `url:"p"`
			S []id.ID `url:"s"`
		}{S: []id.ID{{}}})
		if err != nil || v.Encode() != "p=&s=%3Czero+id%3E" {
			t.Fatalf("go-querystring: %q, %v; want p=&s=%%3Czero+id%%3E (measured)", v.Encode(), err)
		}
	})
}

// TestNoIDFlags: the standard library's flag.TextVar. "No id" is a flag
// not given: the default, the zero id. `-user=` (and `-user ""`) is the
// usage error carrying our message (flag's error does not unwrap, and
// leaves the variable as UnmarshalText set it: the zero id). The zero id
// as a default shows no "(default …)" in the help; TextVar names the
// value "value" unless the usage has a back-quoted word (pflag's TextVar
// is tested in integration/web).
func TestNoIDFlags(t *testing.T) {
	newSet := func() (*flag.FlagSet, *id.ID, *strings.Builder) {
		var out strings.Builder
		fs := flag.NewFlagSet("app", flag.ContinueOnError)
		fs.SetOutput(&out)
		u := new(id.ID)
		fs.TextVar(u, "user", id.ID{}, "the user's id")
		return fs, u, &out
	}
	noIDRow(t, func(t *testing.T) {
		fs, u, _ := newSet()
		if err := fs.Parse(nil); err != nil || !u.IsZero() {
			t.Fatalf("no -user: %v, %v; want the zero id", *u, err)
		}
		fs, u, _ = newSet()
		if err := fs.Parse([]string{"-user=" + aUpper}); err != nil || *u != a {
			t.Fatalf("-user=%s: %v, %v", aUpper, *u, err)
		}
	}, func(t *testing.T) {
		for _, args := range [][]string{{"-user="}, {"-user", ""}} {
			fs, u, _ := newSet()
			*u = b
			err := fs.Parse(args)
			if want := `invalid value "" for flag -user: ` + emptyMsg; err == nil || err.Error() != want || errors.Is(err, id.ErrInvalid) {
				t.Fatalf("%q: %v, want %q (flag's error does not unwrap)", args, err, want)
			}
			if !u.IsZero() {
				t.Fatalf("%q: the flag's variable is %v, want the zero id", args, *u)
			}
		}
	}, func(t *testing.T) {
		fs, _, out := newSet()
		fs.PrintDefaults()
		if want := "  -user value\n    \tthe user's id\n"; out.String() != want {
			t.Fatalf("help %q, want %q", out.String(), want)
		}
	})
}

// TestNoIDGob: encoding/gob, the binary methods (session stores, go-redis
// and fxamacker/cbor call the same MarshalBinary). "No id" is a zero
// field or a nil *id.ID, which gob does not send (it never calls
// MarshalBinary for one): decoding leaves the field as it was. Empty data
// is refused by UnmarshalBinary. The zero id given to gob anywhere else
// (the top-level value, a slice, a map, an interface) is id.ErrZero.
func TestNoIDGob(t *testing.T) {
	noIDRow(t, func(t *testing.T) {
		out := session{User: b, Ptr: &b}
		gobRoundTrip(t, session{Seen: []id.ID{a}}, &out)
		if out.User != b || out.Ptr == nil || *out.Ptr != b {
			t.Fatalf("zero fields: %+v; want them left as they were", out)
		}
	}, func(t *testing.T) {
		v := a
		wantEmpty(t, v.UnmarshalBinary([]byte{}), emptyStoredMsg)
		if !v.IsZero() {
			t.Fatalf("after UnmarshalBinary(empty): %v, want the zero id", v)
		}
	}, func(t *testing.T) {
		for _, v := range []any{id.ID{}, []id.ID{{}}, map[string]id.ID{"u": {}}, map[string]any{"u": id.ID{}}} {
			wantZero(t, gob.NewEncoder(io.Discard).Encode(v))
		}
		p, err := id.ID{}.MarshalBinary()
		wantZero(t, err)
		if p != nil {
			t.Fatalf("MarshalBinary = %q, want nil", p)
		}
	})
}

// TestNoIDBSON: the MongoDB Go driver v2's bson. "No id" is BSON null,
// read into a *id.ID (nil) or written from one, or an absent key, or a
// zero id left out by omitempty (the driver calls IsZero; its omitzero
// does not, and fails with id.ErrZero). BSON null read into an id.ID is
// id.ErrNull (it wraps id.ErrInvalid), as SQL NULL is for Scan. An empty
// string is refused. Writing the zero id is id.ErrZero.
func TestNoIDBSON(t *testing.T) {
	noIDRow(t, func(t *testing.T) {
		p, err := bson.Marshal(struct {
			Parent id.ID  `bson:"parent,omitempty"`
			Ptr    *id.ID `bson:"ptr"`
		}{})
		if err != nil || bson.Raw(p).String() != `{"ptr": null}` {
			t.Fatalf("omitempty and nil: %s, %v; want {\"ptr\": null}", bson.Raw(p), err)
		}
		var d struct {
			Ptr *id.ID `bson:"ptr"`
		}
		d.Ptr = &b
		if err := bson.Unmarshal(p, &d); err != nil || d.Ptr != nil {
			t.Fatalf("null into *id.ID: %v, %v; want nil", d.Ptr, err)
		}
		var v struct {
			Ptr id.ID `bson:"ptr"`
		}
		err = bson.Unmarshal(p, &v)
		if !errors.Is(err, id.ErrNull) || !errors.Is(err, id.ErrInvalid) {
			t.Fatalf("null into id.ID: %v, want id.ErrNull", err)
		}
	}, func(t *testing.T) {
		p, err := bson.Marshal(bson.D{{Key: "ptr", Value: ""}})
		if err != nil {
			t.Fatal(err)
		}
		var d struct {
			Ptr *id.ID `bson:"ptr"`
		}
		wantEmpty(t, bson.Unmarshal(p, &d), emptyStoredMsg)
	}, func(t *testing.T) {
		_, err := bson.Marshal(struct {
			ID id.ID `bson:"id"`
		}{})
		wantZero(t, err)
		_, err = bson.Marshal(struct {
			ID id.ID `bson:"id,omitzero"`
		}{})
		wantZero(t, err)
	})
}

// TestNoIDMsgpack: vmihailenco/msgpack. "No id" is msgpack nil (c0),
// which a nil *id.ID writes and which reads as the zero id (a nil
// *id.ID), or a zero id left out by omitempty. An empty bin or str (c400,
// what the zero id was written as before empty text was refused) is
// refused. Writing the zero id is id.ErrZero.
func TestNoIDMsgpack(t *testing.T) {
	noIDRow(t, func(t *testing.T) {
		p, err := msgpack.Marshal(struct {
			Parent id.ID  `msgpack:"parent,omitempty"`
			Ptr    *id.ID `msgpack:"ptr"`
		}{})
		if err != nil || hex.EncodeToString(p) != "81a3707472c0" {
			t.Fatalf("omitempty and nil: %x, %v; want 81a3707472c0 ({ptr: nil})", p, err)
		}
		var d struct {
			Ptr   *id.ID `msgpack:"ptr"`
			Other id.ID  `msgpack:"other"`
		}
		d.Ptr = &b
		d.Other = b
		if err := msgpack.Unmarshal(p, &d); err != nil || d.Ptr != nil || d.Other != b {
			t.Fatalf("nil into *id.ID: %+v, %v; want nil, other left as it was", d, err)
		}
		v := b
		if err := msgpack.Unmarshal([]byte{0xc0}, &v); err != nil || !v.IsZero() {
			t.Fatalf("nil into id.ID: %v, %v; want the zero id", v, err)
		}
	}, func(t *testing.T) {
		for _, h := range []string{"c400", "a0"} {
			p, _ := hex.DecodeString(h)
			var v id.ID
			wantEmpty(t, msgpack.Unmarshal(p, &v), emptyStoredMsg)
		}
	}, func(t *testing.T) {
		_, err := msgpack.Marshal(id.ID{})
		wantZero(t, err)
		_, err = msgpack.Marshal(struct {
			ID id.ID `msgpack:"id"`
		}{})
		wantZero(t, err)
	})
}

// TestNoIDCBOR: fxamacker/cbor. "No id" is CBOR null (f6), which a nil
// *id.ID writes and which leaves an id.ID as it was and sets a *id.ID to
// nil, or a zero id left out by omitzero (the library calls IsZero). An
// empty byte string is refused (an empty text string is the library's
// type error, as any text string is). Writing the zero id is id.ErrZero,
// under omitempty too (the library encodes the value to see whether it
// is empty).
func TestNoIDCBOR(t *testing.T) {
	noIDRow(t, func(t *testing.T) {
		p, err := cbor.Marshal(struct {
			Parent id.ID  `cbor:"parent,omitzero"`
			Ptr    *id.ID `cbor:"ptr"`
		}{})
		if err != nil || hex.EncodeToString(p) != "a163707472f6" {
			t.Fatalf("omitzero and nil: %x, %v; want a163707472f6 ({ptr: null})", p, err)
		}
		var d struct {
			Ptr *id.ID `cbor:"ptr"`
		}
		d.Ptr = &b
		if err := cbor.Unmarshal(p, &d); err != nil || d.Ptr != nil {
			t.Fatalf("null into *id.ID: %v, %v; want nil", d.Ptr, err)
		}
		v := b
		if err := cbor.Unmarshal([]byte{0xf6}, &v); err != nil || v != b {
			t.Fatalf("null into id.ID: %v, %v; want it left as it was", v, err)
		}
	}, func(t *testing.T) {
		var v id.ID
		wantEmpty(t, cbor.Unmarshal([]byte{0x40}, &v), emptyStoredMsg)
		if err := cbor.Unmarshal([]byte{0x60}, &v); err == nil || err.Error() != "cbor: cannot unmarshal UTF-8 text string into Go value of type id.ID" {
			t.Fatalf("empty text string: %v", err)
		}
	}, func(t *testing.T) {
		_, err := cbor.Marshal(id.ID{})
		wantZero(t, err)
		_, err = cbor.Marshal(struct {
			ID id.ID `cbor:"id,omitempty"`
		}{})
		wantZero(t, err)
	})
}
