// Package makersown uses a service's own id makers, declared in the test
// with -idmakers.makers=example.com/util.RandomString,example.com/webcore/id.
package makersown

import (
	"example.com/util"
	webid "example.com/webcore/id"
	guuid "github.com/google/uuid"
)

func own() {
	_ = util.RandomString(12)                 // want `^util\.RandomString makes an id outside package id \(KEYS-3\): use id\.New\(\)$`
	_ = util.Slugify("a b")                   // not declared
	_ = webid.GenerateFriendlyRandomString(8) // want `id\.GenerateFriendlyRandomString makes an id`
	f, _ := webid.ParseFriendly("x")          // want `^id\.ParseFriendly parses an id outside package id \(KEYS-3\): use id\.Parse\(\)$`
	_ = f.String()                            // a method of a declared package is not a maker
	_ = webid.NewV5("ns", "name")             // name-based: not a new id
	webid.Alphabet()                          // returns nothing: not a maker
	_ = guuid.Parse                           // on -idmakers.allow by its own path: github.com/google/uuid
}
