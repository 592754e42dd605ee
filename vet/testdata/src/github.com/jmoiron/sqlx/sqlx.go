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
