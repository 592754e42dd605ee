package idquery

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"slices"

	"github.com/idkeys/id/vet/internal/flow"
	"github.com/idkeys/id/vet/internal/reach"
	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
)

// Analyzer reports outside ids reaching a query unparsed.
var Analyzer = &analysis.Analyzer{
	Name:      "idquery",
	Doc:       rule.Doc(doc, "idquery"),
	URL:       "https://pkg.go.dev/github.com/idkeys/id/vet/passes/idquery",
	Run:       run,
	Requires:  []*analysis.Analyzer{reach.Analyzer},
	FactTypes: []analysis.Fact{new(Sink), new(Source), new(Decoder)},
}

//go:embed doc.go
var doc string

var (
	cfg      = rule.Config{Tests: false} // -idquery.tests: a test is no request path
	declared Sinks
	// verbose: -idquery.v prints, for each package with queries, how
	// many it checked and how many had text that cannot be known.
	verbose bool
)

func init() {
	rule.Flags(&Analyzer.Flags, &cfg)
	Analyzer.Flags.Var(&columns, "columns", "comma-separated column names that are ids beside id, *_id, *Id, *ID, uuid and *_uuid")
	Analyzer.Flags.Var(&foreign, "foreign", "comma-separated words that make a column another system's id, not the service's (beside external, provider, stripe, …: the words of -idmakers.foreign)")
	reach.Watch(func() []string { return slices.Concat(sinkPaths, declared.paths(), handlerPaths, jsonPaths) })
	Analyzer.Flags.BoolVar(&verbose, "v", false, "print for each package with queries: N queries checked, M with text that cannot be known")
	Analyzer.Flags.Var(&declared, "sinks", "comma-separated query functions, methods (path.Type.Method), types (path.Type) or packages of the service, for calls idquery cannot follow")
}

// value is where an expression's text came from.
type value struct {
	src   string // the request read, `PathValue("id")`; "" for a parameter
	param int    // the index of the parameter of the analysed function, or -1
	// uuid says that the key is a UUID's or a GUID's: id.Parse would
	// refuse the value, so the message does not advise it.
	uuid bool
	// field is the parameter's field the value is, when param is a
	// struct passed to the analysed function (page.ID).
	field string
}

// site is an expression that reaches a query as a value.
type site struct {
	arg  ast.Expr
	path string // the query, or the calls to it
	id   bool   // the value is bound to an id column (idColumn)
	col  string // that column
	// bind: the query binds arg as it is, so its type is judged here.
	bind bool
	// uuid: the placeholder's column is a UUID's: no id.Parse advice.
	uuid bool
	// model: arg is a model struct (or a pointer to one, or a slice)
	// bound whole (GORM's Create, Where(&cond)): its id fields' types are
	// judged.
	model bool
	// cond: the model is a condition (GORM's Where(&c)), which binds only
	// the fields set: those of its literal, or assigned to its variable.
	cond bool
	// text: arg is the SQL text of the query, not a constant.
	text bool
	// at, when set, is where the finding is reported instead of at arg:
	// the call that binds a value set elsewhere.
	at token.Pos
	// field: arg is a struct whose field of that name reaches the query.
	field string
	// variadic, for a call with ...: arg is the slice passed whole.
	variadic bool
	// named: arg is the struct or map of a named query whose text is not
	// known here (named.go), for the facts.
	named bool
}

// fieldKey is a field of a local struct variable.
type fieldKey struct {
	v     *types.Var
	field string
}

type checker struct {
	pass *analysis.Pass
	defs *flow.Defs
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
	// decoded are the local variables a request body is decoded into;
	// ranges maps a range statement's value variable to what it ranges
	// over.
	decoded map[*types.Var]string // "JSON body", or the binding method
	ranges  map[*types.Var]ast.Expr
	// checked are the request reads checked before use (guard.go);
	// uuidKeys the values matched against a UUID pattern.
	checked  []checkedRead
	uuidKeys map[parsedKey]bool
	// fieldDefs maps a local struct variable's field to the values
	// assigned to it (x.F = v); lits maps a local variable to the function
	// literal it holds (run := func(id string) {…}), and litFacts such a
	// variable to the parameters of the literal that reach a query.
	fieldDefs map[fieldKey][]ast.Expr
	lits      map[*types.Var]*ast.FuncLit
	litFacts  map[*types.Var]*Sink
	facts     map[*types.Func]*Sink // this package's, and the imported ones looked up
	params    map[*types.Var]int    // the parameters of the function whose facts are computed
	vararg    *types.Var            // its final ...T parameter, if any
	// validatorsOnly: findGuards, run before the facts, counts only
	// parsers and validators by name (validator.Validate.Struct).
	validatorsOnly bool
	// sawCheck is set when taint meets a value checked before c.at.
	sawCheck bool
	// generated are the package's generated files, by their start.
	generated map[token.Pos]bool
	// paramNames are the parameters of the package's functions.
	paramNames map[*types.Var]bool
	// mwChecks are the request reads each middleware checks (guard.go);
	// decls the package's functions' declarations.
	mwChecks map[*types.Func][]string
	decls    map[*types.Func]*ast.FuncDecl
	// texts computes SQL text from the package's SSA form (text.go).
	texts *texts
	// counting is set in the pass that reports: queries counts the
	// queries with SQL text, unknown those whose text is not known.
	counting         bool
	queries, unknown int
}

// handlerPaths are the packages one of which a package must reach for a
// request value to be read in it.
var handlerPaths = []string{"net/http", "github.com/gin-gonic/gin", "github.com/labstack/echo/", "github.com/gofiber/fiber/", "github.com/julienschmidt/httprouter", "github.com/valyala/fasthttp", "github.com/go-ozzo/ozzo-routing"}

// jsonPaths are the packages one of which a package must reach for a
// function of it to decode a request body into a parameter (helper.go).
var jsonPaths = []string{"encoding/json", "encoding/json/v2"}

func run(pass *analysis.Pass) (any, error) {
	path := pass.Pkg.Path()
	if listed(path) {
		return nil, nil
	}
	handlers := reach.Of(pass).Reaches(handlerPaths...)
	queries := reach.Of(pass).Reaches(slices.Concat(sinkPaths, declared.paths())...)
	jsonHelpers := reach.Of(pass).Reaches(jsonPaths...)
	if !handlers && !queries && !jsonHelpers {
		return nil, nil
	}
	c := &checker{pass: pass, texts: &texts{pass: pass}, defs: flow.New(pass.TypesInfo, pass.Files), facts: make(map[*types.Func]*Sink), sources: make(map[*types.Func]*Source), decoders: make(map[*types.Func]*Decoder)}
	if handlers {
		c.computeSources()
	}
	if handlers || jsonHelpers {
		c.computeDecoders()
	}
	if !queries {
		return nil, nil
	}
	c.generated, c.paramNames = make(map[token.Pos]bool), make(map[*types.Var]bool)
	for _, f := range pass.Files {
		c.generated[f.FileStart] = ast.IsGenerated(f)
		ast.Inspect(f, func(n ast.Node) bool {
			if ft, ok := n.(*ast.FuncType); ok && ft.Params != nil {
				for _, field := range ft.Params.List {
					for _, name := range field.Names {
						if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok {
							c.paramNames[v] = true
						}
					}
				}
			}
			return true
		})
	}
	c.findParsed()
	c.findDecoded()
	c.findFieldsAndLits()
	// A function that validates a parameter, by a validator's name, and
	// returns on failure before its query does not pass it on unchecked.
	c.validatorsOnly = true
	c.findGuards()
	c.validatorsOnly = false
	c.computeFacts()
	scope, ok := rule.NewScope(pass, &cfg)
	if !ok {
		return nil, nil
	}
	c.params, c.vararg = nil, nil
	c.findGuards()
	c.counting = true
	for _, f := range scope.Files(pass) {
		ast.Inspect(f, func(n ast.Node) bool {
			for _, s := range c.sites(n) {
				c.report(scope, s)
			}
			return true
		})
	}
	if verbose && c.queries > 0 {
		fmt.Fprintf(os.Stderr, "idquery: %s: %d queries checked, %d with text that cannot be known\n", path, c.queries, c.unknown)
	}
	return nil, nil
}
