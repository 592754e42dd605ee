package formats

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/go-viper/mapstructure/v2"
	"github.com/idkeys/id"
	"github.com/spf13/viper"
)

// viperConfig is an application configuration read with viper.
type viperConfig struct {
	Tenant  id.ID         `mapstructure:"tenant"`
	Admins  []id.ID       `mapstructure:"admins"`
	Parent  *id.ID        `mapstructure:"parent"`
	Timeout time.Duration `mapstructure:"timeout"`
}

// textHook is the recipe: mapstructure's TextUnmarshallerHookFunc, which
// hands strings to UnmarshalText, then viper's own default hooks
// (durations; comma lists, which viper 1.21 splits for any slice type as
// StringToWeakSliceHookFunc does). Setting a hook replaces viper's
// default, so those two are listed again.
var textHook = mapstructure.ComposeDecodeHookFunc(
	mapstructure.TextUnmarshallerHookFunc(),
	mapstructure.StringToTimeDurationHookFunc(),
	mapstructure.StringToWeakSliceHookFunc(","),
)

// idHook is textHook for one Unmarshal call.
var idHook = viper.DecodeHook(textHook)

// newViper returns a viper made with opts, reading the YAML document doc.
func newViper(t *testing.T, doc string, opts ...viper.Option) *viper.Viper {
	t.Helper()
	v := viper.NewWithOptions(opts...)
	v.SetConfigType("yaml")
	if err := v.ReadConfig(strings.NewReader(doc)); err != nil {
		t.Fatal(err)
	}
	return v
}

const viperDoc = "tenant: " + aText + "\nadmins: [" + aText + ", " + bText + "]\nparent: " + aUpper + "\ntimeout: 3s\n"

// TestViperWithoutHookFails: with viper's default decode hooks an id is
// an error, not a silent zero: mapstructure sees a struct and a string.
func TestViperWithoutHookFails(t *testing.T) {
	var c viperConfig
	err := newViper(t, viperDoc).Unmarshal(&c)
	if err == nil || !strings.Contains(err.Error(), `'tenant' expected a map or struct, got "string"`) {
		t.Fatalf("Unmarshal without the hook: %v", err)
	}
}

// TestViperWithTextUnmarshallerHook: the recipe reads ids, lists of ids,
// *id.ID and an id from an environment variable (a comma list for
// []id.ID), and keeps durations working. A bad id is an error wrapping
// id.ErrInvalid.
func TestViperWithTextUnmarshallerHook(t *testing.T) {
	var c viperConfig
	if err := newViper(t, viperDoc).Unmarshal(&c, idHook); err != nil {
		t.Fatal(err)
	}
	if c.Tenant != a || len(c.Admins) != 2 || c.Admins[0] != a || c.Admins[1] != b || c.Parent == nil || *c.Parent != a || c.Timeout != 3*time.Second {
		t.Fatalf("decoded %#v", c)
	}

	// The hook set once for every Unmarshal, and environment variables.
	t.Setenv("APP_TENANT", bText)
	t.Setenv("APP_ADMINS", bText+","+aText)
	v := newViper(t, viperDoc, viper.WithDecodeHook(textHook))
	v.SetEnvPrefix("app")
	v.AutomaticEnv()
	c = viperConfig{}
	if err := v.Unmarshal(&c); err != nil {
		t.Fatal(err)
	}
	if c.Tenant != b || len(c.Admins) != 2 || c.Admins[0] != b || c.Admins[1] != a {
		t.Fatalf("with environment: %#v", c)
	}

	err := newViper(t, "tenant: "+badText).Unmarshal(&c, idHook)
	wantReason(t, err, id.ReasonCharacter)
}

// TestViperMappingForIDIsIgnored measures the trap left with the hook: a
// mapping given for an id is not a string, so the hook passes it on and
// mapstructure decodes it into id.ID's (unexported) fields: no error, the
// id stays as it was. mapstructure's ErrorUnused catches it; add it with
// one more viper.DecoderConfigOption.
func TestViperMappingForIDIsIgnored(t *testing.T) {
	doc := "tenant: {a: 1}"
	c := viperConfig{Tenant: b}
	if err := newViper(t, doc).Unmarshal(&c, idHook); err != nil || c.Tenant != b {
		t.Fatalf("mapping: %v, %v; want no error and the id unchanged (the trap)", c.Tenant, err)
	}
	strict := func(dc *mapstructure.DecoderConfig) { dc.ErrorUnused = true }
	err := newViper(t, doc).Unmarshal(&c, idHook, strict)
	if err == nil || !strings.Contains(err.Error(), "has invalid keys: a") {
		t.Fatalf("mapping with ErrorUnused: %v", err)
	}
	if errors.Is(err, id.ErrInvalid) {
		t.Fatal("mapstructure's error unexpectedly wraps id.ErrInvalid")
	}
}
