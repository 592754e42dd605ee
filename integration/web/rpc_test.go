package web

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"connectrpc.com/connect"
	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/idkeys/id"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

// RPC frameworks carry ids as protobuf string fields and never decode
// them: the handler parses, and maps a failure to InvalidArgument. A
// proto3 string has no presence, so "" is both "absent" and "empty": a
// required id field refuses it through Parse; an optional one spells "no
// id" as "" (or uses `optional string` and checks presence first).
// wrapperspb.StringValue stands in for a generated request message, so
// no generated code is needed here.

// parseField is the recipe: Parse, and InvalidArgument carrying the
// reason's code and fixed message for anything Parse refuses, never
// err.Error(), which is for logs (docs/contract.md E6).
func parseField(s string) (id.ID, error) {
	v, err := id.Parse(s)
	if err != nil {
		r := id.ReasonOf(err)
		return id.ID{}, connect.NewError(connect.CodeInvalidArgument, errors.New(r.Code()+": "+r.Message()))
	}
	return v, nil
}

// The client's messages for bad and empty (docs/contract.md E6).
const (
	badClientMsg   = "id_character: The id may contain only the digits 0 to 9 and the letters a to z except i, l, o and u."
	emptyClientMsg = "id_missing: The id is missing."
)

// TestConnect: connect-go v1.21.1, a unary handler parsing its string
// field; the client sees CodeInvalidArgument, the reason's code and its
// fixed message.
func TestConnect(t *testing.T) {
	const procedure = "/users.v1.Users/GetUser"
	mux := http.NewServeMux()
	mux.Handle(procedure, connect.NewUnaryHandler(procedure,
		func(_ context.Context, req *connect.Request[wrapperspb.StringValue]) (*connect.Response[wrapperspb.StringValue], error) {
			u, err := parseField(req.Msg.GetValue())
			if err != nil {
				return nil, err
			}
			return connect.NewResponse(wrapperspb.String("user=" + show(u))), nil
		}))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	client := connect.NewClient[wrapperspb.StringValue, wrapperspb.StringValue](srv.Client(), srv.URL+procedure)
	for _, c := range []struct {
		name, in, want, err string
	}{
		{"valid", lower, "user=" + lower, ""},
		{"uppercase", upper, "user=" + lower, ""},
		{"malformed", bad, "", badClientMsg},
		{"empty or absent", "", "", emptyClientMsg},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := client.CallUnary(t.Context(), connect.NewRequest(wrapperspb.String(c.in)))
			if c.err == "" {
				if err != nil || res.Msg.GetValue() != c.want {
					t.Fatalf("got %v, %v; want %q", res, err, c.want)
				}
				return
			}
			var ce *connect.Error
			if !errors.As(err, &ce) || ce.Code() != connect.CodeInvalidArgument || ce.Message() != c.err {
				t.Fatalf("error %v, want invalid_argument: %s", err, c.err)
			}
		})
	}
}

// TestGRPCGateway: grpc-gateway v2.33.0's ServeMux with a path handler
// (HandlePath; generated gateway code copies the path text into the
// request's string field the same way) parsing the id and answering
// status InvalidArgument with the reason's code and fixed message, which
// the gateway's error handler writes as 400.
func TestGRPCGateway(t *testing.T) {
	mux := runtime.NewServeMux()
	err := mux.HandlePath("GET", "/users/{user}", func(w http.ResponseWriter, r *http.Request, p map[string]string) {
		u, err := id.Parse(p["user"])
		if err != nil {
			_, m := runtime.MarshalerForRequest(mux, r)
			reason := id.ReasonOf(err)
			runtime.HTTPError(r.Context(), mux, m, w, r, status.Error(codes.InvalidArgument, reason.Code()+": "+reason.Message()))
			return
		}
		w.Write([]byte("user=" + show(u)))
	})
	if err != nil {
		t.Fatal(err)
	}
	serve(t, mux, []httpCase{
		{name: "valid", path: "/users/" + lower, status: 200, want: "user=" + lower},
		{name: "uppercase", path: "/users/" + upper, status: 200, want: "user=" + lower},
		{name: "malformed", path: "/users/" + bad, status: 400, want: `{"code":3,"message":"` + badClientMsg + `","details":[]}`},
		{name: "empty", path: "/users/", status: 400, want: `{"code":3,"message":"` + emptyClientMsg + `","details":[]}`},
	})
}
