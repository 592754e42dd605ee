// want package:`reaches\(database/sql\)}$`

// Package reachstore uses database/sql only in an unexported variable:
// its export data does not name database/sql, its fact does.
package reachstore

import "database/sql"

var db *sql.DB

// Count runs a query.
func Count() error { return db.QueryRow("SELECT 1").Scan() }
