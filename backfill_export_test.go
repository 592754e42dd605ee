package id

import "math/rand/v2"

// NewBackfillFrom returns a Backfill that draws from src, for tests in
// package id_test that script the entropy (as NewGenerator does for New).
func NewBackfillFrom(src rand.Source) *Backfill { return &Backfill{src: src} }
