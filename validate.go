package id

// Validate returns nil for every non-zero ID and, for the zero ID, an
// error wrapping [ErrInvalid] that reads "id: no id given (the zero id)":
// a decoded value that is zero is an id that was never given
// (docs/contract.md V5). ozzo-validation and kong call it
// (docs/works-with-formats.md).
func (id ID) Validate() error {
	if id.IsZero() {
		return noIDError{}
	}
	return nil
}

type noIDError struct{}

func (noIDError) Error() string { return "id: no id given (the zero id)" }
func (noIDError) Unwrap() error { return ErrInvalid }
