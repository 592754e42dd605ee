package sqlx

import (
	"context"
	"database/sql"
)

type DB struct{ *sql.DB }

func (db *DB) Get(dest any, query string, args ...any) error                             { return nil }
func (db *DB) GetContext(ctx context.Context, dest any, query string, args ...any) error { return nil }
func (db *DB) Select(dest any, query string, args ...any) error                          { return nil }
func Get(q any, dest any, query string, args ...any) error                               { return nil }

type Stmt struct{ *sql.Stmt }

func (s *Stmt) Get(dest any, args ...any) error { return nil }

func (db *DB) Preparex(query string) (*Stmt, error) { return nil, nil }

func In(query string, args ...any) (string, []any, error) { return query, args, nil }
func (db *DB) Rebind(query string) string                 { return query }

type Rows struct{ *sql.Rows }

// ExtContext is what the package-level named queries take.
type ExtContext interface {
	Rebind(query string) string
}

func (db *DB) NamedExec(query string, arg any) (sql.Result, error) { return nil, nil }
func (db *DB) NamedExecContext(ctx context.Context, query string, arg any) (sql.Result, error) {
	return nil, nil
}
func (db *DB) NamedQueryContext(ctx context.Context, query string, arg any) (*Rows, error) {
	return nil, nil
}
func NamedExecContext(ctx context.Context, e ExtContext, query string, arg any) (sql.Result, error) {
	return nil, nil
}
func NamedQueryContext(ctx context.Context, e ExtContext, query string, arg any) (*Rows, error) {
	return nil, nil
}
func Named(query string, arg any) (string, []any, error) { return query, nil, nil }

type NamedStmt struct{}

func (db *DB) PrepareNamed(query string) (*NamedStmt, error) { return nil, nil }
func (n *NamedStmt) Get(dest any, arg any) error             { return nil }
func (n *NamedStmt) Exec(arg any) (sql.Result, error)        { return nil, nil }
