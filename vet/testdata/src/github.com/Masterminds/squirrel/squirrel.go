package squirrel

type Eq map[string]any

type SelectBuilder struct{}

func Select(columns ...string) SelectBuilder                      { return SelectBuilder{} }
func (b SelectBuilder) From(from string) SelectBuilder            { return b }
func (b SelectBuilder) Where(pred any, args ...any) SelectBuilder { return b }
func (b SelectBuilder) ToSql() (string, []any, error)             { return "", nil, nil }
func (b SelectBuilder) QueryRow() RowScanner                      { return nil }

// RowScanner is the row QueryRow returns.
type RowScanner interface{ Scan(dest ...any) error }

func Expr(sql string, args ...any) any { return nil }

type UpdateBuilder struct{}

func Update(table string) UpdateBuilder                             { return UpdateBuilder{} }
func (b UpdateBuilder) Set(column string, value any) UpdateBuilder  { return b }
func (b UpdateBuilder) SetMap(clauses map[string]any) UpdateBuilder { return b }
func (b UpdateBuilder) Where(pred any, args ...any) UpdateBuilder   { return b }
func (b UpdateBuilder) ToSql() (string, []any, error)               { return "", nil, nil }

type InsertBuilder struct{}

func Insert(into string) InsertBuilder                              { return InsertBuilder{} }
func (b InsertBuilder) Columns(columns ...string) InsertBuilder     { return b }
func (b InsertBuilder) Values(values ...any) InsertBuilder          { return b }
func (b InsertBuilder) SetMap(clauses map[string]any) InsertBuilder { return b }
func (b InsertBuilder) ToSql() (string, []any, error)               { return "", nil, nil }
