package formats

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	sq "github.com/Masterminds/squirrel"
	"github.com/doug-martin/goqu/v9"
	"github.com/idkeys/id"
	"github.com/ilyakaznacheev/cleanenv"
	"github.com/invopop/jsonschema"
	"github.com/sethvargo/go-envconfig"
)

// Traps that are other libraries', each with the working alternative
// that docs/works-with-formats.md gives in one line.

// TestSquirrelEqNilPointer: Masterminds/squirrel v1.5.4's Eq calls Value
// on any driver.Valuer before looking for nil, so a nil *id.ID panics
// inside ToSql (measured). Pass sql.Null[id.ID] instead: invalid is
// "IS NULL", valid "= ?" with the id's text; a zero id is ErrZero from
// ToSql, not a query.
func TestSquirrelEqNilPointer(t *testing.T) {
	var parent *id.ID
	if !panics(func() { _, _, _ = sq.Select("id").From("users").Where(sq.Eq{"parent": parent}).ToSql() }) {
		t.Fatal("squirrel Eq with a nil *id.ID did not panic; measured: it does")
	}
	nullable := func(p *id.ID) sql.Null[id.ID] {
		if p == nil {
			return sql.Null[id.ID]{}
		}
		return sql.Null[id.ID]{V: *p, Valid: true}
	}
	for _, c := range []struct {
		p    *id.ID
		sql  string
		args []any
	}{
		{nil, "SELECT id FROM users WHERE parent IS NULL", nil},
		{&a, "SELECT id FROM users WHERE parent = ?", []any{aText}},
	} {
		s, args, err := sq.Select("id").From("users").Where(sq.Eq{"parent": nullable(c.p)}).ToSql()
		if err != nil || s != c.sql || !reflect.DeepEqual(args, c.args) {
			t.Errorf("Eq{parent: %v}: %q %v %v; want %q %v", c.p, s, args, err, c.sql, c.args)
		}
	}
	if _, _, err := sq.Select("id").From("users").Where(sq.Eq{"parent": id.ID{}}).ToSql(); !errors.Is(err, id.ErrZero) {
		t.Errorf("Eq with the zero id: %v, want id.ErrZero", err)
	}
}

// TestGoquEqNilPointer: doug-martin/goqu v9.19.0 writes Eq with a nil
// *id.ID (and with an invalid sql.Null[id.ID]) as "= NULL", which matches
// no row, without an error (measured); only an untyped nil is "IS NULL".
// Pass an untyped nil for a nil pointer (orNil). A zero id is ErrZero.
func TestGoquEqNilPointer(t *testing.T) {
	where := func(v any) string {
		s, _, err := goqu.From("users").Where(goqu.C("parent").Eq(v)).ToSQL()
		if err != nil {
			return err.Error()
		}
		return s
	}
	var p *id.ID
	for _, v := range []any{p, sql.Null[id.ID]{}} {
		if got := where(v); got != `SELECT * FROM "users" WHERE ("parent" = NULL)` {
			t.Fatalf("Eq(%#v) = %s; measured = NULL", v, got)
		}
	}
	orNil := func(p *id.ID) any {
		if p == nil {
			return nil
		}
		return *p
	}
	for _, c := range []struct {
		p    *id.ID
		want string
	}{
		{nil, `SELECT * FROM "users" WHERE ("parent" IS NULL)`},
		{&a, `SELECT * FROM "users" WHERE ("parent" = '` + aText + `')`},
		{&id.ID{}, id.ErrZero.Error()},
	} {
		if got := where(orNil(c.p)); got != c.want {
			t.Errorf("Eq(orNil(%v)) = %s, want %s", c.p, got, c.want)
		}
	}
}

// panics reports whether f panics.
func panics(f func()) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	f()
	return false
}

// TestGoEnvconfigNull: sethvargo/go-envconfig v1.4.3 tries UnmarshalText,
// then UnmarshalJSON, on the same text: VAR=null fails the first and is
// JSON null to the second, so it reads as "no id", without an error
// (measured). A bad id is an error wrapping id.ErrInvalid, in the words of
// UnmarshalBinary, the last decoder it tries. Check IsZero after Process where the
// id is required. An unset *id.ID is a pointer to the zero id unless
// tagged noinit, which leaves it nil.
func TestGoEnvconfigNull(t *testing.T) {
	type config struct {
		Tenant id.ID  `env:"TENANT, required"`
		Parent *id.ID `env:"PARENT"`
	}
	var c config
	err := envconfig.ProcessWith(context.Background(), &envconfig.Config{Target: &c,
		Lookuper: envconfig.MapLookuper(map[string]string{"TENANT": "null", "PARENT": "null"})})
	if err != nil || !c.Tenant.IsZero() {
		t.Fatalf("TENANT=null: %+v, %v; measured: the zero id, no error", c, err)
	}
	c = config{}
	err = envconfig.ProcessWith(context.Background(), &envconfig.Config{Target: &c,
		Lookuper: envconfig.MapLookuper(map[string]string{"TENANT": aUpper})})
	if err != nil || c.Tenant != a || c.Parent == nil || !c.Parent.IsZero() {
		t.Fatalf("TENANT=%s: %+v, %v; measured: an unset *id.ID is a pointer to the zero id", aUpper, c, err)
	}
	var n struct {
		Parent *id.ID `env:"PARENT, noinit"`
	}
	err = envconfig.ProcessWith(context.Background(), &envconfig.Config{Target: &n, Lookuper: envconfig.MapLookuper(nil)})
	if err != nil || n.Parent != nil {
		t.Fatalf("noinit: %+v, %v; want a nil pointer", n, err)
	}
	err = envconfig.ProcessWith(context.Background(), &envconfig.Config{Target: &c,
		Lookuper: envconfig.MapLookuper(map[string]string{"TENANT": badText})})
	if want := `id: invalid stored id "` + badText + `": invalid character 'u' at index 25`; !errors.Is(err, id.ErrInvalid) || err.Error() != want {
		t.Fatalf("TENANT=%s: %v, want %s (UnmarshalBinary's, the last decoder it tried)", badText, err, want)
	}
}

// TestCleanenv: ilyakaznacheev/cleanenv v1.5.0 walks every struct field
// as a nested configuration before it looks for UnmarshalText, so an
// id.ID field is never read (measured: it stays the zero id, no error);
// it calls UnmarshalText on a nil *id.ID field, a panic. (Its Updater
// runs before the variables are read: no place to parse.) Read a string
// and Parse it after ReadEnv.
func TestCleanenv(t *testing.T) {
	t.Setenv("APP_TENANT", aUpper)
	var lost struct {
		Tenant id.ID `env:"APP_TENANT"`
	}
	if err := cleanenv.ReadEnv(&lost); err != nil || !lost.Tenant.IsZero() {
		t.Fatalf("id.ID field: %+v, %v; measured: never read", lost, err)
	}
	var p struct {
		Tenant *id.ID `env:"APP_TENANT"`
	}
	if !panics(func() { _ = cleanenv.ReadEnv(&p) }) {
		t.Fatal("*id.ID field did not panic; measured: it does")
	}

	var c struct {
		Tenant string `env:"APP_TENANT" env-required:"true"`
	}
	for _, c2 := range []struct {
		env  string
		want id.ID
		ok   bool
	}{{aUpper, a, true}, {badText, id.ID{}, false}} {
		t.Setenv("APP_TENANT", c2.env)
		if err := cleanenv.ReadEnv(&c); err != nil {
			t.Fatal(err)
		}
		tenant, err := id.Parse(c.Tenant)
		if tenant != c2.want || (err == nil) != c2.ok || err != nil && !errors.Is(err, id.ErrInvalid) {
			t.Fatalf("APP_TENANT=%s: %v, %v", c2.env, tenant, err)
		}
	}
}

// TestInvopopJSONSchema: invopop/jsonschema v0.14.0 reflects an id.ID as
// an object (its fields are unexported), so a validator built on the
// schema refuses every id (measured). Its Mapper gives ids the schema of
// docs/works-with-web.md: a string of 26 characters matching
// id.InputPattern; a typed id needs the same (idSchemaFor matches id.ID
// and every struct whose only field is an embedded id.ID).
func TestInvopopJSONSchema(t *testing.T) {
	type team struct {
		Owner  id.ID   `json:"owner"`
		Parent *userID `json:"parent,omitempty"`
	}
	s := (&jsonschema.Reflector{DoNotReference: true}).Reflect(&team{})
	if owner, _ := s.Properties.Get("owner"); owner == nil || owner.Type != "object" {
		t.Fatalf("owner without a Mapper: %+v; measured an object", owner)
	}

	r := &jsonschema.Reflector{DoNotReference: true, Mapper: idSchemaFor}
	s = r.Reflect(&team{})
	for _, name := range []string{"owner", "parent"} {
		p, _ := s.Properties.Get(name)
		b, err := json.Marshal(p)
		if want := `{"type":"string","maxLength":26,"minLength":26,"pattern":"` + strings.ReplaceAll(id.InputPattern, `\`, `\\`) + `"}`; err != nil || string(b) != want {
			t.Errorf("%s: %s, %v; want %s", name, b, err, want)
		}
	}
}

// idSchemaFor is the Mapper: the schema of an id for id.ID and typed ids.
func idSchemaFor(t reflect.Type) *jsonschema.Schema {
	idType := reflect.TypeFor[id.ID]()
	if t != idType && (t.Kind() != reflect.Struct || t.NumField() != 1 || !t.Field(0).Anonymous || t.Field(0).Type != idType) {
		return nil
	}
	n := uint64(26)
	return &jsonschema.Schema{Type: "string", MinLength: &n, MaxLength: &n, Pattern: id.InputPattern}
}
