package rule

import (
	"fmt"
	"go/token"
	"regexp"
	"strings"
	"unicode"
)

var (
	identRE   = regexp.MustCompile(`^[\pL_][\pL\pN_]*$`)
	versionRE = regexp.MustCompile(`^v[0-9]+$`)
)

// SplitEntry splits an entry of a list of functions, methods or types
// (-idmakers.makers, -idquery.sinks) into its package path and its
// "Name" or "Type.Name", or "*" for a whole package: PATH, PATH.Name or
// PATH.Type.Name, where the name after the last element's first dot is an
// identifier, not a version such as the "v3" of gopkg.in/yaml.v3 (in a
// path without "/", only an exported one: "uuid.New", not "example.com"). It
// returns an error for a malformed entry.
func SplitEntry(e string) (path, name string, err error) {
	dir, last := "", e
	if i := strings.LastIndex(e, "/"); i >= 0 {
		dir, last = e[:i+1], e[i+1:]
	}
	path, name = e, "*"
	if i := strings.Index(last, "."); i >= 0 && (dir != "" || i+1 < len(last) && unicode.IsUpper(rune(last[i+1]))) {
		rest := strings.Split(last[i+1:], ".")
		if !versionRE.MatchString(rest[0]) {
			if len(rest) > 2 {
				return "", "", fmt.Errorf("%q is neither Func nor Type.Method", last[i+1:])
			}
			for _, r := range rest {
				if !identRE.MatchString(r) || token.IsKeyword(r) {
					return "", "", fmt.Errorf("%q is not a Go identifier", r)
				}
			}
			path, name = dir+last[:i], strings.Join(rest, ".")
		}
	}
	if err := CheckPath(path); err != nil {
		return "", "", err
	}
	return path, name, nil
}
