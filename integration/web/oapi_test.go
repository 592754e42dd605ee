package web

import (
	"net/http"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/integration/web/oapigen"
)

// oapiServer implements the generated oapigen.ServerInterface.
type oapiServer struct{}

func (oapiServer) GetUser(w http.ResponseWriter, _ *http.Request, user id.ID, p oapigen.GetUserParams) {
	w.Write([]byte("user=" + show(user) + " after=" + showPtr(p.After) + " org=" + show(p.Org)))
}

// TestOapiCodegen: the server code oapi-codegen v2.8.2 generated from
// testdata/users.yaml (x-go-type: id.ID), on runtime v1.9.0, with its
// default error handler (400 with the runtime's message around ours).
// The query parameters are form style with explode=true, OpenAPI's
// default: the runtime binds them through ID's Bind (its Binder); the
// path parameter goes through UnmarshalText. The generated server does
// not enforce the spec's pattern; Bind does.
func TestOapiCodegen(t *testing.T) {
	mux := http.NewServeMux()
	h := oapigen.HandlerWithOptions(oapiServer{}, oapigen.StdHTTPServerOptions{BaseRouter: mux})
	const q = "?org=" + lower
	serve(t, h, []httpCase{
		{name: "path valid", path: "/users/" + lower + q, status: 200, want: "user=" + lower + " after=nil org=" + lower},
		{name: "path uppercase", path: "/users/" + upper + q, status: 200, want: "user=" + lower + " after=nil org=" + lower},
		{name: "path malformed", path: "/users/" + bad + q, status: 400, want: "Invalid format for parameter user: error unmarshaling '" + bad + "' text as *id.ID: " + badMsg},
		{name: "path empty is the router's 404", path: "/users/" + q, status: 404, want: "404 page not found"},
		{name: "query valid", path: "/users/" + lower + q + "&after=" + lower, status: 200, want: "user=" + lower + " after=" + lower + " org=" + lower},
		{name: "query uppercase", path: "/users/" + lower + "?org=" + upper + "&after=" + upper, status: 200, want: "user=" + lower + " after=" + lower + " org=" + lower},
		{name: "query malformed", path: "/users/" + lower + q + "&after=" + bad, status: 400, want: "Invalid format for parameter after: " + badMsg},
		{name: "query empty", path: "/users/" + lower + q + "&after=", status: 400, want: "Invalid format for parameter after: " + emptyMsg},
		{name: "query absent is nil", path: "/users/" + lower + q, status: 200, want: "user=" + lower + " after=nil org=" + lower},
		{name: "query required absent", path: "/users/" + lower, status: 400, want: "Query argument org is required, but not found"},
		{name: "query required empty", path: "/users/" + lower + "?org=", status: 400, want: "Invalid format for parameter org: " + emptyMsg},
	})
}
