// Package queryschema seeds columns that the module's own schema
// (schema/*.sql, migrations/*.go) makes ids though their names have no
// id word (reported when bound as text), and their twins: an id.ID, an
// integer, a natural key, a column of the same name in a table where it
// is text (quiet).
package queryschema

import (
	"database/sql"
	"net/http"

	sq "github.com/Masterminds/squirrel"
	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
	"gorm.io/gorm"
)

type Store struct{ db *sql.DB }

// A model with no type tag: its column's type is the schema's, where
// every table that declares it agrees (server_identifier is uuid).
type Server struct {
	ServerIdentifier id.ID `gorm:"primaryKey"`
	Name             string
}

type CompactServer struct {
	ServerIdentifier compact.ID `gorm:"primaryKey"`
}

func createServers(g *gorm.DB, c compact.ID) {
	g.Create(&Server{ServerIdentifier: id.New(), Name: "a"}) // want `^gorm\.DB\.Create binds ServerIdentifier \(uuid column server_identifier\) as id\.ID of queryschema\.Server \(KEYS-5\): make the field a compact\.ID`
	g.Create(&CompactServer{ServerIdentifier: c})
}

// An id already made, of the kind its column does not hold: the
// conversion at the call.
func (s *Store) converted(p *compact.ID) {
	v := id.New()
	s.db.QueryRow(`SELECT name FROM servers WHERE server_identifier = $1`, v) // want `^sql\.DB\.QueryRow binds uuid column server_identifier as id\.ID \(KEYS-5\): bind compact\.ID\{ID: v\} \(a uuid column holds an id's 16 bytes, not id\.ID's text\)$`
	c := compact.ID{ID: v}
	s.db.QueryRow(`SELECT name FROM servers WHERE server_identifier = $1`, c)
	s.db.QueryRow(`SELECT name FROM servers WHERE server_identifier = $1`, compact.ID{ID: v}) // the fix above, written in
	s.db.QueryRow(`SELECT * FROM posts WHERE id = $1`, c)                                     // want `^sql\.DB\.QueryRow binds char\(26\) column id as compact\.ID \(KEYS-5\): bind c\.ID \(a char\(26\) column holds an id's text, not compact\.ID's 16 bytes\)$`
	s.db.QueryRow(`SELECT * FROM posts WHERE id = $1`, *p)                                    // want `^sql\.DB\.QueryRow binds char\(26\) column id as compact\.ID \(KEYS-5\): bind \(\*p\)\.ID `
	s.db.QueryRow(`SELECT * FROM posts WHERE id = $1`, c.ID)
	s.db.QueryRow(`SELECT * FROM posts WHERE id = $1`, compact.ID{ID: v}) // want `^sql\.DB\.QueryRow binds char\(26\) column id as compact\.ID \(KEYS-5\): bind v \(a char\(26\) column holds an id's text, not compact\.ID's 16 bytes\)$`
}

// A reference to users' text key id, inline and as a table constraint.
func (s *Store) ByOwner(owner string) { // want ByOwner:`^sink\(0 id → sql\.DB\.Query\)$`
	s.db.Query(`SELECT * FROM posts WHERE owner = $1`, owner) // want `^sql\.DB\.Query binds column owner as string \(KEYS-5\): make parameter owner an id\.ID; its callers then parse at their boundary$`
}

func (s *Store) Approve(post id.ID, approver string) { // want Approve:`^sink\(1 id → sql\.DB\.Exec\)$`
	s.db.Exec(`UPDATE posts SET approver = $1 WHERE id = $2`, approver, post) // want `^sql\.DB\.Exec binds column approver as string \(KEYS-5\): make parameter approver an id\.ID`
}

// A column of an id's type: binary(16), uuid (no id.Parse advice).
func (s *Store) Version(v []byte) { // want Version:`^sink\(0 id → sql\.DB\.Query\)$`
	s.db.Query(`SELECT * FROM posts WHERE version = ?`, v) // want `^sql\.DB\.Query binds binary\(16\) column version as \[\]byte \(KEYS-5\): make parameter v a compact\.ID`
}

// A uuid column's Go type is compact.ID, not id.ID, whose text it
// refuses; a binary(16) column's too, whose rows id.ID's text never
// matches.
func (s *Store) Server(ident string) { // want Server:`^sink\(0 id → sql\.DB\.QueryRow\)$`
	s.db.QueryRow(`SELECT name FROM servers WHERE server_identifier = $1`, ident) // want `^sql\.DB\.QueryRow binds uuid column server_identifier as string \(KEYS-5\): make parameter ident a compact\.ID \(a uuid column holds an id's 16 bytes, not id\.ID's text\); its callers then parse with id\.ParseAs\[compact\.ID\]$`
}

func (s *Store) ServerByID(ident id.ID, c compact.ID, v id.ID) {
	s.db.QueryRow(`SELECT name FROM servers WHERE server_identifier = $1`, ident) // want `^sql\.DB\.QueryRow binds uuid column server_identifier as id\.ID \(KEYS-5\): make parameter ident a compact\.ID \(a uuid column holds an id's 16 bytes, not id\.ID's text\); its callers then parse with id\.ParseAs\[compact\.ID\]$`
	s.db.QueryRow(`SELECT name FROM servers WHERE server_identifier = $1`, c)
	s.db.QueryRow(`SELECT * FROM posts WHERE version = ?`, v) // want `^sql\.DB\.QueryRow binds binary\(16\) column version as id\.ID \(KEYS-5\): make parameter v a compact\.ID \(a binary\(16\) column holds`
	s.db.QueryRow(`SELECT * FROM posts WHERE id = $1`, v)     // char(26): id.ID's text
	// A compact.ID's value is 16 bytes, which a text column does not hold;
	// a column whose type is not declared stays quiet.
	s.db.QueryRow(`SELECT * FROM posts WHERE id = $1`, c)  // want `^sql\.DB\.QueryRow binds char\(26\) column id as compact\.ID \(KEYS-5\): make parameter c an id\.ID \(a char\(26\) column holds an id's text, not compact\.ID's 16 bytes\); its callers then parse at their boundary$`
	s.db.QueryRow(`SELECT * FROM users WHERE id = $1`, &c) // want `^sql\.DB\.QueryRow binds text column id as \*compact\.ID`
	s.db.QueryRow(`SELECT * FROM accounts WHERE account_id = $1`, c)
}

func (s *Store) server(w http.ResponseWriter, r *http.Request) {
	s.db.QueryRow(`SELECT name FROM servers WHERE server_identifier = $1`, r.PathValue("server")) // want `^PathValue\("server"\) reaches sql\.DB\.QueryRow unparsed \(KEYS-5\): parse it with id\.ParseAs\[compact\.ID\] \(a uuid column holds an id's 16 bytes; UUID text needs a UUID parser\) and pass the parsed value \[column server_identifier, bound as string\]$`
}

// A column added by a migration written in Go, in a builder's map (no
// text: the column is an id in every table that declares it).
func (s *Store) Reviewed(reviewer string) (string, []any, error) { // want Reviewed:`^sink\(0 id → squirrel\.Eq\)$`
	return sq.Select("*").From("posts").Where(sq.Eq{"reviewer": reviewer}).ToSql() // want `^squirrel\.Eq binds column reviewer as string \(KEYS-5\)`
}

// A request value: the parse advice, the column's type being no UUID's.
func (s *Store) owned(w http.ResponseWriter, r *http.Request) {
	s.db.Query(`SELECT id FROM posts WHERE owner = $1`, r.FormValue("who")) // want `^FormValue\("who"\) reaches sql\.DB\.Query unparsed \(KEYS-5\): parse it with id\.Parse and pass the id \[column owner, bound as string\]$`
}

// A key of an xid's width: its values are another format's ids, which
// id.Parse refuses (no parse advice); a digest of that width is no id.
func (s *Store) Schema(rev string, w http.ResponseWriter, r *http.Request) { // want Schema:`^sink\(0 id → sql\.DB\.Query\)$`
	s.db.Query(`SELECT * FROM schema_defs WHERE kind = $1 AND rev = $2`, "user", rev) // want `^sql\.DB\.Query binds column rev as string \(KEYS-5\): make parameter rev an id\.ID`
	s.db.Query(`SELECT * FROM schema_defs WHERE rev = $1`, r.PathValue("rev"))        // want `^PathValue\("rev"\) reaches sql\.DB\.Query unparsed \(KEYS-5\): parse it in its own format \(id\.Parse refuses it\) and pass the parsed value \[column rev, bound as string\]$`
	s.db.Query(`SELECT body FROM digests WHERE md5 = $1`, r.PathValue("md5"))
}

// The twins: quiet.
func (s *Store) twins(w http.ResponseWriter, r *http.Request, owner id.ID, n int64) {
	s.db.Query(`SELECT * FROM posts WHERE owner = $1`, owner)                    // an id.ID
	s.db.Query(`SELECT * FROM posts WHERE owner = $1`, n)                        // an integer
	s.db.Query(`SELECT * FROM posts WHERE counter = $1`, r.PathValue("counter")) // an integer key's reference
	s.db.Query(`SELECT * FROM posts WHERE slug = $1`, r.PathValue("slug"))       // a natural key
	s.db.Query(`SELECT * FROM posts WHERE team = $1`, r.PathValue("team"))       // a reference to a natural key
	s.db.Query(`SELECT * FROM users WHERE email = $1`, r.FormValue("email"))     // a unique text column
	s.db.Query(`SELECT * FROM repos WHERE owner = $1`, r.PathValue("owner"))     // owner of repos: text
	s.db.Query(`SELECT * FROM repos WHERE name = $1`, r.PathValue("name"))       // testdata's schema is not read
	sq.Select("*").From("posts").Where(sq.Eq{"owner": r.PathValue("o")}).ToSql() // owner: text in repos, no table named
}
