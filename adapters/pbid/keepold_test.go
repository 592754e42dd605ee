package pbid_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/pbid"
	"github.com/pocketbase/pocketbase/core"
)

// TestExistingRecordsKeepTheirIDs: a collection that already holds records
// with PocketBase's 15-character ids is switched to pbid by a migration,
// with Use or with UseKeepOldIDs. In both, the old records are still
// found, updated, deleted and related to, and new records get ids from
// id.New. Only UseKeepOldIDs still accepts a create with an old-form id.
func TestExistingRecordsKeepTheirIDs(t *testing.T) {
	for _, tc := range []struct {
		name       string
		use        func(*core.Collection) error
		oldCreates bool // a create with a 15-character id is accepted
	}{
		{"Use", pbid.Use, false},
		{"UseKeepOldIDs", pbid.UseKeepOldIDs, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := newApp(t)
			pbid.Bind(app) // at start-up, before the migration, as in an app

			// Before: a collection with PocketBase's ids, and a relation to it.
			notes := core.NewBaseCollection("notes")
			notes.Fields.Add(&core.TextField{Name: "title"})
			public(notes)
			mustSave(t, app, notes)
			links := core.NewBaseCollection("links")
			links.Fields.Add(&core.RelationField{Name: "note", CollectionId: notes.Id, MaxSelect: 1})
			public(links)
			mustSave(t, app, links)
			var old []string
			for _, title := range []string{"old0", "old1", "old2"} {
				r := core.NewRecord(notes)
				r.Set("title", title)
				mustSave(t, app, r)
				if len(r.Id) != 15 {
					t.Fatalf("old id %q", r.Id)
				}
				old = append(old, r.Id)
			}

			// The migration.
			if err := tc.use(notes); err != nil {
				t.Fatal(err)
			}
			mustSave(t, app, notes)
			base := serve(t, app)
			start := time.Now()

			// New records, through Go and REST, get ids from id.New.
			n0 := core.NewRecord(notes)
			n0.Set("title", "new0")
			mustSave(t, app, n0)
			var n1 record
			if st, e := call(t, "POST", base+"/api/collections/notes/records", map[string]any{"title": "new1"}, &n1); st != 200 {
				t.Fatalf("REST create: %d %+v", st, e)
			}
			canonical(t, n0.Id, start)
			canonical(t, n1.ID, start)
			if n0.Id >= n1.ID {
				t.Errorf("new ids out of order: %s %s", n0.Id, n1.ID)
			}

			// Old records: get, filter, update (Go and REST), relate, expand, delete.
			var got record
			if st, e := call(t, "GET", base+"/api/collections/notes/records/"+old[0], nil, &got); st != 200 || got.Title != "old0" {
				t.Fatalf("get old: %d %+v %+v", st, e, got)
			}
			var l list
			if st, e := call(t, "GET", query(base, "/api/collections/notes/records", "filter", `id="`+old[1]+`"`), nil, &l); st != 200 || l.TotalItems != 1 {
				t.Fatalf("filter old: %d %+v %+v", st, e, l)
			}
			if st, e := call(t, "PATCH", base+"/api/collections/notes/records/"+old[0], map[string]any{"title": "old0 edited"}, &got); st != 200 || got.ID != old[0] || got.Title != "old0 edited" {
				t.Fatalf("REST update old: %d %+v %+v", st, e, got)
			}
			r1, err := app.FindRecordById("notes", old[1])
			if err != nil {
				t.Fatal(err)
			}
			r1.Set("title", "old1 edited")
			mustSave(t, app, r1)
			var link record
			if st, e := call(t, "POST", base+"/api/collections/links/records", map[string]any{"note": old[1]}, &link); st != 200 {
				t.Fatalf("relation to old: %d %+v", st, e)
			}
			var lk struct {
				Expand struct {
					Note record `json:"note"`
				} `json:"expand"`
			}
			if st, e := call(t, "GET", query(base, "/api/collections/links/records/"+link.ID, "expand", "note"), nil, &lk); st != 200 || lk.Expand.Note.ID != old[1] || lk.Expand.Note.Title != "old1 edited" {
				t.Fatalf("expand old: %d %+v %+v", st, e, lk)
			}
			r2, err := app.FindRecordById("notes", old[2])
			if err != nil {
				t.Fatal(err)
			}
			if err := app.Delete(r2); err != nil {
				t.Fatal(err)
			}

			// pbid.ID refuses the old ids: they are not ids of package id.
			if _, err := pbid.ID(r1); !errors.Is(err, id.ErrInvalid) {
				t.Errorf("pbid.ID(old) = %v, want ErrInvalid", err)
			}

			// A create with an old-form id.
			oldForm := "abcdefghij12345"
			st, e := call(t, "POST", base+"/api/collections/notes/records", map[string]any{"id": oldForm, "title": "restored"}, nil)
			if tc.oldCreates && st != 200 {
				t.Errorf("create with old-form id: %d %+v, want 200", st, e)
			}
			if !tc.oldCreates && (st != 400 || e.Data["id"].Code != "validation_invalid_id") {
				t.Errorf("create with old-form id: %d %+v, want 400", st, e)
			}
			// Neither accepts an uppercase or other-length old-form id.
			for _, bad := range []string{"ABCDEFGHIJ12345", "abcdefghij1234", "abcdefghij123456"} {
				if st, e := call(t, "POST", base+"/api/collections/notes/records", map[string]any{"id": bad}, nil); st != 400 || e.Data["id"].Code != "validation_invalid_id" {
					t.Errorf("create with %q: %d %+v, want 400", bad, st, e)
				}
			}

			// sort=id is byte order: the old ids fall among the new ones
			// by their random characters, not by time; the new ids keep
			// their creation order among themselves.
			if st, e := call(t, "GET", query(base, "/api/collections/notes/records", "sort", "id", "perPage", "100"), nil, &l); st != 200 {
				t.Fatalf("list: %d %+v", st, e)
			}
			var ids, newIDs []string
			for _, it := range l.Items {
				ids = append(ids, it.ID)
				if len(it.ID) == 26 {
					newIDs = append(newIDs, it.ID)
				}
			}
			want := []string{old[0], old[1], n0.Id, n1.ID}
			if tc.oldCreates {
				want = append(want, oldForm)
			}
			slices.Sort(want)
			if !slices.Equal(ids, want) {
				t.Errorf("sort=id: %v, want %v", ids, want)
			}
			if !slices.Equal(newIDs, []string{n0.Id, n1.ID}) {
				t.Errorf("new ids %v, want creation order %s %s", newIDs, n0.Id, n1.ID)
			}
		})
	}
}
