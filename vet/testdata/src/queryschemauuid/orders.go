// Package queryschemauuid seeds a uuid key bound as an id.ID (reported,
// with the conversion) and the conversion written in, a compact.ID
// literal, which is an id and not a model (quiet).
package queryschemauuid

import (
	"database/sql"

	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
)

func orders(db *sql.DB) {
	v := id.New()
	db.QueryRow(`SELECT note FROM orders WHERE id = $1`, v) // want `^sql\.DB\.QueryRow binds uuid column id as id\.ID \(KEYS-5\): bind compact\.ID\{ID: v\} \(a uuid column holds an id's 16 bytes, not id\.ID's text\)$`
	db.QueryRow(`SELECT note FROM orders WHERE id = $1`, compact.ID{ID: v})
}
