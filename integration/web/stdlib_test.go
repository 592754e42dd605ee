package web

import (
	"errors"
	"net/http"
	"net/url"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/idkeys/id"
)

// parseOptional is the recipe for an optional id in a query string read
// by hand (net/http, chi): an absent key is "no id"; a present key, empty
// included, goes through Parse.
func parseOptional(q url.Values, key string) (id.ID, error) {
	if !q.Has(key) {
		return id.ID{}, nil
	}
	return id.Parse(q.Get(key))
}

// pathHandler answers for a path id read by get: a bad one is 404 (an id
// in a URL path that is not an id names no resource, KEYS-5) and a bad
// query id 400, each with our message.
func pathHandler(get func(*http.Request) string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, err := id.Parse(get(r))
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		after, err := parseOptional(r.URL.Query(), "after")
		if errors.Is(err, id.ErrInvalid) {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Write([]byte("user=" + show(u) + " after=" + show(after)))
	}
}

// stdlibCases are the same for chi and net/http.
var stdlibCases = []httpCase{
	{name: "path valid", path: "/users/" + lower, status: 200, want: "user=" + lower + " after=none"},
	{name: "path uppercase", path: "/users/" + upper, status: 200, want: "user=" + lower + " after=none"},
	{name: "path malformed", path: "/users/" + bad, status: 404, want: badMsg},
	{name: "path empty is the router's 404", path: "/users/", status: 404, want: "404 page not found"},
	{name: "query valid", path: "/users/" + lower + "?after=" + upper, status: 200, want: "user=" + lower + " after=" + lower},
	{name: "query malformed", path: "/users/" + lower + "?after=" + bad, status: 400, want: badMsg},
	{name: "query empty", path: "/users/" + lower + "?after=", status: 400, want: emptyMsg},
}

// TestNetHTTPPathValue: Go's net/http ServeMux, r.PathValue and Parse.
func TestNetHTTPPathValue(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("GET /users/{user}", pathHandler(func(r *http.Request) string { return r.PathValue("user") }))
	serve(t, mux, stdlibCases)
}

// TestChi: chi v5.5.0, chi.URLParam and Parse.
func TestChi(t *testing.T) {
	r := chi.NewRouter()
	r.Get("/users/{user}", pathHandler(func(r *http.Request) string { return chi.URLParam(r, "user") }))
	serve(t, r, stdlibCases)
}
