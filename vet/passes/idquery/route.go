package idquery

import (
	"strings"

	"github.com/idkeys/id/vet/internal/idform"
)

// Route patterns and regexps check only what they check: a pattern that
// admits only an id's form (its length and alphabet) or only digits (an
// integer key) is a check of the value (internal/idform); one that only
// limits the characters ({post:[a-zA-Z0-9]+}, [^/]+, \w+) is none.

// checkedVars returns the variables of a gorilla/mux or chi route
// pattern whose own pattern checks them: {name:pattern}, braces nested
// in the pattern ({id:[0-9a-z]{26}}) included; the router anchors the
// pattern to the variable's segment.
func checkedVars(route string) []string {
	var out []string
	level, start := 0, 0
	for i := 0; i < len(route); i++ {
		switch route[i] {
		case '{':
			if level == 0 {
				start = i + 1
			}
			level++
		case '}':
			if level--; level < 0 {
				return out // unbalanced: the router refuses the route
			}
			if level > 0 {
				continue
			}
			name, pattern, ok := strings.Cut(route[start:i], ":")
			if ok && routeName(name) && idform.Of(pattern, true) != idform.None {
				out = append(out, name)
			}
		}
	}
	return out
}

// routeName reports whether s can name a route variable: a letter or _,
// then letters, digits, _ and -.
func routeName(s string) bool {
	for i, c := range s {
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && (c == '-' || '0' <= c && c <= '9')) {
			return false
		}
	}
	return s != ""
}

// checksForm reports whether a regexp Match call's constant pattern,
// matched anywhere in the value, checks it: anchored at both ends and
// admitting only an id's form or digits.
func checksForm(pattern string) bool {
	return idform.Of(pattern, false) != idform.None
}
