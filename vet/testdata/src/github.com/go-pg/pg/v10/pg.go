// Package pg is a stub of github.com/go-pg/pg/v10, for idquery's tests.
package pg

import "github.com/go-pg/pg/v10/orm"

type DB struct{}

func (db *DB) Model(model ...any) *orm.Query                         { return &orm.Query{} }
func (db *DB) Query(model, query any, params ...any) (any, error)    { return nil, nil }
func (db *DB) QueryOne(model, query any, params ...any) (any, error) { return nil, nil }
func (db *DB) Exec(query any, params ...any) (any, error)            { return nil, nil }
