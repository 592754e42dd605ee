package adopt_test

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// script is an entropy source that returns the given values in order, so
// that tests can compute the ids a Backfill must make by hand. It fails
// the test when the Backfill draws more than the script holds.
type script struct {
	t    *testing.T
	vals []uint64
}

func (s *script) Uint64() uint64 {
	if len(s.vals) == 0 {
		s.t.Fatal("Backfill drew more entropy than scripted")
	}
	v := s.vals[0]
	s.vals = s.vals[1:]
	return v
}

func draws(parts ...[]uint64) []uint64 {
	var all []uint64
	for _, p := range parts {
		all = append(all, p...)
	}
	return all
}

// checkMessage checks that an error message is safe to log whatever the
// input (docs/contract.md, E4): one line of at most 120 bytes, starting
// with "id: ", valid UTF-8 with every character printable.
func checkMessage(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	ok := strings.HasPrefix(msg, "id: ") && len(msg) <= 120 && utf8.ValidString(msg)
	for _, r := range msg {
		ok = ok && unicode.IsPrint(r)
	}
	if !ok {
		t.Fatalf("unsafe error message %q (%d bytes): want one printable line of at most 120 bytes starting with \"id: \"", msg, len(msg))
	}
}
