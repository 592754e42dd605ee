// Package queryroutes seeds route patterns and regexps that check only
// the characters of an id (reported where the value reaches a query) and
// their twins that check an id's form or an integer key's (quiet), with
// a parsed id and a natural key (quiet).
package queryroutes

import (
	"database/sql"
	"net/http"
	"regexp"

	"github.com/go-chi/chi/v5"
	"github.com/gorilla/mux"
	"github.com/idkeys/id"
)

type Routes struct{ db *sql.DB }

func (h *Routes) register(r *mux.Router) {
	r.HandleFunc("/posts/{post:[a-zA-Z0-9]+}", h.alnum)
	r.HandleFunc("/any/{post:[^/]+}", h.any)
	r.HandleFunc("/words/{post:\\w+}", h.word)
	r.HandleFunc("/ids/{post:[0-9a-hjkmnp-tv-z]{26}}", h.ulid)
	r.HandleFunc("/uuids/{post:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}}", h.uuid)
	r.HandleFunc("/numbers/{post:\\d+}", h.number)
	r.HandleFunc("/either/{post:[0-9]+|[0-9a-z]{26}}", h.either)
	r.HandleFunc("/parsed/{post}", h.parsed)
	r.HandleFunc("/slugs/{slug:[a-z0-9-]+}", h.slug)
}

// Only the characters limited: reported.
func (h *Routes) alnum(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM posts WHERE id = $1`, mux.Vars(r)["post"]) // want `^mux\.Vars\(…\)\["post"\] reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
}

func (h *Routes) any(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM posts WHERE id = $1`, mux.Vars(r)["post"]) // want `^mux\.Vars\(…\)\["post"\] reaches sql\.DB\.Exec unparsed`
}

func (h *Routes) word(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM posts WHERE id = $1`, mux.Vars(r)["post"]) // want `^mux\.Vars\(…\)\["post"\] reaches sql\.DB\.Exec unparsed`
}

// An id's form, an integer key's, either: checked, quiet.
func (h *Routes) ulid(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM posts WHERE id = $1`, mux.Vars(r)["post"])
}

func (h *Routes) uuid(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM posts WHERE id = $1`, mux.Vars(r)["post"])
}

func (h *Routes) number(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM posts WHERE id = $1`, mux.Vars(r)["post"])
}

func (h *Routes) either(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM posts WHERE id = $1`, mux.Vars(r)["post"])
}

// Parsed, and a natural key: quiet.
func (h *Routes) parsed(w http.ResponseWriter, r *http.Request) {
	p, err := id.Parse(mux.Vars(r)["post"])
	if err != nil {
		http.NotFound(w, r)
		return
	}
	h.db.Exec(`DELETE FROM posts WHERE id = $1`, p)
}

func (h *Routes) slug(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM posts WHERE slug = $1`, mux.Vars(r)["slug"])
}

// chi: the same patterns.
func (h *Routes) chiRoutes(r chi.Router) {
	r.Get("/c/alnum/{item_id:[a-zA-Z0-9]+}", h.chiAlnum)
	r.Get("/c/ulid/{item_id:^[0-9a-z]{26}$}", h.chiULID)
}

func (h *Routes) chiAlnum(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM items WHERE id = $1`, chi.URLParam(r, "item_id")) // want `^chi\.URLParam\("item_id"\) reaches sql\.DB\.Exec unparsed`
}

func (h *Routes) chiULID(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM items WHERE id = $1`, chi.URLParam(r, "item_id"))
}

var (
	alnumRe  = regexp.MustCompile(`^[a-zA-Z0-9]+$`)
	idRe     = regexp.MustCompile(`^[0-9a-hjkmnp-tv-z]{26}$`)
	numberRe = regexp.MustCompile(`^\d+$`)
)

// A regexp guard whose failure returns checks the same: an anchored
// pattern of the characters only is no check.
func (h *Routes) guarded(w http.ResponseWriter, r *http.Request) {
	a := r.PathValue("a")
	if !alnumRe.MatchString(a) {
		http.NotFound(w, r)
		return
	}
	h.db.Exec(`DELETE FROM posts WHERE id = $1`, a) // want `^PathValue\("a"\) reaches sql\.DB\.Exec unparsed`
	b := r.PathValue("b")
	if !idRe.MatchString(b) {
		http.NotFound(w, r)
		return
	}
	h.db.Exec(`DELETE FROM posts WHERE id = $1`, b)
	c := r.PathValue("c")
	if ok, _ := regexp.MatchString(`^[0-9]+$`, c); !ok {
		http.NotFound(w, r)
		return
	}
	h.db.Exec(`DELETE FROM posts WHERE id = $1`, c)
	d := r.PathValue("d")
	if !numberRe.MatchString(d) {
		http.NotFound(w, r)
		return
	}
	h.db.Exec(`DELETE FROM posts WHERE id = $1`, d)
	s := r.PathValue("slug")
	if !alnumRe.MatchString(s) {
		http.NotFound(w, r)
		return
	}
	h.db.Exec(`DELETE FROM posts WHERE slug = $1`, s)
}
