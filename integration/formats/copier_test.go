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
// passes a pointer to the zero id: ozzo calls Value (driver.Valuer)
// before anything else and takes its error, ErrZero, for a nil value
// (measured; it passes a pointer to a zero netip.Addr too: its emptiness
// check knows time.Time's zero only). The working rule for an optional id is
// Required.When(p != nil): nil passes, a pointer to the zero id is
// "cannot be blank", a set id passes. Required refuses the zero id and
// nil.
func TestOzzoNilOrNotEmpty(t *testing.T) {
	var zero id.ID
	if err := validation.Validate(&zero, validation.NilOrNotEmpty); err != nil {
		t.Fatalf("NilOrNotEmpty(&zero id) = %v; measured: it passes", err)
	}
	if err := validation.Validate(&netip.Addr{}, validation.NilOrNotEmpty); err != nil {
		t.Fatalf("NilOrNotEmpty(&netip.Addr{}) = %v; measured: it passes too", err)
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
	type form struct{ Parent *id.ID }
	f := form{Parent: &zero}
	err := validation.ValidateStruct(&f, validation.Field(&f.Parent, validation.Required.When(f.Parent != nil)))
	if got := fmtErr(err); got != "Parent: cannot be blank." {
		t.Errorf("ValidateStruct: %q", got)
	}
}

func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
