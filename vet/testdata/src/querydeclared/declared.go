// Package querydeclared calls a store through an interface implemented in
// a package it does not import; the test declares it with
// -idquery.sinks=querystore.Repo.
package querydeclared

import (
	"net/http"

	"querystore"
)

func handler(repo querystore.Repo, r *http.Request) {
	repo.Get(r.PathValue("id"))           // want `^PathValue\("id"\) reaches querystore\.Repo\.Get unparsed \(KEYS-5\)`
	repo.Get(r.PathValue("key"))          // want `PathValue\("key"\) reaches querystore\.Repo\.Get unparsed`
	repo.Get(r.PathValue("id")[:0] + "x") // want `^querystore\.Repo\.Get binds column id as string \(KEYS-5\): bind an id\.ID, made, parsed or scanned as one where the value comes from$`
}
