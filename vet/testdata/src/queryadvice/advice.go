// Package queryadvice seeds KEYS-5's advice and precision: UUID keys are
// not told to use id.Parse; values parsed before the query, replaced by a
// parsed id's text, or read under a key that names something else are
// not reported. Each reported form has its clean twin beside it.
package queryadvice

import (
	"database/sql"
	"net/http"
	"net/netip"
	"regexp"
	"strconv"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/idkeys/id"
)

const q = `SELECT name FROM t WHERE id = $1`

type Handler struct{ db *sql.DB }

// A UUID's key: reported, without advising id.Parse, which refuses UUIDs.
func (h *Handler) uuidKeys(c *gin.Context, r *http.Request) {
	h.db.Exec(q, c.Param("uuid"))            // want `^Param\("uuid"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it in its own format \(id\.Parse refuses it\) and pass the parsed value \[column id, bound as string\]$`
	h.db.Exec(q, r.PathValue("accountGUID")) // want `^PathValue\("accountGUID"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it in its own format \(id\.Parse refuses it\) and pass the parsed value \[column id, bound as string\]$`
	h.db.Exec(q, r.PathValue("account_id"))  // want `^PathValue\("account_id"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	if u, err := uuid.Parse(c.Param("uuid")); err == nil {
		h.db.Exec(q, u) // a parsed UUID is still no id.ID // want `^sql\.DB\.Exec binds column id as uuid\.UUID \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
	}
}

// Parsed before the query by the parser of the key's real type: not
// reported. Parsed only after it: reported.
func (h *Handler) parsed(c *gin.Context, r *http.Request) {
	n := r.FormValue("user_id")
	if _, err := strconv.Atoi(n); err != nil {
		return
	}
	h.db.Exec(q, n)

	u := c.Param("uuid")
	if err := uuid.Validate(u); err != nil {
		return
	}
	h.db.Exec(q, u)

	addr := r.PathValue("node_id")
	if _, err := netip.ParseAddr(addr); err != nil {
		return
	}
	h.db.Exec(q, addr)

	g := r.PathValue("guid")
	if !uuidPattern.MatchString(g) {
		return
	}
	h.db.Exec(q, g)

	late := r.PathValue("id")
	h.db.Exec(q, late) // want `PathValue\("id"\) reaches sql\.DB\.Exec unparsed`
	if _, err := strconv.Atoi(late); err != nil {
		return
	}
}

var uuidPattern = regexp.MustCompile(`^[0-9a-f-]{36}$`)

// Replaced by the canonical text of the parsed id: not reported.
func (h *Handler) canonical(w http.ResponseWriter, r *http.Request) {
	s := r.PathValue("id")
	x, err := id.Parse(s)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	s = x.String()
	h.db.Exec(q, s)
}

// byID looks a row up by a key its parameter calls id.
func (h *Handler) byID(id string) { // want byID:`^sink\(0 id → sql\.DB\.Exec\)$`
	h.db.Exec(q, id) // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): make parameter id an id\.ID; its callers then parse at their boundary$`
}

// byUUID checks its argument itself before the query: no fact, so its
// callers are not reported.
func (h *Handler) byUUID(id string) {
	if _, err := uuid.Parse(id); err != nil {
		return
	}
	h.db.Exec(q, id)
}

// Keys that name something else than an id: idquery used to keep them
// quiet by the key's name; it now judges the column each is bound to,
// and every one of these is bound to an id column as text, so each is
// reported. A natural key bound to its own column is quiet.
func (h *Handler) otherKeys(c *gin.Context, r *http.Request) {
	h.byID(r.PathValue("slug"))                                                           // want `^PathValue\("slug"\) reaches queryadvice\.Handler\.byID → sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id\]$`
	h.byID(c.Query("page"))                                                               // want `^Query\("page"\) reaches queryadvice\.Handler\.byID → sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id\]$`
	h.byID(r.FormValue("invite_code"))                                                    // want `^FormValue\("invite_code"\) reaches queryadvice\.Handler\.byID → sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id\]$`
	h.byID(r.FormValue("token"))                                                          // want `^FormValue\("token"\) reaches queryadvice\.Handler\.byID → sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id\]$`
	h.byID(r.FormValue("state"))                                                          // want `^FormValue\("state"\) reaches queryadvice\.Handler\.byID → sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id\]$`
	h.db.Exec(q, r.FormValue("client_id"))                                                // want `^FormValue\("client_id"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	h.db.Exec(`SELECT * FROM users WHERE remote_user_id = $1`, c.Query("remote_user_id")) // another system's: quiet
	h.db.Exec(`SELECT * FROM posts WHERE slug = $1`, r.PathValue("slug"))                 // a natural key: quiet
	h.db.Exec(q, c.Query("remote_user_id"))                                               // want `^Query\("remote_user_id"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	h.byUUID(r.PathValue("id"))
	h.byID(r.PathValue("post"))          // want `PathValue\("post"\) reaches queryadvice\.Handler\.byID → sql\.DB\.Exec unparsed`
	h.db.Exec(q, r.FormValue("user_id")) // want `FormValue\("user_id"\) reaches sql\.DB\.Exec unparsed`
}
