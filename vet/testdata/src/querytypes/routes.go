package querytypes

import (
	"database/sql"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/gorilla/mux"
)

type Routes struct{ db *sql.DB }

// A pattern checks its variable in the handler its route registers, and
// in no other: byNumber's read is checked, byKey's of the same name is not.
func (h *Routes) register(r *mux.Router) {
	r.HandleFunc("/numbers/{id:[0-9]+}", h.byNumber)
	r.HandleFunc("/keys/{id}", h.byKey)
}

func (h *Routes) byNumber(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM numbers WHERE id = $1`, mux.Vars(r)["id"])
}

func (h *Routes) byKey(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM keys WHERE id = $1`, mux.Vars(r)["id"]) // want `^mux\.Vars\(…\)\["id"\] reaches sql\.DB\.Exec unparsed`
}

// A middleware wraps a handler: its check counts for the handlers it
// wraps (plain), not for another (bare).
func checkItem(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !itemRe(chi.URLParam(r, "item_id")) {
			http.NotFound(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func itemRe(s string) bool { return len(s) == 26 }

func (h *Routes) chiRoutes(r chi.Router) {
	r.With(checkItem).Get("/items/{item_id}", h.plain)
	r.Get("/bare/{item_id}", h.bare)
}

func (h *Routes) plain(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM items WHERE id = $1`, chi.URLParam(r, "item_id"))
}

func (h *Routes) bare(w http.ResponseWriter, r *http.Request) {
	h.db.Exec(`DELETE FROM items WHERE id = $1`, chi.URLParam(r, "item_id")) // want `^chi\.URLParam\("item_id"\) reaches sql\.DB\.Exec unparsed`
}
