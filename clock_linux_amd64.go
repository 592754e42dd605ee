//go:build linux && amd64

package id

import (
	"syscall"
	"time"
)

// wallMillis returns the wall clock in Unix milliseconds, the same
// reading as time.Now().UnixMilli() (the kernel's CLOCK_REALTIME,
// rounded down to the millisecond), with one read of the clock instead
// of two: time.Now also reads the monotonic clock, which New does not
// use. On linux/amd64, syscall.Gettimeofday calls the kernel's vDSO
// (the clock is read in the process, with no system call) and
// allocates nothing; it costs about half of time.Now
// (docs/performance.md). If it ever fails, wallMillis falls back to
// time.Now.
func wallMillis() int64 {
	var tv syscall.Timeval
	if syscall.Gettimeofday(&tv) != nil {
		return time.Now().UnixMilli()
	}
	return tv.Sec*1000 + tv.Usec/1000
}
