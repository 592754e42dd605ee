package idquery

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/idkeys/id/vet/internal/rule"
)

// reporter writes the message for a value bound to a query.
type reporter struct {
	*pkg
	t *tracer
}

// Step 5, the message: what the finding says, by where the value came
// from (a request read, a parameter, a field) and how it is bound.

// report reports the value s binds when its type is not an id's, or when
// it is a request value that reaches the query unparsed.
func (c *reporter) report(scope *rule.Scope, s site) {
	if s.variadic || s.text || s.named {
		return
	}
	if s.model {
		c.reportModel(scope, s)
		return
	}
	if !s.id || c.idText(s.arg) {
		return
	}
	c.t.at, c.t.sawCheck = s.arg.Pos(), false
	v, ok := c.t.siteValue(s)
	src := ok && v.src != ""
	if !src && c.t.sawCheck {
		return // parsed, checked, or an id's text, before the query
	}
	var typ types.Type
	if s.bind {
		if s.field != "" {
			typ = fieldType(c.pass.TypesInfo.TypeOf(s.arg), s.field)
		} else {
			typ = c.boundType(s.arg)
		}
	}
	// An id.ID's value is its text, which a 16-byte column refuses
	// (PostgreSQL) or matches with no row (BINARY(16), BLOB); a
	// compact.ID's is 16 bytes, which a text column does not hold.
	bad := textType(typ) || wrongStore(typ, s.colType)
	if !bad && !src {
		return
	}
	pos := s.arg.Pos()
	if s.at.IsValid() {
		pos = s.at
	}
	as := "[column " + s.col + "]"
	if bad {
		as = "[column " + s.col + ", bound as " + typeName(typ) + "]"
	}
	switch {
	case src && c.t.caseParsedBefore(s.arg):
		scope.Reportf(c.pass, pos, "%s reaches %s as the client wrote it (KEYS-4, KEYS-5): id.Parse accepts any case; pass the id it returns %s", v.src, s.path, as)
	case src && bytes16(s.colType) != "":
		scope.Reportf(c.pass, pos, "%s reaches %s unparsed (KEYS-5): parse it with id.ParseAs[compact.ID] (a %s column holds an id's 16 bytes; UUID text needs a UUID parser) and pass the parsed value %s", v.src, s.path, s.colType, as)
	case src && (v.uuid || s.uuid):
		scope.Reportf(c.pass, pos, "%s reaches %s unparsed (KEYS-5): parse it in its own format (id.Parse refuses it) and pass the parsed value %s", v.src, s.path, as)
	case src:
		scope.Reportf(c.pass, pos, "%s reaches %s unparsed (KEYS-5): parse it with id.Parse and pass the id %s", v.src, s.path, as)
	}
	if src {
		return
	}
	kind, goType := store(typ, s.colType)
	parse := "parse at their boundary"
	if bytes16(s.colType) != "" {
		parse = "parse with id.ParseAs[compact.ID]"
	}
	conv := converted(typ, s.colType, s.arg)
	switch {
	case s.field != "":
		then := ""
		if c.t.paramNames[c.defs.Var(pointee(s.arg))] {
			then = "; its callers then " + parse
		}
		scope.Reportf(c.pass, pos, "%s binds %s %s as %s (KEYS-5): make field %s of %s %s%s", s.path, kind, s.col, typeName(typ), s.field, typeName(elemType(c.pass.TypesInfo.TypeOf(s.arg))), goType, then)
	case c.t.paramNames[c.defs.Var(s.arg)]:
		scope.Reportf(c.pass, pos, "%s binds %s %s as %s (KEYS-5): make parameter %s %s; its callers then %s", s.path, kind, s.col, typeName(typ), c.defs.Var(s.arg).Name(), goType, parse)
	case conv != "":
		scope.Reportf(c.pass, pos, "%s binds %s %s as %s (KEYS-5): bind %s", s.path, kind, s.col, typeName(typ), conv)
	default:
		scope.Reportf(c.pass, pos, "%s binds %s %s as %s (KEYS-5): bind %s, made, parsed or scanned as one where the value comes from", s.path, kind, s.col, typeName(typ), goType)
	}
}

// store returns how a finding names a column of the declared type
// colType (its schema, a GORM or bun tag) bound a value of type t, and
// the Go type its fix names: for a 16-byte column (bytes16),
// compact.ID, which stores an id's 16 bytes, as id.ID's value is its 26
// characters of text, which such a column refuses or never matches; for
// a compact.ID in a text column (wrongStore), id.ID; else an id.ID in a
// "column".
func store(t types.Type, colType string) (kind, goType string) {
	switch {
	case bytes16(colType) != "":
		return colType + " column", "a compact.ID " + bytesWhy(colType)
	case wrongStore(t, colType):
		return colType + " column", "an id.ID " + textWhy(colType)
	}
	return "column", "an id.ID"
}

// bytesWhy and textWhy say why a column of type typ takes compact.ID or
// id.ID.
func bytesWhy(typ string) string {
	return "(a " + typ + " column holds an id's 16 bytes, not id.ID's text)"
}

func textWhy(typ string) string {
	return "(a " + typ + " column holds an id's text, not compact.ID's 16 bytes)"
}

// converted returns the conversion that binds the id e, of type t, as
// the column of type colType holds it, with the reason: compact.ID{ID: e}
// for an id.ID in a 16-byte column; e.ID for a compact.ID in a text
// column, or v for compact.ID{ID: v}; "" for any other type (a pointer,
// a typed id), or an expression too long to quote.
func converted(t types.Type, colType string, e ast.Expr) string {
	if t == nil || !wrongStore(t, colType) {
		return ""
	}
	switch {
	case rule.Named(t, rule.IDPath, "ID"):
		if x := quoted(e); x != "" {
			return "compact.ID{ID: " + x + "} " + bytesWhy(colType)
		}
	case rule.Named(t, compactPath, "ID"):
		x := quoted(e)
		switch u := ast.Unparen(e).(type) {
		case *ast.CompositeLit: // compact.ID{ID: v}: v
			x = ""
			if len(u.Elts) == 1 {
				v := u.Elts[0]
				if kv, ok := v.(*ast.KeyValueExpr); ok {
					v = kv.Value
				}
				x = quoted(v)
			}
		case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr:
			if x != "" {
				x += ".ID"
			}
		default:
			if x != "" {
				x = "(" + x + ").ID" // *p
			}
		}
		if x != "" {
			return x + " " + textWhy(colType)
		}
	}
	return ""
}

// quoted returns e as Go source for a message, or "" when it is over 40
// characters or abbreviated (a function literal's body).
func quoted(e ast.Expr) string {
	x := types.ExprString(e)
	if len(x) > 40 || strings.Contains(x, "…") {
		return ""
	}
	return x
}

// reportModel reports the id fields of a model bound whole whose type is
// not an id's: the keyed fields of a literal, every id field otherwise.
func (c *reporter) reportModel(scope *rule.Scope, s site) {
	t := c.pass.TypesInfo.TypeOf(s.arg)
	fields := modelFields(t)
	for i, f := range fields {
		if f.colType == "" {
			// No type tag: the schema's type, where every table that
			// declares the column agrees on it.
			_, _, fields[i].colType = c.colFacts("", f.column)
		}
	}
	fs := boundWrong(fields)
	if s.pk {
		col, id := primaryKey(t)
		fs = slices.DeleteFunc(fs, func(f modelField) bool { return !id || f.column != col })
	}
	lit, ok := pointee(s.arg).(*ast.CompositeLit)
	if s.cond && !ok {
		// A condition in a variable set once to a literal binds the fields
		// of the literal and those assigned to the variable; one whose
		// value is not known (a call's result) binds fields not known.
		v := c.defs.Var(pointee(s.arg))
		defs, _ := c.defs.Of(pointee(s.arg))
		var set []ast.Expr // the values set, &cond's unknown one aside
		for _, d := range defs {
			if d.Expr != nil {
				set = append(set, d.Expr)
			}
		}
		if v == nil || c.t.paramNames[v] || len(set) != 1 {
			return
		}
		if lit, ok = pointee(set[0]).(*ast.CompositeLit); !ok {
			return
		}
		assigned := make(map[string]bool)
		for k := range c.t.fieldDefs {
			if k.v == v {
				assigned[k.field] = true
			}
		}
		keyed := c.keyed(lit)
		fs = slices.DeleteFunc(fs, func(f modelField) bool { return !assigned[f.name] && !keyed[f.name] })
		ok = false
	}
	if ok {
		keyed := c.keyed(lit)
		if len(lit.Elts) > 0 {
			// A model written whole (GORM's Create) binds its primary key
			// too, set or not: a hook or the library fills it in.
			pk, _ := primaryKey(t)
			fs = slices.DeleteFunc(fs, func(f modelField) bool { return !keyed[f.name] && (s.cond || f.column != pk) })
		} else {
			fs = nil // T{}: no field is set
		}
	}
	if len(fs) == 0 {
		return
	}
	var b strings.Builder
	n16, typ16, compactFix, idFix := 0, "", "", "an id.ID"
	for i, f := range fs {
		if i > 0 {
			b.WriteString(", ")
		}
		kind, goType := store(f.typ, f.colType)
		switch {
		case bytes16(f.colType) != "":
			n16, typ16, compactFix = n16+1, f.colType, goType
		case kind != "column":
			idFix = goType
		}
		fmt.Fprintf(&b, "%s (%s %s) as %s", f.name, kind, f.column, typeName(f.typ))
	}
	verb := "make the field "
	if len(fs) > 1 {
		verb = "make each field "
	}
	fix := verb + idFix
	switch n16 {
	case 0:
	case len(fs):
		fix = verb + compactFix
	default:
		fix = verb + idFix + ", or, in a " + typ16 + " column, " + compactFix
	}
	scope.Reportf(c.pass, s.arg.Pos(), "%s binds %s of %s (KEYS-5): %s", s.path, b.String(), typeName(elemType(t)), fix)
}

// keyed returns the names of the fields a struct literal sets, with
// those an embedded struct's literal sets in it (setFields).
func (c *reporter) keyed(lit *ast.CompositeLit) map[string]bool {
	out := make(map[string]bool)
	setFields(c.pass.TypesInfo, lit, func(_ *types.Struct, k *ast.Ident, _ ast.Expr) bool {
		out[k.Name] = true
		return true
	})
	return out
}

// elemType returns the type a model value is, through pointers and
// slices.
func elemType(t types.Type) types.Type {
	for {
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		default:
			return t
		}
	}
}

// fieldType returns the type of the field name of the struct t is,
// through pointers and slices.
func fieldType(t types.Type, name string) types.Type {
	if t == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(elemType(t), true, nil, name)
	if v, ok := obj.(*types.Var); ok {
		return v.Type()
	}
	return nil
}
