// Package orm is a stub of github.com/go-pg/pg/v10/orm, for idquery's tests.
package orm

type Query struct{}

func (q *Query) Where(condition string, params ...any) *Query { return q }
func (q *Query) WhereIn(where string, slice any) *Query       { return q }
func (q *Query) Select(columns ...any) error                  { return nil }
