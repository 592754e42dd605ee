package bun

type DB struct{}
type SelectQuery struct{}

func (db *DB) NewSelect() *SelectQuery                              { return &SelectQuery{} }
func (q *SelectQuery) Model(m any) *SelectQuery                     { return q }
func (q *SelectQuery) Where(query string, args ...any) *SelectQuery { return q }
