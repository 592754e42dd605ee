// Package sqlitex is a stub of zombiezen.com/go/sqlite/sqlitex for
// analysistest: the signatures idsilent looks at.
package sqlitex

import (
	"io/fs"

	"zombiezen.com/go/sqlite"
)

type ExecOptions struct {
	Args       []any
	Named      map[string]any
	ResultFunc func(stmt *sqlite.Stmt) error
}

func Exec(conn *sqlite.Conn, query string, resultFn func(stmt *sqlite.Stmt) error, args ...any) error {
	return nil
}
func ExecTransient(conn *sqlite.Conn, query string, resultFn func(stmt *sqlite.Stmt) error, args ...any) error {
	return nil
}
func Execute(conn *sqlite.Conn, query string, opts *ExecOptions) error          { return nil }
func ExecuteTransient(conn *sqlite.Conn, query string, opts *ExecOptions) error { return nil }
func ExecuteScript(conn *sqlite.Conn, queries string, opts *ExecOptions) error  { return nil }
func ExecuteFS(conn *sqlite.Conn, fsys fs.FS, filename string, opts *ExecOptions) error {
	return nil
}
