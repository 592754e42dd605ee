package idtest_test

import (
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/idtest"
)

// TestDiff: equal up to a one-to-one renaming of ids is "", anything else
// names the first differing line.
func TestDiff(t *testing.T) {
	for _, c := range []struct{ name, want, got, diff string }{
		{"same text", "order " + a, "order " + a, ""},
		{"ids renamed consistently", "order " + a + " of " + b + "\nby " + b, "order " + b + " of " + a + "\nby " + a, ""},
		{"a change of letter case shows (KEYS-4)", "order " + a, "order " + aUpper, `line 1: want "order <id-1>", got "order <ID-1>"`},
		{"mixed case shows", a, "01arz3ndektsv4rrffq69g5faV", `line 1: want "<id-1>", got "<Id-1>"`},
		{"two numbers are not ids", "n=12345678901234567890123456", "n=12345678901234567890123457", `line 1: want "n=12345678901234567890123456", got "n=12345678901234567890123457"`},
		{"two hex digests are not ids", "sha=0123456789abcdef0123456789", "sha=7edcba98765432100123456789", `line 1: want "sha=0123456789abcdef0123456789", got "sha=7edcba98765432100123456789"`},
		{"two ids where one is wanted", "order " + a + " of " + a, "order " + a + " of " + b, `line 1: want "order <id-1> of <id-1>", got "order <id-1> of <id-2>"`},
		{"one id where two are wanted", "x\n" + a + " " + b, "x\n" + a + " " + a, `line 2: want "<id-1> <id-2>", got "<id-1> <id-1>"`},
		{"other text", "order " + a, "order: " + b, `line 1: want "order <id-1>", got "order: <id-1>"`},
		{"a line more", "a\nb", "a\nb\nc", `line 3: want no line, got "c"`},
		{"a line less", "a\nb\n", "a\nb", `line 3: want "", got no line`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := idtest.Diff(c.want, c.got); got != c.diff {
				t.Fatalf("Diff(%q, %q)\n = %q\nwant %q", c.want, c.got, got, c.diff)
			}
		})
	}
}

type order struct {
	ID    id.ID
	User  id.ID
	Lines []line
}

type line struct {
	ID    id.ID
	Order id.ID
}

// TestDiffJSON: values are compared through their JSON, up to a renaming
// of ids; a value encoding/json refuses is an error.
func TestDiffJSON(t *testing.T) {
	mk := func(o, u, l1, l2 id.ID) order {
		return order{ID: o, User: u, Lines: []line{{l1, o}, {l2, o}}}
	}
	x := []id.ID{id.New(), id.New(), id.New(), id.New()}
	y := []id.ID{id.New(), id.New(), id.New(), id.New()}
	if d, err := idtest.DiffJSON(mk(x[0], x[1], x[2], x[3]), mk(y[0], y[1], y[2], y[3])); d != "" || err != nil {
		t.Fatalf("DiffJSON of the same order with other ids = %q, %v; want \"\", nil", d, err)
	}
	bad := mk(y[0], y[1], y[2], y[3])
	bad.Lines[1].Order = y[1] // the line points at the user, not the order
	d, err := idtest.DiffJSON(mk(x[0], x[1], x[2], x[3]), bad)
	if err != nil || d != `line 11: want "\t\t\t\"Order\": \"<id-1>\"", got "\t\t\t\"Order\": \"<id-2>\""` {
		t.Fatalf("DiffJSON of a line pointing at the user = %q, %v", d, err)
	}
	if _, err := idtest.DiffJSON(func() {}, 1); err == nil || !strings.HasPrefix(err.Error(), "idtest: DiffJSON: want: json: unsupported type") {
		t.Fatalf("DiffJSON(func) error = %v", err)
	}
}
