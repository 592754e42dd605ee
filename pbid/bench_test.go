package pbid_test

import (
	"fmt"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/pbid"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// benchCollection creates a collection "bench" with a title, set up as
// setup says, and fills it with rows records by raw SQL in one
// transaction, with ids of the collection's own form.
func benchCollection(b *testing.B, app core.App, setup string, rows int) *core.Collection {
	b.Helper()
	col := core.NewBaseCollection("bench")
	col.Fields.Add(&core.TextField{Name: "title"})
	newID := func() string { return security.RandomStringWithAlphabet(15, "abcdefghijklmnopqrstuvwxyz0123456789") }
	if setup != "pocketbase" {
		if err := pbid.Use(col); err != nil {
			b.Fatal(err)
		}
		if setup == "pbid-no-index" {
			col.RemoveIndex(pbid.NoCaseIndexName(col))
		}
		newID = func() string { return id.New().String() }
	}
	mustSave(b, app, col)
	if setup != "pocketbase" {
		pbid.Bind(app, col.Name)
	}
	err := app.RunInTransaction(func(tx core.App) error {
		q := tx.DB().NewQuery("INSERT INTO bench (id, title) VALUES ({:id}, 'prefill')")
		for range rows {
			if _, err := q.Bind(dbx.Params{"id": newID()}).Execute(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return col
}

// BenchmarkCreate measures app.Save of a new record in a table that
// already holds rows records: with PocketBase's own ids ("pocketbase"),
// with pbid's Use and Bind ("pbid"), and with them but without the index
// Use adds ("pbid-no-index"). pbid's non-default Pattern makes PocketBase
// look for the id case-insensitively before every create, which without
// the index reads the whole table (see docs/pocketbase.md).
func BenchmarkCreate(b *testing.B) {
	for _, rows := range []int{0, 10_000, 100_000} {
		for _, setup := range []string{"pocketbase", "pbid", "pbid-no-index"} {
			b.Run(fmt.Sprintf("rows=%d/%s", rows, setup), func(b *testing.B) {
				app := newApp(b)
				col := benchCollection(b, app, setup, rows)
				b.ReportAllocs()
				for b.Loop() {
					r := core.NewRecord(col)
					r.Set("title", "x")
					if err := app.Save(r); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
