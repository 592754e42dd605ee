// Package sqlite is a stub of zombiezen.com/go/sqlite for analysistest.
package sqlite

type Conn struct{}
type Stmt struct{}
