// Package gorm is a stub of github.com/jinzhu/gorm (GORM v1): the same
// path and signatures, written here.
package gorm

type DB struct{}

func (db *DB) Where(query any, args ...any) *DB   { return db }
func (db *DB) First(out any, where ...any) *DB    { return db }
func (db *DB) Find(out any, where ...any) *DB     { return db }
func (db *DB) Delete(value any, where ...any) *DB { return db }
func (db *DB) Raw(sql string, values ...any) *DB  { return db }
