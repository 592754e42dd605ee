// Package migrations is a goose migration written in Go: its SQL text
// is read as the .sql files are.
package migrations

const addReviewer = "ALTER TABLE posts ADD COLUMN reviewer text " +
	"REFERENCES users(id)"
