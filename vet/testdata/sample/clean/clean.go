// Package clean is the clean twin of package bad: the same service, by
// the rules.
package clean

import (
	"database/sql"
	"log"
	"net/http"

	"example.com/sample/model"
	"github.com/google/uuid"
	"github.com/idkeys/id"
)

// Jobs stores jobs.
type Jobs struct{ DB *sql.DB }

// Enqueue makes a job id with package id.
func (j *Jobs) Enqueue() string {
	trace := id.New().String()
	log.Printf("trace %s", trace)
	return id.New().String()
}

// Show parses the path's id before the query.
func (j *Jobs) Show(w http.ResponseWriter, r *http.Request) {
	jobID, err := id.Parse(r.PathValue("id"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	row := j.DB.QueryRowContext(r.Context(), `SELECT name FROM jobs WHERE id = $1`, jobID)
	var name string
	if err := row.Scan(&name); err != nil {
		http.NotFound(w, r)
	}
	slug := r.PathValue("slug")
	_, _ = j.DB.ExecContext(r.Context(), `UPDATE posts SET seen = true WHERE slug = $1`, slug)
}

// Same logs the whole id and compares parsed ids.
func Same(u model.User, in string) bool {
	log.Printf("user %s", u.ID)
	other, err := id.Parse(in)
	return err == nil && other == u.ID
}

// Legacy reads a legacy key's version: using the type is fine.
func Legacy(u uuid.UUID) int { return int(u.Version()) }
