package tooltest

// Each test here takes one method away and shows what the real library
// does then: a method is kept on id.ID only if its test shows a library
// that does not work without it. A defined type holding an id.ID, with
// the other methods forwarded, stands for "id.ID without that method" (a
// struct embedding id.ID cannot hide a promoted method).

import (
	"bytes"
	"fmt"
	"log/slog"
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

// noLogValue is id.ID without LogValue.
type noLogValue struct{ v id.ID }

func (n noLogValue) MarshalText() ([]byte, error) { return n.v.MarshalText() }
func (n noLogValue) MarshalJSON() ([]byte, error) { return n.v.MarshalJSON() }
func (n noLogValue) String() string               { return n.v.String() }

// TestSlogNeedsLogValue: log/slog's text handler calls MarshalText for a
// value that is an encoding.TextMarshaler and prints its error as
// !ERROR:...; without LogValue the zero id, "no id", is logged as
// MarshalText's ErrZero instead of as a nil value.
func TestSlogNeedsLogValue(t *testing.T) {
	var buf bytes.Buffer
	opts := &slog.HandlerOptions{ReplaceAttr: dropTime}
	slog.New(slog.NewTextHandler(&buf, opts)).Info("m", "parent", noLogValue{})
	if got := buf.String(); !strings.HasPrefix(got, `level=INFO msg=m parent="!ERROR:id: refusing to write the zero id`) {
		t.Fatalf("without LogValue: %q, want the !ERROR of id.ErrZero", got)
	}
	buf.Reset()
	slog.New(slog.NewTextHandler(&buf, opts)).Info("m", "parent", id.ID{})
	if got := buf.String(); strings.Contains(got, "!ERROR") {
		t.Fatalf("with LogValue: %q, want no !ERROR", got)
	}
}
