package pbid_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/pbid"
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
		if setup == "no-index" {
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
	// Write the prefill from the write-ahead log into the database now, not
	// in the first timed create.
	if _, err := app.NonconcurrentDB().NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute(); err != nil {
		b.Fatal(err)
	}
	return col
}

// BenchmarkCreate measures app.Save of a new record in a table that
// already holds rows records, in three apps side by side: with PocketBase's
// own ids ("pocketbase"), with pbid's Use and Bind ("pbid"), and with them
// but without the index Use adds ("no-index"). pbid's non-default Pattern
// makes PocketBase look for the id case-insensitively before every create,
// which without the index reads the whole table (see docs/pocketbase.md).
//
// Each iteration creates one record in each app, in a rotating order, so
// that a busy machine slows all three alike; the metrics are the mean
// time of a create in each app and the ratios to "pocketbase".
func BenchmarkCreate(b *testing.B) {
	setups := []string{"pocketbase", "pbid", "no-index"}
	for _, rows := range []int{0, 10_000, 100_000} {
		b.Run(fmt.Sprintf("rows=%d", rows), func(b *testing.B) {
			apps := make([]core.App, len(setups))
			cols := make([]*core.Collection, len(setups))
			for i, setup := range setups {
				apps[i] = newApp(b)
				cols[i] = benchCollection(b, apps[i], setup, rows)
			}
			// A few creates first: the first ones of an app load its caches.
			for i := range apps {
				for range 5 {
					if err := apps[i].Save(core.NewRecord(cols[i])); err != nil {
						b.Fatal(err)
					}
				}
			}
			spent := make([]time.Duration, len(setups))
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for k := range setups {
					i := (n + k) % len(setups)
					r := core.NewRecord(cols[i])
					r.Set("title", "x")
					start := time.Now()
					if err := apps[i].Save(r); err != nil {
						b.Fatal(err)
					}
					spent[i] += time.Since(start)
				}
				n++
			}
			for i, setup := range setups {
				b.ReportMetric(float64(spent[i].Nanoseconds())/float64(n), setup+"-ns/create")
				if i > 0 {
					b.ReportMetric(float64(spent[i])/float64(spent[0]), setup+"/pocketbase")
				}
			}
		})
	}
}
