package plugin_test

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/idkeys/id/vet/passes"
	_ "github.com/idkeys/id/vet/plugin"
)

func build(t *testing.T, settings any) ([]string, error) {
	t.Helper()
	newPlugin, err := register.GetPlugin("idvet")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		return nil, err
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	var names []string
	for _, a := range as {
		names = append(names, a.Name)
	}
	return names, err
}

func TestDefaults(t *testing.T) {
	names, err := build(t, map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(names, " "), "idmakers idcase idquery idtrunc idbackfill idsilent idtyped"; got != want {
		t.Errorf("analyzers %q, want %q", got, want)
	}
}

func TestSettings(t *testing.T) {
	defer func() {
		for _, a := range passes.Analyzers() {
			f := a.Flags.Lookup("tests")
			f.Value.Set(f.DefValue)
		}
	}()
	names, err := build(t, map[string]any{
		"disable": []any{"idtrunc"},
		"allow":   map[string]any{"idmakers": []any{"example.com/migrate", "example.com/legacy/..."}},
		"tests":   false,
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(names, " "), "idmakers idcase idquery idbackfill idsilent idtyped"; got != want {
		t.Errorf("analyzers %q, want %q", got, want)
	}
	for _, a := range passes.Analyzers() {
		if got := a.Flags.Lookup("tests").Value.String(); a.Name != "idtrunc" && got != "false" {
			t.Errorf("tests: false left -%s.tests %s", a.Name, got)
		}
	}
	// The allow-list reached the analyzer's flag.
	newPlugin, _ := register.GetPlugin("idvet")
	p, _ := newPlugin(map[string]any{"allow": map[string]any{"idmakers": []any{"example.com/migrate", "example.com/legacy/..."}}})
	as, _ := p.BuildAnalyzers()
	if got, want := as[0].Flags.Lookup("allow").Value.String(), "example.com/migrate,example.com/legacy/..."; got != want {
		t.Errorf("idmakers.allow = %q, want %q", got, want)
	}
	as[0].Flags.Set("allow", "")
}

func TestBadSettings(t *testing.T) {
	for _, s := range []map[string]any{
		{"disable": []any{"idtrunk"}},
		{"allow": map[string]any{"nosuch": []any{"x"}}},
		{"unknown": true},
		{"makers": []any{"example.com/util.Random String"}},
		{"sinks": []any{"example.com/store.*"}},
		{"allow": map[string]any{"idmakers": []any{"example.com/*"}}},
	} {
		if _, err := build(t, s); err == nil || !strings.HasPrefix(err.Error(), "idvet: ") {
			t.Errorf("settings %v: error %v, want one starting with \"idvet: \"", s, err)
		}
	}
}

func TestMakersSetting(t *testing.T) {
	newPlugin, _ := register.GetPlugin("idvet")
	p, err := newPlugin(map[string]any{"makers": []any{"example.com/util.RandomString", "github.com/writeas/web-core/id"}})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := as[0].Flags.Lookup("makers").Value.String(), "example.com/util.RandomString,github.com/writeas/web-core/id"; got != want {
		t.Errorf("idmakers.makers = %q, want %q", got, want)
	}
	as[0].Flags.Set("makers", "")
}

func TestInferSetting(t *testing.T) {
	newPlugin, _ := register.GetPlugin("idvet")
	p, err := newPlugin(map[string]any{"infer": false})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if got := as[0].Flags.Lookup("infer").Value.String(); got != "false" {
		t.Errorf("idmakers.infer = %q, want false", got)
	}
	as[0].Flags.Set("infer", "true")
}
