// Package dbx runs the queries of the cross module; database/sql is in
// its unexported values only, so its export data does not name it.
package dbx

import (
	"context"
	"database/sql"
)

var db *sql.DB

// One runs a query that returns one row into dest.
func One(ctx context.Context, query string, dest any, args ...any) error {
	return db.QueryRowContext(ctx, query, args...).Scan(dest)
}
