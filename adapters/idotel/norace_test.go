//go:build !race

package idotel_test

const raceEnabled = false
