// Package typed seeds idtyped's cases: typed ids declared over id.ID and
// conversions between distinct typed ids, with the forms that are fine.
package typed

import (
	ids "github.com/idkeys/id"
	"typedother"
)

// The recommended form, and others that keep id.ID's methods.
type UserID struct{ ids.ID }
type OrderID struct{ ids.ID }
type AccountID UserID // its underlying type is struct{ ids.ID }: methods kept
type Alias = ids.ID
type Named struct{ ID ids.ID }
type Record struct {
	ids.ID // want `Record embeds ids\.ID beside other fields`
	Name   string
}

// The form that drops every method.
type ProviderID ids.ID // want `^type ProviderID ids\.ID drops every method of id\.ID, JSON writes \{\} and there is no Scan or Value \(TYPED\): declare type ProviderID struct\{ ids\.ID \}$`
type Again ProviderID  // want `^type Again ProviderID drops every method of id\.ID, JSON writes \{\} and there is no Scan or Value \(TYPED\): declare type Again struct\{ ids\.ID \}$`
type ViaAlias Alias    // want `^type ViaAlias Alias drops every method`
type Converted ids.ID  // want `^type Converted ids\.ID drops every method`
type (
	Grouped ids.ID // want `type Grouped ids\.ID drops`
)

func conversions(u UserID, o OrderID, p *UserID, t typedother.TeamID, x ids.ID, prov ProviderID, r Record, n Named) {
	_ = OrderID(u)              // want `^OrderID\(u\) converts a UserID into an OrderID, a distinct typed id \(TYPED\): if it is meant, write OrderID\{ID: u\.ID\}$`
	_ = UserID(o)               // want `^UserID\(o\) converts an OrderID into a UserID`
	_ = (*OrderID)(p)           // want `^\(\*OrderID\)\(p\) converts a UserID into an OrderID, .*write &OrderID\{ID: p\.ID\}$`
	_ = (*OrderID)(&u)          // want `^\(\*OrderID\)\(&u\) converts a UserID into an OrderID, a distinct typed id \(TYPED\): if it is meant, write &OrderID\{ID: u\.ID\}$`
	_ = typedother.TeamID(u)    // want `^typedother\.TeamID\(u\) converts a UserID into a TeamID, .*write typedother\.TeamID\{ID: u\.ID\}`
	_ = UserID(t)               // want `converts a TeamID into a UserID`
	_ = AccountID(u)            // want `^AccountID\(u\) converts a UserID into an AccountID`
	_ = typedother.Legacy(prov) // want `^typedother\.Legacy\(prov\) converts a ProviderID into a Legacy, a distinct typed id \(TYPED\): declare both as type X struct\{ id\.ID \} and write typedother\.Legacy\{ID: v\.ID\} where it is meant$`

	_ = OrderID(u) //idvet:allow TYPED a migration maps user ids to order ids
	_ = u
	_ = OrderID(u) //idvet:allow TYPED // want `converts a UserID into an OrderID.*suppresses nothing without a reason`

	// Fine: the same type, composite literals, id.ID itself, non-id structs.
	_ = UserID(u)
	_ = OrderID{ID: u.ID}
	_ = OrderID{ID: u.ID}
	_ = UserID(struct{ ids.ID }{x})
	_ = ids.ID(prov)
	_ = Converted(x)
	_ = Alias(x)
	_ = Named(struct{ ID ids.ID }{x})
	_ = r
	_ = n
}

func generic[T ~struct{ ids.ID }](u UserID) T { return T(u) }
