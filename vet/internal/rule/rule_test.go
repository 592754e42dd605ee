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
