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

// pathHandler answers for a path id read by get and parsed as T with
// id.ParseAs (struct{ id.ID } stands for a plain id.ID, which id.Parse
// reads the same way): a bad one is 404 (an id
// in a URL path that is not an id names no resource, KEYS-5) and a bad
// query id 400, each with our message.
func pathHandler[T ~struct{ id.ID }](get func(*http.Request) string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, err := id.ParseAs[T](get(r))
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		after, err := parseOptional(r.URL.Query(), "after")
		if errors.Is(err, id.ErrInvalid) {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Write([]byte("user=" + show(struct{ id.ID }(u).ID) + " after=" + show(after)))
	}
}

// stdlibCases are the same for chi and net/http, under the path prefix p.
func stdlibCases(p string) []httpCase {
	return []httpCase{
		{name: "path valid", path: p + lower, status: 200, want: "user=" + lower + " after=none"},
		{name: "path uppercase", path: p + upper, status: 200, want: "user=" + lower + " after=none"},
		{name: "path malformed", path: p + bad, status: 404, want: badMsg},
		{name: "path empty is the router's 404", path: p, status: 404, want: "404 page not found"},
		{name: "query valid", path: p + lower + "?after=" + upper, status: 200, want: "user=" + lower + " after=" + lower},
		{name: "query malformed", path: p + lower + "?after=" + bad, status: 400, want: badMsg},
		{name: "query empty", path: p + lower + "?after=", status: 400, want: emptyMsg},
	}
}

// TestNetHTTPPathValue: Go's net/http ServeMux, r.PathValue and Parse.
func TestNetHTTPPathValue(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("GET /users/{user}", pathHandler[struct{ id.ID }](func(r *http.Request) string { return r.PathValue("user") }))
	mux.Handle("GET /typed/{user}", pathHandler[UserID](func(r *http.Request) string { return r.PathValue("user") }))
	serve(t, mux, stdlibCases("/users/"))
	serve(t, mux, stdlibCases("/typed/"))
}

// TestChi: chi v5.5.0, chi.URLParam and Parse.
func TestChi(t *testing.T) {
	r := chi.NewRouter()
	r.Get("/users/{user}", pathHandler[struct{ id.ID }](func(r *http.Request) string { return chi.URLParam(r, "user") }))
	r.Get("/typed/{user}", pathHandler[UserID](func(r *http.Request) string { return chi.URLParam(r, "user") }))
	serve(t, r, stdlibCases("/users/"))
	serve(t, r, stdlibCases("/typed/"))
}
