package stores

import (
	"errors"
	"testing"

	"github.com/idkeys/id"
)

// The ids of the tests: a and b are the ULID spec's example and another
// canonical id; aUpper is a in uppercase, which Parse and UnmarshalText
// accept and the stored-value decoders (Scan and the wrappers) refuse.
const (
	aText  = "01arz3ndektsv4rrffq69g5fav"
	bText  = "01bx5zzkbkactav9wevgemmvrz"
	aUpper = "01ARZ3NDEKTSV4RRFFQ69G5FAV"
	// badText has a 'u', which is outside Crockford base32.
	badText = "01arz3ndektsv4rrffq69g5fau"
)

var (
	a = id.MustParse(aText)
	b = id.MustParse(bText)
)

// badStored are the stored values every strict reader refuses, with the
// reason of the *id.ParseError it gives.
var badStored = []struct {
	name   string
	v      string
	reason id.Reason
}{
	{"uppercase", aUpper, id.ReasonCase},
	{"empty", "", id.ReasonMissing},
	{"invalid character", badText, id.ReasonCharacter},
	{"zero id", "00000000000000000000000000", id.ReasonZero},
}

// wantInvalid fails t unless err wraps id.ErrInvalid.
func wantInvalid(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		t.Fatal("got no error, want one wrapping id.ErrInvalid")
	}
	if !errors.Is(err, id.ErrInvalid) {
		t.Fatalf("error %q (%T) does not wrap id.ErrInvalid", err, err)
	}
}

// wantReason fails t unless err holds an *id.ParseError with reason r.
func wantReason(t *testing.T, err error, r id.Reason) {
	t.Helper()
	wantInvalid(t, err)
	var pe *id.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %q holds no *id.ParseError", err)
	}
	if pe.Reason != r {
		t.Fatalf("error %q: reason %v, want %v", err, pe.Reason, r)
	}
}

// wantZero fails t unless err wraps id.ErrZero.
func wantZero(t *testing.T, err error) {
	t.Helper()
	if !errors.Is(err, id.ErrZero) {
		t.Fatalf("error %v, want one wrapping id.ErrZero", err)
	}
}
