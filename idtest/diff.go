package idtest

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Diff compares want and got up to a consistent renaming of ids: it
// returns "" when [Normalize] makes them the same text, that is when some
// one-to-one renaming of ids, in order of first appearance, turns one
// into the other. Otherwise it returns a description of the first line
// that differs, normalized, with its number:
//
//	line 3: want "order <id-2> for <id-1>", got "order <id-1> for <id-1>"
func Diff(want, got string) string {
	w, g := Normalize(want), Normalize(got)
	if w == g {
		return ""
	}
	wl, gl := strings.Split(w, "\n"), strings.Split(g, "\n")
	for i := range min(len(wl), len(gl)) {
		if wl[i] != gl[i] {
			return fmt.Sprintf("line %d: want %q, got %q", i+1, wl[i], gl[i])
		}
	}
	if len(wl) > len(gl) {
		return fmt.Sprintf("line %d: want %q, got no line", len(gl)+1, wl[len(gl)])
	}
	return fmt.Sprintf("line %d: want no line, got %q", len(wl)+1, gl[len(wl)])
}

// DiffJSON is [Diff] of the encoding/json encodings of want and got
// (indented, map keys sorted as encoding/json sorts them): "" when the two
// values are the same up to a consistent renaming of ids. Map keys that
// are ids sort by the ids' text, so two maps whose ids sort differently
// differ in the order of their entries. It returns the error of
// json.Marshal when a value cannot be encoded.
func DiffJSON(want, got any) (string, error) {
	w, err := json.MarshalIndent(want, "", "\t")
	if err != nil {
		return "", fmt.Errorf("idtest: DiffJSON: want: %w", err)
	}
	g, err := json.MarshalIndent(got, "", "\t")
	if err != nil {
		return "", fmt.Errorf("idtest: DiffJSON: got: %w", err)
	}
	return Diff(string(w), string(g)), nil
}
