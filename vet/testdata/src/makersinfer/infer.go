// Package makersinfer makes ids with helpers of its own, found without
// -idmakers.makers: functions whose string result is built from random
// bits. Each is reported where its value is used as an id; its clean
// twins use the same helpers for secrets, file names and payloads.
package makersinfer

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"os"
	"strings"

	"example.com/randhex"
	guuid "github.com/google/uuid"
)

type Message struct {
	ID    string
	Token string
	Name  string
	Body  string
}

// randomHex returns 2n hexadecimal digits of crypto/rand bytes.
func randomHex(n int) string { // want randomHex:`^random$`
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// newMessageID calls a helper: a helper too. The call in its body is not
// reported: its callers use the value.
func newMessageID() string { // want newMessageID:`^random$`
	return "m_" + randomHex(6)
}

// nonce32 reads crypto/rand.Reader with io.ReadFull, into a named result.
func nonce32() (s string, err error) { // want nonce32:`^random$`
	var buf [16]byte
	if _, err = io.ReadFull(rand.Reader, buf[:]); err != nil {
		return "", err
	}
	s = fmt.Sprintf("%x", buf)
	return
}

// Gen makes ids with a method.
type Gen struct{ prefix string }

// Next builds its string with a strings.Builder fed by math/rand/v2.
func (g *Gen) Next() string { // want Next:`^random$`
	var sb strings.Builder
	sb.WriteString(g.prefix)
	for range 8 {
		sb.WriteByte("abcdef"[mrand.IntN(6)])
	}
	return sb.String()
}

// wrapsUUID calls a listed maker, which is reported here; its callers
// are not reported again.
func wrapsUUID() string { // want wrapsUUID:`^random\(inside\)$`
	return guuid.NewString() // want `uuid\.NewString makes an id outside package id`
}

// Subscribe keeps the id it makes in a variable named as one, where it
// is reported; its callers are not reported again.
func (g *Gen) Subscribe(topic string) (string, error) { // want Subscribe:`^random\(inside\)$`
	subscriptionID := randomHex(5) // want `randomHex makes an id from random bits`
	g.prefix = topic
	return subscriptionID, nil
}

// Session is a web session whose id Rotate replaces.
type Session struct{ ID, Secret string }

// Rotate stores a new id in its receiver and returns the old one: not a
// helper, and the new id is reported where it is made.
func (s *Session) Rotate() (oldID, newSecret string) {
	oldID = s.ID
	newSecret = rand.Text()
	s.ID = rand.Text() // want `rand\.Text makes an id from random bits`
	return oldID, newSecret
}

// newSessionToken is named as a secret: it makes secrets, not ids, and
// its value is an id only in an id field bound to an id column.
func newSessionToken() string { // want newSessionToken:`random\(secret\)`
	return randomHex(32)
}

var counter int

// seq makes a string without random bits: not a helper.
func seq() string {
	counter++
	return fmt.Sprintf("n%d", counter)
}

// pick draws a random index but returns a constant: not a helper.
func pick() string {
	if mrand.IntN(2) == 0 {
		return "heads"
	}
	return "tails"
}

func ids(g *Gen, s *Session) []Message {
	subID, _ := g.Subscribe("t")
	oldID, _ := s.Rotate()
	_, _ = subID, oldID
	userID, _ := nonce32() // want `^makersinfer\.nonce32 makes an id from random bits outside package id \(KEYS-3\): use id\.New\(\)$`
	_ = userID
	return []Message{
		{ID: randomHex(8)},    // want `^makersinfer\.randomHex makes an id from random bits outside package id \(KEYS-3\): use id\.New\(\)$`
		{ID: newMessageID()},  // want `^makersinfer\.newMessageID makes an id from random bits`
		{ID: randhex.Hex(10)}, // want `^randhex\.Hex makes an id from random bits`
		{ID: g.Next()},        // want `^makersinfer\.Gen\.Next makes an id from random bits`
		{ID: rand.Text()},     // want `^rand\.Text makes an id from random bits`
		{ID: wrapsUUID()},
		{ID: newSessionToken()},
		{ID: seq()},
		{ID: pick()},
		{ID: randhex.Upper("a")},
	}
}

// The twins: the same helpers' values used as secrets, file names, topic
// names and payloads.
func notIDs(g *Gen) Message {
	m := Message{Token: randomHex(16)}
	f, _ := os.CreateTemp("", "upload-"+randomHex(4)+".tmp")
	_ = f
	name := randhex.Hex(4) + ".json"
	_ = os.WriteFile(name, nil, 0o600)
	sessionSecret := rand.Text()
	_ = sessionSecret
	m.Name = "topic-" + newMessageID()
	m.Body = randhex.Letters(64)
	csrf := g.Next()
	_ = csrf
	return m
}

// payload returns n letters drawn by math/rand/v2, a test message's body.
func payload(n int) string { // want payload:`^random$`
	letters := []rune("abcdefghijklmnopqrstuvwxyz")
	b := make([]rune, n)
	for i := range b {
		b[i] = letters[mrand.IntN(len(letters))]
	}
	return string(b)
}

func send(publish func(Message)) {
	publish(Message{Body: payload(1024)})
	body := payload(64)
	publish(Message{Body: body})
}

// A query's placeholder names the value by its column.
func store(db *sql.DB, id int64) {
	db.Exec(`UPDATE icons SET external_id = $1 WHERE id = $2`, randomHex(20), id) // want `randomHex makes an id from random bits`
	q := `
		INSERT INTO icons (hash, external_id)
		VALUES ($1, $2)`
	db.Exec(q, "h", randhex.Hex(20)) // want `randhex\.Hex makes an id from random bits`
	// The twins: a token's column, and a value's.
	db.Exec(`INSERT INTO api_keys (user_id, token) VALUES ($1, $2)`, id, randomHex(32))
	db.Exec(`UPDATE users SET nickname = ? WHERE id = ?`, randhex.Letters(8), id)
}

// A prepared statement's SQL names the columns of its arguments.
func prepared(db *sql.DB) {
	tx, _ := db.Begin()
	stmt, _ := tx.Prepare(`INSERT INTO messages (id, body) VALUES (?, ?)`)
	stmt.Exec(randomHex(8), "b") // want `randomHex makes an id from random bits`
	// The twin: a token's column.
	tok, _ := db.Prepare(`INSERT INTO api_keys (token, user_id) VALUES (?, ?)`)
	tok.Exec(randomHex(32), 1)
}
