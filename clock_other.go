//go:build !(linux && amd64)

package id

import "time"

// wallMillis returns the wall clock in Unix milliseconds:
// time.Now().UnixMilli(). (On linux/amd64 a cheaper read of the same
// clock is used: clock_linux_amd64.go.)
func wallMillis() int64 {
	return time.Now().UnixMilli()
}
