// Package b calls a's functions.
package b

import (
	"fmt"

	"example.com/units/a"
)

func MarkedG() {
	a.MarkedF()
	a.Plain()
	fmt.Println()
}
