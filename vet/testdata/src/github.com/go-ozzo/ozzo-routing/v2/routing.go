// Package routing is a stub of github.com/go-ozzo/ozzo-routing/v2's
// request accessors, for idquery's tests.
package routing

type Context struct{}

func (c *Context) Param(name string) string                         { return "" }
func (c *Context) Query(name string, defaultValue ...string) string { return "" }
func (c *Context) Write(data any) error                             { return nil }

type Handler func(*Context) error
