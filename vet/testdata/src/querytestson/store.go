// Package querytestson seeds what querytests does, checked with
// -idquery.tests=true: the test file's findings are reported too, and
// its twins (an id.ID, an integer, a natural key) stay quiet.
package querytestson

import "database/sql"

type Store struct{ db *sql.DB }

func (s *Store) Delete(owner string) { // want Delete:`^sink\(0 id → sql\.DB\.Exec\)$`
	s.db.Exec(`DELETE FROM posts WHERE owner_id = $1`, owner) // want `^sql\.DB\.Exec binds column owner_id as string \(KEYS-5\): make parameter owner an id\.ID; its callers then parse at their boundary$`
}
