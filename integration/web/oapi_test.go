package web

import (
	"net/http"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/integration/web/testdata/oapigen"
)

// oapiServer implements the generated oapigen.ServerInterface.
type oapiServer struct{}

func (oapiServer) GetUser(w http.ResponseWriter, _ *http.Request, user id.ID, p oapigen.GetUserParams) {
	w.Write([]byte("user=" + show(user) + " after=" + showPtr(p.After) + " org=" + show(p.Org)))
}

func (oapiServer) GetTypedUser(w http.ResponseWriter, _ *http.Request, user oapigen.UserID, p oapigen.GetTypedUserParams) {
	w.Write([]byte("user=" + show(user) + " after=" + showPtr(p.After) + " org=" + show(p.Org)))
}

// TestOapiCodegen: the server code oapi-codegen v2.8.2 generated from
// testdata/users.yaml (x-go-type: id.ID), on runtime v1.9.0, with its
// default error handler (400 with the runtime's message around ours).
// The query parameters are form style with explode=true, OpenAPI's
// default: the runtime binds them through ID's Bind (its Binder); the
// path parameter goes through UnmarshalText. The generated server does
// not enforce the spec's pattern; Bind does. /typed/ binds the typed id
// oapigen.UserID (x-go-type: UserID) with the same answers, but for the
// type's name in the path error.
func TestOapiCodegen(t *testing.T) {
	mux := http.NewServeMux()
	h := oapigen.HandlerWithOptions(oapiServer{}, oapigen.StdHTTPServerOptions{BaseRouter: mux})
	t.Run("id.ID", func(t *testing.T) { serve(t, h, oapiCases("/users/", "*id.ID")) })
	t.Run("UserID", func(t *testing.T) { serve(t, h, oapiCases("/typed/", "*oapigen.UserID")) })
}

// oapiCases is the table under the path prefix p, for the bound type
// named typ in the runtime's message.
func oapiCases(p, typ string) []httpCase {
	const q = "?org=" + lower
	return []httpCase{
		{name: "path valid", path: p + lower + q, status: 200, want: "user=" + lower + " after=nil org=" + lower},
		{name: "path uppercase", path: p + upper + q, status: 200, want: "user=" + lower + " after=nil org=" + lower},
		{name: "path malformed", path: p + bad + q, status: 400, want: "Invalid format for parameter user: error unmarshaling '" + bad + "' text as " + typ + ": " + badMsg},
		{name: "path empty is the router's 404", path: p + q, status: 404, want: "404 page not found"},
		{name: "query valid", path: p + lower + q + "&after=" + lower, status: 200, want: "user=" + lower + " after=" + lower + " org=" + lower},
		{name: "query uppercase", path: p + lower + "?org=" + upper + "&after=" + upper, status: 200, want: "user=" + lower + " after=" + lower + " org=" + lower},
		{name: "query malformed", path: p + lower + q + "&after=" + bad, status: 400, want: "Invalid format for parameter after: " + badMsg},
		{name: "query empty", path: p + lower + q + "&after=", status: 400, want: "Invalid format for parameter after: " + emptyMsg},
		{name: "query absent is nil", path: p + lower + q, status: 200, want: "user=" + lower + " after=nil org=" + lower},
		{name: "query required absent", path: p + lower, status: 400, want: "Query argument org is required, but not found"},
		{name: "query required empty", path: p + lower + "?org=", status: 400, want: "Invalid format for parameter org: " + emptyMsg},
	}
}
