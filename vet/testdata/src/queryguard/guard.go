// Package queryguard seeds request values checked before the query by a
// function whose failure makes the handler return (quiet), their twins
// checked without returning (reported), a middleware's check, another
// system's signed values, and a value looked up as an alias first.
package queryguard

import (
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"errors"
	"log"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	sq "github.com/Masterminds/squirrel"
	"github.com/go-chi/chi/v5"
	"github.com/gorilla/mux"
)

const q = `SELECT name FROM t WHERE id = $1`

type Handler struct{ db *sql.DB }

var (
	idRe      = regexp.MustCompile(`^[0-9a-hjkmnp-tv-z]{26}$`)
	looseRe   = regexp.MustCompile(`[0-9a-z]{26}`)
	uuidRe    = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	errBadKey = errors.New("bad key")
)

func validID(s string) bool { return len(s) == 26 }

func looksLikeID(s string) bool { return len(s) == 26 }

func checkID(s string) error {
	if len(s) != 26 {
		return errBadKey
	}
	return nil
}

// Checked by a function whose failure returns: quiet.
func (h *Handler) guarded(w http.ResponseWriter, r *http.Request) {
	a := r.PathValue("id")
	if !validID(a) {
		http.NotFound(w, r)
		return
	}
	h.db.Exec(q, a)
	b := r.FormValue("user_id")
	if err := checkID(b); err != nil {
		http.Error(w, "bad user", http.StatusBadRequest)
		return
	}
	h.db.Exec(q, b)
	c := r.FormValue("team_id")
	if !idRe.MatchString(c) {
		http.Error(w, "bad team", http.StatusBadRequest)
		return
	}
	h.db.Exec(q, c)
	for _, d := range r.Form["ids"] {
		if !validID(d) {
			continue
		}
		h.db.Exec(q, d)
	}
}

// The twins: checked without returning, or by a pattern that is not
// anchored.
func (h *Handler) unguarded(w http.ResponseWriter, r *http.Request) {
	a := r.PathValue("id")
	if !looksLikeID(a) {
		log.Printf("odd id %q", a)
	}
	h.db.Exec(q, a) // want `^PathValue\("id"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	c := r.FormValue("team_id")
	if !looseRe.MatchString(c) {
		return
	}
	h.db.Exec(q, c) // want `^FormValue\("team_id"\) reaches sql\.DB\.Exec unparsed`
	p := r.FormValue("post_id")
	if strings.HasPrefix(p, "-") {
		return
	}
	h.db.Exec(q, p) // want `^FormValue\("post_id"\) reaches sql\.DB\.Exec unparsed`
	// A UUID pattern accepts what id.Parse refuses: no parse advice.
	u := r.FormValue("owner_id")
	if !uuidRe.MatchString(u) {
		log.Print("not a UUID")
	}
	h.db.Exec(q, u) // want `^FormValue\("owner_id"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it in its own format \(id\.Parse refuses it\) and pass the parsed value \[column id, bound as string\]$`
}

// validUUID is a middleware: its check runs before the handlers it wraps.
func validUUID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !uuidRe.MatchString(chi.URLParam(r, "item_id")) {
			http.NotFound(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (h *Handler) routes(r chi.Router) {
	r.With(validUUID).Get("/items/{item_id}/{list_id}", h.item)
}

func (h *Handler) item(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`SELECT * FROM items WHERE uuid = $1`, chi.URLParam(r, "item_id"))
	// The twin: a key the middleware does not check.
	h.db.Exec(q, chi.URLParam(r, "list_id")) // want `^chi\.URLParam\("list_id"\) reaches sql\.DB\.Exec unparsed`
}

// Another system's signed values: an OAuth provider's user id, whose
// HMAC is checked before the query.
func (h *Handler) telegram(w http.ResponseWriter, r *http.Request) {
	vals := r.URL.Query()
	if !verifySigned(vals) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	h.db.Exec(`SELECT * FROM users WHERE telegram_id = $1`, vals.Get("id"))
}

func (h *Handler) signed(w http.ResponseWriter, r *http.Request, key []byte) {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(r.URL.Query().Get("id")))
	if !hmac.Equal(m.Sum(nil), []byte(r.URL.Query().Get("hash"))) {
		return
	}
	h.db.Exec(`SELECT * FROM users WHERE provider_user_id = $1`, r.URL.Query().Get("id"))
}

// The twin: not checked.
func (h *Handler) unsigned(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(q, r.URL.Query().Get("id")) // want `^Values\.Get\("id"\) reaches sql\.DB\.Exec unparsed`
}

func verifySigned(v url.Values) bool { return v.Get("hash") != "" }

// A path value looked up first as an alias (a natural key), then as an
// id: reported at the id's query only.
func (h *Handler) collection(w http.ResponseWriter, r *http.Request) {
	coll := chi.URLParam(r, "collection")
	if err := h.byAlias(coll); err == nil {
		return
	}
	h.byID(coll) // want `^chi\.URLParam\("collection"\) reaches queryguard\.Handler\.byID → sql\.DB\.QueryRow unparsed`
}

func (h *Handler) byAlias(alias string) error { // want byAlias:`^sink\(0 → sql\.DB\.QueryRow\)$`
	return h.db.QueryRow(`SELECT id FROM collections WHERE alias = $1`, alias).Err()
}

func (h *Handler) byID(collID string) error { // want byID:`^sink\(0 id → sql\.DB\.QueryRow\)$`
	return h.db.QueryRow(`SELECT alias FROM collections WHERE id = $1`, collID).Err() // want `^sql\.DB\.QueryRow binds column id as string \(KEYS-5\): make parameter collID an id\.ID; its callers then parse at their boundary$`
}

// A route's pattern checks its variable before the handler runs.
func (h *Handler) muxRoutes() {
	r := mux.NewRouter()
	r.HandleFunc("/customers/{customer_id:[0-9]+}/accounts/{account_id}", h.customer)
}

func (h *Handler) customer(w http.ResponseWriter, r *http.Request) {
	vars := mux.Vars(r)
	h.db.Exec(`SELECT * FROM customers WHERE customer_id = $1`, vars["customer_id"])
	// The twin: a variable without a pattern.
	h.db.Exec(`SELECT * FROM accounts WHERE account_id = $1`, vars["account_id"]) // want `^mux\.Vars\(…\)\["account_id"\] reaches sql\.DB\.Exec unparsed`
}

// verifyInto fills its argument and fails when it is no id: a check by
// its name.
func verifyInto(s *string) error { return nil }

// Scanned: a value that a call writes into (rows.Scan(&v)) is that
// call's output, not what it checks: bound as text it is reported, though
// the scan's failure returns. A validator by its name still checks what
// it takes the address of; an integer is no id's text.
func (h *Handler) Scanned() {
	var ownerID, other string
	var n int64
	if err := h.db.QueryRow("SELECT owner_id, n FROM docs").Scan(&ownerID, &n); err != nil {
		return
	}
	h.db.Query("SELECT * FROM docs WHERE owner_id = $1", ownerID) // want `^sql\.DB\.Query binds column owner_id as string`
	h.db.Query("SELECT * FROM docs WHERE owner_id = $1", n)
	if err := verifyInto(&other); err != nil {
		return
	}
	h.db.Query("SELECT * FROM docs WHERE owner_id = $1", other)
}

// A query's row scanned before the failure returns: the row is the
// query's output, not a check of the values its builder bound, which a
// later query still binds unparsed (read there, after the scan).
func (h *Handler) rowScanned(w http.ResponseWriter, r *http.Request) {
	v := r.PathValue("id")
	row := sq.Select("name").From("t").Where(sq.Eq{"id": r.PathValue("id")}).QueryRow() // want `^PathValue\("id"\) reaches squirrel\.Eq unparsed`
	var name string
	if err := row.Scan(&name); err != nil {
		http.NotFound(w, r)
		return
	}
	h.db.Exec(q, v)                 // want `^PathValue\("id"\) reaches sql\.DB\.Exec unparsed`
	h.db.Exec(q, r.PathValue("id")) // want `^PathValue\("id"\) reaches sql\.DB\.Exec unparsed`
}
