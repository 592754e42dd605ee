// Command idvet checks Go code against the conventions of package id
// (github.com/idkeys/id): ids made or parsed by other id packages
// (KEYS-3, KEYS-7), shortened ids (TRUNC), case-changed ids (KEYS-4),
// request ids reaching a query unparsed (KEYS-5), backfill ids outside
// backfill code (BACKFILL), ids reaching a library that loses them
// without an error (idsilent) and typed ids declared as type X id.ID or
// converted into one another (idtyped).
//
// It runs under go vet:
//
//	go vet -vettool=$(command -v idvet) ./...
//
// or on its own, with the go command's package patterns:
//
//	idvet ./...
//
// Either way it prints one line per finding and exits with a non-zero
// status when there is one. -NAME=false switches an analyzer off
// (idmakers, idtrunc, idcase, idquery, idbackfill, idsilent, idtyped),
// -NAME.allow=PKG,... exempts packages from it, -NAME.tests=false|true
// skips or checks its findings in _test.go files (all are checked but
// idmakers', whose fixtures are not ids a team would change), and
// -tests=false|true sets -NAME.tests for every analyzer.
// "idvet help" lists the analyzers and "idvet help NAME" describes one.
//
// Exit status, standalone: 0 when clean, 3 with findings, 1 when a
// package failed to load (one line for each, "idvet: package P not
// checked: WHY", then the findings in the packages that did load) or an
// analyzer failed; 2 for a bad flag. Under go vet: 0 clean, 1 otherwise.
package main

import (
	"flag"
	"os"

	"github.com/idkeys/id/vet/passes"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() {
	analyzers := passes.Analyzers()
	if status, ok := plain(os.Args[1:], analyzers, os.Stderr); ok {
		os.Exit(status)
	}
	flag.Var(testsFlag(analyzers), "tests", "report findings in _test.go files (sets every -NAME.tests; idmakers' and idquery's are false by default)")
	multichecker.Main(analyzers...)
}
