// Package queryflow seeds request values that reach a query through a
// struct field, a composite literal or a function literal (KEYS-5), each
// with its clean twin.
package queryflow

import (
	"database/sql"
	"net/http"

	"github.com/idkeys/id"
)

const q = `SELECT name FROM t WHERE id = $1`

type Handler struct{ db *sql.DB }

type lookup struct {
	UserID string
	Slug   string
	Name   string
}

// Through a field of a local struct, assigned or in its literal.
func (h *Handler) fields(w http.ResponseWriter, r *http.Request) {
	var a lookup
	a.UserID = r.PathValue("id")
	h.db.Exec(q, a.UserID) // want `^PathValue\("id"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id$`

	b := lookup{UserID: r.FormValue("user")}
	h.db.Exec(q, b.UserID) // want `FormValue\("user"\) reaches sql\.DB\.Exec unparsed`

	c := &lookup{Name: r.PathValue("account_id")}
	h.db.Exec(q, c.Name) // want `PathValue\("account_id"\) reaches sql\.DB\.Exec unparsed`

	// The twins: a natural key, a parsed id's text, a value not from the
	// request, a field named as nothing in particular.
	d := lookup{Slug: r.PathValue("slug")}
	h.db.Exec(q, d.Slug)
	x, err := id.Parse(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	e := lookup{UserID: x.String()}
	h.db.Exec(q, e.UserID)
	var f lookup
	f.UserID = "fixed"
	h.db.Exec(q, f.UserID)
	g := lookup{Name: r.PathValue("post")}
	h.db.Exec(`SELECT id FROM t WHERE body = $1`, g.Name)
}

// Through a function literal held in a local variable.
func (h *Handler) closures(w http.ResponseWriter, r *http.Request) {
	get := func(userID string) {
		h.db.Exec(q, userID)
	}
	get(r.PathValue("id"))   // want `^PathValue\("id"\) reaches get → sql\.DB\.Exec unparsed`
	get(r.PathValue("post")) // want `PathValue\("post"\) reaches get → sql\.DB\.Exec unparsed`

	// The twins.
	get(r.PathValue("slug"))
	byName := func(name string) {
		h.db.Exec(q, name)
	}
	byName(r.PathValue("post"))
	x, err := id.Parse(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	get(x.String())
}
