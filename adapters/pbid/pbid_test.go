package pbid_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/pbid"
	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// canonical fails the test unless s is an id as New makes it: Scan accepts
// it, its time is not before since, and it is less than an id New makes
// now. (Its time may be a millisecond past the clock's, when New's
// timestamp ran ahead: docs/contract.md G7.)
func canonical(t testing.TB, s string, since time.Time) id.ID {
	t.Helper()
	var v id.ID
	if err := v.Scan(s); err != nil {
		t.Fatalf("id %q: %v", s, err)
	}
	if now := id.New(); v.Time().Before(since.Truncate(time.Millisecond)) || v.Compare(now) >= 0 {
		t.Fatalf("id %q made at %v, not between %v and the id made now, %v", s, v.Time(), since, now)
	}
	return v
}

func TestUseSetsTheIDField(t *testing.T) {
	for _, tc := range []struct {
		name     string
		use      func(*core.Collection) error
		min      int
		pattern  string
		accepted []string
		refused  []string
	}{
		{
			name: "Use", use: pbid.Use, min: 26, pattern: id.Pattern,
			accepted: []string{"01arz3ndektsv4rrffq69g5fav", "7zzzzzzzzzzzzzzzzzzzzzzzzz"},
			refused:  []string{"01ARZ3NDEKTSV4RRFFQ69G5FAV", "abcdefghijklmno", "01arz3ndektsv4rrffq69g5fa", "81arz3ndektsv4rrffq69g5fav", "01arz3ndektsv4rrffq69g5fau"},
		},
		{
			name: "UseKeepOldIDs", use: pbid.UseKeepOldIDs, min: 15,
			pattern:  "^([a-z0-9]{15}|" + strings.TrimSuffix(strings.TrimPrefix(id.Pattern, "^"), "$") + ")$",
			accepted: []string{"01arz3ndektsv4rrffq69g5fav", "abcdefghijklmno", "0123456789abcde"},
			refused:  []string{"01ARZ3NDEKTSV4RRFFQ69G5FAV", "ABCDEFGHIJKLMNO", "abcdefghijklmnop", "abcdefghijklmn", "01arz3ndektsv4rrffq69g5fa", "01arz3ndektsv4rrffq69g5fau"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := newApp(t)
			col := core.NewBaseCollection("things")
			if err := tc.use(col); err != nil {
				t.Fatal(err)
			}
			mustSave(t, app, col) // PocketBase accepts the settings

			saved, err := app.FindCollectionByNameOrId("things")
			if err != nil {
				t.Fatal(err)
			}
			f := saved.Fields.GetByName("id").(*core.TextField)
			if f.Min != tc.min || f.Max != 26 || f.Pattern != tc.pattern || f.AutogeneratePattern != "" || !f.PrimaryKey || !f.Required {
				t.Errorf("id field after save: min %d max %d pattern %q autogenerate %q pk %v required %v", f.Min, f.Max, f.Pattern, f.AutogeneratePattern, f.PrimaryKey, f.Required)
			}
			// PocketBase's own check of the field: these are what a create
			// without Bind accepts and refuses.
			for _, s := range tc.accepted {
				if err := f.ValidatePlainValue(s); err != nil {
					t.Errorf("field refuses %q: %v", s, err)
				}
			}
			for _, s := range tc.refused {
				if err := f.ValidatePlainValue(s); err == nil {
					t.Errorf("field accepts %q", s)
				}
			}
		})
	}
}

func TestUseRefuses(t *testing.T) {
	view := core.NewViewCollection("v")
	for _, tc := range []struct {
		name string
		col  *core.Collection
		want string
	}{
		{"nil", nil, "id: pbid: nil collection"},
		{"view", view, `id: pbid: collection "v" is a view: its ids come from its query`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, use := range []func(*core.Collection) error{pbid.Use, pbid.UseKeepOldIDs} {
				if err := use(tc.col); err == nil || err.Error() != tc.want {
					t.Errorf("got %v, want %s", err, tc.want)
				}
			}
		})
	}
}

func TestCreateThroughGo(t *testing.T) {
	app := newApp(t)
	setUp(t, app)
	posts, err := app.FindCollectionByNameOrId("posts")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()

	// Without an id: Bind gives one from id.New.
	a := core.NewRecord(posts)
	a.Set("title", "a")
	mustSave(t, app, a)
	aid := canonical(t, a.Id, start)
	if got, err := pbid.ID(a); err != nil || got != aid {
		t.Errorf("pbid.ID = %v, %v; want %v", got, err, aid)
	}

	// With a canonical id: kept.
	bid := id.New()
	b := core.NewRecord(posts)
	b.Id = bid.String()
	b.Set("title", "b")
	mustSave(t, app, b)
	if b.Id != bid.String() {
		t.Errorf("id %q, want %q", b.Id, bid)
	}

	// SaveNoValidate runs the hook too.
	c := core.NewRecord(posts)
	c.Set("title", "c")
	if err := app.SaveNoValidate(c); err != nil {
		t.Fatal(err)
	}
	canonical(t, c.Id, start)

	got, err := app.FindRecordById("posts", a.Id)
	if err != nil || got.GetString("title") != "a" {
		t.Fatalf("FindRecordById: %v, %v", got, err)
	}
	found, err := app.FindRecordsByFilter("posts", "id = {:id}", "", 0, 0, dbx.Params{"id": b.Id})
	if err != nil || len(found) != 1 || found[0].GetString("title") != "b" {
		t.Fatalf("FindRecordsByFilter: %v, %v", found, err)
	}
	byIDs, err := app.FindRecordsByIds("posts", []string{c.Id, a.Id, "nothere"})
	if err != nil {
		t.Fatal(err)
	}
	titles := map[string]string{}
	for _, r := range byIDs {
		titles[r.Id] = r.GetString("title")
	}
	if len(titles) != 2 || titles[a.Id] != "a" || titles[c.Id] != "c" {
		t.Errorf("FindRecordsByIds: %v", titles)
	}
	// The order of creation is the order of the ids.
	if !(a.Id < b.Id && b.Id < c.Id) {
		t.Errorf("ids out of creation order: %s %s %s", a.Id, b.Id, c.Id)
	}
}

func TestCreateThroughREST(t *testing.T) {
	app := newApp(t)
	setUp(t, app)
	base := serve(t, app)
	start := time.Now()

	var a record
	if st, e := call(t, "POST", base+"/api/collections/posts/records", map[string]any{"title": "a"}, &a); st != 200 {
		t.Fatalf("create without id: %d %+v", st, e)
	}
	canonical(t, a.ID, start)

	bid := id.New().String()
	var b record
	if st, e := call(t, "POST", base+"/api/collections/posts/records", map[string]any{"id": bid, "title": "b"}, &b); st != 200 || b.ID != bid {
		t.Fatalf("create with id %s: %d %+v, got %q", bid, st, e, b.ID)
	}

	var got record
	if st, e := call(t, "GET", base+"/api/collections/posts/records/"+a.ID, nil, &got); st != 200 || got.ID != a.ID || got.Title != "a" {
		t.Fatalf("get by id: %d %+v %+v", st, e, got)
	}
	var l list
	if st, e := call(t, "GET", query(base, "/api/collections/posts/records", "filter", fmt.Sprintf("id=%q", bid)), nil, &l); st != 200 || l.TotalItems != 1 || l.Items[0].Title != "b" {
		t.Fatalf("filter by id: %d %+v %+v", st, e, l)
	}
	// An uppercase copy of an id finds nothing: ids are compared as stored.
	if st, e := call(t, "GET", base+"/api/collections/posts/records/"+strings.ToUpper(a.ID), nil, nil); st != 404 {
		t.Fatalf("get by uppercase id: %d %+v", st, e)
	}
	// The Go API sees the same records.
	if r, err := app.FindRecordById("posts", b.ID); err != nil || r.GetString("title") != "b" {
		t.Fatalf("FindRecordById after REST create: %v %v", r, err)
	}
}

func TestCreateRefused(t *testing.T) {
	app := newApp(t)
	setUp(t, app)
	base := serve(t, app)
	posts, err := app.FindCollectionByNameOrId("posts")
	if err != nil {
		t.Fatal(err)
	}
	existing := core.NewRecord(posts)
	mustSave(t, app, existing)

	for _, tc := range []struct {
		name string
		id   string
		code string // PocketBase's validation code for the field "id"
		msg  string // its message from Go; REST capitalizes it and ends it with "."
	}{
		{"uppercase", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "validation_invalid_id", `invalid id "01ARZ3NDEKTSV4RRFFQ69G5FAV": ids must be lowercase (KEYS-4), as "01arz3ndektsv4rrffq69g5fav"`},
		{"mixed case", "01arz3ndektsv4rrffq69g5faV", "validation_invalid_id", `invalid id "01arz3ndektsv4rrffq69g5faV": ids must be lowercase (KEYS-4), as "01arz3ndektsv4rrffq69g5fav"`},
		{"too short", "01arz3ndektsv4rrffq69g5fa", "validation_invalid_id", `invalid id "01arz3ndektsv4rrffq69g5fa": length 25, want 26`},
		{"too long", "01arz3ndektsv4rrffq69g5fav0", "validation_invalid_id", `invalid id "01arz3ndektsv4rrffq69g5fav0": length 27, want 26`},
		{"letter u", "01arz3ndektsv4rrffq69g5fau", "validation_invalid_id", `invalid id "01arz3ndektsv4rrffq69g5fau": invalid character 'u' at index 25`},
		{"out of range", "81arz3ndektsv4rrffq69g5fav", "validation_invalid_id", `invalid id "81arz3ndektsv4rrffq69g5fav": out of range: first character '8' is above '7'`},
		{"zero id", "00000000000000000000000000", "validation_invalid_id", `invalid id "00000000000000000000000000": the zero id names nothing`},
		{"old form", "abcdefghijklmno", "validation_invalid_id", `invalid id "abcdefghijklmno": length 15, want 26`},
		{"space", " 1arz3ndektsv4rrffq69g5fav", "validation_invalid_id", `invalid id " 1arz3ndektsv4rrffq69g5fav": invalid character ' ' at index 0`},
		{"duplicate", existing.Id, "validation_pk_invalid", "The record primary key is invalid or already exists."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, err := app.CountRecords("posts")
			if err != nil {
				t.Fatal(err)
			}
			// Go API: a validation error on the field "id".
			r := core.NewRecord(posts)
			r.Id = tc.id
			err = app.Save(r)
			assertIDError(t, err, tc.code, tc.msg)
			if want := "id: " + tc.msg + "."; err.Error() != want { // ozzo-validation adds the "."
				t.Errorf("Go error %q, want %q", err, want)
			}

			// REST: 400 with the same error on the field "id".
			st, e := call(t, "POST", base+"/api/collections/posts/records", map[string]any{"id": tc.id}, nil)
			want := strings.ToUpper(tc.msg[:1]) + strings.TrimSuffix(tc.msg[1:], ".") + "."
			if st != 400 || e.Data["id"].Code != tc.code || e.Data["id"].Message != want {
				t.Errorf("REST: %d %+v, want 400 %s %q", st, e, tc.code, want)
			}
			if after, _ := app.CountRecords("posts"); after != before {
				t.Errorf("%d records, want %d: something was written", after, before)
			}
		})
	}
}

// assertIDError fails unless err is a validation error on the field "id"
// with the code and the message msg.
func assertIDError(t *testing.T, err error, code, msg string) {
	t.Helper()
	var errs validation.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("error %v (%T), want validation errors", err, err)
	}
	var fe validation.Error
	if !errors.As(errs["id"], &fe) || fe.Code() != code || fe.Error() != msg {
		t.Fatalf("error %v, want %s on id: %q", err, code, msg)
	}
}

func TestSortIsCreationOrder(t *testing.T) {
	app := newApp(t)
	setUp(t, app)
	base := serve(t, app)
	posts, err := app.FindCollectionByNameOrId("posts")
	if err != nil {
		t.Fatal(err)
	}
	// 1,000 records as fast as the app takes them: many share a
	// millisecond, so the order inside a millisecond is New's.
	const n = 1000
	made := make([]string, n)
	start := time.Now()
	for i := range made {
		r := core.NewRecord(posts)
		r.Set("title", fmt.Sprint(i))
		mustSave(t, app, r)
		made[i] = r.Id
	}
	ms := map[int64]int{}
	for _, s := range made {
		ms[id.MustParse(s).Time().UnixMilli()]++
	}
	t.Logf("%d records in %v, %d distinct milliseconds", n, time.Since(start), len(ms))
	if len(ms) == n {
		t.Logf("no two records shared a millisecond: the order within one is not exercised")
	}

	var l list
	if st, e := call(t, "GET", query(base, "/api/collections/posts/records", "sort", "id", "perPage", "1000"), nil, &l); st != 200 {
		t.Fatalf("list: %d %+v", st, e)
	}
	if l.TotalItems != n || len(l.Items) != n {
		t.Fatalf("%d of %d items", len(l.Items), l.TotalItems)
	}
	for i, it := range l.Items {
		if it.ID != made[i] || it.Title != fmt.Sprint(i) {
			t.Fatalf("item %d is %s %q, want %s %q", i, it.ID, it.Title, made[i], fmt.Sprint(i))
		}
	}
	// A MinAt window over REST: filter=id>="…" && id<"…" returns exactly
	// the records whose ids were made in [t1, t2), to the millisecond.
	t1, t2 := id.MustParse(made[300]).Time(), id.MustParse(made[700]).Time()
	from, _ := id.MinAt(t1)
	to, _ := id.MinAt(t2)
	var want []string
	for _, s := range made {
		if tm := id.MustParse(s).Time(); !tm.Before(t1) && tm.Before(t2) {
			want = append(want, s)
		}
	}
	var w list
	filter := fmt.Sprintf("id>=%q && id<%q", from, to)
	if st, e := call(t, "GET", query(base, "/api/collections/posts/records", "filter", filter, "sort", "id", "perPage", "1000"), nil, &w); st != 200 {
		t.Fatalf("window: %d %+v", st, e)
	}
	if len(w.Items) != len(want) || len(want) < 300 {
		t.Fatalf("window %s: %d items, want %d", filter, len(w.Items), len(want))
	}
	for i, it := range w.Items {
		if it.ID != want[i] {
			t.Fatalf("window item %d is %s, want %s", i, it.ID, want[i])
		}
	}

	// -id is newest first, through the Go API too.
	rs, err := app.FindRecordsByFilter("posts", "", "-id", 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rs {
		if r.Id != made[n-1-i] {
			t.Errorf("sort -id: item %d is %s, want %s", i, r.Id, made[n-1-i])
		}
	}
}

func TestRelationExpand(t *testing.T) {
	app := newApp(t)
	setUp(t, app)
	base := serve(t, app)

	var p record
	if st, e := call(t, "POST", base+"/api/collections/posts/records", map[string]any{"title": "hello"}, &p); st != 200 {
		t.Fatalf("post: %d %+v", st, e)
	}
	var c record
	if st, e := call(t, "POST", base+"/api/collections/comments/records", map[string]any{"body": "hi", "post": p.ID}, &c); st != 200 || c.Post != p.ID {
		t.Fatalf("comment: %d %+v %+v", st, e, c)
	}
	if c.ID == p.ID || id.MustParse(c.ID).Compare(id.MustParse(p.ID)) <= 0 {
		t.Errorf("comment id %s not after post id %s", c.ID, p.ID)
	}
	var got record
	if st, e := call(t, "GET", query(base, "/api/collections/comments/records/"+c.ID, "expand", "post"), nil, &got); st != 200 {
		t.Fatalf("expand: %d %+v", st, e)
	}
	if got.Expand.Post == nil || got.Expand.Post.ID != p.ID || got.Expand.Post.Title != "hello" {
		t.Fatalf("expand.post = %+v, want %s hello", got.Expand.Post, p.ID)
	}
	// A relation to an id that names no record is refused as before.
	if st, e := call(t, "POST", base+"/api/collections/comments/records", map[string]any{"post": id.New().String()}, nil); st != 400 || e.Data["post"].Code != "validation_missing_rel_records" {
		t.Fatalf("relation to a missing record: %d %+v", st, e)
	}
	// Filter across the relation.
	var l list
	if st, e := call(t, "GET", query(base, "/api/collections/comments/records", "filter", fmt.Sprintf("post.id=%q", p.ID)), nil, &l); st != 200 || l.TotalItems != 1 || l.Items[0].ID != c.ID {
		t.Fatalf("filter post.id: %d %+v %+v", st, e, l)
	}
}

func TestUsersSignUp(t *testing.T) {
	app := newApp(t)
	setUp(t, app)
	base := serve(t, app)
	start := time.Now()

	var u record
	body := map[string]any{"email": "ada@example.com", "password": "correct horse", "passwordConfirm": "correct horse"}
	if st, e := call(t, "POST", base+"/api/collections/users/records", body, &u); st != 200 {
		t.Fatalf("sign-up: %d %+v %+v", st, e, u)
	}
	canonical(t, u.ID, start)

	var auth struct {
		Token  string `json:"token"`
		Record record `json:"record"`
	}
	if st, e := call(t, "POST", base+"/api/collections/users/auth-with-password", map[string]any{"identity": "ada@example.com", "password": "correct horse"}, &auth); st != 200 || auth.Token == "" || auth.Record.ID != u.ID {
		t.Fatalf("sign-in: %d %+v %+v", st, e, auth)
	}
	// Through Go, the auth record reads back as an id.ID.
	r, err := app.FindAuthRecordByEmail("users", "ada@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if v, err := pbid.ID(r); err != nil || v.String() != u.ID {
		t.Fatalf("pbid.ID = %v, %v", v, err)
	}
	// Sign-up with an uppercase id: 400.
	body["email"], body["id"] = "bob@example.com", strings.ToUpper(id.New().String())
	if st, e := call(t, "POST", base+"/api/collections/users/records", body, nil); st != 400 || e.Data["id"].Code != "validation_invalid_id" {
		t.Fatalf("sign-up with uppercase id: %d %+v", st, e)
	}
}

// TestBindLeavesOtherCollections: Bind with no collection named acts only
// on the collections Use set up; PocketBase's own, and any other, keep
// PocketBase's ids.
func TestBindLeavesOtherCollections(t *testing.T) {
	app := newApp(t)
	setUp(t, app)
	plain := core.NewBaseCollection("plain")
	mustSave(t, app, plain)

	r := core.NewRecord(plain)
	mustSave(t, app, r)
	if len(r.Id) != 15 {
		t.Errorf("plain record id %q, want PocketBase's 15 characters", r.Id)
	}
	su, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	s := core.NewRecord(su)
	s.SetEmail("root@example.com")
	s.SetPassword("correct horse")
	mustSave(t, app, s)
	if len(s.Id) != 15 {
		t.Errorf("superuser id %q, want PocketBase's 15 characters", s.Id)
	}
}

// TestBindNamedCollectionNotSetUp: naming a collection whose id field Use
// has not set up fails the create with a message that says what to do.
func TestBindNamedCollectionNotSetUp(t *testing.T) {
	app := newApp(t)
	plain := core.NewBaseCollection("plain")
	mustSave(t, app, plain)
	pbid.Bind(app, "plain")

	err := app.Save(core.NewRecord(plain))
	want := `id: pbid: collection "plain": the id field is not set up for ids (call pbid.Use in a migration)`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
	if n, _ := app.CountRecords("plain"); n != 0 {
		t.Errorf("%d records written", n)
	}
}

// TestBindNamedCollectionOnly: with collections named, the others are left
// alone even when Use set them up: there PocketBase makes no id at all.
func TestBindNamedCollectionOnly(t *testing.T) {
	app := newApp(t)
	var cols []*core.Collection
	for _, name := range []string{"a", "b"} {
		col := core.NewBaseCollection(name)
		if err := pbid.Use(col); err != nil {
			t.Fatal(err)
		}
		mustSave(t, app, col)
		cols = append(cols, col)
	}
	pbid.Bind(app, cols[0].Id) // by id, not name

	ra := core.NewRecord(cols[0])
	mustSave(t, app, ra)
	canonical(t, ra.Id, time.Now().Add(-time.Minute))
	err := app.Save(core.NewRecord(cols[1]))
	if err == nil || !strings.Contains(err.Error(), "id: cannot be blank") {
		t.Fatalf("create in b without Bind: %v, want PocketBase's blank id error", err)
	}
}

func TestIDReadsStoredForm(t *testing.T) {
	app := newApp(t)
	setUp(t, app)
	// An id written around PocketBase, in uppercase, by raw SQL.
	upper := strings.ToUpper(id.New().String())
	if _, err := app.DB().NewQuery("INSERT INTO posts (id, title) VALUES ({:id}, 'raw')").Bind(dbx.Params{"id": upper}).Execute(); err != nil {
		t.Fatal(err)
	}
	r, err := app.FindRecordById("posts", upper)
	if err != nil {
		t.Fatal(err)
	}
	v, err := pbid.ID(r)
	var pe *id.ParseError
	if !v.IsZero() || !errors.Is(err, id.ErrInvalid) || !errors.As(err, &pe) || pe.Reason != id.ReasonCase {
		t.Fatalf("pbid.ID = %v, %v; want the zero id and ReasonCase", v, err)
	}
	if !strings.HasPrefix(err.Error(), `id: pbid: record of collection "posts": id: `) {
		t.Errorf("message %q", err)
	}
	if v, err := pbid.ID(nil); !v.IsZero() || err == nil || err.Error() != "id: pbid: nil record" {
		t.Errorf("pbid.ID(nil) = %v, %v", v, err)
	}
	posts, _ := app.FindCollectionByNameOrId("posts")
	for _, s := range []string{"", "abcdefghijklmno"} {
		r := core.NewRecord(posts)
		r.Id = s
		if v, err := pbid.ID(r); !v.IsZero() || !errors.Is(err, id.ErrInvalid) {
			t.Errorf("pbid.ID(%q) = %v, %v; want an error wrapping ErrInvalid", s, v, err)
		}
	}
}

// TestNoCaseIndexServesPocketBaseCheck: the query PocketBase runs before a
// create (core.TextField.ValidateValue, for an id field with a Pattern
// other than its default) reads the whole table without the index Use
// adds, and searches the index with it.
func TestNoCaseIndexServesPocketBaseCheck(t *testing.T) {
	app := newApp(t)
	setUp(t, app)
	posts, err := app.FindCollectionByNameOrId("posts")
	if err != nil {
		t.Fatal(err)
	}
	name := pbid.NoCaseIndexName(posts)
	if name != "idx_id_nocase_"+posts.Id || posts.GetIndex(name) != "CREATE INDEX `"+name+"` ON `posts` (`id` COLLATE NOCASE)" {
		t.Fatalf("index %q: %q in %q", name, posts.GetIndex(name), posts.Indexes)
	}
	// The same query as PocketBase's, through its query builder.
	plan := func() string {
		q := app.ConcurrentDB().Select("(1)").From("posts").
			Where(dbx.NewExp("id = {:id} COLLATE NOCASE", dbx.Params{"id": id.New().String()})).Limit(1).Build()
		var rows []struct {
			ID      int    `db:"id"`
			Parent  int    `db:"parent"`
			NotUsed int    `db:"notused"`
			Detail  string `db:"detail"`
		}
		if err := app.ConcurrentDB().NewQuery("EXPLAIN QUERY PLAN " + q.SQL()).Bind(q.Params()).All(&rows); err != nil {
			t.Fatal(err)
		}
		var details []string
		for _, r := range rows {
			details = append(details, r.Detail)
		}
		return strings.Join(details, "; ")
	}
	if got, want := plan(), "SEARCH posts USING COVERING INDEX "+name+" (id=?)"; got != want {
		t.Errorf("with the index: %q, want %q", got, want)
	}
	posts.RemoveIndex(name)
	mustSave(t, app, posts)
	if got, want := plan(), "SCAN posts USING COVERING INDEX sqlite_autoindex_posts_1"; got != want { // every row of the primary key's index
		t.Errorf("without the index: %q, want %q", got, want)
	}
}

// TestBindRunsBeforeOtherHooks: a record-create hook bound with the
// default priority, even before Bind, already sees the new id.
func TestBindRunsBeforeOtherHooks(t *testing.T) {
	app := newApp(t)
	var seen []string
	app.OnRecordCreate("posts").BindFunc(func(e *core.RecordEvent) error {
		seen = append(seen, e.Record.Id)
		return e.Next()
	})
	setUp(t, app)
	posts, err := app.FindCollectionByNameOrId("posts")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(posts)
	mustSave(t, app, r)
	if len(seen) != 1 || seen[0] != r.Id || len(r.Id) != 26 {
		t.Fatalf("the other hook saw %q, the record has %q", seen, r.Id)
	}
}
