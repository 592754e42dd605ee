package idquery

import (
	"go/ast"
	"go/types"
	"reflect"
	"strings"

	"github.com/idkeys/id/vet/internal/flow"
	"github.com/idkeys/id/vet/internal/rule"
	"github.com/idkeys/id/vet/internal/schema"
)

// Step 4, the judgement: whether the type bound to an id column is an
// id's (id.ID, compact.ID, a typed id, through pointers, sql.Null and
// slices) or text (string, []byte, uuid.UUID, …), and a model's id
// fields.

// The check at the sink: a value bound to an id column is an id.ID, a
// compact.ID, a typed id, a pointer to one, a sql.Null of one or a slice
// of them. A text type (string, []byte, a UUID's bytes, a list of them,
// sql.NullString) is a finding; any other type (an integer, a time) is
// no id of package id's and is left alone.

var (
	// columns are the column names added as ids by -idquery.columns.
	columns rule.WordList
	// foreign are the words added by -idquery.foreign to rule.ForeignWords.
	foreign rule.WordList
)

// compactPath is the import path of package compact.
const compactPath = rule.IDPath + "/compact"

// idType reports whether t is an id of package id's as a query binds it:
// id.ID, compact.ID, a typed id (rule.IsIDValue), a pointer to one,
// sql.Null of one, or a slice or array of them.
func idType(t types.Type) bool {
	return idShaped(t, func(t types.Type) bool {
		return rule.IsIDValue(t) || rule.Named(t, compactPath, "ID")
	})
}

// idShaped reports whether t is a type that base accepts, or
// struct{ compact.ID } when base accepts compact.ID, or a pointer,
// sql.Null, slice or array of one.
func idShaped(t types.Type, base func(types.Type) bool) bool {
	if base(t) {
		return true
	}
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return idShaped(u.Elem(), base)
	case *types.Named:
		if null, ok := nullOf(u); ok {
			return idShaped(null, base)
		}
		if s, ok := u.Underlying().(*types.Struct); ok && s.NumFields() == 1 && s.Field(0).Embedded() {
			f := s.Field(0).Type() // struct{ compact.ID }
			return rule.Named(f, compactPath, "ID") && base(f)
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return idShaped(u.Elem(), base)
	case *types.Array:
		return idShaped(u.Elem(), base)
	}
	return false
}

// nullOf returns T of sql.Null[T].
func nullOf(n *types.Named) (types.Type, bool) {
	if !rule.Named(n, "database/sql", "Null") || n.TypeArgs().Len() != 1 {
		return nil, false
	}
	return n.TypeArgs().At(0), true
}

// textTypes are named struct types that carry an id as text or as a
// UUID: a value of one bound to an id column is a finding.
var textTypes = map[string]map[string]bool{
	"database/sql":                   names("NullString"),
	"github.com/google/uuid":         names("NullUUID"),
	"github.com/gofrs/uuid":          names("NullUUID"),
	"github.com/gofrs/uuid/v5":       names("NullUUID"),
	"github.com/jackc/pgx/v5/pgtype": names("UUID", "Text"),
	"github.com/jackc/pgtype":        names("UUID", "Text", "Varchar"),
	"github.com/satori/go.uuid":      names("NullUUID"),
}

// textType reports whether t carries an id as something else than an id
// of package id's: a string, []byte, a UUID's bytes ([16]byte of any
// name), a listed text or UUID struct, sql.Null of one, a pointer to one,
// or a list of them.
func textType(t types.Type) bool {
	if t == nil || idType(t) {
		return false
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if null, ok := nullOf(n); ok {
			return textType(null)
		}
		if n.Obj().Pkg() != nil && textTypes[n.Obj().Pkg().Path()][n.Obj().Name()] {
			return true
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Pointer:
		return textType(u.Elem())
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return true
		}
		return textType(u.Elem())
	case *types.Array:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return u.Len() == 16 // a UUID
		}
		return textType(u.Elem())
	}
	return false
}

// typeName writes t as a message names it: with package names, not paths.
func typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// boundType returns the type of the value e binds, looking through an
// interface (any) to what a local variable holding it was set to, and
// through a driver wrapper (pq.Array(ids)); nil when it is not known.
func (c *pkg) boundType(e ast.Expr) types.Type {
	return c.boundTypeDepth(e, 0)
}

func (c *pkg) boundTypeDepth(e ast.Expr, depth int) types.Type {
	e = ast.Unparen(e)
	t := c.pass.TypesInfo.TypeOf(e)
	if t == nil || depth > 4 {
		return nil
	}
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if f := c.defs.Callee(call); f != nil && f.Pkg() != nil && f.Pkg().Path() == "github.com/lib/pq" && f.Name() == "Array" {
			return c.boundTypeDepth(call.Args[0], depth+1)
		}
		if tv, ok := c.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() && types.IsInterface(t) {
			return c.boundTypeDepth(call.Args[0], depth+1) // any(v)
		}
	}
	if !types.IsInterface(t) {
		return t
	}
	defs, ok := c.defs.Of(e)
	if !ok {
		return nil
	}
	for _, d := range defs {
		if d.Expr == nil || d.Index != 0 {
			continue
		}
		if u := c.boundTypeDepth(d.Expr, depth+1); u != nil && textType(u) {
			return u
		}
	}
	return nil
}

// idText reports whether e is an id's own text (id.String(),
// MarshalText, fmt.Sprint of an id): its canonical form, no finding.
func (c *pkg) idText(e ast.Expr) bool {
	if c.defs.IDText(e) {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "String" && sel.Sel.Name != "MarshalText" {
		return false
	}
	t := c.pass.TypesInfo.TypeOf(sel.X)
	return t != nil && (idType(t) || rule.Named(t, compactPath, "ID"))
}

// modelField is a field of a model struct bound to an id column.
type modelField struct {
	name, column string
	typ          types.Type
	// colType: the column's type its tag declares (ormType), or "".
	colType string
}

// modelFields returns the fields of the struct t (or what t points to, or
// its slice's element) that are id columns as an ORM names them: the
// column in the field's gorm, bun or db tag, else the field's name in
// snake case; the model's primary key (the field named ID, or one tagged
// gorm:"primaryKey" or bun:",pk") is an id column unless it is a natural
// key (idKey); so is a field whose tag declares an id's type (ormType,
// schema.IDType). Embedded structs' fields are included.
func modelFields(t types.Type) []modelField {
	return modelFieldsDepth(t, 0)
}

func modelFieldsDepth(t types.Type, depth int) []modelField {
	if depth > 3 || t == nil {
		return nil
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return modelFieldsDepth(u.Elem(), depth)
	case *types.Slice:
		return modelFieldsDepth(u.Elem(), depth)
	}
	if rule.IsIDValue(t) || rule.Named(t, compactPath, "ID") {
		return nil
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []modelField
	// A field named by another's gorm foreignKey is a key of the model it
	// references: an id column when that model's primary key is an id.
	fks := make(map[string]bool)
	for i := range st.NumFields() {
		for part := range strings.SplitSeq(reflect.StructTag(st.Tag(i)).Get("gorm"), ";") {
			if k, v, _ := strings.Cut(strings.TrimSpace(part), ":"); strings.EqualFold(k, "foreignKey") {
				if _, id := primaryKey(st.Field(i).Type()); id {
					fks[v] = true
				}
			}
		}
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i))
		if f.Embedded() {
			if _, ok := f.Type().Underlying().(*types.Struct); ok || isPointerToStruct(f.Type()) {
				out = append(out, modelFieldsDepth(f.Type(), depth+1)...)
				continue
			}
		}
		if !f.Exported() || tag.Get("gorm") == "-" || tag.Get("db") == "-" || strings.HasPrefix(tag.Get("bun"), "-") {
			continue
		}
		col, pk := column(f.Name(), tag)
		typ := ormType(tag)
		if pk && idKey(f.Name(), col) || idColumn(col) || fks[f.Name()] || schema.IDType(typ) && !rule.Foreign(col, &foreign) {
			out = append(out, modelField{f.Name(), col, f.Type(), typ})
		}
	}
	return out
}

func isPointerToStruct(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Struct)
	return ok
}

// boundWrong returns the fields of fs bound as something other than an
// id, or as the wrong id for their column (wrongStore).
func boundWrong(fs []modelField) []modelField {
	var out []modelField
	for _, f := range fs {
		if textType(f.typ) || wrongStore(f.typ, f.colType) {
			out = append(out, f)
		}
	}
	return out
}

// wrongStore reports whether an id of type t does not fit a column of
// the declared type colType: an id.ID, whose value is its text, in a
// 16-byte column (bytes16), which refuses it or matches no row; a
// compact.ID, whose value is 16 bytes, in a text column (textStore).
func wrongStore(t types.Type, colType string) bool {
	if t == nil || colType == "" {
		return false
	}
	return bytes16(colType) != "" && textIDType(t) || textStore(colType) && compactType(t)
}

// textIDType reports whether t is an id type (idType) whose database
// value is its 26 characters of text: id.ID or a typed id over it, not
// compact.ID, which a 16-byte column needs.
func textIDType(t types.Type) bool {
	return t != nil && idType(t) && !compactType(t)
}

// compactType reports whether t is compact.ID, struct{ compact.ID }, or
// a pointer, sql.Null, slice or array of one.
func compactType(t types.Type) bool {
	return t != nil && idShaped(t, func(t types.Type) bool { return rule.Named(t, compactPath, "ID") })
}

// textual reports whether an argument of type t can carry a request
// value: a string or []byte (flow.Textual), or an interface without
// methods such as any, where what was stored in it is looked at.
func textual(t types.Type) bool {
	if t == nil {
		return false
	}
	if i, ok := t.Underlying().(*types.Interface); ok {
		return i.NumMethods() == 0 // any can hold a string; context.Context cannot
	}
	return flow.Textual(t)
}

// naturalKeys end the names of primary keys that are natural keys, not
// ids: a setting's key, a template's name, a token's value.
var naturalKeys = names("key", "name", "token", "slug", "email", "code", "title", "path", "hash", "username", "login")
