package idquery

import (
	"go/ast"
	"go/types"
)

// The query sinks: calls whose arguments end in SQL, listed by package
// path and method or function name. A method is matched by its name on any
// receiver type of the package unless the entry names the types.
var (
	sqlTypes  = map[string]bool{"DB": true, "Tx": true, "Conn": true, "Stmt": true}
	sqlNames  = names("Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext")
	sqlxNames = names("Get", "GetContext", "Select", "SelectContext", "Queryx", "QueryxContext",
		"QueryRowx", "QueryRowxContext", "MustExec", "MustExecContext", "NamedExec", "NamedExecContext",
		"NamedQuery", "NamedQueryContext", "In")
	pgxNames  = names("Exec", "Query", "QueryRow")
	gormNames = names("Where", "Or", "Not", "Having", "First", "Last", "Take", "Find",
		"FirstOrInit", "FirstOrCreate", "Delete", "Raw", "Exec", "Joins", "Update", "UpdateColumn",
		"Updates", "UpdateColumns", "Create", "CreateInBatches", "Save", "Model")
	popNames = names("Find", "Where", "RawQuery", "Create", "ValidateAndCreate", "Update", "ValidateAndUpdate",
		"Save", "ValidateAndSave", "Destroy")
	pgxPaths = names("github.com/jackc/pgx/v5", "github.com/jackc/pgx/v5/pgxpool",
		"github.com/jackc/pgx/v4", "github.com/jackc/pgx/v4/pgxpool")

	// Query builders: every argument of these ends in SQL as a value.
	builders = map[string]map[string]bool{
		// squirrel: SelectBuilder.Where("id = ?", v), UpdateBuilder.Set("c", v), sq.Expr(…).
		"github.com/Masterminds/squirrel": names("Where", "Having", "Set", "SetMap", "Values",
			"Suffix", "Prefix", "Expr", "JoinClause", "Join", "LeftJoin", "RightJoin", "InnerJoin",
			"QueryRow", "QueryRowContext", "Exec", "ExecContext", "Query", "QueryContext"),
		// leporo/sqlf: sqlf.From("t").Where("id = ?", v), .Set("c", v), .In(…).
		"github.com/leporo/sqlf": names("Where", "Having", "Set", "SetExpr", "Expr", "Clause", "In",
			"With", "Join", "New"),
		// goqu: goqu.L("id = ?", v), goqu.C("id").Eq(v), ds.Where(…).
		"github.com/doug-martin/goqu/v9": names("L", "Literal", "Where", "Having", "Set", "Rows", "Vals"),
		"github.com/doug-martin/goqu/v9/exp": names("Eq", "Neq", "In", "NotIn", "Like", "NotLike",
			"ILike", "NotILike", "Gt", "Gte", "Lt", "Lte", "Is", "IsNot", "Between", "NewLiteralExpression"),
		// bun: db.NewSelect().Where("id = ?", v), .Set(…), and bun.DB's own queries.
		"github.com/uptrace/bun": names("Where", "WhereOr", "Having", "Set", "SetColumn", "Value",
			"Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext", "NewRaw", "Raw", "Model"),
		// GORM: db.First(&u, v), db.Where("id = ?", v), db.Delete(&T{}, v), db.Raw(…), db.Exec(…).
		"github.com/go-ozzo/ozzo-dbx": names("Model", "Where", "AndWhere", "OrWhere", "Having",
			"AndHaving", "OrHaving", "NewExp", "In", "NotIn", "Like", "NotLike"),
		"gorm.io/gorm": gormNames,
		// GORM v1, the same methods.
		"github.com/jinzhu/gorm": gormNames,
		// pop: tx.Find(&m, id), tx.Where("id = ?", v), tx.Create(&m).
		"github.com/gobuffalo/pop/v6": popNames,
		"github.com/gobuffalo/pop/v5": popNames,
		"github.com/gobuffalo/pop":    popNames,
	}

	// Map types of builders whose literal values end in SQL: sq.Eq{"id": v}, goqu.Ex{"id": v}.
	builderMaps = map[string]map[string]bool{
		"github.com/Masterminds/squirrel": names("Eq", "NotEq", "Like", "NotLike", "ILike", "NotILike",
			"Gt", "Lt", "GtOrEq", "LtOrEq"),
		"github.com/doug-martin/goqu/v9/exp": names("Ex", "ExOr"),
		"github.com/go-ozzo/ozzo-dbx":        names("HashExp", "Params"),
	}
)

func names(s ...string) map[string]bool {
	m := make(map[string]bool, len(s))
	for _, n := range s {
		m[n] = true
	}
	return m
}

// sinkPaths are the packages one of which a package must reach for a
// query to be in it.
var sinkPaths = func() []string {
	p := []string{"database/sql", "github.com/jmoiron/sqlx", "github.com/jackc/pgx/"}
	for b := range builders {
		p = append(p, b)
	}
	return p
}()

// listed reports whether path is a package whose sinks are listed here:
// its own code is not analysed for facts.
func listed(path string) bool {
	return path == "database/sql" || path == "github.com/jmoiron/sqlx" || pgxPaths[path] || builders[path] != nil
}

// sink reports whether f is a listed query method or function.
func sink(f *types.Func) bool {
	if f.Pkg() == nil {
		return false
	}
	path := f.Pkg().Path()
	if b := builders[path]; b != nil {
		return b[f.Name()]
	}
	recv := f.Signature().Recv()
	if recv == nil {
		return path == "github.com/jmoiron/sqlx" && sqlxNames[f.Name()]
	}
	if types.IsInterface(recv.Type()) && sqlNames[f.Name()] && queryShape(f.Signature()) {
		return true // sqlc's DBTX, a service's own interface over database/sql or pgx
	}
	switch {
	case path == "database/sql":
		return sqlTypes[recvName(f)] && sqlNames[f.Name()]
	case path == "github.com/jmoiron/sqlx":
		return sqlxNames[f.Name()]
	case pgxPaths[path]:
		return pgxNames[f.Name()]
	}
	return false
}

// sinkMap returns the name of a builder's map type ("squirrel.Eq") when
// lit is a literal of one, or "".
func sinkMap(info *types.Info, lit *ast.CompositeLit) string {
	t := info.TypeOf(lit)
	if t == nil {
		return ""
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	if builderMaps[n.Obj().Pkg().Path()][n.Obj().Name()] {
		return n.Obj().Pkg().Name() + "." + n.Obj().Name()
	}
	return ""
}

func recvName(f *types.Func) string {
	t := f.Signature().Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// queryShape reports whether sig takes SQL text and its values as
// database/sql and pgx do: a string parameter, then a final ...any.
func queryShape(sig *types.Signature) bool {
	params := sig.Params()
	if !sig.Variadic() || params.Len() < 2 {
		return false
	}
	last, ok := params.At(params.Len() - 1).Type().(*types.Slice)
	if !ok || !types.IsInterface(last.Elem()) {
		return false
	}
	b, ok := params.At(params.Len() - 2).Type().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
