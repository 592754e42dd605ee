package idquery

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/idkeys/id/vet/internal/rule"
)

// Sinks is the value of -idquery.sinks: a service's own query functions,
// methods, types or packages, for the calls idquery cannot follow (a store
// interface implemented in a package its callers do not import). Each
// comma-separated entry is PATH.Func, PATH.Type.Method, PATH.Type (every
// method of the type, an interface's included) or PATH (every function and
// method of the package). Every argument of a declared sink reaches a
// query; it is reported when a name on its way, the declared parameter's
// included, is an id's.
type Sinks struct {
	entries []string
	byPath  map[string]map[string]bool
}

// String returns the list as the flag value it was set from.
func (s *Sinks) String() string { return strings.Join(s.entries, ",") }

// Set replaces the list by the comma-separated entries of v, and returns
// an error (keeping the list as it was) for a malformed one.
func (s *Sinks) Set(v string) error {
	var entries []string
	byPath := make(map[string]map[string]bool)
	for e := range strings.SplitSeq(v, ",") {
		if e = strings.TrimSpace(e); e == "" {
			continue
		}
		path, name, err := rule.SplitEntry(e)
		if err != nil {
			return fmt.Errorf("sink %q: %v", e, err)
		}
		if byPath[path] == nil {
			byPath[path] = make(map[string]bool)
		}
		byPath[path][name] = true
		entries = append(entries, e)
	}
	s.entries, s.byPath = entries, byPath
	return nil
}

// match reports whether f is a declared sink.
func (s *Sinks) match(f *types.Func) bool {
	if f.Pkg() == nil {
		return false
	}
	names := s.byPath[f.Pkg().Path()]
	if names == nil {
		return false
	}
	if names["*"] || names[f.Name()] && f.Signature().Recv() == nil {
		return true
	}
	if f.Signature().Recv() == nil {
		return false
	}
	typ := recvName(f)
	return names[typ] || names[typ+"."+f.Name()]
}

func (s *Sinks) paths() []string {
	var out []string
	for p := range s.byPath {
		out = append(out, p)
	}
	return out
}
