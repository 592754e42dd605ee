// Package xorm is a stub of xorm.io/xorm, for idquery's tests.
package xorm

type Engine struct{}
type Session struct{}

func (e *Engine) ID(id any) *Session                                  { return &Session{} }
func (e *Engine) Where(query any, args ...any) *Session               { return &Session{} }
func (e *Engine) In(column string, args ...any) *Session              { return &Session{} }
func (e *Engine) Get(beans ...any) (bool, error)                      { return false, nil }
func (e *Engine) Insert(beans ...any) (int64, error)                  { return 0, nil }
func (e *Engine) Exec(sqlOrArgs ...any) (any, error)                  { return nil, nil }
func (e *Engine) Query(sqlOrArgs ...any) ([]map[string][]byte, error) { return nil, nil }
func (s *Session) Get(beans ...any) (bool, error)                     { return false, nil }
func (s *Session) Update(bean any, condiBean ...any) (int64, error)   { return 0, nil }
func (s *Session) Delete(beans ...any) (int64, error)                 { return 0, nil }
