package web

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/openapi3gen"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/idkeys/id"
)

// kinUser is a request body for openapi3gen.
type kinUser struct {
	ID  id.ID  `json:"id"`
	Ref *id.ID `json:"ref,omitempty"`
}

// idSchemaCustomizer is the recipe for openapi3gen: it gives every id.ID
// the boundary schema (an *id.ID keeps its "nullable": true). openapi3gen sees an ID, a struct with
// unexported fields, as {} (any value) without it.
func idSchemaCustomizer(name string, t reflect.Type, tag reflect.StructTag, s *openapi3.Schema) error {
	if t == reflect.TypeFor[id.ID]() {
		n := uint64(26)
		s.Type = &openapi3.Types{openapi3.TypeString}
		s.MinLength, s.MaxLength = n, &n
		s.Pattern, s.Example = inputPattern, lower
	}
	return nil
}

// TestKinOpenAPIGen: kin-openapi v0.153.0's openapi3gen, without and with
// idSchemaCustomizer.
func TestKinOpenAPIGen(t *testing.T) {
	const idSchema30 = `{"type":"string","minLength":26,"maxLength":26,"pattern":"` + inputPattern + `","example":"` + lower + `"}`
	for _, c := range []struct {
		name string
		opts []openapi3gen.Option
		want string
	}{
		{"default: any value", nil, `{"type":"object","properties":{"id":{},"ref":{"nullable":true}}}`},
		{"SchemaCustomizer", []openapi3gen.Option{openapi3gen.SchemaCustomizer(idSchemaCustomizer)},
			`{"type":"object","properties":{"id":` + idSchema30 + `,"ref":` + idSchema30[:len(idSchema30)-1] + `,"nullable":true}}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			ref, err := openapi3gen.NewSchemaRefForValue(&kinUser{}, nil, c.opts...)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(ref.Value)
			if err != nil {
				t.Fatal(err)
			}
			if !sameJSON(t, string(b), c.want) {
				t.Errorf("schema\n got %s\nwant %s", b, c.want)
			}
		})
	}
}

// TestKinOpenAPIFilter: openapi3filter validates requests against
// testdata/users.yaml, whose ID schema carries InputPattern: an uppercase
// id passes, a malformed, empty or missing one is refused (400 from the
// handler below, with kin-openapi's message). The handler still parses
// with id.Parse: the schema is a pre-check, Parse makes the ID.
func TestKinOpenAPIFilter(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromFile("testdata/users.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(t.Context()); err != nil {
		t.Fatal(err)
	}
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		route, params, err := router.FindRoute(r)
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route}
		if err := openapi3filter.ValidateRequest(r.Context(), in); err != nil {
			// The first line of kin-openapi's message; the schema
			// and the value follow on the next lines.
			msg, _, _ := strings.Cut(err.Error(), "\n")
			http.Error(w, msg, http.StatusBadRequest)
			return
		}
		u, err := id.Parse(params["user"])
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		w.Write([]byte("user=" + show(u)))
	})
	serve(t, h, []httpCase{
		{name: "valid", path: "/users/" + lower + "?org=" + lower, status: 200, want: "user=" + lower},
		{name: "uppercase accepted", path: "/users/" + upper + "?org=" + upper + "&after=" + upper, status: 200, want: "user=" + lower},
		{name: "malformed path", path: "/users/" + bad + "?org=" + lower, status: 400, want: `parameter "user" in path has an error: string doesn't match the regular expression "` + inputPattern + `"`},
		{name: "malformed query", path: "/users/" + lower + "?org=" + lower + "&after=" + bad, status: 400, want: `parameter "after" in query has an error: string doesn't match the regular expression "` + inputPattern + `"`},
		{name: "empty query", path: "/users/" + lower + "?org=" + lower + "&after=", status: 400, want: `parameter "after" in query has an error: minimum string length is 26`},
		{name: "required absent", path: "/users/" + lower, status: 400, want: `parameter "org" in query has an error: value is required but missing`},
	})
}
