// Package bad is the sample service with one seeded violation per rule;
// its twin, package clean, does the same things the right way.
package bad

import (
	"database/sql"
	"log"
	"net/http"
	"strings"

	"example.com/sample/model"
	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

// Jobs stores jobs.
type Jobs struct{ DB *sql.DB }

// Enqueue makes a job id with another package (KEYS-3, KEYS-7).
func (j *Jobs) Enqueue() string {
	trace := ulid.Make().String()
	log.Printf("trace %s", trace)
	return uuid.NewString()
}

// Show passes the path's id straight to the query (KEYS-5).
func (j *Jobs) Show(w http.ResponseWriter, r *http.Request) {
	row := j.DB.QueryRowContext(r.Context(), `SELECT name FROM jobs WHERE id = $1`, r.PathValue("id"))
	var name string
	if err := row.Scan(&name); err != nil {
		http.NotFound(w, r)
	}
}

// Short logs a shortened id (TRUNC) and compares ignoring case (KEYS-4).
func Short(u model.User, in string) bool {
	s := u.ID.String()
	log.Printf("user %s", s[:8])
	log.Printf("user %.8s", u.ID)
	return strings.EqualFold(s, in)
}
