package idquery

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/idkeys/id/vet/internal/flow"
	"github.com/idkeys/id/vet/internal/rule"
)

// finder finds the queries (the library table, the facts), their SQL
// text and each bound value's column (queries.go, columns.go, models.go,
// named.go).
type finder struct {
	*pkg
	t *tracer
	s *sinks
	// counting is set in the pass that reports: queries counts the
	// queries with SQL text, unknown those whose text is not known.
	counting         bool
	queries, unknown int
	unknownAt        []token.Pos // where, for -idquery.v
}

// count counts a query call in the pass that reports, and whether its
// SQL text (at at) is known, for -idquery.v.
func (c *finder) count(known bool, at ast.Node) {
	if c.counting {
		c.queries++
		if !known {
			c.unknown++
			c.unknownAt = append(c.unknownAt, at.Pos())
		}
	}
}

// Step 1, the queries: the calls whose arguments end in SQL, found by the
// library table (libraries.go), the Sink facts of the program's own
// functions, and -idquery.sinks; each argument a query binds is a site.

// sites returns the expressions that n passes to a query: the arguments
// of a listed query method or function, or of a function with a Sink fact
// at its parameters, and the values of a builder's map literal.
func (c *finder) sites(n ast.Node) []site {
	switch n := n.(type) {
	case *ast.CallExpr:
		f := c.defs.Callee(n)
		if f == nil {
			// A local variable holding a function literal.
			if v := c.defs.Var(n.Fun); v != nil && c.s.litFacts[v] != nil {
				return c.factSites(n, c.s.litFacts[v], v.Name())
			}
			return nil
		}
		if r := lookup(f, len(n.Args)); r != nil {
			before := c.queries
			out := c.rowSites(n, f, r)
			if c.queries == before {
				c.count(true, n) // a call with no SQL text: a model's, a builder's
			}
			return out
		}
		if declared.match(f) {
			var out []site
			params := f.Signature().Params()
			for i, a := range n.Args {
				col := ""
				if params.Len() > 0 {
					col = params.At(min(i, params.Len()-1)).Name()
				}
				out = append(out, site{arg: a, path: rule.Func(f), id: rule.IDName(col), col: col, bind: true, variadic: n.Ellipsis.IsValid() && i == len(n.Args)-1})
			}
			return out
		}
		return c.factSites(n, c.s.fact(f), rule.Func(f))
	case *ast.CompositeLit:
		t := c.pass.TypesInfo.TypeOf(n)
		if t == nil || mapRow(t) == nil {
			return nil
		}
		tn := types.Unalias(t).(*types.Named).Obj()
		name := tn.Pkg().Name() + "." + tn.Name()
		var out []site
		for _, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				k, _ := c.key(kv.Key)
				out = append(out, c.colSite(kv.Value, name, k))
			}
		}
		return out
	}
	return nil
}

// colSite returns the site of a value bound to the column col.
func (c *finder) colSite(arg ast.Expr, path, col string) site {
	id, uuid, typ := c.colFacts("", col) // schema.go
	return site{arg: arg, path: path, id: id, col: col, bind: true, uuid: uuid, colType: typ}
}

// textSites returns the arguments of a query call whose SQL text (when
// hasText) binds the argument first to its first placeholder: each
// argument after it is bound to its placeholder's column; a struct
// literal's fields to theirs; a variadic slice's literal or appended
// values, in their order, to theirs; a text argument that is not
// constant is a site of its own (text), for the facts.
func (c *finder) textSites(n *ast.CallExpr, f *types.Func, r *row, path, text string, first int, hasText bool) []site {
	var out []site
	textArg := -1
	if !hasText && f != nil {
		if textArg = textParam(f, len(n.Args)); r != nil && r.text >= 0 && r.kind == textArgs {
			textArg = r.text
		}
		if textArg >= 0 {
			first = textArg + 1
		}
	}
	if hasText && strings.Contains(text, hole) && first > 0 && first <= len(n.Args) && (r == nil || r.kind == textArgs) {
		// Text built at run time around a value: the value written in.
		out = append(out, c.builtText(n.Args[first-1], path)...)
	}
	for i, a := range n.Args {
		if i == textArg {
			out = append(out, site{arg: a, path: path, text: true})
			out = append(out, c.builtText(a, path)...)
			continue
		}
		s := site{arg: a, path: path, bind: true, variadic: n.Ellipsis.IsValid() && i == len(n.Args)-1}
		if textArg >= 0 && i > textArg && !s.variadic {
			s.place = i - textArg
		}
		if s.variadic {
			// args = append(args, v); Exec(q, args...): each v.
			for k, e := range c.appended(a) {
				col := ""
				if hasText && k.ordered {
					col = textColumnAt(text, i-first+1+k.index)
				}
				if col == "" {
					col = c.texts.fragment(e) // columns.go
				}
				out = append(out, c.colSite(e, path, col))
			}
		}
		if hasText && i >= first {
			col := textColumnAt(text, i-first+1)
			s.col = col
			s.id, s.uuid, s.colType = c.colFacts(text, col) // schema.go
			// The column a string parameter names: while the facts are
			// computed only.
			if col == "" && first > 0 && c.t.params != nil {
				if p, ok := c.texts.colParam(n.Args[first-1], i-first+1); ok {
					s.colParam = p + 1
				}
			}
		}
		out = append(out, s)
		out = append(out, c.fields(a, path)...)
	}
	return out
}

// textParam returns the index of the first of f's parameters, among the
// nargs a call passes, that is declared as a string: the SQL text of a
// query whose text is not constant; or -1.
func textParam(f *types.Func, nargs int) int {
	params := f.Signature().Params()
	for i := range min(nargs, params.Len()) {
		if b, ok := params.At(i).Type().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return i
		}
	}
	return -1
}

// factSites returns the arguments of call that reach a query by the Sink
// s of its callee, which name names.
func (c *finder) factSites(call *ast.CallExpr, s *Sink, name string) []site {
	if s == nil {
		return nil
	}
	text, hasText := "", false
	for _, p := range s.Params {
		if p.Text && p.Index < len(call.Args) {
			text, hasText = c.constString(call.Args[p.Index])
		}
	}
	var out []site
	for i, a := range call.Args {
		for _, p := range s.Params {
			path := name + " → " + p.Path
			switch {
			case p.Text:
				if i == p.Index && !hasText {
					// Text this function does not know either: its
					// own callers' (a wrapper over a wrapper).
					out = append(out, site{arg: a, path: path, text: true})
				}
			case p.Named:
				switch {
				case i != p.Index:
				case hasText:
					out = append(out, c.namedArgSites(a, path, text)...)
				default:
					out = append(out, site{arg: a, path: path, named: true})
				}
			case p.Struct:
				if i == p.Index {
					out = append(out, c.fields(a, path)...)
				}
			case p.Model && p.PK:
				if i == p.Index {
					out = append(out, c.pkSites(a, path)...)
				}
			case p.Model:
				if i == p.Index {
					ms := c.modelSites(a, path)
					for k := range ms {
						ms[k].cond = p.Cond && ms[k].model
					}
					out = append(out, ms...)
				}
			case p.Field != "":
				if i == p.Index {
					out = append(out, site{arg: a, field: p.Field, path: path, id: p.ID, col: p.Col, bind: p.Bind, uuid: c.uuidTag(a, p.Field) || uuidColumn(p.Col), colType: ormType(c.fieldTag(a, p.Field))})
				}
			case p.Variadic && i >= p.Index:
				variadic := call.Ellipsis.IsValid() && i == len(call.Args)-1
				col := ""
				if hasText && !variadic {
					col = textColumnAt(text, i-p.Index+1)
				}
				st := c.colSite(a, path, col)
				st.variadic = variadic
				out = append(out, st)
			case i == p.Index && p.Place > 0:
				// A fixed value after the text: the caller's text names
				// its placeholder's column; else the caller's own caller's.
				col := ""
				if hasText {
					col = textColumnAt(text, p.Place)
				}
				st := c.colSite(a, path, col)
				if !hasText {
					st.place = p.Place
				}
				out = append(out, st)
			case i == p.Index && p.ColParam > 0:
				// The column is the caller's: db.Equal("user_id", v).
				if p.ColParam-1 < len(call.Args) {
					if col, ok := c.key(call.Args[p.ColParam-1]); ok {
						out = append(out, site{arg: a, path: path, id: idColumn(col), col: col, bind: p.Bind, uuid: uuidColumn(col)})
					}
				}
			case i == p.Index:
				out = append(out, site{arg: a, path: path, id: p.ID, col: p.Col, bind: p.Bind, uuid: uuidColumn(p.Col)})
			}
		}
	}
	return out
}

// uuidTag reports whether the field name of the struct a points to has
// a validate tag that accepts UUIDs (validate:"required,uuid"), which
// id.Parse refuses: no id.Parse advice.
func (c *finder) uuidTag(a ast.Expr, name string) bool {
	for _, w := range strings.Split(c.fieldTag(a, name).Get("validate"), ",") {
		if strings.HasPrefix(w, "uuid") {
			return true
		}
	}
	return false
}

// fieldTag returns the tag of the field name of the struct a is or
// points to; "" when there is none.
func (c *finder) fieldTag(a ast.Expr, name string) reflect.StructTag {
	t := c.pass.TypesInfo.TypeOf(a)
	if t == nil {
		return ""
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return reflect.StructTag(st.Tag(i))
		}
	}
	return ""
}

// appendedAt is the place of a value appended to a slice passed with
// ...: its index among the slice's values, known (ordered) when the
// slice is one literal or is built by appends in one block.
type appendedAt struct {
	index   int
	ordered bool
}

// appended returns the values appended to the local slice e
// (args = append(args, v)) and those of its literal (args := []any{v}),
// each with its place.
func (c *finder) appended(e ast.Expr) map[appendedAt]ast.Expr {
	defs, ok := c.defs.Of(e)
	if !ok {
		return nil
	}
	out := make(map[appendedAt]ast.Expr)
	n, literals, others := 0, 0, 0
	defs = slices.Clone(defs)
	slices.SortFunc(defs, func(a, b flow.Def) int {
		if a.Expr == nil || b.Expr == nil {
			return 0
		}
		return int(a.Expr.Pos() - b.Expr.Pos())
	})
	for _, d := range defs {
		switch x := ast.Unparen(d.Expr).(type) {
		case *ast.CallExpr:
			if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "append" && c.pass.TypesInfo.Uses[id] == types.Universe.Lookup("append") && !x.Ellipsis.IsValid() && len(x.Args) > 1 {
				for _, a := range x.Args[1:] {
					out[appendedAt{index: n}] = a
					n++
				}
			}
		case *ast.CompositeLit:
			literals++
			for _, a := range x.Elts {
				out[appendedAt{index: n}] = a
				n++
			}
		default:
			if d.Expr != nil {
				others++
			}
		}
	}
	if literals <= 1 && others == 0 {
		// One literal, or appends in their order (a conditional append
		// would shift the places after it: a limit of this reading).
		ordered := make(map[appendedAt]ast.Expr, len(out))
		for k, v := range out {
			ordered[appendedAt{k.index, true}] = v
		}
		return ordered
	}
	return out
}

// structParam returns the index of the parameter of the function whose
// facts are computed that e is, or whose address e is, when it is a
// struct.
func (c *finder) structParam(e ast.Expr) (int, bool) {
	e = pointee(e)
	v := c.defs.Var(e)
	if v == nil {
		return 0, false
	}
	i, ok := c.t.params[v]
	if !ok {
		return 0, false
	}
	_, isStruct := v.Type().Underlying().(*types.Struct)
	return i, isStruct
}

// anyParam returns the index of the parameter of the function whose
// facts are computed that e is, or whose address e is, when its type is
// an interface (any, or a type parameter): a model its callers choose.
func (c *finder) anyParam(e ast.Expr) (int, bool) {
	v := c.defs.Var(pointee(e))
	if v == nil || c.t.params == nil {
		return 0, false
	}
	i, ok := c.t.params[v]
	return i, ok && v != c.t.vararg && types.IsInterface(v.Type())
}

// fields returns the keyed field values of a struct literal (or its
// address) passed to a query: GORM's db.Where(&User{ID: v}), each bound
// to its field's column.
func (c *finder) fields(e ast.Expr, path string) []site {
	e = pointee(e)
	lit, ok := e.(*ast.CompositeLit)
	if !ok || idType(c.pass.TypesInfo.TypeOf(lit)) {
		return nil // compact.ID{ID: v} is an id, not a model
	}
	var out []site
	setFields(c.pass.TypesInfo, lit, func(st *types.Struct, k *ast.Ident, v ast.Expr) bool {
		col, pk, tag := snake(k.Name), false, reflect.StructTag("")
		for i := range st.NumFields() {
			if st.Field(i).Name() == k.Name {
				tag = reflect.StructTag(st.Tag(i))
				col, pk = column(k.Name, tag)
			}
		}
		s := c.colSite(v, path, col)
		s.id = s.id || pk && k.Name == "ID" // the model's primary key
		if s.colType == "" {
			s.colType = ormType(tag)
		}
		out = append(out, s)
		return true
	})
	return out
}

// setFields calls f with each keyed field that a struct literal sets: the
// struct that declares it, its key and its value. An embedded struct's
// literal (Model: Model{ID: v}, or &Model{…}) is looked into, up to 3
// deep, as its fields are the model's (GORM's columns), and is not passed
// itself. f returns false to stop; setFields reports whether it was not
// stopped.
func setFields(info *types.Info, lit *ast.CompositeLit, f func(st *types.Struct, k *ast.Ident, v ast.Expr) bool) bool {
	return setFieldsDepth(info, lit, f, 0)
}

func setFieldsDepth(info *types.Info, lit *ast.CompositeLit, f func(st *types.Struct, k *ast.Ident, v ast.Expr) bool, depth int) bool {
	t := info.TypeOf(lit)
	if t == nil || depth > 3 {
		return true
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return true
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		k, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if field, ok := info.Uses[k].(*types.Var); ok && field.Embedded() {
			if inner, ok := pointee(kv.Value).(*ast.CompositeLit); ok {
				if !setFieldsDepth(info, inner, f, depth+1) {
					return false
				}
				continue
			}
		}
		if !f(st, k, kv.Value) {
			return false
		}
	}
	return true
}

// recvName returns the name of f's receiver's type, through a pointer.
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

// rowSites returns the sites of a call of f, a library's call that the
// row r describes (libraries.go): the values it binds and their columns,
// by the row's kind.
func (c *finder) rowSites(call *ast.CallExpr, f *types.Func, r *row) []site {
	args, where := call.Args, rule.Func(f)
	switch r.kind {
	case namedArgs, namedStmt:
		return c.namedSites(call, f, where)
	case condArgs:
		if r.text < 0 || len(args) <= r.text {
			return nil
		}
		text, known := c.constString(args[r.text])
		if t := c.pass.TypesInfo.TypeOf(args[r.text]); !known && t != nil && isString(t) {
			// Text not known here (a wrapper's parameter): its values
			// as database/sql's, for the facts.
			c.count(false, args[r.text])
			tr := *r
			tr.kind = textArgs
			return c.textSites(call, f, &tr, where, "", 0, false)
		}
		return c.condSites(args[r.text], text, known, args[r.text+1:], where)
	case keyArgs:
		if r.model >= 0 && len(args) == r.model+1 && r.arity == 0 {
			if out := c.destKey(args[r.model], where); out != nil || !r.pk {
				return out
			}
			return c.pkSites(args[r.model], where)
		}
		if r.model < 0 || r.args < 0 || len(args) <= max(r.model, r.args) {
			return nil
		}
		var rest []ast.Expr
		if r.args > r.model {
			rest = args[r.args+1:]
		}
		return c.keyedSites(args[r.model], args[r.args], rest, where)
	case pkArg:
		if r.args < 0 || len(args) <= r.args {
			return nil
		}
		s := c.colSite(args[r.args], where, "id")
		s.id = true
		return []site{s}
	case columnArg:
		if len(args) == 0 || r.column < 0 || r.args < 0 {
			break // no argument to read a column from (Where() of no condition)
		}
		k, ok := c.key(args[min(r.column, len(args)-1)])
		if len(args) <= r.args || !ok || r.args == 1 && len(args) != 2 && !f.Signature().Variadic() {
			break // not a column and its value: read as SQL text
		}
		var out []site
		for _, a := range args[r.args:] {
			out = append(out, c.colSite(a, where, filterColumn(k)))
		}
		return out
	case mapArg:
		if r.text < 0 || len(args) <= r.text || mapRow(c.pass.TypesInfo.TypeOf(args[r.text])) != nil {
			return nil // a builder's map type: its literal is a site of its own
		}
		return c.mapSites(args[r.text], where)
	case modelArg:
		if r.model < 0 || len(args) <= r.model || r.noSlice && len(args) == 1 && isSlice(c.pass.TypesInfo.TypeOf(args[r.model])) {
			return nil // Model(&records) of a count or a list binds no key
		}
		return c.modelSites(args[r.model], where)
	case receiverColumn:
		col := c.receiverColumn(call)
		var out []site
		for _, a := range args {
			out = append(out, c.colSite(a, where, col))
		}
		return out
	case chainValues:
		cols := c.chainColumns(call, r.chain)
		var out []site
		for i, a := range args {
			col := ""
			if i < len(cols) && !call.Ellipsis.IsValid() {
				col = cols[i]
			}
			out = append(out, c.colSite(a, where, col))
		}
		return out
	case copyFrom:
		return c.copySites(call, r, where)
	case entSetter:
		col := entSetterColumn(f, r.builder)
		var out []site
		for _, a := range args {
			out = append(out, c.colSite(a, where, col)) // ids... too: the slice is bound as it is
		}
		return out
	case entPredicate:
		col := entColumn(f)
		var out []site
		for _, a := range args {
			out = append(out, c.colSite(a, where, col))
		}
		return out
	}
	text, first, hasText := c.sqlText(call, f, r)
	out := c.textSites(call, f, r, where, text, first, hasText)
	known := hasText || !c.carriesText(call, r)
	if hasText && hasHole(text) {
		// Text with a part not known (a %s of unknown text, text grown
		// in a loop) that leaves a bound value without a column.
		if call.Ellipsis.IsValid() && first < len(call.Args) {
			known = false
		}
		for i := first; i < len(call.Args) && known; i++ {
			known = textColumnAt(text, i-first+1) != ""
		}
	}
	c.count(known, call)
	return out
}
