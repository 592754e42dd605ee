package formats

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	burntsushi "github.com/BurntSushi/toml"
	"github.com/idkeys/id"
	gotoml "github.com/pelletier/go-toml/v2"
)

// tomlConfig is a configuration with ids.
type tomlConfig struct {
	Tenant id.ID   `toml:"tenant"`
	Admins []id.ID `toml:"admins"`
	Parent *id.ID  `toml:"parent"`
}

const tomlGood = `tenant = "` + aText + `"
admins = ["` + aText + `", "` + bText + `"]
parent = "` + bText + `"
`

// TestTOMLRoundTrip: both TOML libraries read and write ids through the
// text methods; nothing is needed from us.
func TestTOMLRoundTrip(t *testing.T) {
	check := func(lib string, c tomlConfig, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", lib, err)
		}
		if c.Tenant != a || len(c.Admins) != 2 || c.Admins[0] != a || c.Admins[1] != b || c.Parent == nil || *c.Parent != b {
			t.Fatalf("%s decoded %+v", lib, c)
		}
	}
	var c1, c2 tomlConfig
	check("go-toml", c1, gotoml.Unmarshal([]byte(tomlGood), &c1))
	_, err := burntsushi.Decode(tomlGood, &c2)
	check("BurntSushi", c2, err)

	out, err := gotoml.Marshal(tomlConfig{Tenant: a, Admins: []id.ID{b}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "tenant = '" + aText + "'\nadmins = ['" + bText + "']\n"; string(out) != want {
		t.Errorf("go-toml Marshal:\n got %q\nwant %q", out, want)
	}
	var buf bytes.Buffer
	if err := burntsushi.NewEncoder(&buf).Encode(tomlConfig{Tenant: a, Admins: []id.ID{b}}); err != nil {
		t.Fatal(err)
	}
	if want := "tenant = \"" + aText + "\"\nadmins = [\"" + bText + "\"]\n"; buf.String() != want {
		t.Errorf("BurntSushi Encode:\n got %q\nwant %q", buf.String(), want)
	}
}

// TestTOMLBadIDIsAnError: a bad id is an error in both libraries, whose
// message ends with ours; neither error type unwraps to it, so
// errors.Is(err, id.ErrInvalid) is false (theirs: toml.ParseError and
// *toml.DecodeError keep only the message).
func TestTOMLBadIDIsAnError(t *testing.T) {
	doc := `tenant = "` + badText + `"`
	ours := `id: invalid id "` + badText + `": invalid character 'u' at index 25`
	var c tomlConfig
	_, err := burntsushi.Decode(doc, &c)
	var pe burntsushi.ParseError
	if !errors.As(err, &pe) || err.Error() != `toml: line 1 (last key "tenant"): `+ours {
		t.Fatalf("BurntSushi: %v (%T)", err, err)
	}
	err = gotoml.Unmarshal([]byte(doc), &c)
	var de *gotoml.DecodeError
	if !errors.As(err, &de) || err.Error() != "toml: "+ours {
		t.Fatalf("go-toml: %v (%T)", err, err)
	}
	for _, err := range []error{pe, de} {
		if errors.Is(err, id.ErrInvalid) {
			t.Fatalf("%T now wraps our error: update docs/works-with-formats.md", err)
		}
	}
}

// tomlTable gives the id a table instead of a string.
const tomlTable = `[tenant]
id = "` + aText + `"
`

// TestGoTOMLTableForIDIsIgnored measures the trap of pelletier/go-toml v2:
// a table given for an id is decoded as a struct, id.ID has no exported
// fields, so its keys are dropped as unknown fields: no error, the id
// stays zero. Decoder.DisallowUnknownFields turns it into a
// *toml.StrictMissingError. BurntSushi/toml refuses the table itself.
func TestGoTOMLTableForIDIsIgnored(t *testing.T) {
	var c tomlConfig
	if err := gotoml.Unmarshal([]byte(tomlTable), &c); err != nil || !c.Tenant.IsZero() {
		t.Fatalf("go-toml, default decoder: %v, %v; want no error and the zero id (the trap)", c.Tenant, err)
	}

	// The workaround.
	dec := gotoml.NewDecoder(strings.NewReader(tomlTable))
	dec.DisallowUnknownFields()
	err := dec.Decode(&c)
	var sme *gotoml.StrictMissingError
	if !errors.As(err, &sme) {
		t.Fatalf("go-toml with DisallowUnknownFields: %v (%T), want a *toml.StrictMissingError", err, err)
	}
	if len(sme.Errors) != 1 || strings.Join(sme.Errors[0].Key(), ".") != "tenant.id" {
		t.Fatalf("go-toml with DisallowUnknownFields: %s", sme.String())
	}

	_, err = burntsushi.Decode(tomlTable, &c)
	if err == nil {
		t.Fatal("BurntSushi decoded a table into an id without an error")
	}
	t.Logf("BurntSushi/toml: %v", err)
}
