package idtest_test

import (
	"fmt"
	"strings"

	"github.com/idkeys/id"
	"github.com/idkeys/id/idtest"
)

// Normalize replaces each id with a placeholder numbered by first
// appearance: the same id (in any case, JSON-escaped or not) is the same
// placeholder, so the relations between ids survive; a 26-character word
// that is not an id stays.
func ExampleNormalize() {
	order, user := id.New(), id.New()
	text := fmt.Sprintf("POST /users/%s/orders -> 201 Location: /orders/%s\n", user, order) +
		fmt.Sprintf(`{"id":"%s","user":"%s"}`, order, strings.Replace(user.String(), "0", `\u0030`, 1)) + "\n" +
		"not an id: abcdefghijklmnopqrstuvwxyz"
	fmt.Println(idtest.Normalize(text))
	// Output:
	// POST /users/<id-1>/orders -> 201 Location: /orders/<id-2>
	// {"id":"<id-2>","user":"<id-1>"}
	// not an id: abcdefghijklmnopqrstuvwxyz
}

// Diff compares two texts up to a consistent renaming of ids: the ids of
// two runs differ, their relations must not.
func ExampleDiff() {
	o1, u1 := id.New(), id.New()
	o2, u2 := id.New(), id.New()
	fmt.Printf("%q\n", idtest.Diff("order "+o1.String()+" of "+u1.String(), "order "+o2.String()+" of "+u2.String()))
	fmt.Printf("%q\n", idtest.Diff("order "+o1.String()+" of "+u1.String(), "order "+o2.String()+" of "+o2.String()))
	// Output:
	// ""
	// "line 1: want \"order <id-1> of <id-2>\", got \"order <id-1> of <id-1>\""
}
