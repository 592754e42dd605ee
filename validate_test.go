package id_test

import (
	"errors"
	"testing"

	"github.com/idkeys/id"
)

// TestValidate (V5): an error wrapping ErrInvalid and not ErrZero, with
// its exact message, for the zero id, nil for any other, also through a
// typed id and a pointer; it allocates nothing.
func TestValidate(t *testing.T) {
	type OrderID struct{ id.ID }
	var zero id.ID
	v := id.MustParse("01arz3ndektsv4rrffq69g5fav")
	for _, c := range []struct {
		name string
		err  error
		want error
	}{
		{"zero", zero.Validate(), id.ErrInvalid},
		{"pointer to zero", (&zero).Validate(), id.ErrInvalid},
		{"typed zero", OrderID{}.Validate(), id.ErrInvalid},
		{"parsed", v.Validate(), nil},
		{"smallest", id.MustParse("00000000000000000000000001").Validate(), nil},
		{"new", id.New().Validate(), nil},
		{"typed", OrderID{ID: v}.Validate(), nil},
	} {
		switch {
		case c.want == nil && c.err != nil:
			t.Errorf("%s: Validate() = %v, want nil", c.name, c.err)
		case c.want != nil && (!errors.Is(c.err, c.want) || errors.Is(c.err, id.ErrZero) || c.err.Error() != "id: no id given (the zero id)"):
			t.Errorf("%s: Validate() = %v, want an error wrapping ErrInvalid, not ErrZero, reading %q", c.name, c.err, "id: no id given (the zero id)")
		}
	}
	if raceEnabled {
		return // -race changes allocation counts
	}
	if n := testing.AllocsPerRun(100, func() { _ = zero.Validate() }); n != 0 {
		t.Errorf("Validate of the zero id allocates %v times, want 0", n)
	}
}
