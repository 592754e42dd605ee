package idquery

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/idkeys/id/vet/internal/sqlcol"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// The SQL text as the program builds it: at a query, the texts its SQL
// argument can hold, read from the function's SSA form. Constants, + and
// += across branches (an SSA phi: each branch is a text of its own),
// fmt.Sprintf with a constant format (a constant argument is written in;
// any other is a hole, never a guess), strings.Join of a slice whose
// elements are known, strings.Replace and ReplaceAll of a constant
// marker, strings.Builder's and bytes.Buffer's writes in the
// function (in the program's order; a write in a branch may or may not
// be there, one in a loop is a hole), a function of the package whose
// results are constant text (table()), and a function of the module
// from string to string (a placeholder translator: ? to $n), which
// keeps its argument's placeholders. A text that loops back into
// itself (q += … in a loop) is a hole after the loop's start.
//
// A text is a string in which hole stands for a part not known; the
// texts a query can run are joined with altSep. column finds a
// placeholder's column in each.

const (
	// hole stands for a part of SQL text that is not known.
	hole = sqlcol.Hole
	// altSep separates the texts a query can run.
	altSep = "\x01"
	// maxAlts bounds the texts kept for one value.
	maxAlts = 8
	// maxDepth bounds the values followed for one text.
	maxDepth = 24
)

// texts computes SQL texts from a package's SSA form, built once, when
// the package has a query whose text is not one constant.
type texts struct {
	pass  *analysis.Pass
	built bool
	pkg   *ssa.Package
	// values maps an expression of the package to its SSA value (the
	// form is built with debug references).
	values map[ast.Expr]ssa.Value
	// module is the import path of the module checked, for the
	// placeholder translators of its other packages.
	module string
	// results memoizes the texts a function of the package returns.
	results map[*ssa.Function][]string
	// visiting are the values being followed: a phi met again is a loop.
	visiting map[ssa.Value]bool
	// globals are the constant texts stored into package variables by
	// the package's initializer.
	globals map[*ssa.Global][]string
	// vars maps a value to the variable its expression names (the
	// parameter field in a closure of func Equal(field string, …)), and
	// param returns the index of a parameter of the function whose facts
	// are computed; marking says that such a parameter's text is written
	// as paramColumn(index) (colParam), not as a hole.
	vars    map[ssa.Value]*types.Var
	param   func(*types.Var) (int, bool)
	marking bool
}

// paramPrefix starts the name that stands, in a text computed by
// colParam, for a parameter of the function whose facts are computed.
const paramPrefix = "idquery_param_"

// paramColumn is the name of parameter i in a text computed by colParam.
func paramColumn(i int) string { return paramPrefix + strconv.Itoa(i) }

// colParam returns the index of the string parameter, of the function
// whose facts are computed, that is the column of placeholder n in the
// text e can hold (tx.Where(fmt.Sprintf("%s = ?", field), value) in
// func Equal(field string, value T)): a caller's constant names it.
func (t *texts) colParam(e ast.Expr, n int) (int, bool) {
	if t.param == nil {
		return 0, false
	}
	if !t.built {
		t.build()
	}
	v := t.values[ast.Unparen(e)]
	if v == nil {
		return 0, false
	}
	t.marking = true
	defer func() { t.marking = false }()
	for _, text := range t.eval(v, 0) {
		col, ok := strings.CutPrefix(sqlcol.Column(text, n), paramPrefix)
		if !ok {
			continue
		}
		if i, err := strconv.Atoi(col); err == nil {
			return i, true
		}
	}
	return 0, false
}

// build makes the package's SSA form, as buildssa does but with debug
// references, and only for a package with queries (buildssa would build
// every package the analyzer visits for its facts, the standard
// library's included).
func (t *texts) build() {
	t.built = true
	prog := ssa.NewProgram(t.pass.Fset, ssa.GlobalDebug)
	for _, p := range t.pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	t.pkg = prog.CreatePackage(t.pass.Pkg, t.pass.Files, t.pass.TypesInfo, false)
	t.pkg.Build()
	t.values = make(map[ast.Expr]ssa.Value)
	t.results = make(map[*ssa.Function][]string)
	t.visiting = make(map[ssa.Value]bool)
	t.globals = make(map[*ssa.Global][]string)
	t.vars = make(map[ssa.Value]*types.Var)
	if t.pass.Module != nil {
		t.module = t.pass.Module.Path
	} else {
		// No module (GOPATH): the packages under the same first element.
		t.module, _, _ = strings.Cut(t.pass.Pkg.Path(), "/")
	}
	var index func(fn *ssa.Function)
	index = func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *ssa.DebugRef:
					if !in.IsAddr {
						t.values[in.Expr] = in.X
						if id, ok := in.Expr.(*ast.Ident); ok {
							if v, ok := t.pass.TypesInfo.Uses[id].(*types.Var); ok {
								t.vars[in.X] = v
							}
						}
					}
				case *ssa.Store:
					if g, ok := in.Addr.(*ssa.Global); ok && fn.Name() == "init" {
						if k, ok := in.Val.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
							t.globals[g] = append(t.globals[g], constant.StringVal(k.Value))
						}
					}
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			index(anon)
		}
	}
	for _, f := range t.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if obj, ok := t.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					if fn := prog.FuncValue(obj); fn != nil {
						index(fn)
					}
				}
			}
		}
	}
	if init := t.pkg.Func("init"); init != nil {
		index(init)
	}
}

// of returns the texts the expression e can hold, joined by altSep, and
// whether any part of them is known.
func (t *texts) of(e ast.Expr) (string, bool) {
	if !t.built {
		t.build()
	}
	v := t.values[ast.Unparen(e)]
	if v == nil {
		return "", false
	}
	alts := t.eval(v, 0)
	known := false
	for _, a := range alts {
		if strings.Trim(a, hole) != "" {
			known = true
		}
	}
	if !known {
		return "", false
	}
	return strings.Join(alts, altSep), true
}

// eval returns the texts v can hold.
func (t *texts) eval(v ssa.Value, depth int) []string {
	if depth > maxDepth {
		return []string{hole}
	}
	if t.marking {
		if p := t.vars[v]; p != nil && isString(p.Type()) {
			if i, ok := t.param(p); ok {
				return []string{paramColumn(i)}
			}
		}
	}
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil && v.Value.Kind() == constant.String {
			return []string{constant.StringVal(v.Value)}
		}
	case *ssa.MakeInterface:
		return t.eval(v.X, depth+1)
	case *ssa.ChangeType:
		return t.eval(v.X, depth+1)
	case *ssa.Convert:
		if b, ok := v.X.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return t.eval(v.X, depth+1)
		}
	case *ssa.BinOp:
		if v.Op == token.ADD {
			return cross(t.eval(v.X, depth+1), t.eval(v.Y, depth+1))
		}
	case *ssa.Phi:
		if t.visiting[v] {
			return []string{hole} // a loop: what it adds is not known
		}
		t.visiting[v] = true
		defer delete(t.visiting, v)
		var out []string
		for _, e := range v.Edges {
			out = union(out, t.eval(e, depth+1))
		}
		return out
	case *ssa.UnOp:
		if g, ok := v.X.(*ssa.Global); ok && v.Op == token.MUL && len(t.globals[g]) == 1 {
			return t.globals[g]
		}
	case *ssa.Call:
		return t.call(v, depth)
	}
	return []string{hole}
}

// call returns the texts a call returns.
func (t *texts) call(v *ssa.Call, depth int) []string {
	common := v.Common()
	args := common.Args
	if f := common.StaticCallee(); f != nil {
		if obj, ok := f.Object().(*types.Func); ok && obj.Pkg() != nil {
			path, name := obj.Pkg().Path(), obj.Name()
			recv := ""
			if obj.Signature().Recv() != nil {
				recv = recvName(obj)
			}
			switch {
			case path == "fmt" && name == "Sprintf" && len(args) == 2:
				return t.sprintf(args[0], args[1], depth)
			case path == "fmt" && name == "Sprint" && len(args) == 1:
				return t.sprintf(nil, args[0], depth)
			case path == "strings" && name == "Join" && len(args) == 2:
				return t.join(args[0], args[1], depth)
			case path == "strings" && strings.HasPrefix(name, "Trim") && len(args) == 2:
				return t.trim(name, args, depth)
			case path == "strings" && (name == "TrimSpace" || name == "ToLower" || name == "ToUpper") && len(args) == 1:
				return t.eval(args[0], depth+1)
			case path == "strings" && (name == "Replace" && len(args) == 4 || name == "ReplaceAll" && len(args) == 3):
				return t.replace(args, depth)
			case (path == "strings" && recv == "Builder" || path == "bytes" && recv == "Buffer") && name == "String" && len(args) == 1:
				return t.writes(args[0], v, depth)
			case name == "Rebind" && len(args) > 0:
				// sqlx's Rebind: ? to the driver's placeholders.
				return t.eval(args[len(args)-1], depth+1)
			}
			if f.Pkg == t.pkg && len(f.Blocks) > 0 {
				if out := t.returns(f, depth); !slices.ContainsFunc(out, hasHole) {
					return out
				}
			}
			if translator(obj, t.module) {
				return t.eval(args[len(args)-1], depth+1)
			}
		}
	}
	return []string{hole}
}

// translator reports whether f is a function of the module from string
// to string (its receiver aside), which is taken to keep its argument's
// placeholders: a service's own translator of ? to $n.
func translator(f *types.Func, module string) bool {
	if module == "" || f.Pkg() == nil || f.Pkg().Path() != module && !strings.HasPrefix(f.Pkg().Path(), module+"/") {
		return false
	}
	sig := f.Signature()
	return sig.Params().Len() == 1 && sig.Results().Len() == 1 && isString(sig.Params().At(0).Type()) && isString(sig.Results().At(0).Type())
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func hasHole(s string) bool { return strings.Contains(s, hole) }

// returns returns the texts f's first result can be, its parameters
// holes.
func (t *texts) returns(f *ssa.Function, depth int) []string {
	if out, ok := t.results[f]; ok {
		return out
	}
	t.results[f] = []string{hole} // recursion
	var out []string
	for _, b := range f.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) > 0 {
			out = union(out, t.eval(r.Results[0], depth+1))
		}
	}
	if len(out) == 0 {
		out = []string{hole}
	}
	t.results[f] = out
	return out
}

// sprintf returns the texts of fmt.Sprintf(format, args...): a verb
// takes its argument's text when it is known; else it is a hole.
func (t *texts) sprintf(format, slice ssa.Value, depth int) []string {
	formats := []string{""}
	if format != nil {
		formats = t.eval(format, depth+1)
	}
	elemAlts := t.slice(slice, depth+1)
	var out []string
	for _, f := range formats {
		if format == nil {
			for _, elems := range elemAlts {
				parts := []string{""}
				for _, e := range elems {
					parts = cross(parts, t.verbText(e, 'v', depth))
				}
				out = union(out, parts)
			}
			continue
		}
		if len(elemAlts) == 0 {
			elemAlts = [][]ssa.Value{nil}
		}
		for _, elems := range elemAlts {
			parts, n := []string{""}, 0
			for i := 0; i < len(f); i++ {
				if f[i] != '%' || i+1 >= len(f) {
					parts = cross(parts, []string{f[i : i+1]})
					continue
				}
				j := i + 1
				for j < len(f) && strings.IndexByte("+-# 0123456789.[]*", f[j]) >= 0 {
					j++
				}
				if j >= len(f) {
					break
				}
				verb := f[j]
				i = j
				if verb == '%' {
					parts = cross(parts, []string{"%"})
					continue
				}
				if elems == nil || n >= len(elems) {
					parts = cross(parts, []string{hole})
				} else {
					parts = cross(parts, t.verbText(elems[n], verb, depth))
				}
				n++
			}
			out = union(out, parts)
		}
	}
	return out
}

// verbText returns the texts a value formats to: a string's, an
// integer constant's; else a hole.
func (t *texts) verbText(v ssa.Value, verb byte, depth int) []string {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	if k, ok := v.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
		return []string{k.Value.ExactString()}
	}
	if isString(v.Type()) && (verb == 's' || verb == 'v') {
		return t.eval(v, depth+1)
	}
	return []string{hole}
}

// join returns the texts of strings.Join(elems, sep).
func (t *texts) join(elems, sep ssa.Value, depth int) []string {
	alts := t.slice(elems, depth+1)
	if len(alts) == 0 {
		return []string{hole}
	}
	seps := t.eval(sep, depth+1)
	var out []string
	for _, list := range alts {
		parts := []string{""}
		for i, e := range list {
			if i > 0 {
				parts = cross(parts, seps)
			}
			parts = cross(parts, t.eval(e, depth+1))
		}
		out = union(out, parts)
	}
	return out
}

// trim returns the texts of strings.TrimSuffix, TrimPrefix, TrimRight,
// TrimLeft or Trim over known texts; a text with a hole keeps its
// placeholders.
func (t *texts) trim(name string, args []ssa.Value, depth int) []string {
	cut := t.eval(args[1], depth+1)
	var out []string
	for _, s := range t.eval(args[0], depth+1) {
		if len(cut) != 1 || hasHole(cut[0]) {
			out = union(out, []string{s})
			continue
		}
		switch name {
		case "TrimSuffix":
			s = strings.TrimSuffix(s, cut[0])
		case "TrimPrefix":
			s = strings.TrimPrefix(s, cut[0])
		case "TrimRight":
			s = strings.TrimRight(s, cut[0])
		case "TrimLeft":
			s = strings.TrimLeft(s, cut[0])
		case "Trim":
			s = strings.Trim(s, cut[0])
		}
		out = union(out, []string{s})
	}
	return out
}

// replace returns the texts of strings.Replace or strings.ReplaceAll
// (a template's marker swapped for a clause): the old text and the count
// must be constants; a new text may hold holes. In a text with a hole
// only ReplaceAll is followed, as the hole may hold the old text before
// the count runs out.
func (t *texts) replace(args []ssa.Value, depth int) []string {
	n := -1
	if len(args) == 4 {
		c, ok := args[3].(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
			return []string{hole}
		}
		v, exact := constant.Int64Val(c.Value)
		if !exact {
			return []string{hole}
		}
		n = int(v)
	}
	old := t.eval(args[1], depth+1)
	if len(old) != 1 || hasHole(old[0]) || old[0] == "" || strings.Contains(old[0], paramPrefix) {
		return []string{hole}
	}
	news := t.eval(args[2], depth+1)
	var out []string
	for _, s := range t.eval(args[0], depth+1) {
		if hasHole(s) && n >= 0 {
			out = union(out, []string{hole})
			continue
		}
		for _, r := range news {
			out = union(out, []string{strings.Replace(s, old[0], r, n)})
		}
	}
	return out
}

// slice returns the element lists a slice value can hold: a literal
// (the stores into its array), append's growth of one, and the lists of
// each branch; none when a list is not known (a loop's appends, a
// parameter).
func (t *texts) slice(v ssa.Value, depth int) [][]ssa.Value {
	if depth > maxDepth {
		return nil
	}
	switch v := v.(type) {
	case *ssa.Const:
		return [][]ssa.Value{nil} // a nil slice
	case *ssa.Slice:
		alloc, ok := v.X.(*ssa.Alloc)
		if !ok {
			return nil
		}
		arr, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
		if !ok {
			return nil
		}
		elems := make([]ssa.Value, arr.Len())
		for _, ref := range *alloc.Referrers() {
			ia, ok := ref.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			k, ok := ia.Index.(*ssa.Const)
			if !ok {
				return nil
			}
			i, _ := constant.Int64Val(k.Value)
			for _, r := range *ia.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == ia && int(i) < len(elems) {
					elems[i] = st.Val
				}
			}
		}
		if slices.Contains(elems, nil) {
			return nil
		}
		return [][]ssa.Value{elems}
	case *ssa.Call:
		if b, ok := v.Common().Value.(*ssa.Builtin); ok && b.Name() == "append" && len(v.Common().Args) == 2 {
			var out [][]ssa.Value
			for _, base := range t.slice(v.Common().Args[0], depth+1) {
				for _, more := range t.slice(v.Common().Args[1], depth+1) {
					if len(out) < maxAlts {
						out = append(out, slices.Concat(base, more))
					}
				}
			}
			return out
		}
	case *ssa.Phi:
		if t.visiting[v] {
			return nil
		}
		t.visiting[v] = true
		defer delete(t.visiting, v)
		var out [][]ssa.Value
		for _, e := range v.Edges {
			alts := t.slice(e, depth+1)
			if alts == nil {
				return nil
			}
			for _, a := range alts {
				if len(out) < maxAlts {
					out = append(out, a)
				}
			}
		}
		return out
	}
	return nil
}

// writes returns the texts written into the strings.Builder or
// bytes.Buffer buf before the call at: its WriteString, WriteByte,
// WriteRune and fmt.Fprintf writes in the function, in the program's
// order. A write in a block that does not dominate at's may be absent;
// one in a loop is a hole; a buffer that escapes the function (passed to
// another function) is not known.
func (t *texts) writes(buf ssa.Value, at *ssa.Call, depth int) []string {
	alloc, ok := buf.(*ssa.Alloc)
	if !ok {
		return []string{hole}
	}
	type write struct {
		call *ssa.Call
		text []string
	}
	var ws []write
	var visit func(v ssa.Value) bool
	visit = func(v ssa.Value) bool {
		for _, ref := range *v.Referrers() {
			switch r := ref.(type) {
			case *ssa.MakeInterface:
				if !visit(r) {
					return false
				}
			case *ssa.Call:
				if r == at {
					continue
				}
				f := r.Common().StaticCallee()
				if f == nil {
					return false
				}
				args := r.Common().Args
				switch name := f.Name(); {
				case name == "WriteString" && len(args) == 2:
					ws = append(ws, write{r, t.eval(args[1], depth+1)})
				case (name == "WriteByte" || name == "WriteRune") && len(args) == 2:
					text := []string{hole}
					if k, ok := args[1].(*ssa.Const); ok {
						n, _ := constant.Int64Val(k.Value)
						text = []string{string(rune(n))}
					}
					ws = append(ws, write{r, text})
				case name == "Fprintf" && len(args) == 3 && f.Pkg != nil && f.Pkg.Pkg.Path() == "fmt":
					ws = append(ws, write{r, t.sprintf(args[1], args[2], depth+1)})
				case name == "Len" || name == "Cap" || name == "Grow" || name == "String":
				default:
					return false // Reset, Truncate, a function of the program: not followed
				}
			case *ssa.DebugRef:
			default:
				if _, ok := ref.(ssa.Value); ok && ref != ssa.Instruction(at) {
					continue // a field's address, a copy: reads only
				}
			}
		}
		return true
	}
	if !visit(alloc) {
		return []string{hole}
	}
	ws = slices.DeleteFunc(ws, func(w write) bool { return !before(w.call, at) })
	slices.SortFunc(ws, func(a, b write) int { return int(a.call.Pos() - b.call.Pos()) })
	out := []string{""}
	for _, w := range ws {
		text := w.text
		if inLoop(w.call.Block()) {
			text = []string{hole}
		}
		if w.call.Block().Dominates(at.Block()) {
			out = cross(out, text)
		} else {
			out = union(out, cross(out, text))
		}
	}
	return out
}

// before reports whether the call w can run before at in their function:
// at's block is reached from w's, or w comes first in a shared block.
func before(w, at *ssa.Call) bool {
	if w.Parent() != at.Parent() {
		return false
	}
	if w.Block() == at.Block() {
		return w.Pos() < at.Pos()
	}
	return reaches(w.Block(), at.Block())
}

// reaches reports whether block to can be reached from from.
func reaches(from, to *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{from: true}
	work := []*ssa.BasicBlock{from}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range b.Succs {
			if s == to {
				return true
			}
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}

// inLoop reports whether b is in a loop: it can reach itself.
func inLoop(b *ssa.BasicBlock) bool { return reaches(b, b) }

// cross returns every text of a followed by every text of b, at most
// maxAlts of them.
func cross(a, b []string) []string {
	var out []string
	for _, x := range a {
		for _, y := range b {
			s := x + y
			for strings.Contains(s, hole+hole) {
				s = strings.ReplaceAll(s, hole+hole, hole)
			}
			out = union(out, []string{s})
		}
	}
	return out
}

// union returns a and the texts of b not in it, at most maxAlts.
func union(a, b []string) []string {
	for _, s := range b {
		if len(a) < maxAlts && !slices.Contains(a, s) {
			a = append(a, s)
		}
	}
	return a
}

// textColumnAt returns the column that placeholder n binds in texts, the texts
// a query can run (joined by altSep): the first that is an id column,
// else the first found.
func textColumnAt(texts string, n int) string {
	found := ""
	for _, text := range strings.Split(texts, altSep) {
		col := sqlcol.Column(text, n)
		if idColumn(col) {
			return col
		}
		if found == "" {
			found = col
		}
	}
	return found
}
