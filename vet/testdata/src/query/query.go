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
	"querystore"
)

type Handler struct {
	db   *sql.DB
	x    *sqlx.DB
	pool *pgxpool.Pool
	conn *pgx.Conn
	s    *querystore.Store
}

const q = `SELECT name FROM users WHERE id = $1`

func (h *Handler) seeded(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	h.db.QueryRowContext(ctx, q, r.PathValue("id")) // want `^PathValue\("id"\) reaches sql\.DB\.QueryRowContext unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
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
	// Written into the SQL text: reported where it is written, with the
	// column before it.
	s := fmt.Sprintf("SELECT * FROM t WHERE id = '%s'", r.PostFormValue("Id")) // want `PostFormValue\("Id"\) reaches sql\.DB\.Query unparsed`
	h.db.Query(s)
	var tx *sql.Tx
	tx.QueryRow(q, []byte(r.PathValue("id"))) // want `PathValue\("id"\) reaches sql\.Tx\.QueryRow`
	sqlx.Get(h.x, nil, q, r.PathValue("id"))  // want `PathValue\("id"\) reaches sqlx\.Get`
	go func() {
		h.db.Exec(q, uid) // want `FormValue\("user_id"\) reaches sql\.DB\.Exec unparsed`
	}()
	var t pgx.Tx
	t.QueryRow(ctx, q, uid) // want `FormValue\("user_id"\) reaches pgx\.Tx\.QueryRow unparsed`
	// id.Parse checks the ID it returns; the string passed after it is
	// still the client's text, in any case (KEYS-4): reported as such.
	// The id it returns, or its String, is quiet.
	if _, err := id.Parse(uid); err == nil {
		h.db.Exec(q, uid) // want `^FormValue\("user_id"\) reaches sql\.DB\.Exec as the client wrote it \(KEYS-4, KEYS-5\): id\.Parse accepts any case; pass the id it returns \[column id, bound as string\]$`
	}
	if p, err := id.Parse(uid); err == nil {
		h.db.Exec(q, p)
		h.db.Exec(q, p.String())
	}
}

func (h *Handler) frameworks(c *gin.Context, e echo.Context) {
	h.db.Exec(q, c.Param("id"))      // want `Param\("id"\) reaches sql\.DB\.Exec unparsed`
	h.db.Exec(q, e.QueryParam("id")) // want `QueryParam\("id"\) reaches sql\.DB\.Exec unparsed`
}

// Negatives: parsed ids, keys that are not ids, values not from a request.
func (h *Handler) clean(w http.ResponseWriter, r *http.Request, name string) error { // want clean:`^sink\(2 id → sql\.DB\.Exec\)$`
	ctx := r.Context()
	uid, err := id.Parse(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return nil
	}
	h.db.QueryRowContext(ctx, q, uid)
	slug := r.PathValue("slug")
	h.db.QueryRowContext(ctx, `SELECT id FROM posts WHERE slug = $1`, slug)
	h.db.Exec(`UPDATE t SET paid = $1 WHERE valid = $2`, r.FormValue("paid"), r.URL.Query().Get("valid"))
	h.db.Exec(q, name) // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): make parameter name an id\.ID; its callers then parse at their boundary$`
	var x id.ID
	if err := x.UnmarshalText([]byte(r.FormValue("id"))); err != nil {
		return err
	}
	h.db.Exec(q, x)
	own := make(map[string]string)
	h.db.Exec(q, own["id"]) // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
	key := "id"
	h.db.Exec(q, r.FormValue(key)) // a key known only at run time: the column is, and the type // want `^sql\.DB\.Exec binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
	fmt.Println(r.PathValue("id"))
	stmt := strings.ToUpper
	_ = stmt
	return nil
}

func background(ctx context.Context, db *sql.DB, ids []string) {
	for _, s := range ids {
		db.ExecContext(ctx, q, s) // want `^sql\.DB\.ExecContext binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
	}
}

// Through calls to another package's store: reported where the request
// value enters, with the path.
func (h *Handler) cross(c echo.Context, r *http.Request) {
	ctx := r.Context()
	// Not reported since idquery checks the column, not the names on
	// the way: Subscriber's statement was prepared elsewhere (its column
	// is not known), and Post's binds the natural key column "key".
	h.s.Subscriber(ctx, c.Param("subUUID"))
	postID := mux.Vars(r)["post"]
	h.s.Post(ctx, postID)
	querystore.GetUser(h.db, r.PathValue("u"))   // want `PathValue\("u"\) reaches querystore\.GetUser → sql\.DB\.QueryRow unparsed`
	h.s.Delete(r.FormValue("x"))                 // want `FormValue\("x"\) reaches querystore\.Store\.Delete → querystore\.Store\.exec → sql\.DB\.Exec unparsed`
	querystore.Squirrel(c.QueryParam("uid"))     // want `QueryParam\("uid"\) reaches querystore\.Squirrel → squirrel\.Eq unparsed`
	querystore.SquirrelWhere(c.Param("guid"))    // want `Param\("guid"\) reaches querystore\.SquirrelWhere → squirrel\.SelectBuilder\.Where unparsed`
	querystore.Sqlf(c.FormValue("fileUlid"))     // want `FormValue\("fileUlid"\) reaches querystore\.Sqlf → sqlf\.Stmt\.Where unparsed`
	querystore.Goqu(c.Param("p"), c.Param("ID")) // want `Param\("p"\) reaches querystore\.Goqu → exp\.Ex unparsed` `Param\("ID"\) reaches querystore\.Goqu → exp\.IdentifierExpression\.Eq unparsed`
	h.s.Bun(c.Param("uuid"))                     // want `Param\("uuid"\) reaches querystore\.Store\.Bun → bun\.SelectQuery\.Where unparsed`
	h.s.Gorm(c.Param("a_id"), c.Param("b-id"))   // want `Param\("a_id"\) reaches querystore\.Store\.Gorm → gorm\.DB\.First unparsed` `Param\("b-id"\) reaches querystore\.Store\.Gorm → gorm\.DB\.Where unparsed`

	var us querystore.Users
	us.ByID(c.Param("user")) // want `Param\("user"\) reaches querystore\.Users\.ByID → querystore\.users\.ByID → gorm\.DB\.Where unparsed`

	// Negatives: no name on the way is an id's; an interface's method;
	// a parsed id; a number.
	h.s.Post(ctx, mux.Vars(r)["post"])
	var repo querystore.Repo
	repo.Get(r.PathValue("id"))
	if uid, err := id.Parse(c.Param("id")); err == nil {
		h.s.Subscriber(ctx, uid.String())
	}
	h.s.Count(ctx, len(c.Param("id")))
}
