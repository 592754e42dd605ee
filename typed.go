package id

// NewAs returns [New]() as the typed id T, such as id.NewAs[UserID]() for
// `type UserID struct{ id.ID }` (docs/typed-ids.md). It never fails.
func NewAs[T ~struct{ ID }]() T {
	return T{New()}
}

// ParseAs is [Parse] for the typed id T: on failure it returns the zero T
// and Parse's [*ParseError], which wraps [ErrInvalid] (KEYS-5).
func ParseAs[T ~struct{ ID }](s string) (T, error) {
	v, err := Parse(s)
	return T{v}, err
}
