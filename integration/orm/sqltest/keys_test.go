package sqltest

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/integration/orm/internal/testdb"
	"github.com/idkeys/id/integration/orm/keys"
)

// TestWrapperType: the ent recipe's wrapper type keys.ID (id.ID embedded
// in a struct of another package) is written as the id's text, scanned
// back, refuses the zero and uppercase stored ids as id.ID does, and
// encodes to JSON as the text. (ent itself is not run: see
// docs/works-with.md.)
func TestWrapperType(t *testing.T) {
	db := testdb.SQLite(t, "sqlite")
	_, err := db.Exec("CREATE TABLE things (id TEXT NOT NULL PRIMARY KEY)")
	testdb.Must(t, err)
	k := keys.New()
	_, err = db.Exec("INSERT INTO things (id) VALUES (?)", k)
	testdb.Must(t, err)
	var raw string
	var back keys.ID
	testdb.Must(t, db.QueryRow("SELECT id, id FROM things").Scan(&raw, &back))
	if raw != k.String() || back != k {
		t.Fatalf("stored %q, scanned %v; want %q twice", raw, back, k.String())
	}
	if _, err := db.Exec("INSERT INTO things (id) VALUES (?)", keys.ID{}); !errors.Is(err, id.ErrZero) {
		t.Fatalf("inserting the zero keys.ID: err = %v, want one wrapping id.ErrZero", err)
	}
	_, err = db.Exec("INSERT INTO things (id) VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV')")
	testdb.Must(t, err)
	err = db.QueryRow("SELECT id FROM things WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'").Scan(&back)
	if !errors.Is(err, id.ErrInvalid) {
		t.Fatalf("scanning a stored uppercase id into keys.ID: err = %v, want one wrapping id.ErrInvalid", err)
	}
	b, err := json.Marshal(struct{ ID keys.ID }{k})
	testdb.Must(t, err)
	if want := `{"ID":"` + k.String() + `"}`; string(b) != want {
		t.Fatalf("JSON = %s, want %s", b, want)
	}
}
