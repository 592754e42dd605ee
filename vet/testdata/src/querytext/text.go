// Package querytext: SQL text as the program builds it (a table name
// from a function, + and += across branches, fmt.Sprintf, strings.Join,
// strings.Builder and bytes.Buffer writes, a placeholder translator),
// brackets around a placeholder and row-value cursors. Each query binds
// a value as text where its text names an id column (reported) and its
// twins (a typed id, an integer, a natural key) are quiet; a text that
// cannot be known says nothing of its columns.
package querytext

import (
	"bytes"
	"database/sql"
	"fmt"
	"strings"

	"github.com/idkeys/id"
	"querytext/sqldb"
)

type Store struct{ db *sql.DB }

func table() string { return "users" }

const cols = "id, name"

func (s *Store) sprintf(userID, name string, uid id.ID, n int) { // want sprintf:`^sink\(0 id → sql\.DB\.QueryRow; 1 → sql\.DB\.QueryRow\)$`
	q := fmt.Sprintf("SELECT %s FROM %s WHERE id = ?", cols, table())
	s.db.QueryRow(q, userID) // want `^sql\.DB\.QueryRow binds column id as string \(KEYS-5\): make parameter userID an id\.ID`
	s.db.QueryRow(q, uid)
	s.db.QueryRow(fmt.Sprintf("SELECT * FROM %s WHERE hits = ?", table()), n)
	s.db.QueryRow(fmt.Sprintf("SELECT * FROM %s WHERE name = ?", table()), name)
	// A %s of text not known is a hole: the column after it is still
	// found by its $n; a ? after it has no known number.
	s.db.QueryRow(fmt.Sprintf("SELECT * FROM t WHERE %s AND id = $2", name), n, userID) // want `^sql\.DB\.QueryRow binds column id as string`
	s.db.QueryRow(fmt.Sprintf("SELECT * FROM t WHERE %s AND id = ?", name), userID)
}

func (s *Store) grown(ownerID, name string, uid id.ID, admin bool) { // want grown:`^sink\(0 id → sql\.DB\.Query; 1 → sql\.DB\.Query\)$`
	q := "SELECT * FROM docs WHERE name = ?"
	if !admin {
		q += " AND owner_id = ?"
	}
	s.db.Query(q, name, ownerID) // want `^sql\.DB\.Query binds column owner_id as string`
	s.db.Query(q, name, uid)
	r := "SELECT * FROM docs WHERE " + "owner_id = ?"
	s.db.Query(r, ownerID) // want `^sql\.DB\.Query binds column owner_id as string`
	s.db.Query(r, uid)
}

func (s *Store) joined(ownerID, name string, uid id.ID) { // want joined:`^sink\(0 id → sql\.DB\.Exec; 1 → sql\.DB\.Exec\)$`
	sets := []string{"name = ?", "title = ?"}
	q := "UPDATE docs SET " + strings.Join(sets, ", ") + " WHERE owner_id = ?"
	s.db.Exec(q, name, name, ownerID) // want `^sql\.DB\.Exec binds column owner_id as string`
	s.db.Exec(q, name, name, uid)
}

func (s *Store) built(ownerID, name string, uid id.ID, n int, byName bool) { // want built:`^sink\(0 id → sql\.DB\.Query; 1 → sql\.DB\.Query\)$`
	var b strings.Builder
	b.WriteString("SELECT * FROM docs WHERE ")
	if byName {
		b.WriteString("name = ? AND ")
	}
	b.WriteString("owner_id = $2")
	s.db.Query(b.String(), name, ownerID) // want `^sql\.DB\.Query binds column owner_id as string`
	s.db.Query(b.String(), name, uid)
	var buf bytes.Buffer
	buf.WriteString("DELETE FROM docs WHERE ")
	fmt.Fprintf(&buf, "%s = ?", "owner_id")
	s.db.Exec(buf.String(), ownerID) // want `^sql\.DB\.Exec binds column owner_id as string`
	s.db.Exec(buf.String(), uid)
	var c strings.Builder
	c.WriteString("DELETE FROM counters WHERE id = ?")
	s.db.Exec(c.String(), n)
}

// A placeholder translator of the service keeps the text's columns.
func (s *Store) translated(ownerID string, uid id.ID) { // want translated:`^sink\(0 id → sql\.DB\.Exec\)$`
	s.db.Exec(sqldb.Rebind("DELETE FROM docs WHERE owner_id = ?"), ownerID) // want `^sql\.DB\.Exec binds column owner_id as string`
	s.db.Exec(sqldb.Rebind("DELETE FROM docs WHERE owner_id = ?"), uid)
}

// Brackets around a placeholder, and a row-value cursor.
func (s *Store) shapes(userID, name string, uid id.ID, at int64) { // want shapes:`^sink\(0 id → sql\.DB\.Query; 1 → sql\.DB\.Query\)$`
	s.db.Query("SELECT * FROM users WHERE id = (?)", userID)                                          // want `^sql\.DB\.Query binds column id as string`
	s.db.Query("SELECT * FROM users WHERE (created_at, id) > (?, ?) ORDER BY created_at", at, userID) // want `^sql\.DB\.Query binds column id as string`
	s.db.Query("SELECT * FROM users WHERE id = (?)", uid)
	s.db.Query("SELECT * FROM users WHERE (created_at, id) > (?, ?) ORDER BY created_at", at, uid)
	s.db.Query("SELECT * FROM users WHERE name = (?)", name)
}

// Text that cannot be known: nothing is said of its columns.
func (s *Store) unknown(q, userID string) { // want unknown:`^sink\(0 text → sql\.DB\.Query; 1 bind place 1 → sql\.DB\.Query\)$`
	s.db.Query(q, userID)
	s.db.Query(strings.Repeat(q, 2), userID)
}

// A value passed after a parameter's text: the caller's constant text
// names its placeholder's column, and the caller's argument is judged.
func (s *Store) unknownAny(q string, v any) { // want unknownAny:`^sink\(0 text → sql\.DB\.Query; 1 bind place 1 → sql\.DB\.Query\)$`
	s.db.Query(q, v)
}

func (s *Store) callsUnknown(userID, name string, uid id.ID, n int) { // want callsUnknown:`^sink\(0 id → querytext\.Store\.unknown → sql\.DB\.Query; 1 → querytext\.Store\.unknown → sql\.DB\.Query\)$`
	s.unknown("SELECT * FROM users WHERE id = ?", userID) // want `^querytext\.Store\.unknown → sql\.DB\.Query binds column id as string`
	s.unknown("SELECT * FROM users WHERE name = ?", name)
	s.unknownAny("SELECT * FROM users WHERE id = ?", userID) // want `^querytext\.Store\.unknownAny → sql\.DB\.Query binds column id as string`
	s.unknownAny("SELECT * FROM users WHERE id = ?", uid)
	s.unknownAny("SELECT * FROM users WHERE id = ?", n)
}

// tableOf's result is not known: a hole where a table's name goes, which
// holds no placeholder, so each ? after it keeps its number.
func tableOf(v any) string { return fmt.Sprintf("%T", v) }

func (s *Store) unnamed(userID, name string, uid id.ID, n int) { // want unnamed:`^sink\(0 id → sql\.DB\.Exec; 1 → sql\.DB\.Exec\)$`
	t := tableOf(s)
	s.db.Exec("DELETE FROM "+t+" WHERE owner = ? AND id = ?", n, userID) // want `^sql\.DB\.Exec binds column id as string`
	s.db.Exec("DELETE FROM "+t+" WHERE owner = ? AND id = ?", n, uid)
	s.db.Exec("INSERT INTO "+t+" (name, id) VALUES (?, ?)", name, userID) // want `^sql\.DB\.Exec binds column id as string`
	s.db.Exec("INSERT INTO "+t+" (name, id) VALUES (?, ?)", name, uid)
	// After an alias, or anywhere else, a hole may hold placeholders.
	s.db.Exec("DELETE FROM "+t+" u WHERE u.id = ?", userID)
	s.db.Exec("SELECT * FROM t "+t+" WHERE id = ?", userID)
}

// A template's marker swapped for a clause by strings.Replace or
// strings.ReplaceAll: the text after the swap names the columns.
func (s *Store) replaced(ownerID string, uid id.ID, n int, archived bool, marker string) { // want replaced:`^sink\(0 id → sql\.DB\.Query\)$`
	q := "SELECT * FROM docs WHERE owner_id = $1 {{ ARCHIVED }} ORDER BY name"
	if archived {
		q = strings.Replace(q, "{{ ARCHIVED }}", "AND archived", 1)
	} else {
		q = strings.Replace(q, "{{ ARCHIVED }}", "", 1)
	}
	s.db.Query(q, ownerID) // want `^sql\.DB\.Query binds column owner_id as string`
	s.db.Query(q, uid)
	d := strings.ReplaceAll("DELETE FROM docs WHERE {{ KEY }} = ?", "{{ KEY }}", "owner_id")
	s.db.Exec(d, ownerID) // want `^sql\.DB\.Exec binds column owner_id as string`
	s.db.Exec(d, uid)
	c := strings.ReplaceAll("DELETE FROM docs WHERE {{ KEY }} = ?", "{{ KEY }}", "revision")
	s.db.Exec(c, n)
	s.db.Exec(c, ownerID)
	// A marker not known leaves the text not known.
	u := strings.ReplaceAll("DELETE FROM docs WHERE owner_id = ? {{ KEY }}", marker, "AND id = ?")
	s.db.Exec(u, ownerID)
}

// One parameter bound to an id column and after a text parameter: the
// id column it is known to bind holds, whatever the caller's text.
func (s *Store) twice(q, userID string) { // want twice:`^sink\(0 text → sql\.DB\.Exec; 1 id → sql\.DB\.Exec\)$`
	s.db.Exec("DELETE FROM users WHERE id = ?", userID) // want `^sql\.DB\.Exec binds column id as string`
	s.db.Exec(q, userID)
}

func (s *Store) callsTwice(userID string, uid id.ID) { // want callsTwice:`^sink\(0 id → querytext\.Store\.twice → sql\.DB\.Exec\)$`
	s.twice("DELETE FROM sessions WHERE user_id = ?", userID)
	s.twice("DELETE FROM sessions WHERE user_id = ?", uid.String())
}

// Text grown in a loop: the placeholders after the loop's start have no
// column that can be known, and -idquery.v counts the query.
func (s *Store) grownInLoop(ids []string) {
	q := "SELECT * FROM users WHERE false"
	var args []any
	for i, v := range ids {
		q += fmt.Sprintf(" OR id = $%d", i+1)
		args = append(args, v)
	}
	s.db.Query(q, args...)
}
