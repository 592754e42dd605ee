//go:build race

package idotel_test

// raceEnabled: under -race, sync.Pool drops Puts at random, so allocation
// counts are not the program's.
const raceEnabled = true
