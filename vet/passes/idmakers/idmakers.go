package idmakers

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"github.com/idkeys/id/vet/internal/reach"
	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// Analyzer reports ids made or parsed outside package id.
var Analyzer = &analysis.Analyzer{
	Name:      "idmakers",
	Doc:       rule.Doc(doc, "idmakers"),
	URL:       "https://pkg.go.dev/github.com/idkeys/id/vet/passes/idmakers",
	Requires:  []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Random)},
}

//go:embed doc.go
var doc string

var (
	cfg      = rule.Config{Tests: false}
	declared Makers
	// inferOn says whether the service's own random helpers are
	// inferred (infer.go): -idmakers.infer.
	inferOn = true
)

func init() {
	rule.Flags(&Analyzer.Flags, &cfg)
	reach.Watch(makerPaths)
	Analyzer.Flags.Var(&declared, "makers", "comma-separated functions (path.Func, path.Type.Method) or packages (path) of the service that make or parse ids")
	Analyzer.Flags.Var(&foreign, "foreign", "comma-separated words that, in a name on the way, make a parsed id another system's (beside external, foreign, provider, catalog, …)")
	Analyzer.Flags.BoolVar(&inferOn, "infer", inferOn, "report the service's own helpers that make strings from random bits, where their values are used as ids")
}

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
		"NewV6", "NewV7", "NewV7FromReader",
		"NewDCESecurity", "NewDCEPerson", "NewDCEGroup")
	add(google, parser, "Parse", "ParseBytes", "MustParse", "FromBytes", "Validate")

	gofrs := []string{"github.com/gofrs/uuid/v5", "github.com/gofrs/uuid"}
	add(gofrs, maker, "NewV1", "NewV4", "NewV6", "NewV7",
		"Gen.NewV1", "Gen.NewV4", "Gen.NewV6", "Gen.NewV7")
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

	// Routers' middlewares that mint request ids (KEYS-7), named as a
	// value: r.Use(middleware.RequestID).
	add([]string{"github.com/go-chi/chi/v5/middleware", "github.com/go-chi/chi/middleware"}, maker, "RequestID")

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

// requestIDs are the middlewares among the makers.
var requestIDs = map[string]bool{
	"github.com/go-chi/chi/v5/middleware.RequestID": true, "github.com/go-chi/chi/middleware.RequestID": true,
}

// lookup returns what f is: a maker, a parser, or neither.
func lookup(f *types.Func) kind {
	if f.Pkg() == nil {
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
	if k := funcs[f.Pkg().Path()][name]; k != 0 {
		return k
	}
	return declared.kindOf(f.Pkg().Path(), name, f.Signature().Results().Len() > 0)
}

// makerPaths are the packages one of which a package must reach for a
// maker or parser to be called in it: the listed ones and the declared,
// and the random packages when helpers are inferred.
func makerPaths() []string {
	paths := make([]string, 0, len(funcs)+len(randPkgs))
	for p := range funcs {
		paths = append(paths, p)
	}
	if inferOn {
		for p := range randPkgs {
			paths = append(paths, p)
		}
	}
	return append(paths, declared.paths()...)
}

func run(pass *analysis.Pass) (any, error) {
	if !reach.Of(pass).Reaches(makerPaths()...) {
		return nil, nil
	}
	var in *inferrer
	if inferOn {
		in = newInferrer(pass) // exports its facts, reported or not
	}
	scope, ok := rule.NewScope(pass, &cfg)
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
		inferred := false
		if k == 0 && in != nil {
			r := in.random(f)
			if r == nil || r.Inside || in.inHelper(cur) {
				continue // reported inside the helper, or in the helper that calls it
			}
			k, inferred = maker, true
		}
		if k == 0 || scope.Skip(ident.Pos()) || cfg.Allow.Match(f.Pkg().Path()) {
			continue
		}
		if inferred && in.random(f).Secret && !idField(pass, cur) {
			continue // a helper named as a secret: an id only in an id field
		}
		if k == maker && !timed[f.Pkg().Path()+"."+f.Name()] && (secretOnly(pass, cur, inferred) || bearer(pass, cur, inferred) || flowsOnly(pass, cur, inferred, nameDest)) {
			continue // a random secret, not an id: see secret.go, foreign.go
		}
		if k == parser && foreignCall(pass, cur) {
			continue // another system's id: see foreign.go
		}
		if inferred && fragment(pass, cur, true) {
			continue // a random fragment of a natural key, or a test helper's
		}
		if inferred && !usedAsID(pass, cur, true) {
			continue // an inferred helper: reported where used as an id
		}
		if _, listed := funcs[f.Pkg().Path()]; !listed && !inferred && k == maker && (f.Pkg() == pass.Pkg || !usedAsID(pass, cur, false)) {
			continue // a declared maker: reported where used as an id, see used.go
		}
		name := rule.Func(f)
		d := analysis.Diagnostic{Pos: ident.Pos(), End: ident.End()}
		switch {
		case requestIDs[f.Pkg().Path()+"."+f.Name()]:
			d.Message = fmt.Sprintf("%s makes request ids outside package id (KEYS-7): set them with id.New() in a middleware of the service", name)
		case inferred:
			d.Message = fmt.Sprintf("%s makes an id from random bits outside package id (KEYS-3): use id.New()", name)
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
