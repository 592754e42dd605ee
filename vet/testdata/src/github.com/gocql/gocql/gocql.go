// Package gocql is a stub of gocql for analysistest: the signatures
// idsilent looks at.
package gocql

type TypeInfo interface{ Type() int }
type Session struct{}
type Query struct{}
type Batch struct{}
type Iter struct{}

func (s *Session) Query(stmt string, values ...interface{}) *Query { return &Query{} }
func (q *Query) Bind(v ...interface{}) *Query                      { return q }
func (q *Query) Exec() error                                       { return nil }
func (b *Batch) Query(stmt string, args ...interface{})            {}
func (q *Query) Scan(dest ...interface{}) error                    { return nil }
func (q *Query) Iter() *Iter                                       { return &Iter{} }
func (it *Iter) Scan(dest ...interface{}) bool                     { return false }

func Marshal(info TypeInfo, value interface{}) ([]byte, error)      { return nil, nil }
func Unmarshal(info TypeInfo, data []byte, value interface{}) error { return nil }
