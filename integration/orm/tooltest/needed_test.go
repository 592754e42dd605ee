package tooltest

// Each test here takes one method away and shows what the real library
// does then: a method is kept on id.ID only if its test shows a library
// that does not work without it. A defined type holding an id.ID, with
// the other methods forwarded, stands for "id.ID without that method" (a
// struct embedding id.ID cannot hide a promoted method).

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/idkeys/id"
)

// noEqual is id.ID without Equal.
type noEqual struct{ v id.ID }

func (n noEqual) String() string { return n.v.String() }

// TestGoCmpNeedsEqual: go-cmp v0.7.0 calls a method named Equal of the
// form (T) Equal(T) bool (cmp/compare.go, tryMethod: t.MethodByName("Equal"))
// and otherwise walks the fields, panicking on unexported ones. Without
// Equal, cmp.Equal panics on a struct holding an id.
func TestGoCmpNeedsEqual(t *testing.T) {
	panicked := func(f func()) (msg string) {
		defer func() {
			if r := recover(); r != nil {
				msg = fmt.Sprint(r)
			}
		}()
		f()
		return ""
	}
	msg := panicked(func() { cmp.Equal(struct{ ID noEqual }{noEqual{id1}}, struct{ ID noEqual }{noEqual{id1}}) })
	if !strings.HasPrefix(msg, "cannot handle unexported field") {
		t.Fatalf("without Equal: panic %q, want go-cmp's \"cannot handle unexported field\"", msg)
	}
	if msg := panicked(func() { cmp.Equal(struct{ ID id.ID }{id1}, struct{ ID id.ID }{id1}) }); msg != "" {
		t.Fatalf("with Equal: panic %q", msg)
	}
}

// noGoString is id.ID without GoString.
type noGoString struct{ v id.ID }

// TestFmtNeedsGoString: fmt's %#v (testify's failure output, drivers'
// errors) prints a struct's fields; without GoString an id shows as two
// machine words, which no grep for its text finds.
func TestFmtNeedsGoString(t *testing.T) {
	got := fmt.Sprintf("%#v", noGoString{id1})
	if strings.Contains(got, text1) || !strings.Contains(got, "hi:0x") {
		t.Fatalf("without GoString: %%#v = %s, want machine words and not %s", got, text1)
	}
	if got, want := fmt.Sprintf("%#v", id1), `id.MustParse("`+text1+`")`; got != want {
		t.Fatalf("with GoString: %%#v = %s, want %s", got, want)
	}
}
