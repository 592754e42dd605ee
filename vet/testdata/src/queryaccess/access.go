// Package queryaccess reads request values through a service's own
// accessors (package reqparams) and passes them to queries (KEYS-5),
// with the clean twins.
package queryaccess

import (
	"database/sql"
	"net/http"

	"github.com/idkeys/id"
	"reqparams"
)

const q = `SELECT name FROM t WHERE id = $1`

type Handler struct{ db *sql.DB }

func (h *Handler) icon(w http.ResponseWriter, r *http.Request) {
	h.db.QueryRow(q, reqparams.RouteStringParam(r, "externalIconID")) // want `^reqparams\.RouteStringParam\("externalIconID"\) reaches sql\.DB\.QueryRow unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	userID := reqparams.QueryStringParam(r, "user", "")
	h.db.QueryRow(q, userID) // want `reqparams\.QueryStringParam\("user"\) reaches sql\.DB\.QueryRow unparsed`

	// The twins: a natural key, a parsed value, a number, a constant key
	// read inside the accessor.
	h.db.QueryRow(q, reqparams.RouteStringParam(r, "slug")) // want `^reqparams\.RouteStringParam\("slug"\) reaches sql\.DB\.QueryRow unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	s := reqparams.RouteStringParam(r, "id")
	x, err := id.Parse(s)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	h.db.QueryRow(q, x)
	h.db.QueryRow(q, reqparams.RouteInt64Param(r, "id"))
	h.db.QueryRow(q, reqparams.Fixed(r)) // want `^sql\.DB\.QueryRow binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
}
