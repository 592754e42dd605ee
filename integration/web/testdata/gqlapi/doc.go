// Package gqlapi is a fixture: the executable schema that gqlgen v0.17.98
// generates from schema.graphqls, with GraphQL's ID scalar bound to
// id.ID (gqlgen.yml), and a resolver written by hand (resolver.go). The
// generated files are committed, so neither tests nor CI run the
// generator; regenerate them after changing the schema with
//
//	go generate ./testdata/gqlapi
package gqlapi

//go:generate go run github.com/99designs/gqlgen@v0.17.98 generate
