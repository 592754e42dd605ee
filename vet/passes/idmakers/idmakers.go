package idmakers

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// Analyzer reports ids made or parsed outside package id.
var Analyzer = &analysis.Analyzer{
	Name:     "idmakers",
	Doc:      rule.Doc(doc, "idmakers"),
	URL:      "https://pkg.go.dev/github.com/idkeys/id/vet/passes/idmakers",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

//go:embed doc.go
var doc string

var allow rule.Allow

func init() { rule.Flags(&Analyzer.Flags, &allow) }

type kind int

const (
	maker kind = iota + 1
	parser
)

// funcs maps an import path to its makers and parsers, as "Name" for a
// function and "Type.Name" for a method.
var funcs = map[string]map[string]kind{}

func add(paths []string, k kind, names ...string) {
	for _, p := range paths {
		if funcs[p] == nil {
			funcs[p] = make(map[string]kind)
		}
		for _, n := range names {
			funcs[p][n] = k
		}
	}
}

func init() {
	ulids := []string{"github.com/oklog/ulid", "github.com/oklog/ulid/v2"}
	add(ulids, maker, "New", "MustNew", "MustNewDefault", "Make")
	add(ulids, parser, "Parse", "ParseStrict", "MustParse", "MustParseStrict")

	google := []string{"github.com/google/uuid"}
	add(google, maker, "New", "NewString", "NewRandom", "NewRandomFromReader", "NewUUID",
		"NewV6", "NewV7", "NewV7FromReader", "NewMD5", "NewSHA1", "NewHash",
		"NewDCESecurity", "NewDCEPerson", "NewDCEGroup")
	add(google, parser, "Parse", "ParseBytes", "MustParse", "FromBytes", "Validate")

	gofrs := []string{"github.com/gofrs/uuid/v5", "github.com/gofrs/uuid"}
	add(gofrs, maker, "NewV1", "NewV3", "NewV4", "NewV5", "NewV6", "NewV7",
		"Gen.NewV1", "Gen.NewV3", "Gen.NewV4", "Gen.NewV5", "Gen.NewV6", "Gen.NewV7")
	add(gofrs, parser, "FromString", "FromStringOrNil", "FromBytes", "FromBytesOrNil", "UUID.Parse")

	std := []string{"uuid"}
	add(std, maker, "New", "NewV4", "NewV7")
	add(std, parser, "Parse", "MustParse")

	ksuid := []string{"github.com/segmentio/ksuid"}
	add(ksuid, maker, "New", "NewRandom", "NewRandomWithTime", "FromParts")
	add(ksuid, parser, "Parse", "FromBytes")

	xid := []string{"github.com/rs/xid"}
	add(xid, maker, "New", "NewWithTime")
	add(xid, parser, "FromString", "FromBytes")

	typeid := []string{"go.jetify.com/typeid"}
	add(typeid, maker, "New", "WithPrefix")
	add(typeid, parser, "From", "FromSuffix", "FromString", "Parse", "FromUUID",
		"FromUUIDBytes", "FromUUIDWithPrefix", "FromUUIDBytesWithPrefix")

	add([]string{"github.com/lithammer/shortuuid/v4", "github.com/lithammer/shortuuid/v3", "github.com/lithammer/shortuuid"},
		maker, "New", "NewWithEncoder", "NewWithNamespace", "NewWithAlphabet")
	add([]string{"github.com/matoous/go-nanoid/v2", "github.com/matoous/go-nanoid"},
		maker, "New", "Must", "Generate", "MustGenerate")
	add([]string{"github.com/teris-io/shortid"},
		maker, "Generate", "MustGenerate", "Shortid.Generate", "Shortid.MustGenerate", "Shortid.GenerateInternal")
	add([]string{"github.com/sony/sonyflake", "github.com/sony/sonyflake/v2"},
		maker, "Sonyflake.NextID")

	snow := []string{"github.com/bwmarrin/snowflake"}
	add(snow, maker, "Node.Generate")
	add(snow, parser, "ParseInt64", "ParseString", "ParseBase2", "ParseBase32", "ParseBase36",
		"ParseBase58", "ParseBase64", "ParseBytes", "ParseIntBytes")
}

// timed are the makers that take a time: an id for a given time is
// id.MinAt(t) when it is a bound for a query, or a backfill's.
var timed = map[string]bool{
	"github.com/oklog/ulid.New": true, "github.com/oklog/ulid.MustNew": true,
	"github.com/oklog/ulid/v2.New": true, "github.com/oklog/ulid/v2.MustNew": true,
	"github.com/oklog/ulid/v2.MustNewDefault":      true,
	"github.com/segmentio/ksuid.NewRandomWithTime": true, "github.com/segmentio/ksuid.FromParts": true,
	"github.com/rs/xid.NewWithTime": true,
}

// lookup returns what f is: a maker, a parser, or neither.
func lookup(f *types.Func) kind {
	if f.Pkg() == nil {
		return 0
	}
	names := funcs[f.Pkg().Path()]
	if names == nil {
		return 0
	}
	name := f.Name()
	if recv := f.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return 0
		}
		name = n.Obj().Name() + "." + name
	}
	return names[name]
}

func run(pass *analysis.Pass) (any, error) {
	paths := make([]string, 0, len(funcs))
	for p := range funcs {
		paths = append(paths, p)
	}
	if !rule.Reaches(pass.Pkg, paths...) {
		return nil, nil
	}
	scope, ok := rule.NewScope(pass, allow)
	if !ok {
		return nil, nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.Ident)(nil)) {
		ident := cur.Node().(*ast.Ident)
		f, ok := pass.TypesInfo.Uses[ident].(*types.Func)
		if !ok {
			continue
		}
		f = f.Origin()
		k := lookup(f)
		if k == 0 || scope.Skip(ident.Pos()) {
			continue
		}
		name := rule.Func(f)
		d := analysis.Diagnostic{Pos: ident.Pos(), End: ident.End()}
		switch {
		case k == maker && timed[f.Pkg().Path()+"."+f.Name()]:
			d.Message = fmt.Sprintf("%s makes an id outside package id (KEYS-3): use id.New(), or id.MinAt(t) for a time bound", name)
		case k == maker:
			d.Message = fmt.Sprintf("%s makes an id outside package id (KEYS-3): use id.New()", name)
			d.SuggestedFixes = fix(pass, cur, f)
		default:
			d.Message = fmt.Sprintf("%s parses an id outside package id (KEYS-3): use id.Parse()", name)
		}
		scope.Report(pass, d)
	}
	return nil, nil
}

// fix returns the rewrite of a call M() of a maker with no parameters to
// id.New(), where that is mechanical and keeps the type: M().String()
// becomes id.New().String(), and M() returning a string becomes
// id.New().String(). The file must import package id under a name that
// nothing shadows here.
func fix(pass *analysis.Pass, cur inspector.Cursor, f *types.Func) []analysis.SuggestedFix {
	sig := f.Signature()
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 || sig.TypeParams().Len() != 0 {
		return nil
	}
	// The identifier is M or pkg.M, and that is the Fun of a call with no arguments.
	fun := cur
	if sel, ok := fun.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == cur.Node() {
		if _, isPkg := pass.TypesInfo.Uses[identOf(sel.X)].(*types.PkgName); !isPkg {
			return nil // a method, or a field's function value
		}
		fun = fun.Parent()
	}
	call, ok := fun.Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun != fun.Node() || len(call.Args) != 0 {
		return nil
	}
	idName := importName(pass, cur)
	if idName == "" {
		return nil
	}
	var newText string
	switch res := sig.Results().At(0).Type(); {
	case types.Identical(res, types.Typ[types.String]):
		newText = idName + ".New().String()"
	default:
		// M().String(): the call is the receiver of a String method with no arguments.
		sel, ok := fun.Parent().Parent().Node().(*ast.SelectorExpr)
		if !ok || sel.X != call || sel.Sel.Name != "String" {
			return nil
		}
		outer, ok := fun.Parent().Parent().Parent().Node().(*ast.CallExpr)
		if !ok || outer.Fun != sel || len(outer.Args) != 0 {
			return nil
		}
		m, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func)
		if !ok || !types.Identical(m.Signature().Results(), types.NewTuple(types.NewParam(0, nil, "", types.Typ[types.String]))) {
			return nil
		}
		newText = idName + ".New()"
	}
	return []analysis.SuggestedFix{{
		Message:   "Use " + newText,
		TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(newText)}},
	}}
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := e.(*ast.Ident)
	return id
}

// importName returns the name under which the file of cur imports package
// id, if it does and that name means package id at cur.
func importName(pass *analysis.Pass, cur inspector.Cursor) string {
	var file *ast.File
	for c := range cur.Enclosing((*ast.File)(nil)) {
		file = c.Node().(*ast.File)
	}
	if file == nil {
		return ""
	}
	for _, imp := range file.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil || path != rule.IDPath {
			continue
		}
		name := "id"
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name == "_" || name == "." || strings.TrimSpace(name) == "" {
			return ""
		}
		// The name must still mean the package where the call is.
		scope := pass.TypesInfo.Scopes[file]
		if inner := innermost(pass, cur); inner != nil {
			scope = inner
		}
		if _, obj := scope.LookupParent(name, cur.Node().Pos()); obj != nil {
			if pn, ok := obj.(*types.PkgName); ok && pn.Imported().Path() == rule.IDPath {
				return name
			}
		}
		return ""
	}
	return ""
}

// innermost returns the innermost scope that holds cur's position.
func innermost(pass *analysis.Pass, cur inspector.Cursor) *types.Scope {
	for c := range cur.Enclosing() {
		if s, ok := pass.TypesInfo.Scopes[c.Node()]; ok {
			return s.Innermost(cur.Node().Pos())
		}
	}
	return nil
}
