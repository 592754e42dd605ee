package idmakers

import (
	"fmt"
	"slices"
	"strings"

	"github.com/idkeys/id/vet/internal/rule"
)

// Makers is the value of -idmakers.makers: a service's own functions and
// packages that make or parse ids, reported as the listed ones are. Each
// comma-separated entry is
//
//	PATH            every package-level function of PATH that returns something
//	PATH.Func       that function
//	PATH.Type.Meth  that method
//
// where the name after the last element's first dot is an identifier
// (not a version such as the "v3" of gopkg.in/yaml.v3). A function is a
// parser when its name starts with Parse, MustParse, From, Validate or Decode, and
// a maker otherwise; name-based UUID functions (NewV3, NewV5, NewMD5,
// NewSHA1, NewHash) are never reported.
type Makers struct {
	entries []string
	byPath  map[string]map[string]bool // "*" for the whole package
}

// String returns the list as the flag value it was set from.
func (m *Makers) String() string { return strings.Join(m.entries, ",") }

// Set replaces the list by the comma-separated entries of s, and returns
// an error (keeping the list as it was) for a malformed one.
func (m *Makers) Set(s string) error {
	var entries []string
	byPath := make(map[string]map[string]bool)
	for e := range strings.SplitSeq(s, ",") {
		if e = strings.TrimSpace(e); e == "" {
			continue
		}
		path, name, err := rule.SplitEntry(e)
		if err != nil {
			return fmt.Errorf("maker %q: %v", e, err)
		}
		if byPath[path] == nil {
			byPath[path] = make(map[string]bool)
		}
		byPath[path][name] = true
		entries = append(entries, e)
	}
	m.entries, m.byPath = entries, byPath
	return nil
}

// paths returns the packages named.
func (m *Makers) paths() []string {
	var out []string
	for p := range m.byPath {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// kindOf returns what the function or method name ("Func" or
// "Type.Meth") of package path is on the list as, or 0.
func (m *Makers) kindOf(path, name string, hasResults bool) kind {
	names := m.byPath[path]
	if names == nil || nameBased[name[strings.LastIndex(name, ".")+1:]] {
		return 0
	}
	if !names[name] && !(names["*"] && !strings.Contains(name, ".") && hasResults) {
		return 0
	}
	base := name[strings.LastIndex(name, ".")+1:]
	for _, p := range []string{"Parse", "MustParse", "From", "Validate", "Decode"} {
		if strings.HasPrefix(base, p) {
			return parser
		}
	}
	return maker
}

// nameBased are the functions that derive a UUID from a name (versions 3
// and 5): the same name gives the same UUID, so they make no new id and
// id.New() is no replacement.
var nameBased = map[string]bool{"NewV3": true, "NewV5": true, "NewMD5": true, "NewSHA1": true, "NewHash": true}
