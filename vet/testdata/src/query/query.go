// Package query seeds KEYS-5 violations and their negatives.
package query

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/go-chi/chi/v5"
	"github.com/gorilla/mux"
	"github.com/idkeys/id"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
	"github.com/labstack/echo/v4"
)

type Handler struct {
	db   *sql.DB
	x    *sqlx.DB
	pool *pgxpool.Pool
	conn *pgx.Conn
}

const q = `SELECT name FROM users WHERE id = $1`

func (h *Handler) seeded(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	h.db.QueryRowContext(ctx, q, r.PathValue("id")) // want `^PathValue\("id"\) reaches sql\.DB\.QueryRowContext unparsed \(KEYS-5\): parse it with id\.Parse and pass the id$`
	uid := r.FormValue("user_id")
	h.db.Exec(q, uid) // want `FormValue\("user_id"\) reaches sql\.DB\.Exec unparsed`
	query := r.URL.Query()
	order := query.Get("orderId")
	trimmed := strings.TrimSpace(order)
	h.x.Get(nil, q, trimmed)                                                     // want `Values\.Get\("orderId"\) reaches sqlx\.DB\.Get unparsed`
	h.pool.QueryRow(ctx, q, r.URL.Query().Get("ID"))                             // want `Values\.Get\("ID"\) reaches pgxpool\.Pool\.QueryRow unparsed`
	h.conn.Exec(ctx, "DELETE FROM t WHERE id = '"+chi.URLParam(r, "teamID")+"'") // want `chi\.URLParam\("teamID"\) reaches pgx\.Conn\.Exec unparsed`
	vars := mux.Vars(r)
	h.conn.Query(ctx, q, vars["account-id"]) // want `mux\.Vars\(…\)\["account-id"\] reaches pgx\.Conn\.Query unparsed`
	s := fmt.Sprintf("SELECT * FROM t WHERE id = '%s'", r.PostFormValue("Id"))
	h.db.Query(s) // want `PostFormValue\("Id"\) reaches sql\.DB\.Query unparsed`
	var tx *sql.Tx
	tx.QueryRow(q, []byte(r.PathValue("id"))) // want `PathValue\("id"\) reaches sql\.Tx\.QueryRow`
	sqlx.Get(h.x, nil, q, r.PathValue("id"))  // want `PathValue\("id"\) reaches sqlx\.Get`
	go func() {
		h.db.Exec(q, uid) // want `FormValue\("user_id"\) reaches sql\.DB\.Exec unparsed`
	}()
	var t pgx.Tx
	t.QueryRow(ctx, q, uid) // want `FormValue\("user_id"\) reaches pgx\.Tx\.QueryRow unparsed`
	// Validated but the raw string is passed: still reported.
	if _, err := id.Parse(uid); err == nil {
		h.db.Exec(q, uid) // want `FormValue\("user_id"\) reaches sql\.DB\.Exec unparsed`
	}
}

func (h *Handler) frameworks(c *gin.Context, e echo.Context) {
	h.db.Exec(q, c.Param("id"))      // want `Param\("id"\) reaches sql\.DB\.Exec unparsed`
	h.db.Exec(q, e.QueryParam("id")) // want `QueryParam\("id"\) reaches sql\.DB\.Exec unparsed`
}

// Negatives: parsed ids, keys that are not ids, values not from a request.
func (h *Handler) clean(w http.ResponseWriter, r *http.Request, name string) error {
	ctx := r.Context()
	uid, err := id.Parse(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return nil
	}
	h.db.QueryRowContext(ctx, q, uid)
	slug := r.PathValue("slug")
	h.db.QueryRowContext(ctx, `SELECT id FROM posts WHERE slug = $1`, slug)
	h.db.Exec(q, r.FormValue("paid"), r.URL.Query().Get("valid"))
	h.db.Exec(q, name)
	var x id.ID
	if err := x.UnmarshalText([]byte(r.FormValue("id"))); err != nil {
		return err
	}
	h.db.Exec(q, x)
	own := make(map[string]string)
	h.db.Exec(q, own["id"])
	key := "id"
	h.db.Exec(q, r.FormValue(key)) // a key known only at run time is not judged
	fmt.Println(r.PathValue("id"))
	stmt := strings.ToUpper
	_ = stmt
	return nil
}

func background(ctx context.Context, db *sql.DB, ids []string) {
	for _, s := range ids {
		db.ExecContext(ctx, q, s)
	}
}
