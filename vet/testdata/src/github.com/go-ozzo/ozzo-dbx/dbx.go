// Package dbx is a stub of github.com/go-ozzo/ozzo-dbx's query builder,
// for idquery's tests.
package dbx

type DB struct{}

func (db *DB) Select(cols ...string) *SelectQuery           { return nil }
func (db *DB) NewQuery(sql string) *Query                   { return nil }
func (db *DB) Delete(table string, where Expression) *Query { return nil }

type SelectQuery struct{}

func (s *SelectQuery) From(tables ...string) *SelectQuery { return s }
func (s *SelectQuery) Where(e Expression) *SelectQuery    { return s }
func (s *SelectQuery) AndWhere(e Expression) *SelectQuery { return s }
func (s *SelectQuery) Model(pk, model any) error          { return nil }
func (s *SelectQuery) One(a any) error                    { return nil }
func (s *SelectQuery) Bind(params Params) *SelectQuery    { return s }

type Query struct{}

func (q *Query) Bind(params Params) *Query { return q }
func (q *Query) One(a any) error           { return nil }
func (q *Query) Execute() (any, error)     { return nil, nil }

type Expression interface{ Build(*DB, Params) string }

type Params map[string]any

type HashExp map[string]any

func (e HashExp) Build(db *DB, params Params) string { return "" }

func NewExp(e string, params ...Params) Expression { return nil }
