// Package makersown uses a service's own id makers, declared in the test
// with -idmakers.makers=example.com/util.RandomString,example.com/webcore/id.
// A declared maker is reported where its value is used as an id; the
// same helper's values used for anything else are its clean twins.
package makersown

import (
	"os"

	"example.com/util"
	webid "example.com/webcore/id"
	guuid "github.com/google/uuid"
)

type User struct {
	ID   string
	Name string
}

type store struct{}

func (store) Update(column string, value any) {}
func (store) Get(userID string) User          { return User{} }

func own(s store, u User) {
	userID := util.RandomString(12)                // want `^util\.RandomString makes an id outside package id \(KEYS-3\): use id\.New\(\)$`
	_ = User{ID: util.RandomString(26)}            // want `util\.RandomString makes an id`
	_ = map[string]any{"id": util.RandomString(8)} // want `util\.RandomString makes an id`
	s.Update("id", util.RandomString(8))           // want `util\.RandomString makes an id`
	s.Get(util.RandomString(8))                    // want `util\.RandomString makes an id`
	if u.ID == util.RandomString(8) {              // want `util\.RandomString makes an id`
	}
	k := util.RandomString(8) // want `util\.RandomString makes an id`
	u.ID = k
	_ = userID
	_ = util.Slugify("a b")                   // not declared
	_ = webid.GenerateFriendlyRandomString(8) // not used as an id
	f, _ := webid.ParseFriendly("x")          // want `^id\.ParseFriendly parses an id outside package id \(KEYS-3\): use id\.Parse\(\)$`
	_ = f.String()                            // a method of a declared package is not a maker
	_ = webid.NewV5("ns", "name")             // name-based: not a new id
	webid.Alphabet()                          // returns nothing: not a maker
	_ = guuid.Parse                           // on -idmakers.allow by its own path: github.com/google/uuid
}

// newID returns a new user's id.
func newID() string { // want newID:`^random\(inside\)$`
	return webid.GenerateFriendlyRandomString(26) // want `id\.GenerateFriendlyRandomString makes an id`
}

// The twins: the same helper's values that are not ids.
func notIDs(s store) {
	os.CreateTemp("", "upload-"+util.RandomString(8))
	topic := "events." + util.RandomString(6)
	publish(topic)
	field := util.RandomString(10)
	form := map[string]string{field: "x"}
	_ = form
	s.Update("name", util.RandomString(8))
	payload := util.RandomString(1024)
	_ = User{Name: payload}
	_ = slug("post")
}

func publish(topic string) {}

// slug returns a name with a random suffix.
func slug(name string) string { // want slug:`^random\(inside\)$`
	return name + "-" + util.RandomString(6)
}
