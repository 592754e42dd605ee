package idbackfill

import (
	_ "embed"
	"go/ast"
	"go/types"

	"github.com/idkeys/id/vet/internal/reach"
	"github.com/idkeys/id/vet/internal/rule"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// Analyzer reports adopt.NewBackfill and Backfill.At outside allowed packages.
var Analyzer = &analysis.Analyzer{
	Name:     "idbackfill",
	Doc:      rule.Doc(doc, "idbackfill"),
	URL:      "https://pkg.go.dev/github.com/idkeys/id/vet/passes/idbackfill",
	Requires: []*analysis.Analyzer{inspect.Analyzer, reach.Analyzer},
	Run:      run,
}

//go:embed doc.go
var doc string

var cfg = rule.Config{Tests: true}

func init() {
	rule.Flags(&Analyzer.Flags, &cfg)
	reach.Watch(func() []string { return []string{rule.AdoptPath} })
}

func run(pass *analysis.Pass) (any, error) {
	if !reach.Of(pass).Reaches(rule.AdoptPath) {
		return nil, nil
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
		if !rule.PkgFunc(f, rule.AdoptPath, "NewBackfill") && !rule.Method(f, rule.AdoptPath, "Backfill", "At") {
			continue
		}
		if scope.Skip(ident.Pos()) {
			continue
		}
		scope.Reportf(pass, ident.Pos(), "%s is for ids of existing rows (BACKFILL): use id.New() for new rows (KEYS-2), or list this package in -idbackfill.allow", rule.Func(f))
	}
	return nil, nil
}
