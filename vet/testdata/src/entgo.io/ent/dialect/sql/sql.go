// Package sql is a stub of entgo.io/ent/dialect/sql, for idquery's tests.
package sql

type Selector struct{}

func (s *Selector) Where(p *Predicate) *Selector { return s }
func (s *Selector) C(column string) string       { return column }

type Predicate struct{}

func FieldEQ(name string, v any) func(*Selector)          { return nil }
func FieldIn[T any](name string, vs ...T) func(*Selector) { return nil }
