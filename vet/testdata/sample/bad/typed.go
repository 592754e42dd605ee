package bad

import "github.com/idkeys/id"

// ProviderID is declared over id.ID: it has none of id.ID's methods.
type ProviderID id.ID

// UserID and OrderID are typed ids.
type (
	UserID  struct{ id.ID }
	OrderID struct{ id.ID }
)

// OrderOf converts one typed id into another.
func OrderOf(u UserID) OrderID { return OrderID(u) }
