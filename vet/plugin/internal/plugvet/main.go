// Command plugvet runs the analyzers that the golangci-lint plugin builds
// under go vet's protocol (golang.org/x/tools/go/analysis/unitchecker):
// each package type-checked from source, its imports loaded from export
// data, and facts passed between packages in files, as golangci-lint's
// module plugin sees them. The end-to-end test of cmd/idvet runs it
// with go vet -vettool to check that the plugin reports what idvet
// reports; building golangci-lint itself takes too long for a test (see
// vet/scripts/golangci-plugin-check, which does).
//
// The plugin's settings are JSON, set when it is built:
//
//	go build -ldflags='-X main.settings={"disable":["idtrunc"]}' ./plugin/internal/plugvet
//
// (empty: the defaults). They are built in, not read from the
// environment, because go vet caches a tool's findings by the tool's
// content and flags: the same binary with other settings would be given
// the findings of the first.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/golangci/plugin-module-register/register"
	_ "github.com/idkeys/id/vet/plugin"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// settings are the plugin's settings, as JSON; set with -ldflags -X.
var settings string

func main() {
	conf := map[string]any{}
	if settings != "" {
		if err := json.Unmarshal([]byte(settings), &conf); err != nil {
			fmt.Fprintf(os.Stderr, "plugvet: settings: %v\n", err)
			os.Exit(2)
		}
	}
	newPlugin, err := register.GetPlugin("idvet")
	if err != nil {
		fmt.Fprintf(os.Stderr, "plugvet: %v\n", err)
		os.Exit(2)
	}
	p, err := newPlugin(conf)
	if err != nil {
		fmt.Fprintf(os.Stderr, "plugvet: %v\n", err)
		os.Exit(2)
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil {
		fmt.Fprintf(os.Stderr, "plugvet: %v\n", err)
		os.Exit(2)
	}
	unitchecker.Main(analyzers...)
}
