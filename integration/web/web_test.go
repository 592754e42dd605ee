package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/idkeys/id"
)

// The ids every table uses: a valid id in its canonical and its uppercase
// spelling, a malformed one ('i' is not Crockford base32), and the
// messages package id gives for the malformed and for the empty value.
const (
	lower    = "01arz3ndektsv4rrffq69g5fav"
	upper    = "01ARZ3NDEKTSV4RRFFQ69G5FAV"
	bad      = "01arz3ndeitsv4rrffq69g5fav"
	badMsg   = `id: invalid id "01arz3ndeitsv4rrffq69g5fav": invalid character 'i' at index 9`
	emptyMsg = `id: invalid id "": length 0, want 26`
)

// UserID is a typed id (id.ID's typed form, `type UserID struct{ id.ID }`):
// the tables run over it too, as every method of ID is promoted to it.
type UserID struct{ id.ID }

// anyID is what both id.ID and a typed id are to the test handlers.
type anyID interface {
	IsZero() bool
	String() string
}

// show is what the test handlers write for an id they were handed: its
// canonical form, or "none" for the zero ID ("no id").
func show(v anyID) string {
	if v.IsZero() {
		return "none"
	}
	return v.String()
}

// showPtr is show for an optional *id.ID (or typed id): "nil" when
// absent.
func showPtr[T anyID](v *T) string {
	if v == nil {
		return "nil"
	}
	return show(*v)
}

// httpCase is one request and the exact answer expected.
type httpCase struct {
	name         string
	method, path string
	body         string // JSON request body, "" for none
	status       int
	want         string // exact response body, trailing newline trimmed
}

// serve runs every case against h and checks status and body exactly; a
// JSON body is compared as a JSON value (protojson varies its spacing on
// purpose).
func serve(t *testing.T, h http.Handler, cases []httpCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			method := c.method
			if method == "" {
				method = http.MethodGet
			}
			var body io.Reader
			if c.body != "" {
				body = strings.NewReader(c.body)
			}
			req := httptest.NewRequest(method, c.path, body)
			if c.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			got := strings.TrimRight(rec.Body.String(), "\n")
			same := got == c.want || strings.HasPrefix(c.want, "{") && json.Valid([]byte(got)) && sameJSON(t, got, c.want)
			if rec.Code != c.status || !same {
				t.Errorf("%s %s %s\n got %d %s\nwant %d %s", method, c.path, c.body, rec.Code, got, c.status, c.want)
			}
		})
	}
}

// sameJSON reports whether two JSON texts hold the same value, whatever
// the order of object keys.
func sameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return reflect.DeepEqual(x, y)
}
