// Package plugin registers idvet's analyzers as a golangci-lint v2 module
// plugin named "idvet" (github.com/golangci/plugin-module-register).
//
// Settings, under linters.settings.custom.idvet.settings in .golangci.yml:
//
//	disable: [idtrunc]            # analyzers to switch off
//	allow:                        # packages each analyzer does not report
//	  idmakers: [example.com/svc/migrate]
//	tests: false                  # skip _test.go files (default: all but idmakers and idquery check them)
//	makers:                       # the service's own id makers and parsers
//	  - example.com/util.RandomString
//	  - github.com/writeas/web-core/id
//	infer: false                  # do not infer the service's random-string helpers
//	sinks:                        # the service's own query interfaces
//	  - example.com/svc/store.Store
package plugin

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"github.com/idkeys/id/vet/passes"
	"github.com/idkeys/id/vet/passes/idmakers"
	"github.com/idkeys/id/vet/passes/idquery"
	"golang.org/x/tools/go/analysis"
)

func init() {
	register.Plugin("idvet", New)
}

// Settings are the plugin's settings in golangci-lint's configuration.
type Settings struct {
	// Disable names analyzers not to run (idmakers, idcase, idquery,
	// idtrunc, idbackfill, idsilent, idtyped).
	Disable []string `json:"disable"`
	// Allow maps an analyzer's name to the packages it does not report.
	Allow map[string][]string `json:"allow"`
	// Tests, when set, says whether every analyzer reports findings in
	// _test.go files; unset, all do but idmakers.
	Tests *bool `json:"tests"`
	// Makers names the service's own functions (path.Func,
	// path.Type.Method) and packages (path) that make or parse ids, as
	// idvet's -idmakers.makers does.
	Makers []string `json:"makers"`
	// Infer, when set, says whether idmakers infers the service's own
	// helpers that make strings from random bits, as idvet's
	// -idmakers.infer does; unset, it does.
	Infer *bool `json:"infer"`
	// Sinks names the service's own query functions, methods, types or
	// packages, as idvet's -idquery.sinks does.
	Sinks []string `json:"sinks"`
}

// Plugin is the golangci-lint plugin of idvet.
type Plugin struct{ settings Settings }

// New returns the plugin for golangci-lint's raw settings.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("idvet: %w", err)
	}
	return &Plugin{settings: s}, nil
}

// BuildAnalyzers returns the analyzers not disabled, with their allow-lists set.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	var out []*analysis.Analyzer
	names := make(map[string]bool)
	if len(p.settings.Sinks) > 0 {
		if err := idquery.Analyzer.Flags.Set("sinks", strings.Join(p.settings.Sinks, ",")); err != nil {
			return nil, fmt.Errorf("idvet: sinks: %w", err)
		}
	}
	if len(p.settings.Makers) > 0 {
		if err := idmakers.Analyzer.Flags.Set("makers", strings.Join(p.settings.Makers, ",")); err != nil {
			return nil, fmt.Errorf("idvet: makers: %w", err)
		}
	}
	if p.settings.Infer != nil {
		if err := idmakers.Analyzer.Flags.Set("infer", strconv.FormatBool(*p.settings.Infer)); err != nil {
			return nil, fmt.Errorf("idvet: infer: %w", err)
		}
	}
	for _, a := range passes.Analyzers() {
		names[a.Name] = true
		if slices.Contains(p.settings.Disable, a.Name) {
			continue
		}
		if p.settings.Tests != nil {
			if err := a.Flags.Set("tests", strconv.FormatBool(*p.settings.Tests)); err != nil {
				return nil, fmt.Errorf("idvet: tests for %s: %w", a.Name, err)
			}
		}
		if pkgs, ok := p.settings.Allow[a.Name]; ok {
			if err := a.Flags.Set("allow", strings.Join(pkgs, ",")); err != nil {
				return nil, fmt.Errorf("idvet: allow for %s: %w", a.Name, err)
			}
		}
		out = append(out, a)
	}
	for _, n := range p.settings.Disable {
		if !names[n] {
			return nil, fmt.Errorf("idvet: disable: no analyzer %q", n)
		}
	}
	for n := range p.settings.Allow {
		if !names[n] {
			return nil, fmt.Errorf("idvet: allow: no analyzer %q", n)
		}
	}
	return out, nil
}

// GetLoadMode says the analyzers need type information.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
