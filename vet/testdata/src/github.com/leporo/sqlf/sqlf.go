package sqlf

type Stmt struct{}

func From(table string) *Stmt                        { return &Stmt{} }
func (q *Stmt) Where(expr string, args ...any) *Stmt { return q }
func (q *Stmt) Set(field string, value any) *Stmt    { return q }
func (q *Stmt) String() string                       { return "" }
func (q *Stmt) Args() []any                          { return nil }
