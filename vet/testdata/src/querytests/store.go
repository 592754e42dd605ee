// Package querytests seeds a query in a test file that binds an id as
// text: not reported by default (-idquery.tests=false), as a test is no
// request path; its twin in the package's own code is reported.
package querytests

import "database/sql"

type Store struct{ db *sql.DB }

func (s *Store) Delete(owner string) { // want Delete:`^sink\(0 id → sql\.DB\.Exec\)$`
	s.db.Exec(`DELETE FROM posts WHERE owner_id = $1`, owner) // want `^sql\.DB\.Exec binds column owner_id as string \(KEYS-5\): make parameter owner an id\.ID; its callers then parse at their boundary$`
}
