// Package sqldb is a service's own query wrapper: it turns ? into $n
// before database/sql sees the text.
package sqldb

import (
	"strconv"
	"strings"
)

// Rebind turns each ? of query into $1, $2, ….
func Rebind(query string) string {
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
