package tooltest

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/idkeys/id"
	"github.com/idkeys/id/idtest"
	"github.com/stretchr/testify/assert"
)

// userID and teamID are typed ids as docs/typed-ids.md declares them.
type (
	userID struct{ id.ID }
	teamID struct{ id.ID }
)

type typedUser struct {
	ID     userID
	TeamID *teamID
	Tags   []userID
	Seen   map[userID]int
}

// TestGoCmpTypedIDs: go-cmp compares typed ids without an option: a typed
// id has no Equal of its own type (the promoted Equal takes an id.ID), so
// cmp recurses into the exported embedded field ID and uses ID.Equal
// there; the diff names the type and the ids' text:
// tooltest.userID{ID: s"01arz3ndektsv4rrffq69g5fav"}.
func TestGoCmpTypedIDs(t *testing.T) {
	team := teamID{id2}
	a := typedUser{ID: userID{id1}, TeamID: &team, Tags: []userID{{id1}, {id2}}, Seen: map[userID]int{{id1}: 1}}
	same := typedUser{ID: userID{id1}, TeamID: &teamID{id2}, Tags: []userID{{id1}, {id2}}, Seen: map[userID]int{{id1}: 1}}
	if !cmp.Equal(a, same) || cmp.Diff(a, same) != "" {
		t.Fatalf("cmp.Equal(a, same) = false or Diff = %q, want equal", cmp.Diff(a, same))
	}
	b := same
	b.ID = userID{id2}
	diff := cmp.Diff(a, b)
	if cmp.Equal(a, b) || !strings.Contains(diff, text1) || !strings.Contains(diff, text2) || !strings.Contains(diff, `tooltest.userID{ID: s"`+text1+`"}`) {
		t.Fatalf("cmp.Diff(a, b) = %q, want a difference naming the type and %s and %s", diff, text1, text2)
	}
	if cmp.Equal(userID{}, userID{id1}) || !cmp.Equal(userID{}, userID{}) {
		t.Fatal("cmp.Equal with the zero typed id disagrees with ==")
	}
}

// TestGoCmpNormalize: the go-cmp one-liner of docs/testing-ids.md: a
// Transformer that normalizes strings compares texts up to a consistent
// renaming of the ids in each string.
func TestGoCmpNormalize(t *testing.T) {
	x, y := id.New(), id.New()
	want := []string{"order " + x.String() + " of " + y.String()}
	got := []string{"order " + y.String() + " of " + x.String()}
	opt := cmp.Transformer("idtest.Normalize", idtest.Normalize)
	if d := cmp.Diff(want, got, opt); d != "" {
		t.Fatalf("cmp.Diff with idtest.Normalize: %s", d)
	}
	got[0] = "order " + y.String() + " of " + y.String()
	if cmp.Equal(want, got, opt) {
		t.Fatal("cmp.Equal with idtest.Normalize: an order of itself equals an order of another id")
	}
}

// TestTestifyTypedIDs: assert.Equal on typed ids agrees with ==, and its
// failure message shows the ids' text.
func TestTestifyTypedIDs(t *testing.T) {
	var f fakeT
	if !assert.Equal(&f, userID{id1}, userID{id1}) || assert.Equal(&f, userID{id1}, userID{id2}) {
		t.Fatal("assert.Equal on typed ids disagrees with ==")
	}
	if out := f.buf.String(); !strings.Contains(out, text1) || !strings.Contains(out, text2) {
		t.Fatalf("testify's failure output does not show both ids:\n%s", out)
	}
}
