package idquery

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strings"

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
	Analyzer.Flags.BoolVar(&verbose, "v", false, "print for each package with queries: N query calls checked (every library call it judges, SQL text or not), M whose SQL text cannot be known, and where each of those is")
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
	// colType: the column's declared type (the schema, a GORM or bun
	// type tag), "" when not known: a 16-byte type's Go type is
	// compact.ID, a text type's id.ID (bytes16, textStore).
	colType string
	// model: arg is a model struct (or a pointer to one, or a slice)
	// bound whole (GORM's Create, Where(&cond)): its id fields' types are
	// judged.
	model bool
	// cond: the model is a condition (GORM's Where(&c)), which binds only
	// the fields set: those of its literal, or assigned to its variable.
	cond bool
	// pk: the model binds its primary key alone (GORM's Delete(&m)).
	pk bool
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
	// colParam, in the facts' computation: 1 + the index of the string
	// parameter that names the placeholder's column (texts.colParam);
	// 0 when none does.
	colParam int
	// place, in the facts' computation: the placeholder (1-based) that
	// binds arg, a value passed after SQL text that is not known here (a
	// wrapper's parameter): a caller's constant text names its column.
	place int
}

// fieldKey is a field of a local struct variable.
type fieldKey struct {
	v     *types.Var
	field string
}

// pkg is what every step reads of the package: its types, its
// variables' definitions, and its SQL text computed from its SSA form
// (text.go).
type pkg struct {
	pass  *analysis.Pass
	defs  *flow.Defs
	texts *texts
}

// checker runs the steps in order: the request values and the helpers
// that read or decode them (tracer), what each function checks before
// its queries (guards), the queries each function passes its parameters
// to (sinks), then, per query found (finder), the text, the columns and
// the judgement of the bound types, and the message (reporter).
type checker struct {
	t *tracer
	g *guards
	s *sinks
	q *finder
	r *reporter
}

func newChecker(pass *analysis.Pass) *checker {
	p := &pkg{pass: pass, texts: &texts{pass: pass}, defs: flow.New(pass.TypesInfo, pass.Files)}
	t := &tracer{pkg: p, sources: make(map[*types.Func]*Source), decoders: make(map[*types.Func]*Decoder)}
	p.texts.param = func(v *types.Var) (int, bool) {
		i, ok := t.params[v]
		return i, ok && v != t.vararg
	}
	g := &guards{pkg: p, t: t}
	s := &sinks{pkg: p, t: t, facts: make(map[*types.Func]*Sink)}
	q := &finder{pkg: p, t: t, s: s}
	t.g, t.s, g.s, s.q = g, s, s, q
	return &checker{t: t, g: g, s: s, q: q, r: &reporter{pkg: p, t: t}}
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
	c := newChecker(pass)
	if handlers {
		c.t.computeSources()
	}
	if handlers || jsonHelpers {
		c.t.computeDecoders()
	}
	if !queries {
		return nil, nil
	}
	c.s.generated, c.t.paramNames = make(map[token.Pos]bool), make(map[*types.Var]bool)
	for _, f := range pass.Files {
		c.s.generated[f.FileStart] = ast.IsGenerated(f)
		ast.Inspect(f, func(n ast.Node) bool {
			if ft, ok := n.(*ast.FuncType); ok && ft.Params != nil {
				for _, field := range ft.Params.List {
					for _, name := range field.Names {
						if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok {
							c.t.paramNames[v] = true
						}
					}
				}
			}
			return true
		})
	}
	c.t.findParsed()
	c.t.findDecoded()
	c.t.findFieldsAndLits()
	// A function that validates a parameter, by a validator's name, and
	// returns on failure before its query does not pass it on unchecked.
	c.g.validatorsOnly = true
	c.g.findGuards()
	c.g.validatorsOnly = false
	c.s.computeFacts()
	scope, ok := rule.NewScope(pass, &cfg)
	if !ok {
		return nil, nil
	}
	c.t.params, c.t.vararg = nil, nil
	c.g.findGuards()
	c.q.counting = true
	for _, f := range scope.Files(pass) {
		ast.Inspect(f, func(n ast.Node) bool {
			for _, s := range c.q.sites(n) {
				c.r.report(scope, s)
			}
			return true
		})
	}
	if verbose && c.q.queries > 0 {
		// One write: packages are analysed in parallel.
		var b strings.Builder
		fmt.Fprintf(&b, "idquery: %s: %d query calls checked, %d whose SQL text cannot be known\n", path, c.q.queries, c.q.unknown)
		for _, at := range c.q.unknownAt {
			fmt.Fprintf(&b, "idquery:   %s: its SQL text cannot be known\n", pass.Fset.Position(at))
		}
		os.Stderr.WriteString(b.String())
	}
	return nil, nil
}
