// Package querytypes seeds the check at the sink: a value bound to an id
// column as text is reported at the query, whatever its names and
// wherever it came from; its typed, integer, natural-key and
// canonical-text twins are quiet.
package querytypes

import (
	"database/sql"
	"fmt"
	"net/http"
	"strconv"
)

// Two handler factories: GetTeam checks its own integer path value named
// id, which is no check of GetUser's. A factory only returns a handler:
// it is no middleware.
func GetUser(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var name string
		if err := db.QueryRowContext(r.Context(), `SELECT name FROM users WHERE id = $1`, r.PathValue("id")).Scan(&name); err != nil { // want `^PathValue\("id"\) reaches sql\.DB\.QueryRowContext unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column id, bound as string\]$`
			http.NotFound(w, r)
			return
		}
		fmt.Fprintln(w, name)
	}
}

func GetTeam(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.Atoi(r.PathValue("id"))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		_ = db.QueryRowContext(r.Context(), `SELECT name FROM teams WHERE id = $1`, n)
	}
}
