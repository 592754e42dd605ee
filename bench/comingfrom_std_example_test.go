//go:build go1.27

package bench_test

import (
	"fmt"
	"uuid"

	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
)

// From Go 1.27's standard uuid package (built from Go 1.27 on; CI runs it
// with GOTOOLCHAIN=go1.27.4). A uuid.UUID is a [16]byte, as an id's bytes
// are: id.From16(u) reads one, uuid.UUID(v.As16()) makes one, for an
// id.ID and a compact.ID alike.
func Example_comingFromStdUUID() {
	_ = id.New() // uuid.New(), uuid.NewV7()

	v, err := id.Parse("01ARZ3NDEKTSV4RRFFQ69G5FAV") // uuid.Parse
	fmt.Println(v, err)

	u := uuid.UUID(v.As16()) // id.ID to uuid.UUID
	fmt.Println(u)
	w, err := id.From16(u) // uuid.UUID to id.ID
	fmt.Println(w, err)

	c := compact.ID{ID: v}    // an id for a compact (uuid, BINARY(16), BLOB) column
	cu := uuid.UUID(c.As16()) // compact.ID to uuid.UUID: there is no c.UUID()
	back, err := id.From16(cu)
	fmt.Println(cu == u, compact.ID{ID: back} == c, err) // uuid.UUID to compact.ID

	fmt.Println(uuid.Nil() == uuid.UUID(id.ID{}.As16())) // uuid.Nil(): id.ID{}, which From16 refuses
	_, err = id.From16(uuid.Nil())
	fmt.Println(err)

	// Beside each other in a row: database/sql writes a uuid.UUID as its
	// 36 characters, a compact.ID as its 16 bytes; a uuid.UUID scans
	// both, a compact.ID scans both (TestStdUUIDBesideCompact in
	// integration/). Text and JSON of a compact.ID are the 26 characters.
	blob, _ := c.Value()
	fmt.Println(u.String(), len(blob.([]byte)), c.String())
	// Output:
	// 01arz3ndektsv4rrffq69g5fav <nil>
	// 01563e3a-b5d3-d676-4c61-efb99302bd5b
	// 01arz3ndektsv4rrffq69g5fav <nil>
	// true true <nil>
	// true
	// id: invalid id: 16 zero bytes are the zero id, which names nothing
	// 01563e3a-b5d3-d676-4c61-efb99302bd5b 16 01arz3ndektsv4rrffq69g5fav
}
