// Package makershex makes ids kept under an entity's hex name
// (commentHex), as some services name their keys: such a value is an id
// where it is also bound to a column so named; its twins are hex values
// that are no keys.
package makershex

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
)

// randomHex returns 2n hexadecimal digits of crypto/rand bytes.
func randomHex(n int) string { // want randomHex:`^random$`
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// commentNew stores a comment under a new key and returns the key.
func commentNew(db *sql.DB, html string) (string, error) { // want commentNew:`^random\(inside\)$`
	commentHex := randomHex(32) // want `randomHex makes an id from random bits`
	_, err := db.Exec(`INSERT INTO comments (commentHex, html) VALUES ($1, $2)`, commentHex, html)
	return commentHex, err
}

// ownerRename binds a new hex key in an UPDATE.
func ownerRename(db *sql.DB, name string) {
	ownerHex := randomHex(32) // want `randomHex makes an id from random bits`
	db.Exec(`UPDATE owners SET name = $1 WHERE ownerHex = $2`, name, ownerHex)
}

// The twins: a colour, a token and an export's name, none bound to a key
// column so named.
func themeNew(db *sql.DB) {
	colorHex := randomHex(3)
	db.Exec(`INSERT INTO themes (colorHex) VALUES ($1)`, colorHex)
	commenterToken := randomHex(32)
	db.Exec(`INSERT INTO sessions (commenterToken) VALUES ($1)`, commenterToken)
}

func exportName() string { // want exportName:`^random$`
	exportHex := randomHex(32)
	return exportHex
}
