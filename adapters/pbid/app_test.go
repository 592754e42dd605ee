package pbid_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/idkeys/id/adapters/pbid"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// newApp returns a fresh PocketBase app whose data lives in a temporary
// folder: system migrations applied, so the users collection exists, and
// nothing else.
func newApp(t testing.TB) *tests.TestApp {
	t.Helper()
	app, err := tests.NewTestApp(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Cleanup)
	return app
}

// mustSave saves m or fails the test.
func mustSave(t testing.TB, app core.App, m core.Model) {
	t.Helper()
	if err := app.Save(m); err != nil {
		t.Fatalf("save: %v", err)
	}
}

// setUp creates the collections of the tests, as a migration would, and
// binds the hook to all of them:
//
//   - posts: a title, ids by pbid.Use, anyone may create and read;
//   - comments: a body and a relation "post" to posts, pbid.Use too;
//   - users (PocketBase's auth collection): pbid.Use, public sign-up.
func setUp(t testing.TB, app core.App) {
	t.Helper()
	posts := core.NewBaseCollection("posts")
	posts.Fields.Add(&core.TextField{Name: "title"})
	public(posts)
	if err := pbid.Use(posts); err != nil {
		t.Fatal(err)
	}
	mustSave(t, app, posts)

	comments := core.NewBaseCollection("comments")
	comments.Fields.Add(
		&core.TextField{Name: "body"},
		&core.RelationField{Name: "post", CollectionId: posts.Id, MaxSelect: 1},
	)
	public(comments)
	if err := pbid.Use(comments); err != nil {
		t.Fatal(err)
	}
	mustSave(t, app, comments)

	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	if err := pbid.Use(users); err != nil {
		t.Fatal(err)
	}
	mustSave(t, app, users)

	pbid.Bind(app)
}

// public lets anyone list, view, create and update records of col.
func public(col *core.Collection) {
	rule := ""
	col.ListRule, col.ViewRule, col.CreateRule, col.UpdateRule = &rule, &rule, &rule, &rule
}

// serve starts the app's REST API on a loopback listener, as `serve` does
// (the router, then the OnServe hooks), and returns its base URL.
func serve(t testing.TB, app core.App) string {
	t.Helper()
	router, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	var srv *httptest.Server
	se := &core.ServeEvent{App: app, Router: router}
	err = app.OnServe().Trigger(se, func(e *core.ServeEvent) error {
		mux, err := e.Router.BuildMux()
		if err != nil {
			return err
		}
		srv = httptest.NewServer(mux)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv.URL
}

// restError is PocketBase's error body.
type restError struct {
	Status  int                                       `json:"status"`
	Message string                                    `json:"message"`
	Data    map[string]struct{ Code, Message string } `json:"data"`
}

// call sends a JSON request and decodes the JSON answer into out (when
// non-nil and the status is 200) or returns it as a restError.
func call(t testing.TB, method, u string, body any, out any) (int, restError) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, u, r)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var re restError
	if res.StatusCode != http.StatusOK {
		if err := json.Unmarshal(raw, &re); err != nil {
			t.Fatalf("%s %s: %d %s", method, u, res.StatusCode, raw)
		}
		return res.StatusCode, re
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, u, err, raw)
		}
	}
	return res.StatusCode, re
}

// record is the part of a REST record answer the tests read.
type record struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Body   string `json:"body"`
	Post   string `json:"post"`
	Email  string `json:"email"`
	Expand struct {
		Post *record `json:"post"`
	} `json:"expand"`
}

// list is PocketBase's list answer.
type list struct {
	TotalItems int      `json:"totalItems"`
	Items      []record `json:"items"`
}

// query builds "path?k=v&…".
func query(base, path string, kv ...string) string {
	q := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		q.Set(kv[i], kv[i+1])
	}
	return base + path + "?" + q.Encode()
}
