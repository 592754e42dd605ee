// Package queryflow seeds request values that reach a query through a
// struct field, a composite literal or a function literal (KEYS-5), each
// with its clean twin.
package queryflow

import (
	"database/sql"
	"encoding/json"
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
	h.db.Exec(q, a.UserID) // want `^PathValue\("id"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`

	b := lookup{UserID: r.FormValue("user")}
	h.db.Exec(q, b.UserID) // want `FormValue\("user"\) reaches sql\.DB\.Exec unparsed`

	c := &lookup{Name: r.PathValue("account_id")}
	h.db.Exec(q, c.Name) // want `PathValue\("account_id"\) reaches sql\.DB\.Exec unparsed`

	// The twins: a natural key, a parsed id's text, a value not from the
	// request, a field named as nothing in particular.
	d := lookup{Slug: r.PathValue("slug")}
	h.db.Exec(q, d.Slug) // want `^PathValue\("slug"\) reaches sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	x, err := id.Parse(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	e := lookup{UserID: x.String()}
	h.db.Exec(q, e.UserID) // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
	var f lookup
	f.UserID = "fixed"
	h.db.Exec(q, f.UserID) // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
	g := lookup{Name: r.PathValue("post")}
	h.db.Exec(`SELECT id FROM t WHERE body = $1`, g.Name)
}

// Through a function literal held in a local variable.
func (h *Handler) closures(w http.ResponseWriter, r *http.Request) {
	get := func(userID string) {
		h.db.Exec(q, userID) // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): make parameter userID an id\.ID; its callers then parse at their boundary$`
	}
	get(r.PathValue("id"))   // want `^PathValue\("id"\) reaches get → sql\.DB\.Exec unparsed`
	get(r.PathValue("post")) // want `PathValue\("post"\) reaches get → sql\.DB\.Exec unparsed`

	// The twins.
	get(r.PathValue("slug")) // want `^PathValue\("slug"\) reaches get → sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id\]$`
	byName := func(name string) {
		h.db.Exec(q, name) // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): make parameter name an id\.ID; its callers then parse at their boundary$`
	}
	byName(r.PathValue("post")) // want `^PathValue\("post"\) reaches byName → sql\.DB\.Exec unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id\]$`
	x, err := id.Parse(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	get(x.String())
}

type Core struct{ ID string }

type Page struct {
	Core
	Title string
}

func (p *Page) Validate() error { return nil }

// updatePage reads fields of the struct it is passed.
func (h *Handler) updatePage(p *Page) error { // want updatePage:`^sink\(0\.ID id → sql\.DB\.Exec; 0\.Title → sql\.DB\.Exec\)$`
	_, err := h.db.Exec(`UPDATE page SET title = $1 WHERE id = $2`, p.Title, p.ID) // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
	return err
}

// Through a field of a struct passed to a store function.
func (h *Handler) pages(w http.ResponseWriter, r *http.Request) {
	req := new(Page)
	req.ID = r.PathValue("page_id")
	if err := json.NewDecoder(r.Body).Decode(req); err != nil {
		return
	}
	h.updatePage(req) // want `^PathValue\("page_id"\) reaches queryflow\.Handler\.updatePage → sql\.DB\.Exec unparsed`
	lit := &Page{Core: Core{ID: r.PathValue("p")}}
	h.updatePage(lit) // want `^PathValue\("p"\) reaches queryflow\.Handler\.updatePage → sql\.DB\.Exec unparsed`

	// The twins: checked as a whole before, a natural key's field.
	ok := &Page{Core: Core{ID: r.PathValue("page_id")}}
	if err := ok.Validate(); err != nil {
		http.NotFound(w, r)
		return
	}
	h.updatePage(ok)
	h.db.Exec(`SELECT id FROM page WHERE id = $1`, r.PathValue("page_id"))
	titled := &Page{Title: r.PathValue("title")}
	h.updatePage(titled)
}

// A struct literal passed as it is.
func (h *Handler) pageLit(w http.ResponseWriter, r *http.Request) {
	h.updatePage(&Page{Core: Core{ID: r.FormValue("page_id")}}) // want `^FormValue\("page_id"\) reaches queryflow\.Handler\.updatePage → sql\.DB\.Exec unparsed`
	h.updatePage(&Page{Core: Core{ID: "fixed"}})
}

// Arguments appended to a slice passed with ...: each is a value.
func (h *Handler) appendedArgs(w http.ResponseWriter, r *http.Request) {
	var args []any
	args = append(args, r.FormValue("title"))
	args = append(args, r.FormValue("post_id")) // want `^FormValue\("post_id"\) reaches sql\.DB\.Exec unparsed`
	h.db.Exec(`UPDATE posts SET title = $1 WHERE id = $2`, args...)
}

// goValidator checks a struct by its tags, returning the errors and their
// count.
func goValidator(v any, rules []string) (map[string]string, int) { return nil, 0 }

// Checked by a validator of the struct, whose count of errors returns.
func (h *Handler) validated(w http.ResponseWriter, r *http.Request) {
	var in Page
	in.ID = r.PathValue("page_id")
	errs, n := goValidator(&in, []string{"uuid"})
	if n > 0 {
		http.Error(w, errs["ID"], http.StatusBadRequest)
		return
	}
	h.updatePage(&in)
}
