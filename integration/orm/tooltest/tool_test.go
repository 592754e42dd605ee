// Package tooltest checks id.ID in the test and logging tools Go services
// use: go-cmp, testify's failure output, fmt's verbs, encoding/json v1
// (and v2 under GOEXPERIMENT=jsonv2, json_v2_test.go), log/slog and
// flag.TextVar.
package tooltest

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/idkeys/id"
	"github.com/stretchr/testify/assert"
)

const (
	text1 = "01arz3ndektsv4rrffq69g5fav"
	text2 = "01bx5zzkbkactav9wevgemmvrz"
)

var (
	id1 = id.MustParse(text1)
	id2 = id.MustParse(text2)
)

type user struct {
	ID     id.ID
	TeamID *id.ID
	Tags   []id.ID
	Seen   map[id.ID]int
}

// TestGoCmp: cmp.Equal and cmp.Diff compare structs, slices, maps and
// pointers holding ids through ID.Equal, without panicking on ID's
// unexported fields, and the diff shows the ids' text.
func TestGoCmp(t *testing.T) {
	a := user{ID: id1, TeamID: &id2, Tags: []id.ID{id1, id2}, Seen: map[id.ID]int{id1: 1}}
	same := user{ID: id1, TeamID: new(id.ID), Tags: []id.ID{id1, id2}, Seen: map[id.ID]int{id1: 1}}
	*same.TeamID = id2
	if !cmp.Equal(a, same) || cmp.Diff(a, same) != "" {
		t.Fatalf("cmp.Equal(a, same) = false or Diff = %q, want equal", cmp.Diff(a, same))
	}
	b := same
	b.ID = id2
	diff := cmp.Diff(a, b)
	if cmp.Equal(a, b) || !strings.Contains(diff, text1) || !strings.Contains(diff, text2) {
		t.Fatalf("cmp.Diff(a, b) = %q, want a difference naming %s and %s", diff, text1, text2)
	}
	if !cmp.Equal([]id.ID{id1, {}}, []id.ID{id1, {}}) || cmp.Equal(map[id.ID]id.ID{id1: id2}, map[id.ID]id.ID{id1: id1}) {
		t.Fatal("cmp.Equal on slices and maps of ids disagrees with ==")
	}
	// The zero ID equals only itself.
	if cmp.Equal(id.ID{}, id1) || !cmp.Equal(id.ID{}, id.ID{}) {
		t.Fatal("cmp.Equal with the zero id disagrees with ==")
	}
}

// fakeT records what testify reports, as *testing.T would print it.
type fakeT struct{ buf strings.Builder }

func (f *fakeT) Errorf(format string, args ...any) { fmt.Fprintf(&f.buf, format, args...) }

// TestTestifyOutput: a failing assert.Equal on ids, and on structs
// holding ids, prints the ids' text (testify prints values with %#v), and
// ObjectsAreEqual agrees with ==.
func TestTestifyOutput(t *testing.T) {
	var f fakeT
	if assert.Equal(&f, id1, id2) {
		t.Fatal("assert.Equal(id1, id2) passed")
	}
	out := f.buf.String()
	for _, want := range []string{`id.MustParse("` + text1 + `")`, `id.MustParse("` + text2 + `")`} {
		if !strings.Contains(out, want) {
			t.Fatalf("testify's failure message does not show %s:\n%s", want, out)
		}
	}
	f.buf.Reset()
	assert.Equal(&f, user{ID: id1}, user{ID: id2})
	if out := f.buf.String(); !strings.Contains(out, text1) || !strings.Contains(out, text2) {
		t.Fatalf("testify's failure message for structs does not show both ids:\n%s", out)
	}
	if !assert.ObjectsAreEqual(id1, id.MustParse(strings.ToUpper(text1))) || assert.ObjectsAreEqual(id1, id2) {
		t.Fatal("assert.ObjectsAreEqual disagrees with ==")
	}
}

// TestFmtVerbs: %v and %s print the text, %q quotes it, %#v prints a Go
// expression, also inside structs, slices and maps; the zero ID prints as
// the marker <zero id> and id.ID{}.
func TestFmtVerbs(t *testing.T) {
	for _, c := range []struct{ format, want string }{
		{"%v", text1},
		{"%s", text1},
		{"%q", `"` + text1 + `"`},
		{"%#v", `id.MustParse("` + text1 + `")`},
		{"%+v", text1},
	} {
		if got := fmt.Sprintf(c.format, id1); got != c.want {
			t.Errorf("Sprintf(%q, id) = %q, want %q", c.format, got, c.want)
		}
	}
	for _, c := range []struct {
		format string
		arg    any
		want   string
	}{
		{"%v", id.ID{}, "<zero id>"},
		{"%q", id.ID{}, `"<zero id>"`},
		{"%#v", id.ID{}, "id.ID{}"},
		{"%v", []id.ID{id1, id2}, "[" + text1 + " " + text2 + "]"},
		{"%#v", []id.ID{id1}, `[]id.ID{id.MustParse("` + text1 + `")}`},
		{"%+v", struct{ ID id.ID }{id1}, "{ID:" + text1 + "}"},
		{"%#v", struct{ ID id.ID }{id1}, `struct { ID id.ID }{ID:id.MustParse("` + text1 + `")}`},
		{"%v", map[id.ID]int{id1: 1}, "map[" + text1 + ":1]"},
		{"%v", &id1, text1},
	} {
		if got := fmt.Sprintf(c.format, c.arg); got != c.want {
			t.Errorf("Sprintf(%q, %T) = %q, want %q", c.format, c.arg, got, c.want)
		}
	}
}

type payload struct {
	ID     id.ID         `json:"id"`
	Parent id.ID         `json:"parent,omitzero"`
	TeamID *id.ID        `json:"team_id"`
	Refs   []id.ID       `json:"refs"`
	ByID   map[id.ID]int `json:"by_id"`
}

// TestJSON: encoding/json writes ids as strings, map keys as their text,
// omits a zero ID under omitzero and a nil *id.ID as null; it reads any
// letter case, and refuses malformed ids with an error wrapping
// ErrInvalid. The same expectations hold under json v2 (jsonv2_test.go).
func TestJSON(t *testing.T) {
	checkJSON(t, json.Marshal, json.Unmarshal)
}

// checkJSON runs the JSON expectations with one package's Marshal and
// Unmarshal.
func checkJSON(t *testing.T, marshal func(any) ([]byte, error), unmarshal func([]byte, any) error) {
	t.Helper()
	in := payload{ID: id1, Refs: []id.ID{id2}, ByID: map[id.ID]int{id1: 7}}
	got, err := marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"` + text1 + `","team_id":null,"refs":["` + text2 + `"],"by_id":{"` + text1 + `":7}}`
	if string(got) != want {
		t.Fatalf("Marshal = %s, want %s", got, want)
	}
	var back payload
	if err := unmarshal([]byte(`{"id":"`+strings.ToUpper(text1)+`","parent":"`+text2+`","team_id":"`+text2+`","refs":[],"by_id":{"`+text2+`":1}}`), &back); err != nil {
		t.Fatal(err)
	}
	if back.ID != id1 || back.Parent != id2 || back.TeamID == nil || *back.TeamID != id2 || len(back.Refs) != 0 || back.ByID[id2] != 1 {
		t.Fatalf("Unmarshal = %+v, want id %v, parent and team %v", back, id1, id2)
	}
	for _, bad := range []string{`{"id":"01arz3ndektsv4rrffq69g5fa"}`, `{"id":"u1arz3ndektsv4rrffq69g5fav"}`, `{"id":7}`} {
		var p payload
		err := unmarshal([]byte(bad), &p)
		if err == nil {
			t.Errorf("Unmarshal(%s) succeeded", bad)
			continue
		}
		if !strings.Contains(bad, "7") && !errors.Is(err, id.ErrInvalid) {
			t.Errorf("Unmarshal(%s): err = %v, want one wrapping id.ErrInvalid", bad, err)
		}
	}

	// "No id" (docs/contract.md, V2, T2, T3): an empty string is not an id; null leaves an ID
	// as it was and sets a *id.ID to nil; the zero ID is written as null.
	var p payload
	if err := unmarshal([]byte(`{"id":""}`), &p); !errors.Is(err, id.ErrInvalid) || !p.ID.IsZero() {
		t.Errorf(`Unmarshal({"id":""}) = %v, %v; want the zero id and an error wrapping id.ErrInvalid`, p.ID, err)
	} else if want := `id: invalid id "": length 0, want 26`; !strings.HasSuffix(err.Error(), want) {
		t.Errorf(`Unmarshal({"id":""}): err = %q, want it to end in %q`, err, want)
	}
	p = payload{ID: id1, TeamID: &id2}
	if err := unmarshal([]byte(`{"id":null,"team_id":null}`), &p); err != nil || p.ID != id1 || p.TeamID != nil {
		t.Errorf(`Unmarshal({"id":null,"team_id":null}) = %v, %v, %v; want the id left as it was (%v), a nil pointer, no error`, p.ID, p.TeamID, err, id1)
	}
	zero, err := marshal(struct {
		ID id.ID `json:"id"`
	}{})
	if err != nil || string(zero) != `{"id":null}` {
		t.Errorf(`Marshal of a zero id field = %s, %v; want {"id":null}`, zero, err)
	}
}

// TestSlog: the text and JSON handlers write an id attribute as its text
// (through MarshalText and MarshalJSON), and the zero ID visibly: the
// text handler as "!ERROR:" and MarshalText's ErrZero, the JSON handler
// as null (contract row T5; the root's TestSlog has every case).
func TestSlog(t *testing.T) {
	var buf bytes.Buffer
	opts := &slog.HandlerOptions{ReplaceAttr: dropTime}
	slog.New(slog.NewTextHandler(&buf, opts)).Info("created", "user", id1, "parent", id.ID{})
	if got, want := buf.String(), "level=INFO msg=created user="+text1+` parent="!ERROR:id: refusing to write the zero id (use id.New(); spell \"no id\" as NULL or null: sql.Null[id.ID], a nil *id.ID, omitzero)"`+"\n"; got != want {
		t.Errorf("text handler wrote %q, want %q", got, want)
	}
	buf.Reset()
	slog.New(slog.NewJSONHandler(&buf, opts)).Info("created", "user", id1, "parent", id.ID{}, slog.Any("refs", []id.ID{id2}))
	if got, want := buf.String(), `{"level":"INFO","msg":"created","user":"`+text1+`","parent":null,"refs":["`+text2+`"]}`+"\n"; got != want {
		t.Errorf("JSON handler wrote %q, want %q", got, want)
	}
}

func dropTime(_ []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey {
		return slog.Attr{}
	}
	return a
}

// TestFlagTextVar: flag.TextVar reads an id in any letter case, shows the
// default in -help, and refuses a malformed id with a message naming the
// flag.
func TestFlagTextVar(t *testing.T) {
	fs := flag.NewFlagSet("tool", flag.ContinueOnError)
	var help bytes.Buffer
	fs.SetOutput(&help)
	var tenant id.ID
	fs.TextVar(&tenant, "tenant", id1, "tenant `id`")
	if err := fs.Parse([]string{"-tenant", strings.ToUpper(text2)}); err != nil || tenant != id2 {
		t.Fatalf("-tenant UPPER: %v, %v; want %v", tenant, err, id2)
	}
	fs.PrintDefaults()
	if want := "  -tenant id\n    \ttenant id (default " + text1 + ")\n"; help.String() != want {
		t.Fatalf("PrintDefaults = %q, want %q", help.String(), want)
	}

	fs = flag.NewFlagSet("tool", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.TextVar(&tenant, "tenant", id.ID{}, "tenant id")
	err := fs.Parse([]string{"-tenant", "01arz3ndektsv4rrffq69g5fa"})
	// flag formats the error with %v: the message carries ours, the chain
	// does not (errors.Is(err, id.ErrInvalid) is false).
	want := `invalid value "01arz3ndektsv4rrffq69g5fa" for flag -tenant: id: invalid id "01arz3ndektsv4rrffq69g5fa": length 25, want 26`
	if err == nil || err.Error() != want || errors.Is(err, id.ErrInvalid) {
		t.Fatalf("-tenant with 25 characters: err = %v, want %q, not wrapping id.ErrInvalid", err, want)
	}
}
