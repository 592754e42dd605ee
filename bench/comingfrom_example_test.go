package bench_test

import (
	"bytes"
	"fmt"

	gofrsuuid "github.com/gofrs/uuid/v5"
	googleuuid "github.com/google/uuid"
	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
	"github.com/oklog/ulid/v2"
)

// The calls of docs/coming-from.md, compiled and run: each line does with
// package id what the other library's call does. Every 16-byte type below
// (ulid.ULID, both uuid.UUID) is a [16]byte, so From16 takes it as it is
// and a conversion of As16 makes one.

// From oklog/ulid/v2.
func Example_comingFromOklogULID() {
	u := ulid.MustParse("01ARZ3NDEKTSV4RRFFQ69G5FAV") // ulid.MustParse, ulid.Parse
	v := id.MustParse("01ARZ3NDEKTSV4RRFFQ69G5FAV")   // id.MustParse, id.Parse: any case in, lowercase out
	fmt.Println(u.String(), v.String())               // u.String(): v.String()

	_ = id.New()                                        // ulid.Make(), ulid.MustNew(ulid.Now(), entropy)
	fmt.Println(bytes.Equal(u.Bytes(), v.AsSlice()))    // u.Bytes(), u[:]: v.AsSlice(), v.As16()
	w, err := id.From16(u)                              // ulid.ULID(b): id.From16(b), id.FromSlice(b[:])
	fmt.Println(w == v, err, ulid.ULID(v.As16()) == u)  // and back: ulid.ULID(v.As16())
	fmt.Println(u.Timestamp().UTC(), v.Time())          // u.Timestamp(), ulid.Time(u.Time()): v.Time()
	fmt.Println(u.Time(), v.Time().UnixMilli())         // u.Time() (milliseconds): v.Time().UnixMilli()
	fmt.Println(ulid.ULID{}.IsZero(), id.ID{}.IsZero()) // ulid.Zero, u.IsZero(): id.ID{}, v.IsZero()
	fmt.Println(u.Compare(ulid.Make()), v.Compare(id.New()))

	// u.MarshalBinary() gives 16 bytes; v.MarshalBinary() gives the 26
	// characters (gob, Redis and CBOR values stay greppable): As16 for bytes.
	b, _ := u.MarshalBinary()
	t, _ := v.MarshalBinary()
	fmt.Println(len(b), len(t), string(t))
	// Output:
	// 01ARZ3NDEKTSV4RRFFQ69G5FAV 01arz3ndektsv4rrffq69g5fav
	// true
	// true <nil> true
	// 2016-07-30 23:54:10.259 +0000 UTC 2016-07-30 23:54:10.259 +0000 UTC
	// 1469922850259 1469922850259
	// true true
	// -1 -1
	// 16 26 01arz3ndektsv4rrffq69g5fav
}

// From google/uuid.
func Example_comingFromGoogleUUID() {
	_ = id.New()          // uuid.New(), uuid.NewV7(), uuid.Must(uuid.NewV7())
	_ = id.New().String() // uuid.NewString()

	v := id.MustParse("01arz3ndektsv4rrffq69g5fav") // uuid.MustParse, uuid.Parse
	u := googleuuid.UUID(v.As16())                  // the same 16 bytes as a uuid.UUID
	fmt.Println(u)                                  // a uuid column's text of the id

	w, err := id.FromSlice(u[:]) // uuid.FromBytes(b): id.FromSlice(b)
	fmt.Println(w, err)
	w, err = id.From16(u) // a uuid.UUID is a [16]byte
	fmt.Println(w, err)
	fmt.Println(bytes.Equal(u[:], v.AsSlice())) // u[:]: v.AsSlice()

	var none id.ID                                                  // uuid.Nil
	fmt.Println(none.IsZero(), googleuuid.UUID{} == googleuuid.Nil) // u == uuid.Nil: v.IsZero()

	// u.Time() is for version 1, 6 and 7 UUIDs, in 100 ns since 1582:
	// v.Time() is every id's millisecond, a UTC time.Time.
	fmt.Println(v.Time())

	// u.Value() writes the 36 characters; v.Value() the 26, for a text
	// column; compact.ID writes the 16 bytes, for a uuid column.
	text, _ := v.Value()
	blob, _ := compact.ID{ID: v}.Value()
	fmt.Println(text, len(blob.([]byte)))
	// Output:
	// 01563e3a-b5d3-d676-4c61-efb99302bd5b
	// 01arz3ndektsv4rrffq69g5fav <nil>
	// 01arz3ndektsv4rrffq69g5fav <nil>
	// true
	// true true
	// 2016-07-30 23:54:10.259 +0000 UTC
	// 01arz3ndektsv4rrffq69g5fav 16
}

// From gofrs/uuid (v5).
func Example_comingFromGofrsUUID() {
	_ = id.New() // uuid.NewV7(), uuid.Must(uuid.NewV4()): New never fails

	v, err := id.Parse("01arz3ndektsv4rrffq69g5fav") // uuid.FromString
	fmt.Println(v, err)
	u := gofrsuuid.UUID(v.As16())
	fmt.Println(bytes.Equal(u.Bytes(), v.AsSlice())) // u.Bytes(): v.AsSlice()
	w, err := id.FromSlice(u.Bytes())                // uuid.FromBytes(b): id.FromSlice(b)
	fmt.Println(w, err)
	_, err = id.FromSlice(u.Bytes()[:15]) // uuid.FromBytesOrNil: check the error
	fmt.Println(err)
	fmt.Println(gofrsuuid.Nil.IsNil(), id.ID{}.IsZero()) // uuid.Nil, u.IsNil(): id.ID{}, v.IsZero()
	// Output:
	// 01arz3ndektsv4rrffq69g5fav <nil>
	// true
	// 01arz3ndektsv4rrffq69g5fav <nil>
	// id: invalid id: 15 bytes, want 16
	// true true
}
