package stores

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/go-viper/mapstructure/v2"
	"github.com/idkeys/id"
)

// msConfig is a configuration decoded with mapstructure.
type msConfig struct {
	Tenant id.ID   `mapstructure:"tenant"`
	Admins []id.ID `mapstructure:"admins"`
	Parent *id.ID  `mapstructure:"parent"`
}

// idType is the type of id.ID.
var idType = reflect.TypeOf(id.ID{})

// refuseNonText is the recipe's second hook: a value for an id.ID that is
// not text (a map, a number, a list) is an error wrapping id.ErrInvalid,
// where mapstructure would otherwise decode a map into id.ID's unexported
// fields and leave the id as it was. It parses nothing itself: text goes
// on to TextUnmarshallerHookFunc.
func refuseNonText(from, to reflect.Type, data any) (any, error) {
	if to == idType && from.Kind() != reflect.String {
		return nil, fmt.Errorf("%w: cannot decode %s into id.ID (an id is a string)", id.ErrInvalid, from)
	}
	return data, nil
}

// decodeIDs decodes in into out with the recipe's hooks and ErrorUnused.
func decodeIDs(in, out any) error {
	d, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{
		DecodeHook:  mapstructure.ComposeDecodeHookFunc(refuseNonText, mapstructure.TextUnmarshallerHookFunc()),
		ErrorUnused: true,
		Result:      out,
	})
	if err != nil {
		return err
	}
	return d.Decode(in)
}

// TestMapstructureTextHook: with TextUnmarshallerHookFunc, ids, lists of
// ids and *id.ID decode from text in any case (it is outside text, as in
// a configuration file); bad and empty text are errors wrapping
// id.ErrInvalid. Without the hook a string for an id is an error.
func TestMapstructureTextHook(t *testing.T) {
	in := map[string]any{"tenant": aText, "admins": []any{aUpper, bText}, "parent": bText}
	var c msConfig
	if err := decodeIDs(in, &c); err != nil {
		t.Fatal(err)
	}
	if c.Tenant != a || len(c.Admins) != 2 || c.Admins[0] != a || c.Admins[1] != b || c.Parent == nil || *c.Parent != b {
		t.Fatalf("decoded %#v", c)
	}
	wantReason(t, decodeIDs(map[string]any{"tenant": badText}, &c), id.ReasonCharacter)
	wantReason(t, decodeIDs(map[string]any{"tenant": ""}, &c), id.ReasonMissing)

	err := mapstructure.Decode(map[string]any{"tenant": aText}, &c)
	if err == nil || !strings.Contains(err.Error(), "'tenant' expected a map or struct, got \"string\"") {
		t.Fatalf("without the hook: %v", err)
	}
}

// TestMapstructureMapForIDIsIgnored measures the trap left with the text
// hook: an empty mapping {} given for an id decodes into id.ID's
// (unexported) fields, so the id stays as it was, zero in a new struct,
// even with ErrorUnused (an empty map has no unused key). The recipe's
// refuseNonText hook makes it an error wrapping id.ErrInvalid.
func TestMapstructureMapForIDIsIgnored(t *testing.T) {
	in := map[string]any{"tenant": map[string]any{}}
	c := msConfig{Tenant: b}
	d, err := mapstructure.NewDecoder(&mapstructure.DecoderConfig{
		DecodeHook:  mapstructure.TextUnmarshallerHookFunc(),
		ErrorUnused: true,
		Result:      &c,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Decode(in); err != nil || c.Tenant != b {
		t.Fatalf("{} with the text hook and ErrorUnused: %v, %v; want the id unchanged and no error (the trap)", c.Tenant, err)
	}
	err = decodeIDs(in, &c)
	wantInvalid(t, err)
	if !strings.Contains(err.Error(), "id: invalid id: cannot decode map[string]interface {} into id.ID") {
		t.Fatalf("{} with refuseNonText: %v", err)
	}
	wantInvalid(t, decodeIDs(map[string]any{"admins": []any{7}}, &c))
}

// TestMapstructureStructToMapLosesIDs measures the trap without a fix:
// decoding a struct into a map turns each id into an empty
// map[string]any{}, with or without hooks (a hook cannot change the kind
// of the map being built). Build such maps by hand with String().
func TestMapstructureStructToMapLosesIDs(t *testing.T) {
	var m map[string]any
	if err := decodeIDs(msConfig{Tenant: a}, &m); err != nil {
		t.Fatal(err)
	}
	if got, ok := m["tenant"].(map[string]any); !ok || len(got) != 0 {
		t.Fatalf("tenant is %#v, want map[string]any{} (the trap)", m["tenant"])
	}
}

// TestMapstructureTypedIDs: the text hook needs nothing more for typed
// ids: *userID has UnmarshalText (promoted), so typed ids, lists of them
// and pointers decode from text in any case, and a bad one is an error
// wrapping id.ErrInvalid.
func TestMapstructureTypedIDs(t *testing.T) {
	type userID struct{ id.ID }
	var c struct {
		Owner  userID   `mapstructure:"owner"`
		Admins []userID `mapstructure:"admins"`
		Parent *userID  `mapstructure:"parent"`
	}
	if err := decodeIDs(map[string]any{"owner": aUpper, "admins": []any{aText, bText}, "parent": bText}, &c); err != nil {
		t.Fatal(err)
	}
	if c.Owner.ID != a || len(c.Admins) != 2 || c.Admins[1].ID != b || c.Parent == nil || c.Parent.ID != b {
		t.Fatalf("decoded %+v", c)
	}
	wantReason(t, decodeIDs(map[string]any{"owner": badText}, &c), id.ReasonCharacter)
	// refuseNonText compares the target type with id.ID: a mapping for a
	// typed id passes it, and the typed id is left zero (measured), so
	// list the typed id types there too.
	c.Owner = userID{}
	if err := decodeIDs(map[string]any{"owner": map[string]any{}}, &c); err != nil || !c.Owner.IsZero() {
		t.Fatalf("{} for a typed id: %+v, %v; measured: the zero id, no error", c.Owner, err)
	}
}
