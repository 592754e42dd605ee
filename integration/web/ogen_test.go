package web

import (
	"context"
	"testing"

	"github.com/idkeys/id/integration/web/testdata/ogenapi"
)

// ogenHandler implements the generated ogenapi.Handler.
type ogenHandler struct{}

func (ogenHandler) GetUser(_ context.Context, p ogenapi.GetUserParams) (*ogenapi.Got, error) {
	after := "nil"
	if v, ok := p.After.Get(); ok {
		after = show(v)
	}
	return &ogenapi.Got{Got: "user=" + show(p.User) + " after=" + after + " org=" + show(p.Org)}, nil
}

func (ogenHandler) CreateItem(_ context.Context, req *ogenapi.CreateItemReq) (*ogenapi.Got, error) {
	ref := "nil"
	if v, ok := req.Ref.Get(); ok {
		ref = show(v)
	}
	return &ogenapi.Got{Got: "owner=" + show(req.Owner) + " ref=" + ref}, nil
}

// TestOgen: the server code ogen v1.24.0 generated from
// testdata/ogen.yaml (x-ogen-type: github.com/idkeys/id.ID), with ogen's
// default error handler. Path, query and body ids decode through ID's
// text methods.
func TestOgen(t *testing.T) {
	srv, err := ogenapi.NewServer(ogenHandler{})
	if err != nil {
		t.Fatal(err)
	}
	const q = "?org=" + lower
	serve(t, srv, []httpCase{
		{name: "path valid", path: "/users/" + lower + q, status: 200, want: got("user=" + lower + " after=nil org=" + lower)},
		{name: "path uppercase", path: "/users/" + upper + q, status: 200, want: got("user=" + lower + " after=nil org=" + lower)},
		{name: "path malformed", path: "/users/" + bad + q, status: 400, want: ogenErr(`operation GetUser: decode params: path: \"user\": id: invalid id \"01arz3ndeitsv4rrffq69g5fav\": invalid character 'i' at index 9`)},
		{name: "path empty", path: "/users/" + q, status: 400, want: ogenErr(`operation GetUser: decode params: path: \"user\": field required`)},
		{name: "query uppercase", path: "/users/" + lower + "?org=" + upper + "&after=" + upper, status: 200, want: got("user=" + lower + " after=" + lower + " org=" + lower)},
		{name: "query malformed", path: "/users/" + lower + q + "&after=" + bad, status: 400, want: ogenErr(`operation GetUser: decode params: query: \"after\": id: invalid id \"01arz3ndeitsv4rrffq69g5fav\": invalid character 'i' at index 9`)},
		{name: "query empty", path: "/users/" + lower + q + "&after=", status: 400, want: ogenErr(`operation GetUser: decode params: query: \"after\": id: invalid id \"\": length 0, want 26`)},
		{name: "query absent is no id", path: "/users/" + lower + q, status: 200, want: got("user=" + lower + " after=nil org=" + lower)},
		{name: "query required absent", path: "/users/" + lower, status: 400, want: ogenErr(`operation GetUser: decode params: query: \"org\": query parameter \"org\" not set`)},
		{name: "query required empty", path: "/users/" + lower + "?org=", status: 400, want: ogenErr(`operation GetUser: decode params: query: \"org\": id: invalid id \"\": length 0, want 26`)},

		{name: "body valid", method: "POST", path: "/items", body: `{"owner":"` + upper + `","ref":"` + lower + `"}`, status: 200, want: got("owner=" + lower + " ref=" + lower)},
		{name: "body malformed", method: "POST", path: "/items", body: `{"owner":"` + bad + `"}`, status: 400, want: ogenErr(`operation CreateItem: decode request: decode application/json: decode CreateItemReq: callback: decode field \"owner\": id: invalid id \"01arz3ndeitsv4rrffq69g5fav\": invalid character 'i' at index 9`)},
		{name: "body empty", method: "POST", path: "/items", body: `{"owner":""}`, status: 400, want: ogenErr(`operation CreateItem: decode request: decode application/json: decode CreateItemReq: callback: decode field \"owner\": id: invalid id \"\": length 0, want 26`)},
		{name: "body absent optional", method: "POST", path: "/items", body: `{"owner":"` + lower + `"}`, status: 200, want: got("owner=" + lower + " ref=nil")},
		{name: "body required absent", method: "POST", path: "/items", body: `{}`, status: 400, want: ogenErr(`operation CreateItem: decode request: decode application/json: invalid: owner (field required)`)},
	})
}

// ogenErr is ogen's default error answer.
func ogenErr(msg string) string { return `{"error_message":"` + msg + `"}` }
