package idcase

import (
	_ "embed"
	"go/ast"

	"github.com/idkeys/id/vet/internal/flow"
	"github.com/idkeys/id/vet/internal/reach"
	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// Analyzer reports case changes of an id's text.
var Analyzer = &analysis.Analyzer{
	Name:     "idcase",
	Doc:      rule.Doc(doc, "idcase"),
	URL:      "https://pkg.go.dev/github.com/idkeys/id/vet/passes/idcase",
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

// fold maps the functions reported to the end of their message.
var fold = map[string]string{
	"strings.ToUpper":   "changes an id's case (KEYS-4): ids are lowercase, use the id's text as it is",
	"strings.ToTitle":   "changes an id's case (KEYS-4): ids are lowercase, use the id's text as it is",
	"bytes.ToUpper":     "changes an id's case (KEYS-4): ids are lowercase, use the id's text as it is",
	"bytes.ToTitle":     "changes an id's case (KEYS-4): ids are lowercase, use the id's text as it is",
	"strings.EqualFold": "compares an id ignoring case (KEYS-4): parse the other side with id.Parse and compare ids with ==",
	"bytes.EqualFold":   "compares an id ignoring case (KEYS-4): parse the other side with id.Parse and compare ids with ==",
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
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		f := defs.Callee(call)
		if f == nil {
			continue
		}
		msg, ok := fold[f.FullName()]
		if !ok || scope.Skip(call.Pos()) {
			continue
		}
		for _, arg := range call.Args {
			if defs.IDText(arg) {
				scope.Reportf(pass, arg.Pos(), "%s %s", f.FullName(), msg)
				break
			}
		}
	}
	return nil, nil
}
