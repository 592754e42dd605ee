// Package trunctyped seeds TRUNC on typed ids (type OrderID struct{ id.ID }),
// which print and shorten exactly as an id.ID does, with their clean twins.
package trunctyped

import (
	"fmt"
	"log"

	"github.com/idkeys/id"
)

type OrderID struct{ id.ID }

// Wrapped is a typed id over a typed id.
type Wrapped struct{ OrderID }

// Named has its id in a named field: fmt prints it as {…}, not as an id.
type Named struct{ ID id.ID }

type Order struct {
	ID   OrderID
	Name string
}

func bad(o Order, p *OrderID, w Wrapped) {
	log.Printf("order %.8s", o.ID)               // want `^%\.8s shortens an id \(TRUNC\): use %s, the whole id$`
	_ = fmt.Sprint(o.ID)[:8]                     // want `slicing an id's text`
	_ = fmt.Sprintf("%v", o.ID)[:8]              // want `slicing an id's text`
	_ = o.ID.String()[:8]                        // want `slicing an id's text`
	_ = fmt.Sprintf("%.10v", *p)                 // want `%\.10v shortens an id`
	_ = fmt.Sprintf("%.10v", p)                  // want `%\.10v shortens an id`
	_ = fmt.Sprint(w)[:8]                        // want `slicing an id's text`
	log.Printf("order %.8s of %s", o.ID, o.Name) // want `%\.8s shortens an id`
}

func clean(o Order, n Named) {
	log.Printf("order %s", o.ID)
	_ = fmt.Sprint(o.ID)
	_ = fmt.Sprint(n)[:8]
	log.Printf("order %.8s", o.Name)
	_ = o.Name[:3]
}
