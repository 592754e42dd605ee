// Package typedembed seeds structs that embed id.ID or a typed id beside
// other fields (TYPED), and their clean twins: typed ids, named fields.
package typedembed

import (
	"time"

	"github.com/idkeys/id"
)

type OrderID struct{ id.ID } // a typed id: quiet

type Wrapped struct{ OrderID } // a typed id over a typed id: quiet

type User struct {
	id.ID // want `^User embeds id\.ID beside other fields, so JSON, database/sql and fmt treat a User as its id \(TYPED\)$`
	Name  string
}

type Base struct {
	*id.ID    // want `Base embeds \*id\.ID beside other fields`
	CreatedAt time.Time
}

type Order struct {
	OrderID // want `Order embeds OrderID beside other fields`
	Total   int
}

// Account embeds Base, which is reported where it is declared.
type Account struct {
	Base
	Email string
}

// The twins: the id in a named field.
type Customer struct {
	ID   id.ID
	Name string
}

type Line struct {
	OrderID OrderID
	Qty     int
}

func use(u User, o Order, c Customer) (id.ID, OrderID, id.ID) {
	return u.ID, o.OrderID, c.ID
}
