package main

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time this process has used so far, user and
// system together: the client's share of a load (the Go code making keys
// and arguments, database/sql and the driver; for SQLite, in process,
// the database as well).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
