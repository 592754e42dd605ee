package id_test

import (
	"encoding/json"
	"fmt"

	"github.com/idkeys/id"
)

// One line per entity, no methods: UserID and OrderID are distinct types
// with every method of id.ID. Passing a UserID where an OrderID is
// expected does not compile.
type (
	UserID  struct{ id.ID }
	OrderID struct{ id.ID }
)

// Order is a model holding typed ids: JSON, database/sql, GORM and the
// other libraries see each field as they see an id.ID.
type Order struct {
	ID   OrderID `json:"id"`
	User UserID  `json:"user"`
}

// Make a typed id with NewAs (or UserID{id.New()}), parse one at a
// boundary with ParseAs, and convert: UserID{v} from an id.ID, u.ID back.
func ExampleNewAs() {
	o := Order{ID: id.NewAs[OrderID](), User: id.NewAs[UserID]()}
	var plain id.ID = o.User.ID // typed → id.ID
	again := UserID{plain}      // id.ID → typed
	fmt.Println(again == o.User, o.ID.Time().Location())
	// Output: true UTC
}

// ParseAs is Parse with the result typed, for ids from a URL, a form or a
// queue message (KEYS-5). JSON values decode through the same validator.
func ExampleParseAs() {
	u, err := id.ParseAs[UserID]("01ARZ3NDEKTSV4RRFFQ69G5FAV")
	fmt.Println(u, err)
	_, err = id.ParseAs[UserID]("01arz3ndeitsv4rrffq69g5fav")
	fmt.Println(err)

	var o Order
	err = json.Unmarshal([]byte(`{"id":"01brz3ndektsv4rrffq69g5fav","user":"01arz3ndektsv4rrffq69g5fav"}`), &o)
	fmt.Println(o.User == u, err)
	out, _ := json.Marshal(o)
	fmt.Println(string(out))
	// Output:
	// 01arz3ndektsv4rrffq69g5fav <nil>
	// id: invalid id "01arz3ndeitsv4rrffq69g5fav": invalid character 'i' at index 9
	// true <nil>
	// {"id":"01brz3ndektsv4rrffq69g5fav","user":"01arz3ndektsv4rrffq69g5fav"}
}
