// Package querybodyv2 seeds a JSON body decoded by encoding/json/v2
// (built with GOEXPERIMENT=jsonv2 on Go 1.26) reaching a query (KEYS-5),
// with its parsed twin.
package querybodyv2

import (
	"database/sql"
	"encoding/json/v2"
	"io"
	"net/http"

	"github.com/idkeys/id"
)

const q = `SELECT name FROM t WHERE id = $1`

type req struct {
	UserID string `json:"user_id"`
	Typed  id.ID  `json:"typed_id"`
}

func handler(db *sql.DB, w http.ResponseWriter, r *http.Request) {
	var a req
	if err := json.UnmarshalRead(r.Body, &a); err != nil {
		return
	}
	db.Exec(q, a.UserID) // want `^JSON body "user_id" reaches sql\.DB\.Exec unparsed`
	body, _ := io.ReadAll(r.Body)
	var b req
	json.Unmarshal(body, &b)
	db.Exec(q, b.UserID) // want `^JSON body "user_id" reaches sql\.DB\.Exec unparsed`

	// The twins: a typed field, a parsed one.
	db.Exec(q, b.Typed)
	x, err := id.Parse(b.UserID)
	if err != nil {
		return
	}
	db.Exec(q, x)
}
