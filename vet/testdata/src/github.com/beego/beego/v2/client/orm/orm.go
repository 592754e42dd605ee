// Package orm is a stub of github.com/beego/beego/v2/client/orm, for
// idquery's tests.
package orm

type Ormer interface {
	Read(md any, cols ...string) error
	Insert(md any) (int64, error)
	Delete(md any, cols ...string) (int64, error)
	Raw(query string, args ...any) RawSeter
	QueryTable(ptrStructOrTableName any) QuerySeter
}

type RawSeter interface{ QueryRow(containers ...any) error }

type QuerySeter interface {
	Filter(expr string, args ...any) QuerySeter
	One(container any, cols ...string) error
}

func NewOrm() Ormer { return nil }
