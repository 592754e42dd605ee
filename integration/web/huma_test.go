package web

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"testing"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
	"github.com/idkeys/id"
)

// humaGet has a path id, an optional query id and a required one
// (huma's required:"true"), with plain tags.
type humaGet[T anyID] struct {
	User  T `path:"user"`
	After T `query:"after"`
	Org   T `query:"org" required:"true"`
}

// humaPost has a JSON body with an owner (required: huma's default for
// a field without omitempty) and an optional ref.
type humaPost[T anyID] struct {
	Body struct {
		Owner T  `json:"owner"`
		Ref   *T `json:"ref,omitempty"`
	}
}

// humaOut is the answer: what the handler was handed.
type humaOut struct {
	Body struct {
		Got string `json:"got"`
	}
}

// idSchema is the recipe that gives id.ID its schema in huma without a
// method on ID (huma's SchemaProvider needs huma's import): a type of
// your own that provides the schema, registered as id.ID's alias.
type idSchema struct{}

// Schema returns the schema of idSchemaJSON.
func (idSchema) Schema(huma.Registry) *huma.Schema {
	n := 26
	return &huma.Schema{Type: huma.TypeString, MinLength: &n, MaxLength: &n, Pattern: inputPattern, Examples: []any{lower}}
}

// humaAPI serves the two operations; withSchema registers idSchema.
func humaAPI[T anyID](withSchema bool) (http.Handler, huma.API) {
	mux := http.NewServeMux()
	config := huma.DefaultConfig("t", "1")
	config.CreateHooks = nil // no $schema links in the answers
	api := humago.New(mux, config)
	if withSchema {
		api.OpenAPI().Components.Schemas.RegisterTypeAlias(reflect.TypeFor[T](), reflect.TypeFor[idSchema]())
	}
	huma.Get(api, "/users/{user}", func(ctx context.Context, in *humaGet[T]) (*humaOut, error) {
		out := &humaOut{}
		out.Body.Got = "user=" + show(in.User) + " after=" + show(in.After) + " org=" + show(in.Org)
		return out, nil
	})
	huma.Post(api, "/items", func(ctx context.Context, in *humaPost[T]) (*humaOut, error) {
		out := &humaOut{}
		out.Body.Got = "owner=" + show(in.Body.Owner) + " ref=" + showPtr(in.Body.Ref)
		return out, nil
	})
	return mux, api
}

// got is huma's answer body for a handler's result.
func got(s string) string { return `{"got":"` + s + `"}` }

// humaErr is huma's 422 answer with one error.
func humaErr(msg, loc, value string) string {
	return `{"title":"Unprocessable Entity","status":422,"detail":"validation failed","errors":[{"message":"` + msg + `","location":"` + loc + `","value":` + value + `}]}`
}

// TestHuma: huma v2.37.2 (humago adapter) with plain tags. Path, query
// and body ids decode through UnmarshalText; a bad one is huma's 422 with
// our message. huma reads an empty query value as absent (for every
// type), so an empty optional ?after= is "no id" and an empty required
// ?org= is "missing".
func TestHuma(t *testing.T) {
	t.Run("id.ID", testHuma[id.ID])
	t.Run("UserID", testHuma[UserID])
}

func testHuma[T anyID](t *testing.T) {
	h, _ := humaAPI[T](false)
	const q = "?org=" + lower
	serve(t, h, []httpCase{
		{name: "path valid", path: "/users/" + lower + q, status: 200, want: got("user=" + lower + " after=none org=" + lower)},
		{name: "path uppercase", path: "/users/" + upper + q, status: 200, want: got("user=" + lower + " after=none org=" + lower)},
		{name: "path malformed", path: "/users/" + bad + q, status: 422, want: humaErr(`invalid value: id: invalid id \"01arz3ndeitsv4rrffq69g5fav\": invalid character 'i' at index 9`, "path.user", `"`+bad+`"`)},
		{name: "path empty is the router's 404", path: "/users/" + q, status: 404, want: "404 page not found"},
		{name: "query uppercase", path: "/users/" + lower + "?org=" + upper + "&after=" + upper, status: 200, want: got("user=" + lower + " after=" + lower + " org=" + lower)},
		{name: "query malformed", path: "/users/" + lower + q + "&after=" + bad, status: 422, want: humaErr(`invalid value: id: invalid id \"01arz3ndeitsv4rrffq69g5fav\": invalid character 'i' at index 9`, "query.after", `"`+bad+`"`)},
		{name: "query empty optional is absent (huma)", path: "/users/" + lower + q + "&after=", status: 200, want: got("user=" + lower + " after=none org=" + lower)},
		{name: "query required absent", path: "/users/" + lower, status: 422, want: humaErr("required query parameter is missing", "query.org", `""`)},
		{name: "query required empty", path: "/users/" + lower + "?org=", status: 422, want: humaErr("required query parameter is missing", "query.org", `""`)},

		{name: "body valid", method: "POST", path: "/items", body: `{"owner":"` + upper + `","ref":"` + lower + `"}`, status: 200, want: got("owner=" + lower + " ref=" + lower)},
		{name: "body malformed", method: "POST", path: "/items", body: `{"owner":"` + bad + `"}`, status: 422, want: humaErr(`id: invalid id \"01arz3ndeitsv4rrffq69g5fav\": invalid character 'i' at index 9`, "body", `"{\"owner\":\"`+bad+`\"}"`)},
		{name: "body empty", method: "POST", path: "/items", body: `{"owner":""}`, status: 422, want: humaErr(`id: invalid id \"\": length 0, want 26`, "body", `"{\"owner\":\"\"}"`)},
		{name: "body null is no id", method: "POST", path: "/items", body: `{"owner":"` + lower + `","ref":null}`, status: 200, want: got("owner=" + lower + " ref=nil")},
		{name: "body required absent", method: "POST", path: "/items", body: `{}`, status: 422, want: humaErr("expected required property owner to be present", "body", `{}`)},
	})
}

// TestHumaSchema: without the recipe huma's OpenAPI shows an id as a bare
// string; with idSchema registered it shows idSchemaJSON, and huma
// enforces it before the handler: an uppercase id passes (InputPattern),
// a malformed or empty one is 422 with huma's validation message.
func TestHumaSchema(t *testing.T) {
	t.Run("id.ID", testHumaSchema[id.ID])
	t.Run("UserID", testHumaSchema[UserID])
}

func testHumaSchema[T anyID](t *testing.T) {
	for _, c := range []struct {
		withSchema bool
		want       string
	}{
		{false, `{"type":"string"}`},
		{true, idSchemaJSON},
	} {
		_, api := humaAPI[T](c.withSchema)
		param := api.OpenAPI().Paths["/users/{user}"].Get.Parameters[0]
		b, err := json.Marshal(param.Schema)
		if err != nil {
			t.Fatal(err)
		}
		if !sameJSON(t, string(b), c.want) {
			t.Errorf("withSchema=%v: path parameter schema\n got %s\nwant %s", c.withSchema, b, c.want)
		}
	}
	h, _ := humaAPI[T](true)
	const q = "?org=" + lower
	serve(t, h, []httpCase{
		{name: "uppercase accepted", path: "/users/" + upper + q, status: 200, want: got("user=" + lower + " after=none org=" + lower)},
		{name: "malformed refused", path: "/users/" + bad + q, status: 422, want: humaErr(`invalid value: id: invalid id \"01arz3ndeitsv4rrffq69g5fav\": invalid character 'i' at index 9`, "path.user", `"`+bad+`"`)},
		{name: "body malformed refused", method: "POST", path: "/items", body: `{"owner":"` + bad + `"}`, status: 422, want: humaErr("expected string to match pattern "+inputPattern, "body.owner", `"`+bad+`"`)},
		{name: "body empty refused", method: "POST", path: "/items", body: `{"owner":""}`, status: 422, want: `{"title":"Unprocessable Entity","status":422,"detail":"validation failed","errors":[{"message":"expected length >= 26","location":"body.owner","value":""},{"message":"expected string to match pattern ` + inputPattern + `","location":"body.owner","value":""}]}`},
	})
}
