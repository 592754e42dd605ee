package formats

import (
	"errors"
	"fmt"
	"testing"

	"github.com/caarlos0/env/v11"
	"github.com/idkeys/id"
	"github.com/kelseyhightower/envconfig"
)

// envConfig is read from the environment by both libraries.
type envConfig struct {
	Tenant   id.ID   `env:"TENANT" envconfig:"TENANT"`
	Required id.ID   `env:"REQUIRED,required" envconfig:"REQUIRED" required:"true"`
	Admins   []id.ID `env:"ADMINS" envconfig:"ADMINS"`
	Parent   *id.ID  `env:"PARENT" envconfig:"PARENT"`
}

// caarlos0 parses envConfig from the variables in m only.
func caarlos0(m map[string]string) (envConfig, error) {
	var c envConfig
	err := env.ParseWithOptions(&c, env.Options{Environment: m})
	return c, err
}

// TestCaarlos0Env: caarlos0/env v11 reads ids, slices of ids and *id.ID
// through UnmarshalText (any case). Nothing is needed from us. Its
// env.ParseError does not unwrap (errors.Is does not reach
// id.ErrInvalid); our error is in its Err field.
func TestCaarlos0Env(t *testing.T) {
	c, err := caarlos0(map[string]string{"TENANT": aText, "REQUIRED": aUpper, "ADMINS": aText + "," + bText, "PARENT": bText})
	if err != nil {
		t.Fatal(err)
	}
	if c.Tenant != a || c.Required != a || len(c.Admins) != 2 || c.Admins[1] != b || c.Parent == nil || *c.Parent != b {
		t.Fatalf("parsed %#v", c)
	}
	_, err = caarlos0(map[string]string{"TENANT": badText, "REQUIRED": aText})
	var pe env.ParseError
	if !errors.As(err, &pe) || errors.Is(err, id.ErrInvalid) {
		t.Fatalf("bad TENANT: %v (%T), want an env.ParseError that does not unwrap", err, err)
	}
	wantReason(t, pe.Err, id.ReasonCharacter)
	if want := `env: parse error on field "Tenant" of type "id.ID": id: invalid id "` + badText + `": invalid character 'u' at index 25`; err.Error() != want {
		t.Fatalf("error:\n got %s\nwant %s", err, want)
	}
	// An unset *id.ID stays nil.
	if c, err := caarlos0(map[string]string{"REQUIRED": aText}); err != nil || c.Parent != nil {
		t.Fatalf("unset PARENT: %v, %v; want nil", c.Parent, err)
	}
	// []*id.ID works in caarlos0/env (it panics in envconfig).
	var cp struct {
		IDs []*id.ID `env:"IDS"`
	}
	if err := env.ParseWithOptions(&cp, env.Options{Environment: map[string]string{"IDS": aText + "," + bText}}); err != nil || len(cp.IDs) != 2 || *cp.IDs[0] != a || *cp.IDs[1] != b {
		t.Fatalf("[]*id.ID: %#v, %v", cp.IDs, err)
	}
}

// TestCaarlos0EnvRequiredEmptyIsZero measures the trap that remains in
// caarlos0/env now that empty text is refused: it treats an empty variable as unset and
// never calls UnmarshalText for it, so our refusal of empty text cannot
// act: `required` only checks that the variable is set, and REQUIRED=""
// (or PARENT="" for a *id.ID, left nil) gives the zero id without an
// error. `notEmpty` refuses the empty value: use it on every id.
func TestCaarlos0EnvRequiredEmptyIsZero(t *testing.T) {
	c, err := caarlos0(map[string]string{"REQUIRED": "", "PARENT": ""})
	if err != nil || !c.Required.IsZero() || c.Parent != nil {
		t.Fatalf(`REQUIRED="", PARENT="": %v, %v, %v; want the zero id, a nil pointer and no error (the trap)`, c.Required, c.Parent, err)
	}
	if _, err := caarlos0(map[string]string{}); err == nil || err.Error() != `env: required environment variable "REQUIRED" is not set` {
		t.Fatalf("REQUIRED unset: %v", err)
	}

	// The check.
	var ne struct {
		Tenant id.ID `env:"TENANT,notEmpty"`
	}
	err = env.ParseWithOptions(&ne, env.Options{Environment: map[string]string{"TENANT": ""}})
	if err == nil || err.Error() != `env: environment variable "TENANT" should not be empty` {
		t.Fatalf(`notEmpty with TENANT="": %v`, err)
	}
}

// setenv sets the variables in m for the test, with envconfig's prefix.
func setenv(t *testing.T, m map[string]string) {
	for k, v := range m {
		t.Setenv("APP_"+k, v)
	}
}

// TestEnvconfig: kelseyhightower/envconfig v1.4.0 reads ids, slices of ids
// and *id.ID through UnmarshalText (any case). Its *envconfig.ParseError
// does not unwrap: errors.Is does not reach id.ErrInvalid, the message
// carries ours. An unset *id.ID field becomes a non-nil pointer to the
// zero id (envconfig allocates every pointer field).
func TestEnvconfig(t *testing.T) {
	setenv(t, map[string]string{"TENANT": aText, "REQUIRED": aUpper, "ADMINS": aText + "," + bText, "PARENT": bText})
	var c envConfig
	if err := envconfig.Process("app", &c); err != nil {
		t.Fatal(err)
	}
	if c.Tenant != a || c.Required != a || len(c.Admins) != 2 || c.Admins[1] != b || c.Parent == nil || *c.Parent != b {
		t.Fatalf("parsed %#v", c)
	}

	t.Setenv("APP_TENANT", badText)
	err := envconfig.Process("app", &c)
	var pe *envconfig.ParseError
	if !errors.As(err, &pe) || errors.Is(err, id.ErrInvalid) {
		t.Fatalf("bad TENANT: %v (%T), want an *envconfig.ParseError that does not wrap id.ErrInvalid", err, err)
	}
	if want := `envconfig.Process: assigning APP_TENANT to Tenant: converting '` + badText + `' to type id.ID. details: id: invalid id "` + badText + `": invalid character 'u' at index 25`; err.Error() != want {
		t.Fatalf("error:\n got %s\nwant %s", err, want)
	}
}

// TestEnvconfigUnsetPointerIsZeroID: the unset *id.ID case of
// TestEnvconfig, alone.
func TestEnvconfigUnsetPointerIsZeroID(t *testing.T) {
	setenv(t, map[string]string{"REQUIRED": aText})
	var c envConfig
	if err := envconfig.Process("app", &c); err != nil {
		t.Fatal(err)
	}
	if c.Parent == nil || !c.Parent.IsZero() {
		t.Fatalf("unset APP_PARENT gave %v, want a non-nil pointer to the zero id (measured)", c.Parent)
	}
}

// TestEnvconfigEmptyIsAnError: envconfig calls UnmarshalText for a set
// variable, so APP_REQUIRED="" is our error (ReasonMissing, as Parse("")
// is, docs/contract.md, T2), with or without required:"true"; before, it gave the zero
// id without an error. Its *envconfig.ParseError does not unwrap.
func TestEnvconfigEmptyIsAnError(t *testing.T) {
	setenv(t, map[string]string{"REQUIRED": ""})
	c := envConfig{Required: b}
	err := envconfig.Process("app", &c)
	if want := `envconfig.Process: assigning APP_REQUIRED to Required: converting '' to type id.ID. details: id: invalid id "": length 0, want 26`; err == nil || err.Error() != want {
		t.Fatalf("APP_REQUIRED=\"\": %v, want %q", err, want)
	}
	var pe *envconfig.ParseError
	if !errors.As(err, &pe) || errors.Is(err, id.ErrInvalid) {
		t.Fatalf("%v (%T), want an *envconfig.ParseError that does not wrap id.ErrInvalid", err, err)
	}
	wantReason(t, pe.Err, id.ReasonMissing)
}

// TestEnvconfigPointerSlicePanics measures a bug of envconfig v1.4.0: a
// []*id.ID field panics with a nil pointer dereference (envconfig calls
// UnmarshalText on the slice's nil elements). It does the same for any
// []*T whose T decodes itself. Use []id.ID.
func TestEnvconfigPointerSlicePanics(t *testing.T) {
	setenv(t, map[string]string{"IDS": aText + "," + bText})
	var c struct {
		IDs []*id.ID `envconfig:"IDS"`
	}
	var r any
	func() {
		defer func() { r = recover() }()
		_ = envconfig.Process("app", &c)
	}()
	if fmt.Sprint(r) != "runtime error: invalid memory address or nil pointer dereference" {
		t.Fatalf("[]*id.ID: recovered %v, want envconfig's nil pointer panic", r)
	}

	// The workaround.
	var w struct {
		IDs []id.ID `envconfig:"IDS"`
	}
	if err := envconfig.Process("app", &w); err != nil || len(w.IDs) != 2 || w.IDs[0] != a || w.IDs[1] != b {
		t.Fatalf("[]id.ID: %v, %v", w.IDs, err)
	}
}
