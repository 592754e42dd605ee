package id

// Validate returns an error wrapping [ErrZero] for the zero ID, whose
// message is "id: no id given (the zero id)", and nil for any other ID:
// every non-zero ID is a valid ULID, and the zero ID means "no id"
// (docs/contract.md V5).
//
// Some libraries ask a value to check itself by calling a Validate()
// error method; the method is promoted into a typed id that embeds ID:
//   - github.com/go-ozzo/ozzo-validation calls it (its Validatable) after
//     a value's rules. ozzo treats a driver.Valuer whose Value fails as
//     nil, so without Validate its NilOrNotEmpty would pass a pointer to
//     the zero ID ([ID.Value] refuses the zero ID); with it, that pointer
//     is refused, and a nil *ID still passes.
//   - github.com/alecthomas/kong calls it on every flag and argument the
//     command line set; those were decoded by [ID.UnmarshalText], which
//     never gives the zero ID, so it changes nothing there, and an
//     absent optional flag is not checked.
//
// github.com/go-playground/validator does not call it: there, use
// `validate:"ulid"` (docs/works-with-formats.md).
func (id ID) Validate() error {
	if id.IsZero() {
		return noIDError{}
	}
	return nil
}

// noIDError is Validate's error: its message is for the people a
// validator's errors are shown to, and it wraps ErrZero for errors.Is.
type noIDError struct{}

func (noIDError) Error() string { return "id: no id given (the zero id)" }
func (noIDError) Unwrap() error { return ErrZero }
