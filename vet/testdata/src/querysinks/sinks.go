// Package querysinks seeds request values that reach GORM v1
// (github.com/jinzhu/gorm) and prepared statements, whose SQL names the
// columns of their arguments (KEYS-5), each with its twin.
package querysinks

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"github.com/idkeys/id"
	"github.com/jinzhu/gorm"
	"github.com/jmoiron/sqlx"
)

type Handler struct {
	g  *gorm.DB
	db *sql.DB
	x  *sqlx.DB
}

type Report struct{ ID, Title string }

// GORM v1, beside gorm.io/gorm.
func (h *Handler) gormV1(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	rid := strings.TrimSpace(r.Form.Get("rid"))
	var rep Report
	h.g.Where("id = ?", rid).First(&rep)              // want `^Values\.Get\("rid"\) reaches gorm\.DB\.Where unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
	h.g.First(&rep, r.PathValue("report_id"))         // want `^PathValue\("report_id"\) reaches gorm\.DB\.First unparsed`
	h.g.Delete(&Report{}, "id = ?", r.FormValue("r")) // want `^FormValue\("r"\) reaches gorm\.DB\.Delete unparsed`

	// The twins: parsed, and a natural key's column.
	x, err := id.Parse(rid)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	h.g.Where("id = ?", x).First(&rep)
	h.g.Where("title = ?", r.Form.Get("rid")).First(&rep)
}

// Prepared statements: the SQL they were prepared from names the columns.
func (h *Handler) prepared(ctx context.Context, w http.ResponseWriter, r *http.Request) {
	tx, _ := h.db.BeginTx(ctx, nil)
	stmt, err := tx.Prepare(`DELETE FROM reports WHERE id = ?`)
	if err != nil {
		return
	}
	stmt.Exec(r.FormValue("r")) // want `^FormValue\("r"\) reaches sql\.Stmt\.Exec unparsed`
	q := `SELECT title FROM reports WHERE owner = $1 AND report_id = $2`
	byOwner, _ := h.db.PrepareContext(ctx, q)
	byOwner.QueryRowContext(ctx, r.FormValue("owner"), r.FormValue("r")) // want `^FormValue\("r"\) reaches sql\.Stmt\.QueryRowContext unparsed`
	named, _ := h.x.Preparex(`SELECT * FROM reports WHERE uuid = ?`)
	named.Get(nil, r.FormValue("r")) // want `^FormValue\("r"\) reaches sqlx\.Stmt\.Get unparsed \(KEYS-5\): parse it in its own format \(id\.Parse refuses it\) and pass the parsed value \[column uuid, bound as string\]$`

	// The twins: a parsed id, a natural key's column.
	x, err := id.Parse(r.FormValue("r"))
	if err != nil {
		return
	}
	stmt.Exec(x)
	bySlug, _ := h.db.Prepare(`SELECT id FROM reports WHERE slug = ?`)
	bySlug.QueryRow(r.FormValue("r"))
}
