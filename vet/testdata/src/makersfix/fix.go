// Package makersfix holds the common real forms of the suggested fix, in
// a file that does not import package id yet.
package makersfix

import (
	"fmt"

	gofrs "github.com/gofrs/uuid/v5"
	guuid "github.com/google/uuid"
	"github.com/oklog/ulid/v2"
)

type Job struct{ ID string }

func forms() (string, error) { // want forms:`^random\(inside\)$`
	a := guuid.NewString()                  // want `uuid\.NewString makes an id`
	b := guuid.New().String()               // want `uuid\.New makes an id`
	c := guuid.Must(guuid.NewV7()).String() // want `uuid\.NewV7 makes an id`
	d := ulid.Make()                        // want `ulid\.Make makes an id`
	u, err := gofrs.NewV4()                 // want `uuid\.NewV4 makes an id`
	if err != nil {
		return "", err
	}
	j := Job{ID: gofrs.Must(gofrs.NewV4()).String()} // want `uuid\.NewV4 makes an id`
	fmt.Println(guuid.New())                         // want `uuid\.New makes an id`
	return a + b + c + d.String() + u.String() + j.ID, nil
}

// Not fixed: the value keeps its UUID type.
func kept() guuid.UUID {
	x := guuid.New() // want `uuid\.New makes an id`
	return x
}
