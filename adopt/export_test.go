package adopt

import "math/rand/v2"

// NewBackfillFrom returns a Backfill that draws from src, for tests in
// package adopt_test that script the entropy.
func NewBackfillFrom(src rand.Source) *Backfill { return &Backfill{src: src} }
