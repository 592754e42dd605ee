package formats

import (
	"errors"
	"net/netip"
	"testing"

	validation "github.com/go-ozzo/ozzo-validation/v4"
	"github.com/idkeys/id"
	"github.com/jinzhu/copier"
)

// copierIDs is the recipe: copier converts a string into an id field
// through Scan (stored text: lowercase only) and drops Scan's error, so
// register Parse (outside text, any letter case) for each id type, whose
// error copier returns.
var copierIDs = copier.Option{Converters: []copier.TypeConverter{
	{SrcType: copier.String, DstType: id.ID{}, Fn: func(s any) (any, error) { return id.Parse(s.(string)) }},
	{SrcType: copier.String, DstType: userID{}, Fn: func(s any) (any, error) { return id.ParseAs[userID](s.(string)) }},
}}

// TestCopier: jinzhu/copier v0.4.0. Without the recipe an uppercase id's
// text becomes the zero id, silently (Scan refuses it, copier drops the
// error; google/uuid's Scan takes any case); lowercase text is copied.
// With it, uppercase text is copied as the id (String is lowercase), and
// a bad id is copier's error, wrapping id.ErrInvalid; typed ids alike.
func TestCopier(t *testing.T) {
	type in struct {
		ID   string
		User string
	}
	type out struct {
		ID   id.ID
		User userID
	}

	var got out
	if err := copier.Copy(&got, &in{ID: aUpper, User: aUpper}); err != nil || !got.ID.IsZero() || !got.User.IsZero() {
		t.Fatalf("Copy without the recipe: %+v, %v; measured: the zero id, no error", got, err)
	}
	got = out{}
	if err := copier.Copy(&got, &in{ID: aText, User: aText}); err != nil || got.ID != a || got.User.ID != a {
		t.Fatalf("Copy of lowercase text without the recipe: %+v, %v", got, err)
	}

	got = out{}
	if err := copier.CopyWithOption(&got, &in{ID: aUpper, User: aUpper}, copierIDs); err != nil || got.ID != a || got.User.ID != a || got.ID.String() != aText {
		t.Fatalf("CopyWithOption of uppercase text: %+v, %v; want %s", got, err, aText)
	}
	for _, bad := range []in{{ID: badText, User: aText}, {ID: aText, User: ""}} {
		got = out{}
		err := copier.CopyWithOption(&got, &bad, copierIDs)
		if !errors.Is(err, id.ErrInvalid) {
			t.Fatalf("CopyWithOption(%+v) = %v, want an error wrapping id.ErrInvalid", bad, err)
		}
	}
}

// TestOzzoNilOrNotEmpty: go-ozzo/ozzo-validation v4.3.0. NilOrNotEmpty
// refuses a pointer to the zero id, with an error wrapping id.ErrInvalid, through
// id.ID.Validate (ozzo's Validatable, called after the rules), and passes
// a nil *id.ID and a pointer to a set id; the same holds for a typed id.
// (ozzo's own rule passes the pointer: it calls Value first and takes its
// error for a nil value, TestOzzoNeedsValidate. A pointer to a zero
// netip.Addr passes, measured: ozzo's emptiness check knows time.Time's
// zero only.) Required refuses the zero id and nil, as "cannot be
// blank"; Required.When(p != nil) is the other way to write an optional
// id.
func TestOzzoNilOrNotEmpty(t *testing.T) {
	const noID = "id: no id given (the zero id)" // ID.Validate's error, wrapping id.ErrInvalid
	var zero id.ID
	var zeroUser userID
	user := userID{ID: a}
	for _, c := range []struct {
		name string
		v    any
		want error
	}{
		{"nil *id.ID", (*id.ID)(nil), nil},
		{"a pointer to the zero id", &zero, id.ErrInvalid},
		{"a pointer to a set id", &a, nil},
		{"nil *userID", (*userID)(nil), nil},
		{"a pointer to the zero userID", &zeroUser, id.ErrInvalid},
		{"a pointer to a set userID", &user, nil},
	} {
		err := validation.Validate(c.v, validation.NilOrNotEmpty)
		if c.want == nil && err != nil || c.want != nil && (!errors.Is(err, c.want) || err.Error() != noID) {
			t.Errorf("NilOrNotEmpty, %s: %v, want %v", c.name, err, c.want)
		}
	}
	if err := validation.Validate(&netip.Addr{}, validation.NilOrNotEmpty); err != nil {
		t.Fatalf("NilOrNotEmpty(&netip.Addr{}) = %v; measured: it passes", err)
	}

	type form struct{ Parent *id.ID }
	f := form{Parent: &zero}
	err := validation.ValidateStruct(&f, validation.Field(&f.Parent, validation.NilOrNotEmpty))
	if got, want := fmtErr(err), "Parent: "+noID+"."; got != want {
		t.Errorf("ValidateStruct, NilOrNotEmpty: %q, want %q", got, want)
	}
	f.Parent = nil
	if err := validation.ValidateStruct(&f, validation.Field(&f.Parent, validation.NilOrNotEmpty)); err != nil {
		t.Errorf("ValidateStruct, NilOrNotEmpty, nil: %v", err)
	}

	optional := func(p *id.ID) error { return validation.Validate(p, validation.Required.When(p != nil)) }
	for _, c := range []struct {
		name string
		p    *id.ID
		want string
	}{
		{"nil", nil, ""},
		{"a pointer to the zero id", &zero, "cannot be blank"},
		{"a set id", &a, ""},
	} {
		err := optional(c.p)
		if got := fmtErr(err); got != c.want {
			t.Errorf("Required.When(p != nil), %s: %q, want %q", c.name, got, c.want)
		}
	}
	if got := fmtErr(validation.Validate(zero, validation.Required)); got != "cannot be blank" {
		t.Errorf("Required(zero id) = %q, want cannot be blank", got)
	}
	if got := fmtErr(validation.Validate((*id.ID)(nil), validation.Required)); got != "cannot be blank" {
		t.Errorf("Required(nil *id.ID) = %q, want cannot be blank", got)
	}
}

func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
