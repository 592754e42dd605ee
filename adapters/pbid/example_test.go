package pbid_test

import (
	"fmt"
	"log"
	"os"
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/pbid"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
)

// The setup of an app: Use in a migration step, Bind at start-up. Every
// record created in posts then gets an id from id.New, and ID reads it
// back as an id.ID.
func Example() {
	dir, err := os.MkdirTemp("", "pbid-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	app, err := tests.NewTestApp(dir) // a fresh PocketBase app in dir
	if err != nil {
		log.Fatal(err)
	}
	defer app.Cleanup()

	// In a migration step.
	posts := core.NewBaseCollection("posts")
	posts.Fields.Add(&core.TextField{Name: "title"})
	if err := pbid.Use(posts); err != nil {
		log.Fatal(err)
	}
	if err := app.Save(posts); err != nil {
		log.Fatal(err)
	}

	// At start-up.
	pbid.Bind(app)

	r := core.NewRecord(posts)
	r.Set("title", "hello")
	if err := app.Save(r); err != nil {
		log.Fatal(err)
	}
	v, err := pbid.ID(r)
	fmt.Println(len(r.Id), err, time.Since(v.Time()) < time.Minute)
	// Output: 26 <nil> true
}

// The records created in a time window, to the millisecond, are a range of
// ids: id >= MinAt(from) && id < MinAt(to), with the bounds as bound
// parameters. No created_at column or index is needed: the primary key
// serves it.
func Example_timeWindow() {
	dir, err := os.MkdirTemp("", "pbid-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	app, err := tests.NewTestApp(dir)
	if err != nil {
		log.Fatal(err)
	}
	defer app.Cleanup()
	posts := core.NewBaseCollection("posts")
	posts.Fields.Add(&core.TextField{Name: "title"})
	if err := pbid.Use(posts); err != nil {
		log.Fatal(err)
	}
	if err := app.Save(posts); err != nil {
		log.Fatal(err)
	}
	pbid.Bind(app)
	// Three posts made at 10:00, 11:00 and 12:00 UTC on 2026-01-01.
	for _, s := range []string{"01kdwfzy807m3k9q2xw5d8f4tb", "01kdwkdsw07m3k9q2xw5d8f4tb", "01kdwpvng07m3k9q2xw5d8f4tb"} {
		r := core.NewRecord(posts)
		r.Id = s
		r.Set("title", "made at "+id.MustParse(s).Time().Format("15:04"))
		if err := app.Save(r); err != nil {
			log.Fatal(err)
		}
	}

	from, err := id.MinAt(time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC))
	if err != nil {
		log.Fatal(err)
	}
	to, err := id.MinAt(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	if err != nil {
		log.Fatal(err)
	}
	records, err := app.FindRecordsByFilter("posts", "id >= {:min} && id < {:max}", "id", 0, 0,
		dbx.Params{"min": from.String(), "max": to.String()})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(from, to)
	for _, r := range records {
		fmt.Println(r.Id, r.GetString("title"))
	}
	// Output:
	// 01kdwfzy800000000000000000 01kdwpvng00000000000000000
	// 01kdwfzy807m3k9q2xw5d8f4tb made at 10:00
	// 01kdwkdsw07m3k9q2xw5d8f4tb made at 11:00
}
