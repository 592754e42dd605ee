package idform

import "testing"

func TestOf(t *testing.T) {
	for _, c := range []struct {
		pattern  string
		anchored bool
		want     Form
	}{
		// Integer keys.
		{`[0-9]+`, true, Digits},
		{`\d+`, true, Digits},
		{`[1-9][0-9]*`, true, Digits},
		{`[0-9]{1,20}`, true, Digits},
		{`[[:digit:]]+`, true, Digits},
		{`(\d+)`, true, Digits},
		{`^[0-9]+$`, false, Digits},
		{`\A\d+\z`, false, Digits},
		{`[0-9]*`, true, None},   // admits the empty value
		{`\p{Nd}+`, true, None},  // non-ASCII digits: no integer key's form
		{`[0-9]+`, false, None},  // matched anywhere: "abc1" matches
		{`^[0-9]+`, false, None}, // no end anchor
		{`(?m)^[0-9]+$`, false, None},
		// Ids' forms: one length of letters, digits and "-".
		{`[0-9a-hjkmnp-tv-z]{26}`, true, ID},
		{`[0-9A-HJKMNP-TV-Z]{26}`, true, ID},
		{`(?i)[0-9a-hjkmnp-tv-z]{26}`, true, ID},
		{`[0-9a-z]{26}`, true, ID},
		{`(?i)[0-9a-z]{26}`, true, ID},       // (?i): ASCII's letters, not the Kelvin sign
		{`[0-9a-z\x{212A}]{26}`, true, None}, // the Kelvin sign written out
		{`(?i:01)[0-9a-z]{24}`, true, ID},
		{`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`, true, ID},
		{`[0-9a-fA-F]{32}`, true, ID},
		{`[0-9a-f-]{36}`, true, ID},
		{`[0-9a-f]{24}`, true, ID},
		{`^[0-9a-hjkmnp-tv-z]{26}$`, false, ID},
		{`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`, false, ID},
		{`[0-9a-z]{26}`, false, None}, // matched anywhere
		{`[0-7][0-9a-hjkmnp-tv-z]{25}`, true, ID},
		{`ord_[0-9a-z]{26}`, true, None}, // "_" is no id character
		// Only the characters limited.
		{`[a-zA-Z0-9]+`, true, None},
		{`[^/]+`, true, None},
		{`\w+`, true, None},
		{`.+`, true, None},
		{`[0-9a-z]{20,30}`, true, None},
		{`[a-z]{3}`, true, None},   // a fixed length, too short for an id
		{`[^/]{26}`, true, None},   // a fixed length, any character
		{`.{26}`, true, None},      // the same
		{`[a-z0-9-]+`, true, None}, // a slug
		{`^[a-zA-Z0-9]+$`, false, None},
		// Alternatives, each judged alone.
		{`[0-9]+|[0-9a-z]{26}`, true, ID},
		{`^(?:[0-9]+|[0-9a-f]{32})$`, false, ID},
		{`[0-9]+|\d{3}`, true, Digits},
		{`[0-9]+|[a-z]+`, true, None},
		{`^[0-9]+$|[a-z]`, false, None},
		// Not a pattern.
		{`[0-9`, true, None},
		{``, true, None},
		{`^$`, false, None},
		{`[^\x00-\x{10FFFF}]`, true, None},
	} {
		if got := Of(c.pattern, c.anchored); got != c.want {
			t.Errorf("Of(%q, %v) = %v, want %v", c.pattern, c.anchored, got, c.want)
		}
	}
}
