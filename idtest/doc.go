// Package idtest makes ids reproducible in tests of code that uses
// package id: a [Generator] per test, with its own clock and a seed taken
// from the test's package and name, to inject where the code under test would call
// id.New; [Normalize], which replaces every id in a text with <id-1>,
// <id-2>, … for golden files; and [Diff] and [DiffJSON], which compare two
// texts or two values up to a consistent renaming of ids.
//
// It uses the standard library and package id's exported API only: its
// ids are made by [adopt.Backfill], which makes reproducible ids from a seed
// and chosen times, so every id it makes is a valid id ([id.Parse] and
// [id.ID.Scan] accept it) and it needs no seam into package id. It is for
// tests only: an id from a known seed and time is guessable.
//
// The way in for a Generator is a dependency, not a global: give the code
// under test its id source as a field,
//
//	type Service struct {
//		NewID func() id.ID // id.New when nil
//	}
//
// and in the test set it to the generator's New method:
//
//	svc := &Service{NewID: idtest.NewGenerator(t).New}
//
// Parallel tests then share nothing, as a global replaced for the test
// could not (the standard library's testing/cryptotest.SetGlobalRandom
// cannot be used with t.Parallel for that reason).
package idtest
