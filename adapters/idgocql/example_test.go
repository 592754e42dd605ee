package idgocql_test

import (
	"errors"
	"fmt"

	"github.com/gocql/gocql"
	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/idgocql"
)

// A text column holds the 26 lowercase characters; reading is as strict
// as Scan. gocql.Marshal and gocql.Unmarshal are what a Session runs on
// each bound value and scanned column.
func Example() {
	text := gocql.NewNativeType(4, gocql.TypeText, "")
	v := idgocql.ID{ID: id.MustParse("01arz3ndektsv4rrffq69g5fav")}

	p, err := gocql.Marshal(text, v)
	fmt.Printf("%s %v\n", p, err)

	var got idgocql.ID
	err = gocql.Unmarshal(text, p, &got)
	fmt.Println(got.ID == v.ID, err)

	err = gocql.Unmarshal(text, []byte("01ARZ3NDEKTSV4RRFFQ69G5FAV"), &got)
	fmt.Println(errors.Is(err, id.ErrInvalid))

	_, err = gocql.Marshal(text, idgocql.ID{})
	fmt.Println(errors.Is(err, id.ErrZero))
	// Output:
	// 01arz3ndektsv4rrffq69g5fav <nil>
	// true <nil>
	// true
	// true
}
