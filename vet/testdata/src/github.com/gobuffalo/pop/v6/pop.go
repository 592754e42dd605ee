// Package pop is a stub of github.com/gobuffalo/pop/v6, for idquery's
// tests: the same path and signatures.
package pop

type Connection struct{}

func (c *Connection) Q() *Query                                        { return &Query{} }
func (c *Connection) Where(stmt string, args ...any) *Query            { return &Query{} }
func (c *Connection) RawQuery(stmt string, args ...any) *Query         { return &Query{} }
func (c *Connection) Find(model any, id any) error                     { return nil }
func (c *Connection) Create(model any, excludeColumns ...string) error { return nil }
func (c *Connection) Update(model any, excludeColumns ...string) error { return nil }
func (c *Connection) UpdateColumns(model any, columnNames ...string) error {
	return nil
}
func (c *Connection) Destroy(model any) error                { return nil }
func (c *Connection) Load(model any, fields ...string) error { return nil }
func (c *Connection) Reload(model any) error                 { return nil }
func (c *Connection) First(model any) error                  { return nil }

type Query struct{}

func (q *Query) Where(stmt string, args ...any) *Query { return q }
func (q *Query) Find(model any, id any) error          { return nil }
func (q *Query) First(model any) error                 { return nil }
func (q *Query) All(models any) error                  { return nil }
func (q *Query) Delete(model any) error                { return nil }
