// Package sqldb is a service's own wrapper over sqlx's named queries: the
// text and the data are its callers', so its facts carry them on.
package sqldb

import (
	"context"

	"github.com/jmoiron/sqlx"
)

func NamedExecContext(ctx context.Context, db sqlx.ExtContext, query string, data any) error { // want NamedExecContext:`^sink\(2 text → sqlx\.NamedExecContext; 3 named → sqlx\.NamedExecContext\)$`
	_, err := sqlx.NamedExecContext(ctx, db, query, data)
	return err
}

// NamedQueryStruct reaches sqlx through a second function of its own.
func NamedQueryStruct(ctx context.Context, db sqlx.ExtContext, query string, data any, dest any) error { // want NamedQueryStruct:`^sink\(2 text → sqldb\.namedQueryStruct → sqlx\.NamedQueryContext; 3 named → sqldb\.namedQueryStruct → sqlx\.NamedQueryContext\)$`
	return namedQueryStruct(ctx, db, query, data, dest, false)
}

func namedQueryStruct(ctx context.Context, db sqlx.ExtContext, query string, data any, dest any, withIn bool) error { // want namedQueryStruct:`^sink\(2 text → sqlx\.NamedQueryContext; 3 named → sqlx\.NamedQueryContext\)$`
	rows, err := sqlx.NamedQueryContext(ctx, db, query, data)
	if err != nil {
		return err
	}
	_ = rows
	return nil
}
