// Package queryhelper seeds JSON bodies decoded by a service's own helper,
// in its package or another, and read through pointer fields (KEYS-5),
// each with its parsed twin.
package queryhelper

import (
	"database/sql"
	"encoding/json"
	"io"
	"net/http"

	"github.com/idkeys/id"
	"queryhelper/jsonx"
	"queryhelper/web"
)

const q = `SELECT name FROM t WHERE id = $1`

type Handler struct{ db *sql.DB }

type voteReq struct {
	CommentID *string `json:"commentId"`
	Name      *string `json:"name"`
	OwnerID   string  `json:"ownerId"`
}

// bodyUnmarshal decodes r's body into x, as commento's does.
func bodyUnmarshal(r *http.Request, x any) error { // want bodyUnmarshal:`decoder\(body 0, into 1\)`
	b, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, x)
}

// A body decoded by this package's helper, its pointer field dereferenced.
func (h *Handler) vote(w http.ResponseWriter, r *http.Request) {
	var x voteReq
	if err := bodyUnmarshal(r, &x); err != nil {
		return
	}
	h.db.Exec(q, *x.CommentID) // want `^JSON body "commentId" reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	commentID := *x.CommentID
	h.db.Exec(q, commentID) // want `^JSON body "commentId" reaches sql\.DB\.Exec unparsed`
	h.db.Exec(q, x.OwnerID) // want `^JSON body "ownerId" reaches sql\.DB\.Exec unparsed`

	// The twins: a natural key, a pointer field parsed before the query.
	h.db.Exec(q, *x.Name) // want `^JSON body "name" reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	cid, err := id.Parse(*x.CommentID)
	if err != nil {
		return
	}
	h.db.Exec(q, cid)
}

// Bodies decoded by another package's helpers, by a reader or the request.
func (h *Handler) other(w http.ResponseWriter, r *http.Request) {
	var a voteReq
	web.Decode(r, &a)
	h.db.Exec(q, a.OwnerID) // want `^JSON body "ownerId" reaches sql\.DB\.Exec unparsed`
	b := new(voteReq)
	web.ReadJSON(b, http.MaxBytesReader(w, r.Body, 1<<20))
	h.db.Exec(q, b.OwnerID) // want `^JSON body "ownerId" reaches sql\.DB\.Exec unparsed`
	var c voteReq
	web.Indirect(&c, r)
	h.db.Exec(q, *c.CommentID) // want `^JSON body "commentId" reaches sql\.DB\.Exec unparsed`
	var j voteReq
	jsonx.Decode(r.Body, &j)
	h.db.Exec(q, j.OwnerID) // want `^JSON body "ownerId" reaches sql\.DB\.Exec unparsed`

	// The twins: parsed; a helper given a text that is not the request's;
	// a helper with no body.
	oid, err := id.Parse(a.OwnerID)
	if err != nil {
		return
	}
	h.db.Exec(q, oid)
	var d voteReq
	web.ReadJSON(&d, nil)
	h.db.Exec(q, d.OwnerID) // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
	var e voteReq
	web.Config(&e)
	h.db.Exec(q, e.OwnerID) // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
}

type approveReq struct {
	CommentHex *string `json:"commentHex"`
}

// Hex key columns: a value bound to WHERE commentHex = $1 is an id's.
func (h *Handler) hex(w http.ResponseWriter, r *http.Request) {
	commentHex := r.FormValue("commentHex")
	h.db.QueryRow(`SELECT html FROM comments WHERE commentHex = $1`, commentHex) // want `^FormValue\("commentHex"\) reaches sql\.DB\.QueryRow unparsed`
	var x approveReq
	if err := bodyUnmarshal(r, &x); err != nil {
		return
	}
	h.db.Exec(`UPDATE comments SET state = 'approved' WHERE commentHex = $1`, *x.CommentHex) // want `^JSON body "commentHex" reaches sql\.DB\.Exec unparsed`

	// The twins: a hex value that is no key's, and a hex name bound to
	// a column that is no key's.
	h.db.Exec(`UPDATE themes SET name = 'x' WHERE colorHex = $1`, r.FormValue("colorHex"))
	h.db.Exec(`UPDATE comments SET html = $1`, *x.CommentHex)
	h.db.Exec(`UPDATE owners SET confirmed = true WHERE confirmHex = $1`, r.FormValue("confirmHex"))
}

// SQL text in a variable set more than once: the text set last before the
// query, when no branch or loop can change it.
func (h *Handler) reused(w http.ResponseWriter, r *http.Request) {
	commentHex := r.FormValue("commentHex")
	statement := `SELECT domain FROM comments WHERE commentHex = $1`
	h.db.QueryRow(statement, commentHex) // want `^FormValue\("commentHex"\) reaches sql\.DB\.QueryRow unparsed`

	// The twin: a column that is no key's. A text a branch may change, or
	// a loop sets again, is each text the program can run there: the one
	// that binds commentHex is reported.
	statement = `UPDATE comments SET html = $1`
	h.db.Exec(statement, commentHex)
	if r.Method == "POST" {
		statement = `SELECT html FROM comments WHERE commentHex = $1`
	}
	h.db.Exec(statement, commentHex) // want `^FormValue\("commentHex"\) reaches sql\.DB\.Exec unparsed`
	other := `UPDATE comments SET html = $1`
	for range 2 {
		h.db.Exec(other, commentHex) // want `^FormValue\("commentHex"\) reaches sql\.DB\.Exec unparsed`
		other = `SELECT html FROM comments WHERE commentHex = $1`
	}
}
