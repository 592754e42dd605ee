package formats

import (
	"errors"
	"testing"

	"github.com/go-playground/validator/v10"
	"github.com/idkeys/id"
)

// signup is a validated request with ids.
type signup struct {
	Org     id.ID  `validate:"ulid"`
	Team    id.ID  `validate:"required"`
	Invited *id.ID `validate:"required"`
	Ref     *id.ID `validate:"omitempty,ulid"`
}

// failedTags returns "Field:tag" for each failed field of err, in order.
func failedTags(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	var ve validator.ValidationErrors
	if !errors.As(err, &ve) {
		t.Fatalf("%v (%T) is not validator.ValidationErrors", err, err)
	}
	var out []string
	for _, fe := range ve {
		out = append(out, fe.Field()+":"+fe.Tag())
	}
	return out
}

// equal reports whether two string slices are equal.
func equal(x, y []string) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// TestValidatorULIDAndRequired: go-playground/validator v10.30.6 checks
// `ulid` through String (the zero id's "<zero id>" fails it). Its default
// `required` passes the zero id (a struct is never "empty" to it);
// WithRequiredStructEnabled makes `required` refuse it. Neither refuses a
// non-nil pointer to the zero id under `required`; `ulid` does. Nothing is
// needed from us: `ulid` on id fields (`omitempty,ulid` for optional
// ones), or WithRequiredStructEnabled, is the check.
func TestValidatorULIDAndRequired(t *testing.T) {
	zero := new(id.ID)
	cases := []struct {
		name         string
		in           signup
		def, withReq []string // failed fields without and with WithRequiredStructEnabled
	}{
		{"all set", signup{Org: a, Team: a, Invited: &b, Ref: &b}, nil, nil},
		{"all zero", signup{}, []string{"Org:ulid", "Invited:required"}, []string{"Org:ulid", "Team:required", "Invited:required"}},
		{"zero team, pointer to zero", signup{Org: a, Invited: zero}, nil, []string{"Team:required"}},
		{"pointer to zero under ulid", signup{Org: a, Team: a, Invited: &b, Ref: zero}, []string{"Ref:ulid"}, []string{"Ref:ulid"}},
	}
	def := validator.New()
	withReq := validator.New(validator.WithRequiredStructEnabled())
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := failedTags(t, def.Struct(c.in)); !equal(got, c.def) {
				t.Errorf("validator.New(): failed %q, want %q", got, c.def)
			}
			if got := failedTags(t, withReq.Struct(c.in)); !equal(got, c.withReq) {
				t.Errorf("WithRequiredStructEnabled: failed %q, want %q", got, c.withReq)
			}
		})
	}
}

// TestValidatorVarSkipsIDs measures a trap: Validate.Var on an id.ID
// value checks nothing (validator skips struct values in Var), so the
// zero id passes `ulid` and `required`, with or without
// WithRequiredStructEnabled. Validate the id's String with `ulid` (the
// zero id's marker "<zero id>" fails it; `required` passes it, as any
// non-empty string), or check IsZero.
func TestValidatorVarSkipsIDs(t *testing.T) {
	v := validator.New(validator.WithRequiredStructEnabled())
	for _, tag := range []string{"ulid", "required"} {
		if err := v.Var(id.ID{}, tag); err != nil {
			t.Fatalf("Var(id.ID{}, %q) = %v; measured nil", tag, err)
		}
	}
	if err := v.Var(id.ID{}.String(), "ulid"); err == nil {
		t.Fatal(`Var("<zero id>", "ulid") passed`)
	}
	if err := v.Var(id.ID{}.String(), "required"); err != nil {
		t.Fatalf(`Var("<zero id>", "required") = %v; measured nil`, err)
	}
	if err := v.Var(a.String(), "ulid"); err != nil {
		t.Fatal(err)
	}
}
