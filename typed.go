package id

// A typed id is a distinct id type per entity, declared in one line by
// embedding ID in a struct:
//
//	type UserID struct{ id.ID }
//	type OrderID struct{ id.ID }
//
// Every method of ID is promoted, so a UserID is text, JSON (values and
// map keys), a driver.Valuer and, through *UserID, an sql.Scanner, with
// no method written; passing a UserID where an OrderID is expected does
// not compile. UserID{ID: v} makes one from an ID and u.ID is its ID
// (keyed: go vet's composites check reports UserID{v} when UserID is
// declared in another package). Sort them with [CompareAs].
// docs/typed-ids.md says why embedding and not a generic id.Of[User],
// and what %#v and the libraries tested show for it. (A defined type,
// `type UserID id.ID`, has none of ID's methods: JSON writes {} and it is
// no sql.Scanner; idvet reports it.)

// NewAs returns [New]() as the typed id T, for example
// id.NewAs[UserID](): a new ID, current time in Unix milliseconds (UTC),
// a 16-bit sequence and 64 fresh random bits, as [New] makes it (KEYS-1,
// KEYS-2). It never fails and
// never returns the zero ID. T is any struct type whose only field is
// an embedded ID, such as `type UserID struct{ id.ID }`; NewAs[T]() is
// T{id.New()}.
func NewAs[T ~struct{ ID }]() T {
	return T{New()}
}

// ParseAs is [Parse] for a typed id: it returns s, 26 Crockford base32
// characters in any letter case, as the typed id T, for example
// id.ParseAs[UserID](r.PathValue("user")) at an HTTP boundary (KEYS-5).
// On failure it returns the zero T and the error Parse returns, a
// [*ParseError] wrapping [ErrInvalid]. T is any struct type whose only
// field is an embedded ID, such as `type UserID struct{ id.ID }`.
func ParseAs[T ~struct{ ID }](s string) (T, error) {
	v, err := Parse(s)
	return T{v}, err
}
