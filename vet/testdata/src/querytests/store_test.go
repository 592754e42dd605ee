package querytests

import (
	"database/sql"
	"net/http/httptest"
	"testing"

	"github.com/idkeys/id"
)

// Not reported: a test file, by default.
func TestDelete(t *testing.T) {
	var db *sql.DB
	r := httptest.NewRequest("GET", "/posts/x", nil)
	db.Exec(`DELETE FROM posts WHERE id = $1`, "01arz3ndektsv4rrffq69g5fav")
	db.Exec(`DELETE FROM posts WHERE id = $1`, r.PathValue("id"))
	seed(db, "01arz3ndektsv4rrffq69g5fav")
	db.Exec(`DELETE FROM posts WHERE id = $1`, id.MustParse("01arz3ndektsv4rrffq69g5fav"))
	db.Exec(`DELETE FROM posts WHERE id = $1`, 42)
	db.Exec(`DELETE FROM posts WHERE slug = $1`, "hello")
}

func seed(db *sql.DB, owner string) { // want seed:`^sink\(1 id → sql\.DB\.Exec\)$`
	db.Exec(`INSERT INTO posts (owner_id) VALUES ($1)`, owner)
}
