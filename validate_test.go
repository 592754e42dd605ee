package id_test

import (
	"testing"

	"github.com/idkeys/id"
)

// TestValidate (V5): ErrZero itself for the zero id, nil for any other,
// also through a typed id and a pointer.
func TestValidate(t *testing.T) {
	type OrderID struct{ id.ID }
	var zero id.ID
	v := id.MustParse("01arz3ndektsv4rrffq69g5fav")
	for _, c := range []struct {
		name string
		err  error
		want error
	}{
		{"zero", zero.Validate(), id.ErrZero},
		{"pointer to zero", (&zero).Validate(), id.ErrZero},
		{"typed zero", OrderID{}.Validate(), id.ErrZero},
		{"parsed", v.Validate(), nil},
		{"smallest", id.MustParse("00000000000000000000000001").Validate(), nil},
		{"new", id.New().Validate(), nil},
		{"typed", OrderID{ID: v}.Validate(), nil},
	} {
		if c.err != c.want {
			t.Errorf("%s: Validate() = %v, want %v", c.name, c.err, c.want)
		}
	}
}
