// Package ogenapi is a fixture: the server code that ogen v1.24.0
// generates from ../ogen.yaml, whose ids carry x-ogen-type:
// github.com/idkeys/id.ID. The generated files (oas_*_gen.go) are
// committed, so neither tests nor CI run the generator; regenerate them
// after changing the spec with
//
//	go generate ./testdata/ogenapi
package ogenapi

//go:generate go run github.com/ogen-go/ogen/cmd/ogen@v1.24.0 --target . --package ogenapi --clean ../ogen.yaml
