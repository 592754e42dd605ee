//go:build race

package id_test

func init() { raceEnabled = true }
