package stores

import (
	"reflect"
	"testing"

	"github.com/idkeys/id"
	"github.com/knadh/koanf/providers/confmap"
	"github.com/knadh/koanf/providers/structs"
	"github.com/knadh/koanf/v2"
	"github.com/mitchellh/copystructure"
)

// koanfConfig is an application configuration read with koanf.
type koanfConfig struct {
	Tenant  id.ID         `koanf:"tenant"`
	Admins  []id.ID       `koanf:"admins"`
	Weights map[id.ID]int `koanf:"weights"`
}

// koanfDefaults is the configuration given as defaults through
// structs.Provider (fatih/structs keeps an id.ID as the value it is).
type koanfDefaults struct {
	Tenant id.ID   `koanf:"tenant"`
	Admins []id.ID `koanf:"admins"`
}

// registerIDCopier is the recipe's one line, with its undo for the tests
// that measure the default: copystructure (which koanf runs on every
// Load, Get and Raw) copies an id.ID as the value it is.
func registerIDCopier(t *testing.T) {
	copystructure.Copiers[reflect.TypeOf(id.ID{})] = func(v any) (any, error) { return v, nil }
	t.Cleanup(func() { delete(copystructure.Copiers, reflect.TypeOf(id.ID{})) })
}

// idDefaults is what a program hands koanf as default values.
func idDefaults() map[string]any {
	return map[string]any{
		"tenant":  a,
		"admins":  []id.ID{a, b},
		"weights": map[id.ID]int{a: 1, b: 2},
	}
}

// TestKoanfDefaultLosesIDs measures the trap: without the registration,
// every id put into koanf by confmap or structs.Provider becomes the zero
// id, and a two-entry map[id.ID]int collapses to one entry with the zero
// id as its key, all without an error (copystructure.Copy of a struct
// without exported fields is its zero value).
func TestKoanfDefaultLosesIDs(t *testing.T) {
	k := koanf.New(".")
	if err := k.Load(confmap.Provider(idDefaults(), "."), nil); err != nil {
		t.Fatal(err)
	}
	if got := k.Get("tenant"); got != (id.ID{}) {
		t.Fatalf("Get(tenant) = %#v, want the zero id (the trap)", got)
	}
	var c koanfConfig
	if err := k.Unmarshal("", &c); err != nil {
		t.Fatal(err)
	}
	if !c.Tenant.IsZero() || len(c.Admins) != 2 || !c.Admins[0].IsZero() || len(c.Weights) != 1 || c.Weights[id.ID{}] == 0 {
		t.Fatalf("Unmarshal gave %#v, want zero ids and one weight (the trap)", c)
	}

	k = koanf.New(".")
	if err := k.Load(structs.Provider(koanfDefaults{Tenant: a}, "koanf"), nil); err != nil {
		t.Fatal(err)
	}
	if got := k.Get("tenant"); got != (id.ID{}) {
		t.Fatalf("structs.Provider: Get(tenant) = %#v, want the zero id (the trap)", got)
	}
}

// TestKoanfWithCopier: with the registration, ids from confmap and from
// structs.Provider round-trip through koanf, lists and
// map keys included; ids from text (a file, an environment variable)
// go through UnmarshalText, which koanf's default hook calls, so a bad or
// empty value is an error wrapping id.ErrInvalid.
func TestKoanfWithCopier(t *testing.T) {
	registerIDCopier(t)
	k := koanf.New(".")
	if err := k.Load(confmap.Provider(idDefaults(), "."), nil); err != nil {
		t.Fatal(err)
	}
	if got := k.Get("tenant"); got != a {
		t.Fatalf("Get(tenant) = %#v, want %v", got, a)
	}
	var c koanfConfig
	if err := k.Unmarshal("", &c); err != nil {
		t.Fatal(err)
	}
	if c.Tenant != a || len(c.Admins) != 2 || c.Admins[0] != a || c.Admins[1] != b || len(c.Weights) != 2 || c.Weights[a] != 1 || c.Weights[b] != 2 {
		t.Fatalf("Unmarshal gave %#v", c)
	}

	k = koanf.New(".")
	if err := k.Load(structs.Provider(koanfDefaults{Tenant: b, Admins: []id.ID{b, a}}, "koanf"), nil); err != nil {
		t.Fatal(err)
	}
	c = koanfConfig{}
	if err := k.Unmarshal("", &c); err != nil {
		t.Fatal(err)
	}
	if c.Tenant != b || len(c.Admins) != 2 || c.Admins[0] != b || c.Admins[1] != a {
		t.Fatalf("from structs.Provider: %#v", c)
	}

	// Text from a file or the environment: what a parser hands koanf.
	k = koanf.New(".")
	if err := k.Load(confmap.Provider(map[string]any{"tenant": aUpper}, "."), nil); err != nil {
		t.Fatal(err)
	}
	c = koanfConfig{}
	if err := k.Unmarshal("", &c); err != nil || c.Tenant != a {
		t.Fatalf("text %q: %v, %v; want %v (outside text: any case)", aUpper, c.Tenant, err, a)
	}
	for _, bad := range []struct {
		v      string
		reason id.Reason
	}{{badText, id.ReasonCharacter}, {"", id.ReasonMissing}} {
		k = koanf.New(".")
		if err := k.Load(confmap.Provider(map[string]any{"tenant": bad.v}, "."), nil); err != nil {
			t.Fatal(err)
		}
		wantReason(t, k.Unmarshal("", &c), bad.reason)
	}
}

// TestKoanfTypedIDs: a typed id put into koanf needs nothing beyond
// id.ID's copier: copystructure walks into the typed id and copies its
// embedded id.ID (an exported field) with that copier. Without it, the
// typed id becomes the zero id as an id.ID does (measured).
func TestKoanfTypedIDs(t *testing.T) {
	type userID struct{ id.ID }
	type config struct {
		Owner userID `koanf:"owner"`
	}
	load := func() config {
		t.Helper()
		k := koanf.New(".")
		if err := k.Load(confmap.Provider(map[string]any{"owner": userID{ID: a}}, "."), nil); err != nil {
			t.Fatal(err)
		}
		var c config
		if err := k.Unmarshal("", &c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	if c := load(); !c.Owner.IsZero() {
		t.Fatalf("no copier: %v; measured the zero id", c.Owner)
	}
	registerIDCopier(t)
	if c := load(); c.Owner.ID != a {
		t.Fatalf("with id.ID's copier: %v, want %v", c.Owner, a)
	}
}
