// Package casetyped seeds KEYS-4 on typed ids (type OrderID struct{ id.ID }),
// as on id.ID, with their clean twins.
package casetyped

import (
	"fmt"
	"strings"

	"github.com/idkeys/id"
)

type OrderID struct{ id.ID }

type Order struct {
	ID   OrderID
	Name string
}

func bad(o Order, in string) {
	_ = strings.ToUpper(fmt.Sprint(o.ID))       // want `^strings\.ToUpper changes an id's case \(KEYS-4\)`
	_ = strings.ToUpper(o.ID.String())          // want `strings\.ToUpper changes an id's case`
	_ = strings.EqualFold(fmt.Sprint(o.ID), in) // want `strings\.EqualFold compares an id ignoring case`
	s := fmt.Sprintf("%s", o.ID)
	_ = strings.ToTitle(s) // want `strings\.ToTitle changes an id's case`
}

func clean(o Order, in string) {
	_ = strings.ToUpper(o.Name)
	_ = strings.EqualFold(o.Name, in)
	_ = fmt.Sprint(o.ID) == in
}
