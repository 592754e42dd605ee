// Package gocql is a stub of gocql for analysistest: the signatures
// idsilent looks at.
package gocql

type TypeInfo interface{ Type() int }
type Session struct{}
type Query struct{}
type Batch struct{}

func (s *Session) Query(stmt string, values ...interface{}) *Query { return &Query{} }
func (q *Query) Bind(v ...interface{}) *Query                      { return q }
func (q *Query) Exec() error                                       { return nil }
func (b *Batch) Query(stmt string, args ...interface{})            {}
