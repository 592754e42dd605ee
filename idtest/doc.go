// Package idtest makes ids reproducible in tests of code that uses
// package id: a [Generator] per test, seeded from the test's package and
// name, to inject where the code would call id.New; [Normalize], which
// replaces every id in a text with <id-1>, <id-2>, … for golden files;
// and [Diff] and [DiffJSON], which compare up to a consistent renaming of
// ids. Its ids are valid ids made by adopt.Backfill from a known seed, so
// guessable: it is for tests only (docs/testing-ids.md).
//
// Inject a Generator as a dependency, not a global, so parallel tests
// share nothing:
//
//	type Service struct {
//		NewID func() id.ID // id.New when nil
//	}
//
//	svc := &Service{NewID: idtest.NewGenerator(t).New}
package idtest
