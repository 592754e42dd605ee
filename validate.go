package id

// Validate returns [ErrZero] for the zero ID and nil for any other ID:
// every non-zero ID is a valid ULID, and the zero ID means "no id"
// (docs/contract.md V5).
//
// It is the convention of the libraries that ask a value to check
// itself, and it is promoted into a typed id that embeds ID:
//   - github.com/go-ozzo/ozzo-validation calls it (its Validatable) after
//     a value's rules. Without it, NilOrNotEmpty would pass a pointer to
//     the zero ID, since ozzo takes the error of [ID.Value] for a nil
//     value; with it, that pointer is refused with ErrZero, and a nil
//     *ID still passes.
//   - github.com/alecthomas/kong calls it on every flag and argument the
//     command line set; those were decoded by [ID.UnmarshalText], which
//     never gives the zero ID, so it changes nothing there, and an
//     absent optional flag is not checked.
func (id ID) Validate() error {
	if id.IsZero() {
		return ErrZero
	}
	return nil
}
