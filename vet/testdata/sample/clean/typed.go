package clean

import "github.com/idkeys/id"

// ProviderID, UserID and OrderID are typed ids: each embeds id.ID.
type (
	ProviderID struct{ id.ID }
	UserID     struct{ id.ID }
	OrderID    struct{ id.ID }
)

// OrderOf makes an OrderID of a UserID's id, on purpose.
func OrderOf(u UserID) OrderID { return OrderID{ID: u.ID} }
