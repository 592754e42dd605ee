package idquery

import (
	"fmt"
	"github.com/idkeys/id/vet/internal/rule"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/idkeys/id/vet/internal/flow"
)

// tracer finds where a value came from (values.go, sources.go, body.go,
// helper.go): a request read, a decoded body, a parameter of the function
// whose facts are computed, and whether it was parsed or checked first.
type tracer struct {
	*pkg
	g *guards // checkedAt: a read checked before use
	s *sinks  // the facts of the function literals a value is passed to
	// sources are the functions of this package, and the imported ones
	// looked up, that return a request value read under a parameter.
	sources map[*types.Func]*Source
	// decoders are the functions of this package, and the imported ones
	// looked up, that decode a request body into a parameter (helper.go).
	decoders map[*types.Func]*Decoder
	// parsed maps a variable to where it is parsed (passed to a parser)
	// or replaced by the text of a parsed value; at is the query being
	// looked at: a variable parsed before it is not followed.
	parsed map[parsedKey][]token.Pos
	at     token.Pos
	// caseParsed maps a variable to where package id's Parse reads it:
	// its ID is parsed, its text stays as the client wrote it (KEYS-4).
	caseParsed map[parsedKey][]token.Pos
	// decoded are the local variables a request body is decoded into;
	// ranges maps a range statement's value variable to what it ranges
	// over.
	decoded map[*types.Var]string // "JSON body", or the binding method
	ranges  map[*types.Var]ast.Expr
	// uuidKeys are the values matched against a UUID pattern (guard.go).
	uuidKeys map[parsedKey]bool
	// fieldDefs maps a local struct variable's field to the values
	// assigned to it (x.F = v); lits maps a local variable to the function
	// literal it holds (run := func(id string) {…}).
	fieldDefs map[fieldKey][]ast.Expr
	lits      map[*types.Var]*ast.FuncLit
	params    map[*types.Var]int // the parameters of the function whose facts are computed
	vararg    *types.Var         // its final ...T parameter, if any
	// sawCheck is set when taint meets a value checked before at.
	sawCheck bool
	// paramNames are the parameters of the package's functions.
	paramNames map[*types.Var]bool
}

// Where a bound value came from: a request read, a parameter of the
// function, a field of a local struct; and whether it was parsed or
// checked before the query.

// siteValue returns where the value that s passes came from: its
// argument's text, or the field s.field of the struct it passes (a
// parameter's field, or a local variable's).
func (c *tracer) siteValue(s site) (value, bool) {
	if s.field == "" {
		return c.taint(s.arg, 0, make(map[*types.Var]bool))
	}
	x := pointee(s.arg)
	if lit, ok := x.(*ast.CompositeLit); ok {
		return c.litField(lit, s.field, make(map[*types.Var]bool))
	}
	if v := c.defs.Var(x); v != nil {
		if i, ok := c.params[v]; ok && v != c.vararg {
			if c.parsedBefore(v) {
				return value{}, false
			}
			return value{param: i, field: s.field}, true
		}
	}
	return c.fieldOf(s.arg, s.field, make(map[*types.Var]bool))
}

// directParam returns the parameter, or the parameter's field, that s
// binds as it is (id, arg.ID), whatever its type.
func (c *tracer) directParam(s site) (value, bool) {
	e, field := ast.Unparen(s.arg), s.field
	if sel, ok := e.(*ast.SelectorExpr); ok && field == "" {
		e, field = ast.Unparen(sel.X), sel.Sel.Name
	}
	v := c.defs.Var(e)
	i, ok := c.params[v]
	if v == nil || !ok || v == c.vararg {
		return value{}, false
	}
	return value{param: i, field: field}, true
}

// runes reports whether t is []rune: string([]rune(r.URL.Path)[n:]) is
// the same text as the path it converts.
func runes(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Int32
}

// taint returns where the text of e (or of its index'th result) came from:
// a request value read under a constant key, or a parameter of the
// function whose facts are computed.
func (c *tracer) taint(e ast.Expr, index int, seen map[*types.Var]bool) (value, bool) {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if t := info.TypeOf(e); t != nil {
		if _, tuple := t.(*types.Tuple); !tuple && !textual(t) && !runes(t) {
			return value{}, false
		}
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		if index != 0 {
			// strings.Cut's after: the other results of a strings function
			// that are strings.
			f := c.defs.Callee(e)
			if f == nil || f.Pkg() == nil || f.Pkg().Path() != "strings" || len(e.Args) == 0 ||
				index >= f.Signature().Results().Len() || !flow.Textual(f.Signature().Results().At(index).Type()) {
				return value{}, false
			}
			return c.taint(e.Args[0], 0, seen)
		}
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				return c.taint(e.Args[0], 0, seen)
			}
			return value{}, false
		}
		f := c.defs.Callee(e)
		if f == nil {
			return value{}, false
		}
		if v, ok := c.source(f, e); ok {
			return v, true
		}
		if v, ok := c.rpcField(e); ok {
			return v, true
		}
		if f.Pkg() != nil && f.Pkg().Path() == "github.com/valyala/fasthttp" && f.Signature().Recv() != nil && recvName(f) == "RequestCtx" && (f.Name() == "Path" || f.Name() == "RequestURI") {
			return value{src: f.Name() + "()", param: -1}, true // fasthttp's raw path
		}
		if decodes(f) && len(e.Args) > 0 {
			return c.taint(e.Args[0], 0, seen)
		}
		if f.Pkg() != nil && f.Signature().Recv() == nil {
			switch path := f.Pkg().Path(); {
			case path == "fmt" && (f.Name() == "Sprintf" || f.Name() == "Sprint" || f.Name() == "Sprintln"):
				for _, a := range e.Args {
					if v, ok := c.taint(a, 0, seen); ok {
						return v, true
					}
				}
			case (path == "strings" || path == "path" && (f.Name() == "Base" || f.Name() == "Clean")) && len(e.Args) > 0 && f.Signature().Results().Len() >= 1 && textual(f.Signature().Results().At(0).Type()):
				return c.taint(e.Args[0], 0, seen)
			}
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			if v, ok := c.taint(e.X, 0, seen); ok {
				return v, true
			}
			return c.taint(e.Y, 0, seen)
		}
	case *ast.SelectorExpr:
		if v, ok := c.rawPath(e); ok {
			return v, true
		}
		if v, ok := c.rpcField(e); ok {
			return v, true
		}
		if src, pk, ok := c.bodyPath(e, false); ok {
			if c.parsedKeyBefore(pk) {
				return value{}, false
			}
			k, _, _ := c.bodyKey(e, false)
			return keyed(src, k), true
		}
		// A field of a local struct variable: req.UserID.
		return c.field(e, seen)
	case *ast.TypeAssertExpr:
		// ctx.UserValue("id").(string)
		return c.taint(e.X, 0, seen)
	case *ast.StarExpr:
		// *req.CommentID, a decoded body's pointer field.
		if src, pk, ok := c.bodyPath(e, false); ok {
			if c.parsedKeyBefore(pk) {
				return value{}, false
			}
			k, _, _ := c.bodyKey(e, false)
			return keyed(src, k), true
		}
	case *ast.SliceExpr:
		// s[i:], the rest of a raw path; s[:n] is not the value any more.
		if e.High == nil {
			return c.taint(e.X, 0, seen)
		}
	case *ast.IndexExpr:
		// mux.Vars(r)["id"], directly or through a local variable.
		if k, ok := c.key(e.Index); ok && c.muxVars(e.X, make(map[*types.Var]bool)) {
			src := fmt.Sprintf("mux.Vars(…)[%s]", strconv.Quote(k))
			if c.g.checkedAt(src, e.Pos()) {
				return value{}, false
			}
			return keyed(src, k), true
		}
		if src, pk, ok := c.bodyPath(e, false); ok {
			if c.parsedKeyBefore(pk) {
				return value{}, false
			}
			k, _, _ := c.bodyKey(e, false)
			return keyed(src, k), true
		}
		// An element of a list of request values: r.Form["id"][0],
		// strings.Split(r.URL.Path, "/")[2].
		return c.element(e.X, seen)
	case *ast.Ident:
		v := c.defs.Var(e)
		if v == nil || seen[v] {
			return value{}, false
		}
		if x, ok := c.ranges[v]; ok {
			if c.parsedBefore(v) {
				return value{}, false
			}
			seen[v] = true
			defer delete(seen, v)
			r, ok := c.element(x, seen)
			return r, ok
		}
		if i, ok := c.params[v]; ok && v != c.vararg {
			if c.parsedBefore(v) {
				return value{}, false
			}
			return value{param: i}, true
		}
		if c.parsedBefore(v) {
			return value{}, false
		}
		seen[v] = true
		defer delete(seen, v)
		defs, _ := c.defs.Of(e)
		for _, d := range defs {
			if d.Expr == nil {
				continue
			}
			if r, ok := c.taint(d.Expr, d.Index, seen); ok {
				r.uuid = r.uuid || c.uuidKeys[parsedKey{v: v}]
				return r, true
			}
		}
	}
	return value{}, false
}

// parserPrefixes start the (lowercased) names of the functions and
// methods that parse or validate a value passed to them: id.Parse,
// strconv.Atoi, uuid.Parse, uuid.Validate, netip.ParseAddr,
// net.ParseIP, gofrs' uuid.FromString, hex.DecodeString,
// (*regexp.Regexp).MatchString, a service's own isValidUUID.
var parserPrefixes = []string{"parse", "mustparse", "valid", "isvalid", "fromstring", "decode", "unmarshal"}

// parser reports whether f parses or validates its argument.
func parser(f *types.Func) bool {
	if _, ok := decoders[decoderKey(f)]; ok || decodes(f) {
		return false // decodes text, does not check it
	}
	if f.Pkg() != nil && f.Pkg().Path() == "strconv" && f.Name() != "Quote" && !strings.HasPrefix(f.Name(), "Quote") && !strings.HasPrefix(f.Name(), "Format") && !strings.HasPrefix(f.Name(), "Append") && f.Name() != "Itoa" {
		return true
	}
	if f.Pkg() != nil && f.Pkg().Path() == "regexp" && strings.HasPrefix(f.Name(), "Match") {
		return true
	}
	name := strings.ToLower(f.Name())
	for _, p := range parserPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// anyCase reports whether f is one of package id's parsers of text in
// any case (Parse, MustParse, ParseAs): the ID it returns is canonical,
// the text it was given is not, so the text is no more parsed than
// before (KEYS-4: an uppercase id misses in WHERE id = ?).
func anyCase(f *types.Func) bool {
	if f.Pkg() == nil || f.Pkg().Path() != rule.IDPath {
		return false
	}
	switch f.Name() {
	case "Parse", "MustParse", "ParseAs":
		return true
	}
	return false
}

// caseParsedBefore reports whether e, a variable or a field of one, is
// given to anyCase's parsers before c.at.
func (c *tracer) caseParsedBefore(e ast.Expr) bool {
	k, ok := c.keyOf(e)
	if !ok {
		return false
	}
	for _, p := range c.caseParsed[k] {
		if p < c.at {
			return true
		}
	}
	return false
}

// findParsed records, for each variable, where it is passed to a parser
// (parser: as an argument, or converted to []byte) and where it is
// assigned the text of a parsed value (s = u.String(), u not a string).
func (c *tracer) findParsed() {
	c.parsed = make(map[parsedKey][]token.Pos)
	c.caseParsed = make(map[parsedKey][]token.Pos)
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				callee := c.defs.Callee(n)
				if callee == nil || !parser(callee) || callee.Pkg() != nil && callee.Pkg().Path() == "regexp" {
					return true // a regexp checks where its failure returns (guard.go)
				}
				for _, a := range n.Args {
					if k, ok := c.keyOf(a); ok {
						if anyCase(callee) {
							c.caseParsed[k] = append(c.caseParsed[k], n.Pos())
							continue
						}
						c.parsed[k] = append(c.parsed[k], n.Pos())
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, r := range n.Rhs {
					if c.canonical(r) {
						if k, ok := c.keyOf(n.Lhs[i]); ok {
							c.parsed[k] = append(c.parsed[k], n.Pos())
						}
					}
				}
			}
			return true
		})
	}
}

// findFieldsAndLits records the values assigned to the fields of local
// struct variables (x.F = v), and the local variables that hold a function
// literal and nothing else (run := func(id string) {…}).
func (c *tracer) findFieldsAndLits() {
	c.fieldDefs = make(map[fieldKey][]ast.Expr)
	c.lits = make(map[*types.Var]*ast.FuncLit)
	c.s.litFacts = make(map[*types.Var]*Sink)
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, l := range as.Lhs {
				switch l := ast.Unparen(l).(type) {
				case *ast.SelectorExpr:
					if v := c.defs.Var(l.X); v != nil && as.Tok == token.ASSIGN {
						k := fieldKey{v, l.Sel.Name}
						c.fieldDefs[k] = append(c.fieldDefs[k], as.Rhs[i])
					}
				case *ast.Ident:
					lit, ok := ast.Unparen(as.Rhs[i]).(*ast.FuncLit)
					if !ok {
						continue
					}
					if v := c.defs.Var(l); v != nil {
						if defs, _ := c.defs.Of(l); len(defs) == 1 {
							c.lits[v] = lit
						}
					}
				}
			}
			return true
		})
	}
}

// field returns where the field x.F of a local struct variable x came
// from: a value assigned to it, or the value for F in a composite literal
// assigned to x (x := req{F: v}, x := &req{F: v}, and F of an embedded
// struct's literal, x := &T{Core: Core{ID: v}}); or, for a parameter x of
// the function whose facts are computed, that parameter's field.
func (c *tracer) field(e *ast.SelectorExpr, seen map[*types.Var]bool) (value, bool) {
	sel, ok := c.pass.TypesInfo.Selections[e]
	if !ok || sel.Kind() != types.FieldVal {
		return value{}, false
	}
	v := c.defs.Var(e.X)
	if v == nil || seen[v] {
		return value{}, false
	}
	if i, ok := c.params[v]; ok && v != c.vararg {
		if c.parsedBefore(v) || c.parsedKeyBefore(parsedKey{v, e.Sel.Name}) {
			return value{}, false
		}
		return value{param: i, field: e.Sel.Name}, true
	}
	return c.fieldOf(e.X, e.Sel.Name, seen)
}

// fieldOf returns where the field name of the local struct variable x
// (or &x) came from, as field does.
func (c *tracer) fieldOf(x ast.Expr, name string, seen map[*types.Var]bool) (value, bool) {
	x = pointee(x)
	v := c.defs.Var(x)
	if v == nil || seen[v] {
		return value{}, false
	}
	if c.parsedBefore(v) || c.parsedKeyBefore(parsedKey{v, name}) {
		return value{}, false // checked as a whole (req.Validate()) or by field
	}
	seen[v] = true
	defer delete(seen, v)
	for _, rhs := range c.fieldDefs[fieldKey{v, name}] {
		if r, ok := c.taint(rhs, 0, seen); ok {
			return r, true
		}
	}
	defs, _ := c.defs.Of(x)
	for _, d := range defs {
		e := d.Expr
		if e == nil || d.Index != 0 {
			continue
		}
		e = pointee(e)
		if lit, ok := e.(*ast.CompositeLit); ok {
			if r, ok := c.litField(lit, name, seen); ok {
				return r, true
			}
		}
	}
	return value{}, false
}

// litField returns where the value for the field name in a struct
// literal came from, looking into the literals of its embedded structs
// (setFields).
func (c *tracer) litField(lit *ast.CompositeLit, name string, seen map[*types.Var]bool) (value, bool) {
	var r value
	found := false
	setFields(c.pass.TypesInfo, lit, func(_ *types.Struct, k *ast.Ident, v ast.Expr) bool {
		if k.Name == name {
			r, found = c.taint(v, 0, seen)
			return false
		}
		return true
	})
	return r, found
}

// canonical reports whether e is the text of a parsed value: x.String()
// with x not a string ([]byte, an id.ID, a typed id, a uuid.UUID, a
// netip.Addr, a number's type).
func (c *tracer) canonical(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "String" {
		return false
	}
	t := c.pass.TypesInfo.TypeOf(sel.X)
	return t != nil && !flow.Textual(t)
}

// parsedBefore reports whether v is parsed, or replaced by a parsed
// value's text, before the query being looked at (c.at).
func (c *tracer) parsedBefore(v *types.Var) bool {
	return c.parsedKeyBefore(parsedKey{v: v})
}

// parsedKey is a local variable, or a field of one (path "A.B").
type parsedKey struct {
	v    *types.Var
	path string
}

// keyOf returns the parsedKey that e names: a local variable or a field
// path from one (req.User.ID), through conversions.
func (c *tracer) keyOf(e ast.Expr) (parsedKey, bool) {
	e = pointee(e) // &req
	if s, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(s.X) // *req.CommentID
	}
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := c.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() {
			e = ast.Unparen(call.Args[0])
		}
	}
	var fields []string
	for {
		switch x := e.(type) {
		case *ast.Ident:
			v := c.defs.Var(x)
			return parsedKey{v, strings.Join(fields, ".")}, v != nil
		case *ast.SelectorExpr:
			if sel, ok := c.pass.TypesInfo.Selections[x]; !ok || sel.Kind() != types.FieldVal {
				return parsedKey{}, false
			}
			fields = append([]string{x.Sel.Name}, fields...)
			e = ast.Unparen(x.X)
		default:
			return parsedKey{}, false
		}
	}
}

// parsedKeyBefore reports whether k is parsed before c.at.
func (c *tracer) parsedKeyBefore(k parsedKey) bool {
	for _, p := range c.parsed[k] {
		if p < c.at {
			c.sawCheck = true
			return true
		}
	}
	return false
}
