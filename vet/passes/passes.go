// Package passes lists the analyzers of idvet, which check the conventions
// of package id (github.com/idkeys/id); each is a package of its own below
// this one.
package passes

import (
	"github.com/idkeys/id/vet/passes/idbackfill"
	"github.com/idkeys/id/vet/passes/idcase"
	"github.com/idkeys/id/vet/passes/idmakers"
	"github.com/idkeys/id/vet/passes/idquery"
	"github.com/idkeys/id/vet/passes/idsilent"
	"github.com/idkeys/id/vet/passes/idtrunc"
	"github.com/idkeys/id/vet/passes/idtyped"
	"golang.org/x/tools/go/analysis"
)

// Analyzers returns every idvet analyzer, in the order of the rules.
func Analyzers() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		idmakers.Analyzer,
		idcase.Analyzer,
		idquery.Analyzer,
		idtrunc.Analyzer,
		idbackfill.Analyzer,
		idsilent.Analyzer,
		idtyped.Analyzer,
	}
}
