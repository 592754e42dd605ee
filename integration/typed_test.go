package integration

import (
	"database/sql"

	"github.com/idkeys/id"
)

// userID is a typed id, declared as docs/typed-ids.md recommends: one line,
// no methods, every method of id.ID promoted.
type userID struct{ id.ID }

// form is how the suite hands ids to a database and reads them back: as
// id.ID or as a typed id. runSuite runs every check once per form, so the
// typed form is shown to work wherever id.ID does, with the same checks.
type form struct {
	// name is the subtest level of the form's checks, e.g.
	// TestSQLite/TEXT/UserID/Order; empty for id.ID, whose checks keep
	// their names (TestSQLite/TEXT/Order).
	name string
	// arg returns v in this form, as a query argument.
	arg func(v id.ID) any
	// dest returns a scan destination of this form holding v, and a
	// function that returns the id it holds.
	dest func(v id.ID) (any, func() id.ID)
	// null returns sql.Null of this form holding v and valid, as a query
	// argument.
	null func(v id.ID, valid bool) any
	// nullDest returns a *sql.Null of this form holding v and valid, and
	// a function that returns what it holds.
	nullDest func(v id.ID, valid bool) (any, func() (id.ID, bool))
	// ptr returns v as a pointer of this form (a nil pointer for nil),
	// as a query argument.
	ptr func(v *id.ID) any
	// ptrDest returns a scan destination **T whose *T points to v, and
	// a function that returns what it points to (nil for a nil *T).
	ptrDest func(v id.ID) (any, func() *id.ID)
	// orderRows is how many ids the Order check writes per column:
	// orderN for id.ID, a tenth for the typed form, whose ids reach the
	// database as the same text (StoredLowercase) and whose order is the
	// database's. 2,000 rows still share milliseconds (the check fails
	// otherwise) and take a tenth of the time.
	orderRows int
}

// forms are the forms every check runs over: id.ID and the typed userID.
var forms = []form{
	formOf("", orderN, func(v id.ID) id.ID { return v }, func(v id.ID) id.ID { return v }),
	formOf("UserID", orderN/10, func(v id.ID) userID { return userID{v} }, func(u userID) id.ID { return u.ID }),
}

// formOf returns the form of type T, which wrap makes from an id.ID and
// unwrap turns back, whose Order check writes orderRows ids.
func formOf[T any](name string, orderRows int, wrap func(id.ID) T, unwrap func(T) id.ID) form {
	return form{
		name:      name,
		orderRows: orderRows,
		arg:       func(v id.ID) any { return wrap(v) },
		dest: func(v id.ID) (any, func() id.ID) {
			x := wrap(v)
			return &x, func() id.ID { return unwrap(x) }
		},
		null: func(v id.ID, valid bool) any { return sql.Null[T]{V: wrap(v), Valid: valid} },
		ptr: func(v *id.ID) any {
			if v == nil {
				return (*T)(nil)
			}
			x := wrap(*v)
			return &x
		},
		ptrDest: func(v id.ID) (any, func() *id.ID) {
			x := wrap(v)
			p := &x
			return &p, func() *id.ID {
				if p == nil {
					return nil
				}
				v := unwrap(*p)
				return &v
			}
		},
		nullDest: func(v id.ID, valid bool) (any, func() (id.ID, bool)) {
			n := sql.Null[T]{V: wrap(v), Valid: valid}
			return &n, func() (id.ID, bool) { return unwrap(n.V), n.Valid }
		},
	}
}
