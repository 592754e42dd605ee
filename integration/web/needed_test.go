package web

// Each test here takes one convention method away and shows what the real
// library does then: the method is kept on id.ID only if its test shows a
// library that does not work with plain tags without it. A defined type
// holding an id.ID, with every other method forwarded, stands for "id.ID
// without that method" (a struct embedding id.ID cannot hide a promoted
// method).

import (
	"bytes"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gin-gonic/gin/binding"
	"github.com/idkeys/id"
	"github.com/oapi-codegen/runtime"
	"github.com/spf13/pflag"
)

// textOnly is id.ID with only its text and JSON methods: none of the
// request binders' conventions (UnmarshalParam, Bind, Set, Type).
type textOnly struct{ v id.ID }

func (t textOnly) MarshalText() ([]byte, error)  { return t.v.MarshalText() }
func (t *textOnly) UnmarshalText(b []byte) error { return t.v.UnmarshalText(b) }
func (t textOnly) MarshalJSON() ([]byte, error)  { return t.v.MarshalJSON() }
func (t *textOnly) UnmarshalJSON(b []byte) error { return t.v.UnmarshalJSON(b) }
func (t textOnly) String() string                { return t.v.String() }

// TestGinNeedsUnmarshalParam: gin v1.12.0 decodes a struct-kind field of
// a query (and URI and form) binding as JSON unless the type is a
// binding.BindUnmarshaler (UnmarshalParam) or the tag says
// parser=encoding.TextUnmarshaler. Without UnmarshalParam a valid id
// fails with a JSON syntax error; with it, it binds.
func TestGinNeedsUnmarshalParam(t *testing.T) {
	req := httptest.NewRequest("GET", "/items?after="+lower, nil)

	var without struct {
		After textOnly `form:"after"`
	}
	err := binding.Query.Bind(req, &without)
	if err == nil || err.Error() != "invalid character '1' after top-level value" {
		t.Fatalf("without UnmarshalParam: err = %v, want gin's JSON syntax error", err)
	}

	var with struct {
		After id.ID `form:"after"`
	}
	if err := binding.Query.Bind(req, &with); err != nil || with.After.String() != lower {
		t.Fatalf("with UnmarshalParam: %v, %v; want %s", with.After, err, lower)
	}
}

// TestOapiRuntimeNeedsBind: oapi-codegen's runtime v1.9.0 binds a query
// parameter of form style with explode=true (OpenAPI's default) field by
// field when the destination is a struct that is not a runtime.Binder.
// Without Bind an id, whose fields are unexported, binds nothing: a
// malformed value reaches the handler as "no id", without an error.
func TestOapiRuntimeNeedsBind(t *testing.T) {
	q := url.Values{"after": {bad}}
	// The call and options the generated server makes (testdata/oapigen).
	opts := runtime.BindQueryParameterOptions{Type: "string"}

	var without *textOnly
	err := runtime.BindQueryParameterWithOptions("form", true, false, "after", q, &without, opts)
	if err != nil || without != nil {
		t.Fatalf("without Bind: %v, %v; want nil and no error (the malformed id is lost)", without, err)
	}

	var with *id.ID
	err = runtime.BindQueryParameterWithOptions("form", true, false, "after", q, &with, opts)
	if err == nil || !strings.Contains(err.Error(), badMsg) {
		t.Fatalf("with Bind: %v, %v; want an error containing %q", with, err, badMsg)
	}
}

// TestPflagTextVarNeedsNoSetOrType: pflag v1.1.0's TextVar reads an
// id.ID through UnmarshalText with a zero default; a back-quoted word in
// the usage names the value in help. Set and Type are needed only for
// pflag's Var(&v, ...), for which TextVar is the replacement, so the
// library works without them.
func TestPflagTextVarNeedsNoSetOrType(t *testing.T) {
	fs := pflag.NewFlagSet("tool", pflag.ContinueOnError)
	var help bytes.Buffer
	fs.SetOutput(&help)
	var user textOnly
	fs.TextVar(&user, "user", textOnly{}, "the user `id`")
	if err := fs.Parse([]string{"--user", strings.ToUpper(lower)}); err != nil || user.String() != lower {
		t.Fatalf("--user UPPER: %v, %v; want %s", user, err, lower)
	}
	fs.PrintDefaults()
	if want := "      --user id   the user id\n"; help.String() != want {
		t.Fatalf("help = %q, want %q", help.String(), want)
	}
	err := fs.Parse([]string{"--user="})
	if want := `invalid argument "" for "--user" flag: ` + emptyMsg; err == nil || err.Error() != want {
		t.Fatalf("--user= : err = %v, want %q", err, want)
	}
}
