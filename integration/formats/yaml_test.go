package formats

import (
	"strings"
	"testing"

	goccy "github.com/goccy/go-yaml"
	"github.com/idkeys/id"
	yamlin "go.yaml.in/yaml/v3"
	yamlv3 "gopkg.in/yaml.v3"
	sigsyaml "sigs.k8s.io/yaml"
)

// yamlConfig is a configuration with ids.
type yamlConfig struct {
	ID     id.ID         `yaml:"id" json:"id"`
	Ptr    *id.ID        `yaml:"ptr" json:"ptr"`
	Admins []id.ID       `yaml:"admins" json:"admins"`
	Quota  map[id.ID]int `yaml:"quota" json:"quota"`
}

// yamlLibs are the YAML libraries tested, each as its Unmarshal and
// Marshal.
var yamlLibs = []struct {
	name      string
	unmarshal func([]byte, any) error
	marshal   func(any) ([]byte, error)
}{
	{"gopkg.in/yaml.v3", yamlv3.Unmarshal, yamlv3.Marshal},
	{"go.yaml.in/yaml/v3", yamlin.Unmarshal, yamlin.Marshal},
	{"goccy/go-yaml", goccy.Unmarshal, goccy.Marshal},
	{"sigs.k8s.io/yaml", func(p []byte, v any) error { return sigsyaml.Unmarshal(p, v) }, sigsyaml.Marshal},
}

// TestYAMLScalars: every library reads an id from a scalar through the
// text methods (any case) and refuses a bad one, and the empty string
// (docs/contract.md, T2), with an error wrapping id.ErrInvalid; ids work as map keys.
func TestYAMLScalars(t *testing.T) {
	for _, lib := range yamlLibs {
		t.Run(lib.name, func(t *testing.T) {
			var c yamlConfig
			doc := "id: " + aText + "\nptr: " + aUpper + "\nadmins: [" + aText + ", '" + bText + "']\nquota: {" + aText + ": 3}\n"
			if err := lib.unmarshal([]byte(doc), &c); err != nil {
				t.Fatal(err)
			}
			if c.ID != a || c.Ptr == nil || *c.Ptr != a || len(c.Admins) != 2 || c.Admins[1] != b || c.Quota[a] != 3 {
				t.Fatalf("decoded %#v", c)
			}
			c = yamlConfig{ID: b}
			wantReason(t, lib.unmarshal([]byte(`id: ""`), &c), id.ReasonMissing)
			wantReason(t, lib.unmarshal([]byte("id: "+badText), &c), id.ReasonCharacter)
			wantReason(t, lib.unmarshal([]byte("admins: ['1234']"), &c), id.ReasonLength)
		})
	}
}

// TestYAMLNull: YAML null, ~ or an absent key leave an id field as it was
// and set a pointer to nil, as before UnmarshalYAML existed (and as
// encoding/json does for null).
func TestYAMLNull(t *testing.T) {
	for _, lib := range yamlLibs {
		t.Run(lib.name, func(t *testing.T) {
			for _, doc := range []string{"id: null\nptr: null", "id: ~\nptr: ~", "id:\nptr:", "other: 1"} {
				c := yamlConfig{ID: b, Ptr: &b}
				if err := lib.unmarshal([]byte(doc), &c); err != nil {
					t.Fatalf("%q: %v", doc, err)
				}
				if c.ID != b {
					t.Fatalf("%q: id %v, want it left as it was (%v)", doc, c.ID, b)
				}
				if doc != "other: 1" && c.Ptr != nil {
					t.Fatalf("%q: ptr %v, want nil", doc, *c.Ptr)
				}
			}
		})
	}
}

// TestYAMLMappingForIDIsAnError: a mapping or a sequence given for an id
// (or for a *id.ID) is an error in every library, and the field is not
// left looking valid. yaml.v3, go.yaml.in/yaml/v3 and goccy/go-yaml
// return UnmarshalYAML's error, which wraps id.ErrInvalid (it does not
// wrap the library's own error: goccy would dig that out with errors.As
// and return it instead); before UnmarshalYAML existed yaml.v3 accepted
// a mapping silently and left the field as it was. sigs.k8s.io/yaml
// converts YAML to JSON and returns UnmarshalJSON's error (want a JSON
// string), wrapped in its own words.
func TestYAMLMappingForIDIsAnError(t *testing.T) {
	for _, lib := range yamlLibs {
		t.Run(lib.name, func(t *testing.T) {
			for _, doc := range []string{
				"id: {a: 1}",
				"id:\n  a: " + aText,
				"id: [" + aText + "]",
				"ptr: {a: 1}",
				"admins: [{a: 1}]",
			} {
				c := yamlConfig{ID: b}
				err := lib.unmarshal([]byte(doc), &c)
				wantInvalid(t, err)
				if lib.name == "sigs.k8s.io/yaml" && !strings.HasPrefix(err.Error(), "error unmarshaling JSON: while decoding JSON: id: invalid id: want a JSON string, got ") {
					t.Fatalf("%q: %v, want UnmarshalJSON's error", doc, err)
				}
			}
		})
	}
	// Outside a struct too.
	var v id.ID
	wantInvalid(t, goccy.Unmarshal([]byte("{a: 1}"), &v))
}

// TestYAMLQuoteAllDigitIDs: an id made only of digits (as hand-written
// test ids like 00000000000000000000000001 are) is a YAML number when
// unquoted: yaml.v3 and go.yaml.in/yaml/v3 still read its text, goccy
// reads the number 1 (a length error) and sigs.k8s.io/yaml a JSON number
// (UnmarshalJSON's error). Quoted, every library reads it. Quote ids in
// YAML.
func TestYAMLQuoteAllDigitIDs(t *testing.T) {
	const digits = "00000000000000000000000001"
	want := id.MustParse(digits)
	for _, lib := range yamlLibs {
		t.Run(lib.name, func(t *testing.T) {
			var c yamlConfig
			if err := lib.unmarshal([]byte("id: '"+digits+"'"), &c); err != nil || c.ID != want {
				t.Fatalf("quoted: %v, %v", c.ID, err)
			}
			c = yamlConfig{}
			err := lib.unmarshal([]byte("id: "+digits), &c)
			switch lib.name {
			case "goccy/go-yaml":
				wantReason(t, err, id.ReasonLength)
			case "sigs.k8s.io/yaml":
				if err == nil || err.Error() != `error unmarshaling JSON: while decoding JSON: id: invalid id: want a JSON string, got number "1"` {
					t.Fatalf("unquoted: %v", err)
				}
			default:
				if err != nil || c.ID != want {
					t.Fatalf("unquoted: %v, %v", c.ID, err)
				}
			}
		})
	}
}

// TestYAMLMarshal: every library writes an id as its canonical text and
// the zero id as null (MarshalYAML, or MarshalJSON for sigs.k8s.io/yaml),
// which reads back as "no id"; before empty text was refused it was an empty string,
// which the decoders now refuse.
func TestYAMLMarshal(t *testing.T) {
	want := map[string]string{
		"gopkg.in/yaml.v3":   "id: " + aText + "\nptr: null\nadmins:\n    - null\nquota: {}\n",
		"go.yaml.in/yaml/v3": "id: " + aText + "\nptr: null\nadmins:\n    - null\nquota: {}\n",
		"goccy/go-yaml":      "id: " + aText + "\nptr: null\nadmins:\n- null\nquota: {}\n",
		"sigs.k8s.io/yaml":   "admins:\n- null\nid: " + aText + "\nptr: null\nquota: {}\n",
	}
	for _, lib := range yamlLibs {
		t.Run(lib.name, func(t *testing.T) {
			out, err := lib.marshal(yamlConfig{ID: a, Admins: []id.ID{{}}, Quota: map[id.ID]int{}})
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != want[lib.name] {
				t.Fatalf("Marshal:\n got %q\nwant %q", out, want[lib.name])
			}
		})
	}
}
