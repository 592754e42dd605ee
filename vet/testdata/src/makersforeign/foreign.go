// Package makersforeign: values that are not the service's ids, whatever
// the names around them say (another system's UUIDs, a bearer session
// token, a random fragment of a natural key, a test helper's filler), and
// their twins, which are.
package makersforeign

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/http"
	"testing"

	"github.com/go-chi/chi/v5/middleware"
	gofrs "github.com/gofrs/uuid/v5"
	"github.com/google/uuid"
)

type Tags struct {
	MbzAlbumID  string
	MbzArtistID string
	AcmeRef     string
	AlbumID     string
}

// Another system's ids, read from file tags: quiet.
func readTags(t Tags) (uuid.UUID, error) {
	if err := uuid.Validate(t.MbzArtistID); err != nil {
		return uuid.UUID{}, err
	}
	externalID := t.MbzAlbumID
	return uuid.Parse(externalID)
}

func lookupCatalogue(s string) error {
	_, err := uuid.Parse(s)
	return err
}

// The twin: the service's own album id.
func readOwn(t Tags) (uuid.UUID, error) {
	return uuid.Parse(t.AlbumID) // want `^uuid\.Parse parses an id outside package id \(KEYS-3\): use id\.Parse\(\)$`
}

// With -idmakers.foreign=acme only (TestForeignFlag): quiet there.
func readAcme(t Tags) error {
	return uuid.Validate(t.AcmeRef) // want `uuid\.Validate parses an id`
}

// A login session's id set as a cookie: a bearer credential, quiet.
func login(w http.ResponseWriter, db *sql.DB) error {
	sid, err := gofrs.NewV4()
	if err != nil {
		return err
	}
	db.Exec(`INSERT INTO sessions (id) VALUES ($1)`, sid.String())
	http.SetCookie(w, &http.Cookie{Name: "session", Value: sid.String()})
	return nil
}

func apiClient(r *http.Request) {
	r.Header.Set("Authorization", "Bearer "+uuid.NewString())
}

// The twin: an order's id, never a credential.
func order(db *sql.DB) {
	oid, _ := gofrs.NewV4() // want `^uuid\.NewV4 makes an id outside package id \(KEYS-3\): use id\.New\(\)$`
	db.Exec(`INSERT INTO orders (id) VALUES ($1)`, oid.String())
}

// randomHex is a helper of the service (an inferred maker).
func randomHex(n int) string { // want randomHex:`^random$`
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

type User struct {
	ID       string
	Username string
	Email    string
}

// A random fragment appended to a natural key, and a test helper outside
// _test.go: quiet.
func NewTestUser(t testing.TB, name string) User {
	return User{ID: randomHex(8), Username: name}
}

func uniqueUser(name, email string) User {
	userID := name + "-" + randomHex(3)
	return User{Username: userID, Email: fmt.Sprintf("%s+%s", email, randomHex(2))}
}

// The twin: a user's id.
func newUser(name string) User {
	return User{ID: randomHex(8), Username: name} // want `^makersforeign\.randomHex makes an id from random bits outside package id \(KEYS-3\): use id\.New\(\)$`
}

// A unique file name: quiet.
func uniqFileName(userID, ext string) string { // want uniqFileName:`^random\(inside\)$`
	rnd := uuid.New().String()
	return "userid_" + userID + "_" + rnd + "." + ext
}

func objectName(fileName string) (path string) { // want objectName:`^random\(inside\)$`
	path = fmt.Sprintf("%s-%s", uuid.NewString(), fileName)
	return path
}

// The twin: an upload's id.
func uploadID(fileName string) (string, string) { // want uploadID:`^random\(inside\)$`
	uploadID := uuid.NewString() // want `^uuid\.NewString makes an id outside package id`
	return uploadID, fileName
}

// A router's middleware that mints request ids, named as a value.
func routes(use func(...func(http.Handler) http.Handler)) {
	use(middleware.RequestID) // want `^middleware\.RequestID makes request ids outside package id \(KEYS-7\): set them with id\.New\(\) in a middleware of the service$`
	use(middleware.Logger)
}
