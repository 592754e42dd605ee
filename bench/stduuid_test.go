//go:build go1.27

package bench

import "uuid"

// The standard library's uuid package is new in Go 1.27: this file is
// built only from that version on (bench/compare builds with go1.27.3),
// so the benchmarks still build, without it, with the Go of go.mod.
func init() {
	newStdUUID = func() [16]byte { return uuid.NewV7() }
}
