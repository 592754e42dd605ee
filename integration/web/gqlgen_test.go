package web

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/idkeys/id/integration/web/testdata/gqlapi"
)

// gqlQuery is a GraphQL request body.
func gqlQuery(q string) string {
	b, err := json.Marshal(map[string]string{"query": q})
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestGqlgen: the executable schema gqlgen v0.17.98 generated with
// GraphQL's ID scalar bound to id.ID (testdata/gqlapi/) compiles and works: ids
// decode through UnmarshalGQL (any case; malformed and empty refused
// with our message in the GraphQL error), an absent or null optional
// argument is a nil *id.ID, and ids are written through MarshalGQL in
// lowercase. A bad id is a GraphQL error with HTTP status 200, as gqlgen
// answers every resolver and argument error; a missing required argument
// fails validation, 422.
func TestGqlgen(t *testing.T) {
	srv := handler.New(gqlapi.NewExecutableSchema(gqlapi.Config{Resolvers: gqlapi.Resolver{}}))
	srv.AddTransport(transport.POST{})
	const other = "01bx5zzkbkactav9wevgemmvrz"
	post := func(name, q string, want string) httpCase {
		return httpCase{name: name, method: http.MethodPost, path: "/", body: gqlQuery(q), status: 200, want: want}
	}
	errAt := func(msg, field, arg string) string {
		return `{"errors":[{"message":"` + msg + `","path":["` + field + `","` + arg + `"]}],"data":null}`
	}
	serve(t, srv, []httpCase{
		post("valid", `{user(id:"`+lower+`"){id}}`, `{"data":{"user":{"id":"`+lower+`"}}}`),
		post("uppercase", `{user(id:"`+upper+`"){id}}`, `{"data":{"user":{"id":"`+lower+`"}}}`),
		post("malformed", `{user(id:"`+bad+`"){id}}`, errAt(`id: invalid id \"01arz3ndeitsv4rrffq69g5fav\": invalid character 'i' at index 9`, "user", "id")),
		post("empty", `{user(id:""){id}}`, errAt(`id: invalid id \"\": length 0, want 26`, "user", "id")),
		post("a number", `{user(id:1){id}}`, errAt(`id: invalid id: want a GraphQL string, got int64`, "user", "id")),
		{name: "required absent is 422", method: http.MethodPost, path: "/", body: gqlQuery(`{user{id}}`), status: 422,
			want: `{"errors":[{"message":"Field \"user\" argument \"id\" of type \"ID!\" is required, but it was not provided.","locations":[{"line":1,"column":2}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}],"data":null}`},
		post("optional valid", `{users(after:"`+upper+`"){id after}}`, `{"data":{"users":[{"id":"`+other+`","after":"`+lower+`"}]}}`),
		post("optional empty", `{users(after:""){id after}}`, errAt(`id: invalid id \"\": length 0, want 26`, "users", "after")),
		post("optional absent is nil", `{users{id after}}`, `{"data":{"users":[{"id":"`+other+`","after":null}]}}`),
		post("optional null is nil", `{users(after:null){id after}}`, `{"data":{"users":[{"id":"`+other+`","after":null}]}}`),
	})
}
