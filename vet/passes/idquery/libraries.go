package idquery

import (
	"go/types"
	"slices"
	"strings"
)

// The query libraries, as data: one row per group of calls that bind
// their arguments the same way. A call is matched by its package's
// import path, its receiver's type name (none for a function) and its
// name; the first row that matches is the call's. queries.go reads the
// rows, and only their kinds are code (rowSites). Adding a library is
// adding rows, and a testdata stub with twins that show them.
//
// The SQL text argument: Text is its index; auto (-1) is the first
// argument that is a string after a context and a destination (the
// constant one, or the first whose type is a string), as for
// database/sql's Exec(query, args...) and sqlx's Get(dest, query,
// args...). The values its placeholders bind are the arguments after
// it, in their order.
//
// A function the program generates (sqlc's output, ent's client) is not
// a row: its body calls rows, and its facts say that its parameters are
// judged at its callers (a Sink fact with Bind).
var libraries = []row{
	// database/sql: DB, Tx, Conn; a Stmt's text is the one it was
	// prepared from in the function.
	{pkgs: sqlPkgs, recv: names("DB", "Tx", "Conn"), calls: sqlQueries, kind: textArgs, text: auto},
	{pkgs: sqlPkgs, recv: names("Stmt"), calls: sqlQueries, kind: stmtArgs},

	// sqlx: its methods on DB, Tx, Conn, Stmt, and sqlx.In; its named
	// queries bind a struct's fields or a map's entries by name.
	{pkgs: sqlxPkgs, recv: names("NamedStmt"), kind: namedStmt},
	{pkgs: sqlxPkgs, recv: allTypes, calls: names("NamedExec", "NamedExecContext", "NamedQuery", "NamedQueryContext", "Named", "BindNamed"), kind: namedArgs},
	{pkgs: sqlxPkgs, calls: names("NamedExec", "NamedExecContext", "NamedQuery", "NamedQueryContext", "Named", "BindNamed"), kind: namedArgs},
	{pkgs: sqlxPkgs, recv: names("Stmt"), calls: sqlxQueries, kind: stmtArgs},
	{pkgs: sqlxPkgs, recv: allTypes, calls: sqlxQueries, kind: textArgs, text: auto},
	{pkgs: sqlxPkgs, calls: sqlxQueries, kind: textArgs, text: auto},

	// pgx v4 and v5, and their pools: Exec, Query, QueryRow; a Batch's
	// Queue; CopyFrom's rows by the column names it is given.
	{pkgs: pgxPkgs, recv: allTypes, calls: names("Exec", "Query", "QueryRow"), kind: textArgs, text: auto},
	{pkgs: pgxPkgs, recv: names("Batch"), calls: names("Queue"), kind: textArgs, text: 0},
	{pkgs: pgxPkgs, recv: allTypes, calls: names("CopyFrom"), kind: copyFrom, column: 2, args: 3},

	// squirrel: a condition's text and values; Set's column; SetMap's
	// and the Eq family's keys; Insert's Values by Columns.
	{pkgs: names("github.com/Masterminds/squirrel"), recv: names("UpdateBuilder", "InsertBuilder"), calls: names("SetMap"), kind: mapArg, text: 0},
	{pkgs: names("github.com/Masterminds/squirrel"), recv: names("UpdateBuilder"), calls: names("Set"), kind: columnArg, column: 0, args: 1},
	{pkgs: names("github.com/Masterminds/squirrel"), recv: names("InsertBuilder"), calls: names("Values"), kind: chainValues, chain: "Columns"},
	{pkgs: names("github.com/Masterminds/squirrel"), recv: allTypes, calls: names("Where", "Having", "Suffix", "Prefix", "JoinClause", "Join", "LeftJoin", "RightJoin", "InnerJoin",
		"QueryRow", "QueryRowContext", "Exec", "ExecContext", "Query", "QueryContext"), kind: textArgs, text: auto},
	{pkgs: names("github.com/Masterminds/squirrel"), calls: names("Expr"), kind: textArgs, text: 0},
	{pkgs: names("github.com/Masterminds/squirrel"), types: names("Eq", "NotEq", "Like", "NotLike", "ILike", "NotILike", "Gt", "Lt", "GtOrEq", "LtOrEq"), kind: mapType},

	// leporo/sqlf: a condition's text and values, Set's column.
	{pkgs: names("github.com/leporo/sqlf"), recv: allTypes, calls: names("Set"), kind: columnArg, column: 0, args: 1},
	{pkgs: names("github.com/leporo/sqlf"), recv: allTypes, calls: names("Where", "Having", "SetExpr", "Expr", "Clause", "In", "With", "Join"), kind: textArgs, text: auto},
	{pkgs: names("github.com/leporo/sqlf"), calls: names("New"), kind: textArgs, text: auto},

	// goqu: goqu.L's text, goqu.C("col").Eq(v)'s column, goqu.Ex's keys.
	{pkgs: names("github.com/doug-martin/goqu/v9/exp"), recv: names("IdentifierExpression"), calls: names("Eq", "Neq", "In", "NotIn", "Like", "NotLike",
		"ILike", "NotILike", "Gt", "Gte", "Lt", "Lte", "Is", "IsNot", "Between"), kind: receiverColumn},
	{pkgs: names("github.com/doug-martin/goqu/v9", "github.com/doug-martin/goqu/v9/exp"), recv: allTypes, calls: names("L", "Literal", "Where", "Having", "Set", "Rows", "Vals"), kind: textArgs, text: auto},
	{pkgs: names("github.com/doug-martin/goqu/v9", "github.com/doug-martin/goqu/v9/exp"), calls: names("L", "Literal", "NewLiteralExpression"), kind: textArgs, text: auto},
	{pkgs: names("github.com/doug-martin/goqu/v9/exp"), types: names("Ex", "ExOr"), kind: mapType},

	// bun: a condition's text and values; the model of an insert, update
	// or delete.
	{pkgs: names("github.com/uptrace/bun"), recv: names("InsertQuery", "UpdateQuery", "DeleteQuery"), calls: names("Model"), kind: modelArg, model: 0},
	{pkgs: names("github.com/uptrace/bun"), recv: allTypes, calls: names("Where", "WhereOr", "Having", "Set", "Value",
		"SetColumn", "Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext", "NewRaw", "Raw", "Model"), kind: textArgs, text: auto},

	// ozzo-dbx: Select().Model(pk, &m) binds m's primary key; a
	// condition's text; dbx.HashExp's keys.
	{pkgs: names("github.com/go-ozzo/ozzo-dbx"), recv: allTypes, calls: names("Model"), kind: keyArgs, model: 1, args: 0, arity: 2},
	{pkgs: names("github.com/go-ozzo/ozzo-dbx"), recv: allTypes, calls: names("Where", "AndWhere", "OrWhere", "Having", "AndHaving", "OrHaving", "NewExp"), kind: textArgs, text: auto},
	{pkgs: names("github.com/go-ozzo/ozzo-dbx"), calls: names("NewExp", "In", "NotIn", "Like", "NotLike"), kind: textArgs, text: auto},
	{pkgs: names("github.com/go-ozzo/ozzo-dbx"), types: names("HashExp", "Params"), kind: mapType},

	// GORM v2 and v1: conditions, a lookup's primary key, a column, a
	// model bound whole (a slice given to Model, as for a count, binds
	// no key); Delete(&m) with no condition binds m's primary key.
	{pkgs: gormPkgs, recv: allTypes, calls: names("Where", "Or", "Not", "Having", "Raw", "Exec", "Joins", "Updates", "UpdateColumns"), kind: condArgs, text: 0},
	{pkgs: gormPkgs, recv: allTypes, calls: names("First", "Last", "Take", "Find", "FirstOrInit", "FirstOrCreate"), kind: keyArgs, model: 0, args: 1},
	{pkgs: gormPkgs, recv: allTypes, calls: names("Delete"), kind: keyArgs, model: 0, args: 1, pk: true},
	{pkgs: gormPkgs, recv: allTypes, calls: names("Update", "UpdateColumn"), kind: columnArg, column: 0, args: 1},
	{pkgs: gormPkgs, recv: allTypes, calls: names("Model"), kind: modelArg, model: 0, noSlice: true},
	{pkgs: gormPkgs, recv: allTypes, calls: names("Create", "CreateInBatches", "Save"), kind: modelArg, model: 0},

	// pop, the whole of its Connection's and Query's API that binds
	// values: conditions, Find's primary key, and the model of every
	// call that writes, deletes or reloads one.
	{pkgs: popPkgs, recv: allTypes, calls: names("Where", "RawQuery"), kind: condArgs, text: 0},
	{pkgs: popPkgs, recv: allTypes, calls: names("Find"), kind: keyArgs, model: 0, args: 1, arity: 2},
	{pkgs: popPkgs, recv: allTypes, calls: names("Create", "ValidateAndCreate", "Update", "ValidateAndUpdate", "UpdateOnly", "UpdateColumns",
		"Save", "ValidateAndSave", "Destroy", "Delete", "Load", "Reload"), kind: modelArg, model: 0},

	// xorm: SQL text (Query, Exec and their kin take it as the first of
	// their ...any), conditions, ID's primary key, In's column, the
	// models it writes.
	{pkgs: xormPkgs, recv: allTypes, calls: names("Query", "QueryString", "QueryInterface", "Exec", "SQL", "Where", "And", "Or", "Having"), kind: textArgs, text: 0},
	{pkgs: xormPkgs, recv: allTypes, calls: names("ID"), kind: pkArg, args: 0},
	{pkgs: xormPkgs, recv: allTypes, calls: names("In", "NotIn"), kind: columnArg, column: 0, args: 1},
	{pkgs: xormPkgs, recv: allTypes, calls: names("Insert", "InsertOne", "Update", "Delete"), kind: modelArg, model: 0},

	// go-pg: SQL text and conditions (orm.Query's Where and kin), the
	// models v9's DB writes.
	{pkgs: gopgPkgs, recv: names("DB", "Tx", "Conn"), calls: names("Query", "QueryOne", "QueryContext", "QueryOneContext"), kind: textArgs, text: 1},
	{pkgs: gopgPkgs, recv: names("DB", "Tx", "Conn"), calls: names("Exec", "ExecOne", "ExecContext", "ExecOneContext"), kind: textArgs, text: auto},
	{pkgs: gopgPkgs, recv: names("DB", "Tx", "Conn"), calls: names("Insert", "Update", "Delete"), kind: modelArg, model: 0},
	{pkgs: gopgPkgs, recv: names("Query"), calls: names("Where", "WhereOr", "WhereIn", "Having", "Set", "Join", "JoinOn"), kind: textArgs, text: auto},

	// beego's orm: Raw's text, Filter's column (user__id), the model of
	// Read, Insert, Update and Delete.
	{pkgs: beegoPkgs, recv: allTypes, calls: names("Raw", "Exec", "Query", "QueryRow"), kind: textArgs, text: auto},
	{pkgs: beegoPkgs, recv: allTypes, calls: names("Filter", "Exclude"), kind: columnArg, column: 0, args: 1},
	{pkgs: beegoPkgs, recv: allTypes, calls: names("Read", "ReadForUpdate", "ReadOrCreate", "Insert", "Update", "Delete"), kind: modelArg, model: 0},

	// ent's generated predicates (user.IDEQ(v), user.ID(v),
	// user.OwnerIDIn(vs...)): functions whose result is a type of an
	// ent/predicate package; the column is the function's name without
	// its operator.
	{result: "/ent/predicate", kind: entPredicate},
	// ent's generated builders' setters (UserCreate.SetOwnerID(v),
	// ItemUpdate.AddLabelIDs(ids...), SetNillableParentID(&v)): methods
	// of a Create, Update or UpdateOne type of a package whose path ends
	// in /ent; the column is the setter's name without Set, Add, Remove
	// or Nillable (owner_id, label_id).
	{builder: "/ent", kind: entSetter},

	// A method of any interface shaped as database/sql's (query string,
	// args ...any): sqlc's DBTX, a service's own interface over
	// database/sql or pgx.
	{shape: true, calls: sqlQueries, kind: textArgs, text: auto},
}

// The rows' packages.
var (
	sqlPkgs   = names("database/sql")
	sqlxPkgs  = names("github.com/jmoiron/sqlx")
	pgxPkgs   = names("github.com/jackc/pgx/v5", "github.com/jackc/pgx/v5/pgxpool", "github.com/jackc/pgx/v4", "github.com/jackc/pgx/v4/pgxpool")
	gormPkgs  = names("gorm.io/gorm", "github.com/jinzhu/gorm")
	popPkgs   = names("github.com/gobuffalo/pop/v6", "github.com/gobuffalo/pop/v5", "github.com/gobuffalo/pop")
	xormPkgs  = names("xorm.io/xorm", "github.com/go-xorm/xorm")
	gopgPkgs  = names("github.com/go-pg/pg/v10", "github.com/go-pg/pg/v10/orm", "github.com/go-pg/pg/v9", "github.com/go-pg/pg/v9/orm", "github.com/go-pg/pg")
	beegoPkgs = names("github.com/beego/beego/v2/client/orm", "github.com/astaxie/beego/orm", "github.com/beego/beego/orm")

	sqlQueries  = names("Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext")
	sqlxQueries = names("Get", "GetContext", "Select", "SelectContext", "Queryx", "QueryxContext",
		"QueryRowx", "QueryRowxContext", "MustExec", "MustExecContext", "In")

	// allTypes, as a row's recv, matches a method of any type of the
	// package.
	allTypes = names("*")
)

// auto, as a row's text, is the first string argument after a context
// and a destination (sqlText).
const auto = -1

// kind is how a row's call binds its arguments (rowSites reads each).
type kind int

const (
	// textArgs: SQL text at text; the arguments after it bind its
	// placeholders, in their order.
	textArgs kind = iota
	// stmtArgs: a prepared statement's query; its text is the one the
	// statement was prepared from in the function.
	stmtArgs
	// namedArgs: sqlx's named query: text, then the struct or map whose
	// fields or entries its :names bind.
	namedArgs
	// namedStmt: a statement prepared from named text; its last
	// argument is the struct or map.
	namedStmt
	// condArgs: a condition at text: SQL text and its values, a struct
	// or map literal (its keys are columns), or a struct bound whole.
	condArgs
	// keyArgs: a lookup into the model at model by the condition at args:
	// SQL text, a struct or map, else the model's primary key; with the
	// model alone, the primary key set in it.
	keyArgs
	// pkArg: the value at args is a primary key (column id).
	pkArg
	// columnArg: the constant at column names the column that the
	// values from args on bind.
	columnArg
	// mapArg: a map literal at text whose keys are columns.
	mapArg
	// mapType: a builder's map type, whose literals' keys are columns.
	mapType
	// modelArg: the model at model is bound whole: its id fields.
	modelArg
	// receiverColumn: the column is the constant of the call that made
	// the receiver (goqu.C("id").Eq(v)).
	receiverColumn
	// chainValues: the values bind, by place, the columns given to the
	// method named chain earlier in the builder's chain
	// (sq.Insert("t").Columns("id", "name").Values(v, n)).
	chainValues
	// copyFrom: pgx's CopyFrom: the column names at column, the rows of
	// pgx.CopyFromRows at args.
	copyFrom
	// entPredicate: ent's generated predicate; the column is its name.
	entPredicate
	// entSetter: ent's generated builder setter; the column is its name
	// without its verb (entSetterColumn).
	entSetter
)

// row is one group of a library's calls, as the comment on libraries
// says.
type row struct {
	pkgs  map[string]bool // import paths
	recv  map[string]bool // receiver type names; any; nil for a function
	calls map[string]bool // method or function names
	// types are a package's map types, for mapType.
	types map[string]bool
	// shape: a method of any interface whose signature is
	// (…, query string, args ...any).
	shape bool
	// result: a function whose result's package path ends so.
	result string
	// builder: a method of an ent builder of a package whose path ends
	// so (entSetter).
	builder string
	kind    kind
	// text, args, model and column are argument indexes, as kind says.
	text, args, model, column int
	// arity: the row applies to calls with that many arguments only.
	arity int
	// noSlice: a model that is a slice binds nothing.
	noSlice bool
	// pk: for keyArgs, a model with no condition binds its primary key
	// (GORM's Delete(&m)), whatever its value.
	pk bool
	// chain: for chainValues, the method that names the columns.
	chain string
}

// queryLibrary reports whether f is declared in a package the table
// lists (database/sql, pgx, squirrel, …).
func queryLibrary(f *types.Func) bool {
	if f.Pkg() == nil {
		return false
	}
	for _, r := range libraries {
		if r.pkgs[f.Pkg().Path()] {
			return true
		}
	}
	return false
}

func names(s ...string) map[string]bool {
	m := make(map[string]bool, len(s))
	for _, n := range s {
		m[n] = true
	}
	return m
}

// lookup returns the row of a call of f with nargs arguments, or nil.
func lookup(f *types.Func, nargs int) *row {
	if f == nil || f.Pkg() == nil {
		return nil
	}
	path, name := f.Pkg().Path(), f.Name()
	recv := f.Signature().Recv()
	for i := range libraries {
		r := &libraries[i]
		if r.arity != 0 && r.arity != nargs || r.types != nil {
			continue
		}
		switch {
		case r.shape:
			if recv != nil && types.IsInterface(recv.Type()) && r.calls[name] && queryShape(f.Signature()) {
				return r
			}
		case r.result != "":
			if recv == nil && entResult(f, r.result) {
				return r
			}
		case r.builder != "":
			if recv != nil && entSetterColumn(f, r.builder) != "" {
				return r
			}
		case !r.pkgs[path] || !r.calls[name] && r.calls != nil:
		case recv == nil:
			if r.recv == nil {
				return r
			}
		case r.recv["*"] || r.recv[recvName(f)]:
			return r
		}
	}
	return nil
}

// mapRow returns the row of a map type of a builder, or nil.
func mapRow(t types.Type) *row {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	for i := range libraries {
		r := &libraries[i]
		if r.types != nil && r.pkgs[n.Obj().Pkg().Path()] && r.types[n.Obj().Name()] {
			return r
		}
	}
	return nil
}

// entResult reports whether f returns one value, of a named type of a
// package whose path ends in suffix (ent's predicate package).
func entResult(f *types.Func, suffix string) bool {
	res := f.Signature().Results()
	if res.Len() != 1 {
		return false
	}
	n, ok := types.Unalias(res.At(0).Type()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && strings.HasSuffix(n.Obj().Pkg().Path(), suffix)
}

// entSetterColumn returns the column a setter of an ent builder sets: f
// is a method, named Set…, Add… or Remove…, of a Create, Update or
// UpdateOne type of a package whose path ends in suffix; its name
// without the verb and Nillable, in snake case, an edge's IDs as one ID
// (AddLabelIDs: label_id). It returns "" for any other f.
func entSetterColumn(f *types.Func, suffix string) string {
	name := f.Name()
	verb := ""
	for _, v := range []string{"Set", "Add", "Remove"} {
		if len(name) > len(v) && strings.HasPrefix(name, v) {
			verb = v
		}
	}
	if verb == "" {
		return "" // most methods: no type looked at
	}
	recv := f.Signature().Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	n, ok := types.Unalias(recv).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !strings.HasSuffix(n.Obj().Pkg().Path(), suffix) {
		return ""
	}
	tn := n.Obj().Name()
	if !strings.HasSuffix(tn, "Create") && !strings.HasSuffix(tn, "Update") && !strings.HasSuffix(tn, "UpdateOne") {
		return ""
	}
	field := strings.TrimPrefix(strings.TrimPrefix(name, verb), "Nillable")
	if base, ok := strings.CutSuffix(field, "IDs"); ok && base != "" {
		field = base + "ID"
	}
	return snake(field)
}

// sinkPaths are the packages one of which a package must reach for a
// query to be in it: the rows' packages, and ent's runtime, which its
// generated predicates import.
var sinkPaths = func() []string {
	p := []string{"entgo.io/ent/"}
	for _, r := range libraries {
		for k := range r.pkgs {
			p = append(p, k)
		}
	}
	slices.Sort(p)
	return slices.Compact(p)
}()

// listed reports whether path is a package of the rows: its own code is
// not analysed for facts.
func listed(path string) bool {
	for _, r := range libraries {
		if r.pkgs[path] {
			return true
		}
	}
	return false
}
