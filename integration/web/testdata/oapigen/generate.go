// Package oapigen is a fixture: the net/http server code that
// oapi-codegen v2.8.2 generates from ../users.yaml, whose ID
// schema carries x-go-type: id.ID. It is committed, so neither tests nor
// CI run the generator; regenerate it after changing the spec with
//
//	go generate ./testdata/oapigen
package oapigen

//go:generate go run github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2 -config config.yaml ../users.yaml
