package rule

import "testing"

func TestAllowMatch(t *testing.T) {
	var a Allow
	if err := a.Set(" example.com/migrate, example.com/legacy/... ,"); err != nil {
		t.Fatal(err)
	}
	if got, want := a.String(), "example.com/migrate,example.com/legacy/..."; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	for pkg, want := range map[string]bool{
		"example.com/migrate":                            true,
		"example.com/migrate_test":                       true,
		"example.com/migrate [example.com/migrate.test]": true,
		"example.com/migrate/sub":                        false,
		"example.com/legacy":                             true,
		"example.com/legacy/a/b":                         true,
		"example.com/legacyx":                            false,
		"example.com/other":                              false,
	} {
		if got := a.Match(pkg); got != want {
			t.Errorf("Match(%q) = %v, want %v", pkg, got, want)
		}
	}
}

func TestDoc(t *testing.T) {
	src := "// Package p is a test.\n//\n// # Analyzer x\n//\n// x: one line\n//\n// More.\npackage p\n"
	if got, want := Doc(src, "x"), "one line\n\nMore."; got != want {
		t.Errorf("Doc = %q, want %q", got, want)
	}
}

func TestAllowSetRefusesMalformed(t *testing.T) {
	for _, bad := range []string{
		"example.com/*", "example.com/a b", "example.com/", "/example.com", "example.com//a",
		"example.com/.../a", "example.com/..", `"example.com/a"`, "example.com/a,example.com/b*",
	} {
		a := Allow{"kept"}
		if err := a.Set(bad); err == nil {
			t.Errorf("Set(%q) = nil, want an error", bad)
		} else if len(a) != 1 || a[0] != "kept" {
			t.Errorf("Set(%q) changed the list to %q", bad, a)
		}
	}
	for _, good := range []string{"uuid", "example.com/a/...", "gopkg.in/yaml.v3", "github.com/gofrs/uuid/v5", "example.com/a-b_c~d+e"} {
		var a Allow
		if err := a.Set(good); err != nil {
			t.Errorf("Set(%q) = %v, want nil", good, err)
		}
	}
}

func TestRuleOf(t *testing.T) {
	for msg, want := range map[string]string{
		"uuid.New makes an id outside package id (KEYS-3): use id.New()":               "KEYS-3",
		"%.8s shortens an id (TRUNC): use %s, the whole id":                            "TRUNC",
		`mux.Vars(…)["id"] reaches sql.DB.Exec unparsed (KEYS-5): parse it`:            "KEYS-5",
		"id.NewBackfill is for ids of existing rows (BACKFILL): use id.New() (KEYS-2)": "BACKFILL",
		"no rule here": "",
	} {
		if got := RuleOf(msg); got != want {
			t.Errorf("RuleOf(%q) = %q, want %q", msg, got, want)
		}
	}
}

func TestParseDirective(t *testing.T) {
	for text, want := range map[string]suppression{
		"//idvet:allow KEYS-3 legacy rows keep UUIDs": {"KEYS-3", "legacy rows keep UUIDs"},
		"//idvet:allow KEYS-3":                        {"KEYS-3", ""},
		"//idvet:allow":                               {},
		"//idvet:allow\tTRUNC  a  reason ":            {"TRUNC", "a reason"},
		"//idvet:allow KEYS-3 // want `x`":            {"KEYS-3", ""},
	} {
		got, ok := parseDirective(text)
		if !ok || got != want {
			t.Errorf("parseDirective(%q) = %+v, %v; want %+v, true", text, got, ok, want)
		}
	}
	for _, text := range []string{"// idvet:allow KEYS-3 x", "//idvet:allowed KEYS-3 x", "//nolint"} {
		if _, ok := parseDirective(text); ok {
			t.Errorf("parseDirective(%q) is a directive, want none", text)
		}
	}
}
