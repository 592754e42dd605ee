package idquery

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/idkeys/id/vet/internal/rule"
)

// The ORMs' calls, by what their arguments bind:
//
//   - a condition (GORM's Where, Or, Not, Having, Raw, Exec, Joins,
//     Updates; pop's Where, RawQuery): constant SQL text and the values of
//     its placeholders, a struct literal's keyed fields or a map literal's
//     constant keys as columns, or a struct value bound whole (a model);
//   - a primary key (GORM's First, Last, Take, Find, Delete and their kin
//     after the destination; pop's Find): a value that is not SQL text is
//     the destination model's primary key;
//   - a column named by a constant (GORM's Update, UpdateColumn);
//   - a model bound whole (GORM's Create, Save, Model; pop's Create,
//     Update, Save, Destroy; bun's Model of an insert, update or delete):
//     its id fields.

var (
	gormPaths = names("gorm.io/gorm", "github.com/jinzhu/gorm")
	popPaths  = names("github.com/gobuffalo/pop/v6", "github.com/gobuffalo/pop/v5", "github.com/gobuffalo/pop")

	gormConds  = names("Where", "Or", "Not", "Having", "Raw", "Exec", "Joins", "Updates", "UpdateColumns")
	gormKeyed  = names("First", "Last", "Take", "Find", "FirstOrInit", "FirstOrCreate", "Delete")
	gormModels = names("Create", "CreateInBatches", "Save", "Model")
	popModels  = names("Create", "ValidateAndCreate", "Update", "ValidateAndUpdate", "Save", "ValidateAndSave", "Destroy", "Eager")
	bunModels  = names("InsertQuery", "UpdateQuery", "DeleteQuery")
)

// ormSites returns the sites of a call of an ORM, and false when f is no
// ORM's call modelled here (the caller then reads its SQL text).
func (c *checker) ormSites(call *ast.CallExpr, f *types.Func) ([]site, bool) {
	path, name, args := f.Pkg().Path(), f.Name(), call.Args
	where := rule.Func(f)
	switch {
	case gormPaths[path] && gormConds[name] && len(args) > 0:
		return c.condSites(args[0], args[1:], where), true
	case gormPaths[path] && gormKeyed[name]:
		if len(args) == 1 {
			return c.destKey(args[0], where), true
		}
		if len(args) < 2 {
			return nil, true
		}
		return c.keyedSites(args[0], args[1], args[2:], where), true
	case gormPaths[path] && (name == "Update" || name == "UpdateColumn") && len(args) == 2:
		k, _ := c.key(args[0])
		return []site{c.colSite(args[1], where, k)}, true
	case gormPaths[path] && name == "Model" && len(args) == 1 && isSlice(c.pass.TypesInfo.TypeOf(args[0])):
		return nil, true // Model(&records) of a count or a list binds no key
	case gormPaths[path] && gormModels[name] && len(args) > 0:
		return c.modelSites(args[0], where), true
	case popPaths[path] && (name == "Where" || name == "RawQuery") && len(args) > 0:
		return c.condSites(args[0], args[1:], where), true
	case popPaths[path] && name == "Find" && len(args) == 2:
		return c.keyedSites(args[0], args[1], nil, where), true
	case popPaths[path] && popModels[name] && len(args) > 0:
		return c.modelSites(args[0], where), true
	case path == "github.com/doug-martin/goqu/v9/exp" && f.Signature().Recv() != nil && recvName(f) == "IdentifierExpression":
		col := c.goquColumn(call)
		var out []site
		for _, a := range args {
			out = append(out, c.colSite(a, where, col))
		}
		return out, true
	case path == "github.com/go-ozzo/ozzo-dbx" && name == "Model" && len(args) == 2:
		return c.keyedSites(args[1], args[0], nil, where), true
	case path == "github.com/uptrace/bun" && name == "Model" && f.Signature().Recv() != nil && bunModels[recvName(f)] && len(args) == 1:
		return c.modelSites(args[0], where), true
	}
	return nil, false
}

// condSites returns the sites of a condition: SQL text with the values of
// its placeholders, a struct or map literal, or a struct bound whole.
func (c *checker) condSites(cond ast.Expr, rest []ast.Expr, where string) []site {
	if text, ok := c.constString(cond); ok {
		all := append([]ast.Expr{cond}, rest...)
		return c.textSites(&ast.CallExpr{Args: all}, nil, where, text, 1, true)
	}
	t := c.pass.TypesInfo.TypeOf(cond)
	if t == nil {
		return nil
	}
	if lit, ok := pointee(cond).(*ast.CompositeLit); ok {
		if _, isMap := lit.Type.(*ast.MapType); isMap || isMapType(t) {
			var out []site
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					k, _ := c.key(kv.Key)
					out = append(out, c.colSite(kv.Value, where, k))
				}
			}
			return out
		}
	}
	if elemStruct(t) {
		out := c.modelSites(cond, where)
		for i := range out {
			out[i].cond = out[i].model
		}
		return out
	}
	return nil
}

// keyedSites returns the sites of a lookup into dest by conds: SQL text
// and its values, a condition struct or map, or else dest's primary key.
func (c *checker) keyedSites(dest, cond ast.Expr, rest []ast.Expr, where string) []site {
	if _, ok := c.constString(cond); ok {
		return c.condSites(cond, rest, where)
	}
	t := c.pass.TypesInfo.TypeOf(cond)
	if t == nil {
		return nil
	}
	if isMapType(t) || elemStruct(t) && !idType(t) && !textType(t) {
		return c.condSites(cond, rest, where)
	}
	col, id := primaryKey(c.pass.TypesInfo.TypeOf(dest))
	s := c.colSite(cond, where, col)
	s.id = id // the primary key, unless it is a natural key
	return []site{s}
}

// modelSites returns the site of a model bound whole, and the sites of
// its literal's keyed fields.
func (c *checker) modelSites(model ast.Expr, where string) []site {
	if !elemStruct(c.pass.TypesInfo.TypeOf(model)) {
		return nil
	}
	out := []site{{arg: model, path: where, model: true}}
	return append(out, c.fieldValues(model, where)...)
}

// fieldValues returns the sites of the keyed fields of a struct literal
// for their request sources only: their types are judged with the model.
func (c *checker) fieldValues(e ast.Expr, where string) []site {
	out := c.fields(e, where)
	for i := range out {
		out[i].bind = false
	}
	return out
}

// isMapType reports whether t is a map.
func isMapType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Map)
	return ok
}

// elemStruct reports whether t is a struct, a pointer to one, or a slice
// of either.
func elemStruct(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := elemType(t).Underlying().(*types.Struct)
	return ok
}

// goquColumn returns the column of goqu.C("col").Eq(v)'s receiver, or "".
func (c *checker) goquColumn(call *ast.CallExpr) string {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	recv, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok || len(recv.Args) != 1 {
		return ""
	}
	if f := c.defs.Callee(recv); f == nil || f.Name() != "C" && f.Name() != "I" {
		return ""
	}
	k, _ := c.key(recv.Args[0])
	return k[strings.LastIndex(k, ".")+1:]
}

// destKey returns the site of the primary key set in a lookup's
// destination, which GORM binds as its condition (First(&Server{ID: v}),
// or a local variable set once to such a literal).
func (c *checker) destKey(dest ast.Expr, where string) []site {
	e := pointee(dest)
	if defs, ok := c.defs.Of(e); ok && len(defs) == 1 && defs[0].Expr != nil && defs[0].Index == 0 {
		e = pointee(defs[0].Expr)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	col, id := primaryKey(c.pass.TypesInfo.TypeOf(lit))
	if !id {
		return nil
	}
	for _, s := range c.fields(lit, where) {
		if s.col == col {
			s.id, s.at = true, dest.Pos() // reported at the lookup
			return []site{s}
		}
	}
	return nil
}

// isSlice reports whether t is a slice or a pointer to one.
func isSlice(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Slice)
	return ok
}
