package makersinfer

import (
	"database/sql"
	"net/http"
)

type Paste struct {
	ID    string
	Token string
	Title string
}

// genTokenCrypto is named as a token, and makes pastes' ids.
func genTokenCrypto(n int) (string, error) { // want genTokenCrypto:`random\(secret\)`
	return randomHex(n), nil
}

// addPaste stores the token helper's value in an id field bound to the
// id column: an id.
func addPaste(db *sql.DB, p Paste) error {
	var err error
	p.ID, err = genTokenCrypto(8) // want `^makersinfer\.genTokenCrypto makes an id from random bits outside package id \(KEYS-3\): use id\.New\(\)$`
	if err != nil {
		return err
	}
	_, err = db.Exec(`INSERT INTO pastes (id, title) VALUES (?, ?)`, p.ID, p.Title)
	return err
}

// The twins: the id field also used as a cookie, an id field never bound
// to a column, and a token field bound to its column.
func addSession(w http.ResponseWriter, db *sql.DB, p Paste) {
	p.ID, _ = genTokenCrypto(8)
	db.Exec(`INSERT INTO sessions (id) VALUES (?)`, p.ID)
	http.SetCookie(w, &http.Cookie{Name: "s", Value: p.ID})
}

func unbound(p Paste) Paste {
	p.ID, _ = genTokenCrypto(8)
	return p
}

func addToken(db *sql.DB, p Paste) {
	p.Token, _ = genTokenCrypto(8)
	db.Exec(`INSERT INTO pastes (id, token) VALUES (?, ?)`, p.ID, p.Token)
}
