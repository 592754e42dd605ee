// Package querybody seeds request values that reach a query from a JSON
// body, a form's lists, the raw path, url.ParseQuery and base64 (KEYS-5),
// each with its parsed twin.
package querybody

import (
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/idkeys/id"
)

const q = `SELECT name FROM t WHERE id = $1`

type Handler struct{ db *sql.DB }

type createReq struct {
	UserID  string   `json:"user_id"`
	TeamIDs []string `json:"team_ids"`
	Owner   struct {
		ID string `json:"id"`
	} `json:"owner"`
	Name  string `json:"name"`
	Typed id.ID  `json:"typed_id"`
}

// JSON bodies: Decoder.Decode and Unmarshal, into structs, slices and
// maps, through fields and range loops.
func (h *Handler) decode(w http.ResponseWriter, r *http.Request) {
	var req createReq
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	h.db.Exec(q, req.UserID)   // want `^JSON body "user_id" reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	h.db.Exec(q, req.Owner.ID) // want `^JSON body "id" reaches sql\.DB\.Exec unparsed`
	for _, t := range req.TeamIDs {
		h.db.Exec(q, t) // want `^JSON body "team_id" reaches sql\.DB\.Exec unparsed`
	}
	h.db.Exec(q, req.TeamIDs[0]) // want `^JSON body "team_id" reaches sql\.DB\.Exec unparsed`

	// The twins: a typed field (parsed by UnmarshalText), a natural key,
	// a field id.Parse accepts before the query (its text is still the
	// client's, in any case: KEYS-4).
	h.db.Exec(q, req.Typed)
	h.db.Exec(q, req.Name) // want `^JSON body "name" reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	if _, err := id.Parse(req.Owner.ID); err != nil {
		http.Error(w, "bad owner", http.StatusBadRequest)
		return
	}
	h.db.Exec(q, req.Owner.ID) // want `^JSON body "id" reaches sql\.DB\.Exec as the client wrote it \(KEYS-4`
	for _, t := range req.TeamIDs {
		tid, err := id.Parse(t)
		if err != nil {
			return
		}
		h.db.Exec(q, tid)
	}
}

func (h *Handler) unmarshal(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		return
	}
	var ids []string
	if err := json.Unmarshal(body, &ids); err != nil {
		return
	}
	for _, s := range ids {
		h.db.Exec(q, s) // want `^JSON body "id" reaches sql\.DB\.Exec unparsed`
	}
	var m map[string]string
	json.Unmarshal(body, &m)
	h.db.Exec(q, m["account_id"]) // want `^JSON body "account_id" reaches sql\.DB\.Exec unparsed`
	req := new(createReq)
	json.Unmarshal(body, req)
	h.db.Exec(q, req.UserID) // want `^JSON body "user_id" reaches sql\.DB\.Exec unparsed`

	// The twins: parsed, and a body that is not the request's.
	for _, s := range ids {
		x, err := id.Parse(s)
		if err != nil {
			return
		}
		h.db.Exec(q, x)
	}
	var own createReq
	json.Unmarshal([]byte(`{"user_id":"x"}`), &own)
	h.db.Exec(q, own.UserID) // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
}

// Forms after the parse call: r.Form, r.PostForm, r.MultipartForm.
func (h *Handler) forms(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseMultipartForm(1 << 20); err != nil {
		return
	}
	rid := strings.TrimSpace(r.Form.Get("rid"))
	h.db.Exec(q, rid)                                 // want `^Values\.Get\("rid"\) reaches sql\.DB\.Exec unparsed`
	h.db.Exec(q, r.PostForm["user_id"][0])            // want `^Form\["user_id"\] reaches sql\.DB\.Exec unparsed`
	h.db.Exec(q, r.MultipartForm.Value["file_id"][0]) // want `^Form\["file_id"\] reaches sql\.DB\.Exec unparsed`

	// The twins.
	x, err := id.Parse(r.Form.Get("rid"))
	if err != nil {
		return
	}
	h.db.Exec(q, x)
	h.db.Exec(q, r.PostForm["title"][0]) // want `^Form\["title"\] reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
}

// The raw path, sliced, trimmed, split or cut.
func (h *Handler) rawPath(w http.ResponseWriter, r *http.Request) {
	userID := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/users/"), "/")
	h.db.Exec(q, userID) // want `^URL\.Path reaches sql\.DB\.Exec unparsed`
	parts := strings.Split(r.URL.RawPath, "/")
	postID := parts[2]
	h.db.Exec(q, postID) // want `^URL\.RawPath reaches sql\.DB\.Exec unparsed`
	_, teamID, _ := strings.Cut(r.RequestURI, "/teams/")
	h.db.Exec(q, teamID) // want `^RequestURI reaches sql\.DB\.Exec unparsed`
	orderID := r.URL.Path[len("/orders/"):]
	h.db.Exec(q, orderID) // want `^URL\.Path reaches sql\.DB\.Exec unparsed`
	// Converted to []rune or []byte and back before slicing or trimming:
	// the same text.
	pasteID := string([]rune(r.URL.Path)[len("/dl/"):])
	h.db.Exec(q, pasteID) // want `^URL\.Path reaches sql\.DB\.Exec unparsed`
	path := []rune(r.URL.Path)
	noteID := string(path[len("/notes/"):])
	h.db.Exec(q, noteID) // want `^URL\.Path reaches sql\.DB\.Exec unparsed`
	tagID := strings.ToLower(string([]byte(r.URL.Path)[len("/tags/"):]))
	h.db.Exec(q, tagID) // want `^URL\.Path reaches sql\.DB\.Exec unparsed`

	// The twins: parsed, and a path piece named as nothing in particular.
	x, err := id.Parse(strings.TrimPrefix(r.URL.Path, "/users/"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	h.db.Exec(q, x)
	y, err := id.Parse(string([]rune(r.URL.Path)[len("/dl/"):]))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	h.db.Exec(q, y)
	h.db.Exec(q, len([]rune(r.URL.Path)))
	slug := strings.TrimPrefix(r.URL.Path, "/posts/")
	h.db.Exec(`SELECT id FROM posts WHERE slug = $1`, slug)
}

// url.ParseQuery over request data, and base64 of any source.
func (h *Handler) decoded(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	vals, err := url.ParseQuery(string(body))
	if err != nil {
		return
	}
	h.db.Exec(q, vals.Get("session_id")) // want `^Values\.Get\("session_id"\) reaches sql\.DB\.Exec unparsed`
	raw, err := base64.RawURLEncoding.DecodeString(r.URL.Query().Get("cursor_id"))
	if err != nil {
		return
	}
	h.db.Exec(q, string(raw)) // want `^Values\.Get\("cursor_id"\) reaches sql\.DB\.Exec unparsed`

	// The twins.
	x, err := id.Parse(vals.Get("session_id"))
	if err != nil {
		return
	}
	h.db.Exec(q, x)
	own, _ := url.ParseQuery("id=1")
	h.db.Exec(q, own.Get("id")) // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
	b, _ := base64.StdEncoding.DecodeString(r.URL.Query().Get("cursor_id"))
	y, err := id.Parse(string(b))
	if err != nil {
		return
	}
	h.db.Exec(q, y)
}

// A payment provider's id in a callback's body: another system's.
type callback struct {
	MerchantAPIID string `json:"merchantApiId"`
}

func (h *Handler) paid(w http.ResponseWriter, r *http.Request) {
	var cb callback
	if err := json.NewDecoder(r.Body).Decode(&cb); err != nil {
		return
	}
	// The column decides, not the key: payment_id is an id column unless
	// -idquery.foreign names payment.
	h.db.Exec(`UPDATE cart SET payment_id = $1`, cb.MerchantAPIID) // want `^JSON body "merchantApiId" reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column payment_id, bound as string\]$`
}

// A framework's binding: the same, named by its method.
func (h *Handler) bound(c *gin.Context) {
	var req createReq
	if err := c.ShouldBindJSON(&req); err != nil {
		return
	}
	h.db.Exec(q, req.UserID) // want `^ShouldBindJSON\(…\) "user_id" reaches sql\.DB\.Exec unparsed`
	h.db.Exec(q, req.Typed)
}
