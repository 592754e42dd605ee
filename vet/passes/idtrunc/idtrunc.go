package idtrunc

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"github.com/idkeys/id/vet/internal/flow"
	"github.com/idkeys/id/vet/internal/reach"
	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// Analyzer reports shortened ids.
var Analyzer = &analysis.Analyzer{
	Name:     "idtrunc",
	Doc:      rule.Doc(doc, "idtrunc"),
	URL:      "https://pkg.go.dev/github.com/idkeys/id/vet/passes/idtrunc",
	Requires: []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer},
	Run:      run,
}

//go:embed doc.go
var doc string

var cfg = rule.Config{Tests: true}

func init() {
	rule.Flags(&Analyzer.Flags, &cfg)
	reach.Watch(func() []string { return []string{rule.IDPath} })
}

// printfs maps a printf-like function, by its types.Func.FullName, to the
// index of its format argument.
var printfs = map[string]int{
	"fmt.Printf": 0, "fmt.Sprintf": 0, "fmt.Errorf": 0, "fmt.Fprintf": 1, "fmt.Appendf": 1,
	"log.Printf": 0, "log.Fatalf": 0, "log.Panicf": 0,
	"(*log.Logger).Printf": 0, "(*log.Logger).Fatalf": 0, "(*log.Logger).Panicf": 0,
	"(*testing.common).Logf": 0, "(*testing.common).Errorf": 0,
	"(*testing.common).Fatalf": 0, "(*testing.common).Skipf": 0,
}

func run(pass *analysis.Pass) (any, error) {
	if !reach.Of(pass).Reaches(rule.IDPath) {
		return nil, nil
	}
	scope, ok := rule.NewScope(pass, &cfg)
	if !ok {
		return nil, nil
	}
	defs := flow.New(pass.TypesInfo, pass.Files)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.SliceExpr)(nil), (*ast.CallExpr)(nil)) {
		if scope.Skip(cur.Node().Pos()) {
			continue
		}
		switch n := cur.Node().(type) {
		case *ast.SliceExpr:
			if shortens(pass.TypesInfo, n) && defs.IDText(n.X) {
				scope.Reportf(pass, n.Lbrack, "slicing an id's text shortens it (TRUNC): use the whole id, its first 10 characters are only its time")
			}
		case *ast.CallExpr:
			checkPrintf(pass, scope, defs, n)
		}
	}
	return nil, nil
}

// shortens reports whether s may be shorter than its operand: it has a low
// bound other than 0 or a high bound other than len of the operand, and is
// not b[:0], which empties a buffer for reuse (v.AppendText(b[:0])).
func shortens(info *types.Info, s *ast.SliceExpr) bool {
	if s.Low != nil {
		if tv := info.Types[s.Low]; tv.Value == nil || constant.Sign(tv.Value) != 0 {
			return true
		}
	}
	if s.High == nil {
		return false
	}
	if tv := info.Types[s.High]; s.Low == nil && tv.Value != nil && constant.Sign(tv.Value) == 0 {
		return false // b[:0] empties a buffer for reuse: no id is left to be short
	}
	if call, ok := ast.Unparen(s.High).(*ast.CallExpr); ok && len(call.Args) == 1 {
		if b, ok := typeutil.Callee(info, call).(*types.Builtin); ok && b.Name() == "len" {
			x, y := ast.Unparen(call.Args[0]), ast.Unparen(s.X)
			if xi, ok := x.(*ast.Ident); ok {
				if yi, ok := y.(*ast.Ident); ok && info.ObjectOf(xi) == info.ObjectOf(yi) {
					return false
				}
			}
		}
	}
	return true
}

func checkPrintf(pass *analysis.Pass, scope *rule.Scope, defs *flow.Defs, call *ast.CallExpr) {
	f := defs.Callee(call)
	if f == nil {
		return
	}
	fi, ok := printfs[f.FullName()]
	if !ok || len(call.Args) <= fi || call.Ellipsis.IsValid() {
		return
	}
	tv := pass.TypesInfo.Types[call.Args[fi]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return
	}
	format := constant.StringVal(tv.Value)
	args := call.Args[fi+1:]
	for _, v := range verbs(format) {
		if !v.precision || v.arg < 0 || v.arg >= len(args) {
			continue
		}
		arg := args[v.arg]
		if !rule.IsIDValue(pass.TypesInfo.TypeOf(arg)) && !defs.IDText(arg) {
			continue
		}
		spec := format[v.start:v.end]
		want := spec[:v.dot] + spec[v.precEnd:]
		d := analysis.Diagnostic{
			Pos:     arg.Pos(),
			End:     arg.End(),
			Message: fmt.Sprintf("%s shortens an id (TRUNC): use %s, the whole id", spec, want),
		}
		if lit, ok := ast.Unparen(call.Args[fi]).(*ast.BasicLit); ok && !v.star && plain(lit, format) {
			start := lit.Pos() + 1 + token.Pos(v.start+v.dot)
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Print the whole id with " + want,
				TextEdits: []analysis.TextEdit{{Pos: start, End: start + token.Pos(v.precEnd-v.dot)}},
			}}
		}
		scope.Report(pass, d)
	}
}

// plain reports whether the literal's text between its quotes is exactly
// the format, so that offsets in the format are offsets in the source.
func plain(lit *ast.BasicLit, format string) bool {
	if lit.Kind != token.STRING || len(lit.Value) < 2 {
		return false
	}
	if lit.Value[0] == '`' {
		return lit.Value[1:len(lit.Value)-1] == format
	}
	s, err := strconv.Unquote(lit.Value)
	return err == nil && s == format && lit.Value[1:len(lit.Value)-1] == format
}

// verb is one conversion of a format: format[start:end] is its text,
// format[start+dot:start+precEnd] its precision (".8") when precision is
// set, arg the index of its operand among the arguments after the format.
type verb struct {
	start, end   int
	dot, precEnd int
	precision    bool
	star         bool
	arg          int
}

// verbs parses a printf format as package fmt does: flags, an optional
// argument index, width, precision (each a number, * or [n]*) and the verb.
func verbs(format string) []verb {
	var out []verb
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		v := verb{start: i, arg: -1}
		i++
		for i < len(format) && (format[i] == '+' || format[i] == '-' || format[i] == '#' || format[i] == ' ' || format[i] == '0') {
			i++
		}
		index := func() {
			if i < len(format) && format[i] == '[' {
				j := i + 1
				n := 0
				for j < len(format) && format[j] >= '0' && format[j] <= '9' {
					n = n*10 + int(format[j]-'0')
					j++
				}
				if j < len(format) && format[j] == ']' && n > 0 {
					arg = n - 1
					i = j + 1
				}
			}
		}
		number := func() {
			index()
			if i < len(format) && format[i] == '*' {
				v.star = true
				arg++
				i++
				return
			}
			for i < len(format) && format[i] >= '0' && format[i] <= '9' {
				i++
			}
		}
		number() // width
		if i < len(format) && format[i] == '.' {
			v.precision = true
			v.dot = i - v.start
			i++
			number()
			v.precEnd = i - v.start
		}
		index()
		if i >= len(format) {
			break
		}
		if format[i] == '%' {
			continue
		}
		v.arg = arg
		arg++
		v.end = i + 1
		out = append(out, v)
	}
	return out
}
