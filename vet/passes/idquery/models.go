package idquery

import (
	"github.com/idkeys/id/vet/internal/flow"
	"go/ast"
	"go/types"
	"slices"
	"strings"
)

// The ORMs' calls by what their arguments bind (the kinds of the
// library table that are not SQL text): a condition, a lookup's primary
// key, a column named by a constant, a model bound whole, a builder's
// columns.

// condSites returns the sites of a condition: SQL text with the values of
// its placeholders, a struct or map literal, or a struct bound whole.
// text and known are the condition's text (constString), which its
// caller computed.
func (c *finder) condSites(cond ast.Expr, text string, known bool, rest []ast.Expr, where string) []site {
	if t := c.pass.TypesInfo.TypeOf(cond); t != nil && isString(t) {
		c.count(known, cond)
	}
	if known {
		all := append([]ast.Expr{cond}, rest...)
		return c.textSites(&ast.CallExpr{Args: all}, nil, nil, where, text, 1, true)
	}
	t := c.pass.TypesInfo.TypeOf(cond)
	if t == nil {
		return nil
	}
	if lit, ok := pointee(cond).(*ast.CompositeLit); ok {
		if _, isMap := lit.Type.(*ast.MapType); isMap || isMapType(t) {
			return c.mapSites(lit, where)
		}
	}
	if elemStruct(t) {
		out := c.modelSites(cond, where)
		for i := range out {
			out[i].cond = out[i].model
		}
		return out
	}
	if _, ok := c.anyParam(cond); ok {
		return []site{{arg: cond, path: where, model: true, cond: true}}
	}
	return nil
}

// mapSites returns the values of a map literal e, each bound to the
// column its constant key names.
func (c *finder) mapSites(e ast.Expr, where string) []site {
	lit, ok := pointee(e).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var out []site
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			k, _ := c.key(kv.Key)
			out = append(out, c.colSite(kv.Value, where, k))
		}
	}
	return out
}

// keyedSites returns the sites of a lookup into dest by conds: SQL text
// and its values, a condition struct or map, or else dest's primary key.
func (c *finder) keyedSites(dest, cond ast.Expr, rest []ast.Expr, where string) []site {
	if text, ok := c.constString(cond); ok {
		return c.condSites(cond, text, true, rest, where)
	}
	t := c.pass.TypesInfo.TypeOf(cond)
	if t == nil {
		return nil
	}
	if isMapType(t) || elemStruct(t) && !idType(t) && !textType(t) {
		return c.condSites(cond, "", false, rest, where)
	}
	dt := c.pass.TypesInfo.TypeOf(dest)
	col, id := primaryKey(dt)
	s := c.colSite(cond, where, col)
	s.id = id // the primary key, unless it is a natural key
	if s.colType == "" {
		s.colType = fieldColType(dt, col)
	}
	return []site{s}
}

// fieldColType returns the column type that the model t's field of
// column col declares by its tag (ormType), or "".
func fieldColType(t types.Type, col string) string {
	for _, f := range modelFields(t) {
		if f.column == col {
			return f.colType
		}
	}
	return ""
}

// modelSites returns the site of a model bound whole, and the sites of
// its literal's keyed fields.
func (c *finder) modelSites(model ast.Expr, where string) []site {
	if !elemStruct(c.pass.TypesInfo.TypeOf(model)) {
		if _, ok := c.anyParam(model); ok {
			// The facts' model parameter (func Create(data any)).
			return []site{{arg: model, path: where, model: true}}
		}
		return nil
	}
	out := []site{{arg: model, path: where, model: true}}
	return append(out, c.fieldValues(model, where)...)
}

// fieldValues returns the sites of the keyed fields of a struct literal
// for their request sources only: their types are judged with the model.
func (c *finder) fieldValues(e ast.Expr, where string) []site {
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

// receiverColumn returns the column of goqu.C("col").Eq(v)'s receiver,
// the constant of the call that made it, or "".
func (c *finder) receiverColumn(call *ast.CallExpr) string {
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
func (c *finder) destKey(dest ast.Expr, where string) []site {
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

// pkSites returns the site of a model whose primary key alone is bound
// (GORM's Delete(&m)): a model, or the facts' model parameter.
func (c *finder) pkSites(model ast.Expr, where string) []site {
	if _, ok := c.anyParam(model); ok || elemStruct(c.pass.TypesInfo.TypeOf(model)) {
		return []site{{arg: model, path: where, model: true, pk: true}}
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

// filterOps are the operators a filter's key can end in (beego's
// "user__id__in"), after the column.
var filterOps = names("exact", "iexact", "contains", "icontains", "in", "gt", "gte", "lt", "lte",
	"startswith", "istartswith", "endswith", "iendswith", "isnull")

// filterColumn returns the column a key names: a column ("owner_id"),
// or beego's filter path of relations and an operator ("user__id__in",
// the column user_id).
func filterColumn(k string) string {
	if !strings.Contains(k, "__") {
		return k
	}
	parts := strings.Split(k, "__")
	for len(parts) > 1 && filterOps[parts[len(parts)-1]] {
		parts = parts[:len(parts)-1]
	}
	return strings.Join(parts, "_")
}

// chainColumns returns the constant columns given to the method named
// chain in the builder chain that call's receiver is
// (sq.Insert("t").Columns("id", "name").Values(…)), directly or through
// a local variable set once.
func (c *finder) chainColumns(call *ast.CallExpr, chain string) []string {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	e := sel.X
	for range 16 {
		if defs, ok := c.defs.Of(e); ok {
			// b = b.Values(…) in a loop adds rows to b: the builder is
			// what b was first.
			defs = slices.DeleteFunc(slices.Clone(defs), func(d flow.Def) bool { return d.Expr != nil && c.selfUpdate(e, d.Expr) })
			if len(defs) == 1 && defs[0].Expr != nil && defs[0].Index == 0 {
				e = defs[0].Expr
			}
		}
		inner, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return nil
		}
		s, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if s.Sel.Name == chain {
			var cols []string
			for _, a := range inner.Args {
				k, ok := c.key(a)
				if !ok {
					return nil
				}
				// The names are joined by ", " into the SQL text: one
				// argument may list several ("name, version").
				for part := range strings.SplitSeq(k, ",") {
					cols = append(cols, strings.TrimSpace(part))
				}
			}
			return cols
		}
		e = s.X
	}
	return nil
}

// selfUpdate reports whether def, a value assigned to the variable v, is
// a method call on v itself (b = b.Values(…)).
func (c *finder) selfUpdate(v, def ast.Expr) bool {
	call, ok := ast.Unparen(def).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x := c.defs.Var(sel.X)
	return x != nil && x == c.defs.Var(v)
}

// copySites returns the values of the rows pgx's CopyFrom copies, each
// bound to the column in its place among the column names: the rows of
// pgx.CopyFromRows given a literal, or a local slice of row literals
// appended one by one.
func (c *finder) copySites(call *ast.CallExpr, r *row, where string) []site {
	if len(call.Args) <= max(r.column, r.args) {
		return nil
	}
	var cols []string
	colsExpr := call.Args[r.column]
	if defs, ok := c.defs.Of(colsExpr); ok && len(defs) == 1 && defs[0].Expr != nil {
		colsExpr = defs[0].Expr
	}
	lit, ok := ast.Unparen(colsExpr).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, e := range lit.Elts {
		k, _ := c.key(e)
		cols = append(cols, k)
	}
	src, ok := ast.Unparen(call.Args[r.args]).(*ast.CallExpr)
	if !ok || len(src.Args) != 1 {
		return nil
	}
	if f := c.defs.Callee(src); f == nil || f.Name() != "CopyFromRows" {
		return nil
	}
	var rows []ast.Expr
	if lit, ok := ast.Unparen(src.Args[0]).(*ast.CompositeLit); ok {
		rows = lit.Elts
	} else {
		for _, e := range c.appended(src.Args[0]) {
			rows = append(rows, e)
		}
	}
	var out []site
	for _, rw := range rows {
		lit, ok := ast.Unparen(rw).(*ast.CompositeLit)
		if !ok {
			continue
		}
		for i, v := range lit.Elts {
			if i < len(cols) {
				out = append(out, c.colSite(v, where, cols[i]))
			}
		}
	}
	slices.SortFunc(out, func(a, b site) int { return int(a.arg.Pos() - b.arg.Pos()) })
	return out
}

// entOps are the operators ent's generated predicates add to a field's
// name (IDEQ, OwnerIDIn), longest first.
var entOps = []string{"ContainsFold", "EqualFold", "HasPrefix", "HasSuffix", "Contains", "NotNil", "IsNil",
	"NotIn", "NEQ", "GTE", "LTE", "EQ", "GT", "LT", "In"}

// entColumn returns the column of ent's generated predicate f: its name
// without the operator, when its package has the field's own predicate
// of that name (ent generates one for every field), in snake case.
func entColumn(f *types.Func) string {
	name := f.Name()
	for _, op := range entOps {
		base, ok := strings.CutSuffix(name, op)
		if ok && base != "" {
			if _, isFunc := f.Pkg().Scope().Lookup(base).(*types.Func); isFunc {
				name = base
				break
			}
		}
	}
	return snake(name)
}
