package querytestson

import (
	"database/sql"
	"net/http/httptest"
	"testing"

	"github.com/idkeys/id"
)

// Reported with -idquery.tests=true; the typed, integer and natural-key
// twins stay quiet.
func TestDelete(t *testing.T) {
	var db *sql.DB
	r := httptest.NewRequest("GET", "/posts/x", nil)
	db.Exec(`DELETE FROM posts WHERE id = $1`, "01arz3ndektsv4rrffq69g5fav") // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
	db.Exec(`DELETE FROM posts WHERE id = $1`, r.PathValue("id"))            // want `^PathValue\("id"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\)`
	seed(db, "01arz3ndektsv4rrffq69g5fav")
	db.Exec(`DELETE FROM posts WHERE id = $1`, id.MustParse("01arz3ndektsv4rrffq69g5fav"))
	db.Exec(`DELETE FROM posts WHERE id = $1`, 42)
	db.Exec(`DELETE FROM posts WHERE slug = $1`, "hello")
}

func seed(db *sql.DB, owner string) { // want seed:`^sink\(1 id → sql\.DB\.Exec\)$`
	db.Exec(`INSERT INTO posts (owner_id) VALUES ($1)`, owner) // want `^sql\.DB\.Exec binds column owner_id as string \(KEYS-5\): make parameter owner an id\.ID; its callers then parse at their boundary$`
}
