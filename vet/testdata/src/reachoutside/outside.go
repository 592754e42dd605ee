// want package:`reaches\(net/http\)}$`

// Package reachoutside imports a package that standalone idvet reads
// from export data and does not analyse (reach.Outside): what that
// package imports, directly or not, is reached through it.
package reachoutside

import "strings"

var R = strings.NewReader("")
