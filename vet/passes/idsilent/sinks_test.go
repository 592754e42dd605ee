package idsilent

import (
	"fmt"
	"strings"
	"testing"
)

// TestSinkMessages: every message of the table takes the value's
// description once and has the ": " before its fix, where the report puts
// the rule; every sink names a function or a field, not both; a function
// listed twice (for two conditions) has two messages.
func TestSinkMessages(t *testing.T) {
	seen := make(map[string]bool)
	for _, s := range sinks {
		what, _, _ := strings.Cut(s.msg, ": ")
		key := s.pkg + " " + s.recv + "." + s.name + s.field + " " + what
		if seen[key] {
			t.Errorf("%s: listed twice", key)
		}
		seen[key] = true
		if (s.name == "") == (s.field == "") {
			t.Errorf("%s: want a function or a field", key)
		}
		if n := strings.Count(s.msg, "%s"); n != 1 || strings.Count(s.msg, "%") != 1 {
			t.Errorf("%s: message %q has %d %%s, want 1 and no other verb", key, s.msg, n)
		}
		what, fix, ok := strings.Cut(fmt.Sprintf(s.msg, "an id.ID"), ": ")
		if !ok || what == "" || fix == "" {
			t.Errorf("%s: message %q has no \": \" before a fix", key, s.msg)
		}
	}
}
