// Package backfill seeds BACKFILL violations: a service that makes ids for
// new rows with the backfill constructor.
package backfill

import (
	"time"

	ids "github.com/idkeys/id"
	"github.com/idkeys/id/adopt"
)

func insert(created time.Time) (ids.ID, error) {
	b := adopt.NewBackfill([32]byte{}) // want `^adopt\.NewBackfill is for ids of existing rows \(BACKFILL\): use id\.New\(\) for new rows \(KEYS-2\), or list this package in -idbackfill\.allow$`
	return b.At(created)               // want `^adopt\.Backfill\.At is for ids of existing rows \(BACKFILL\)`
}

func values() func(time.Time) (ids.ID, error) {
	mk := adopt.NewBackfill  // want `adopt\.NewBackfill is for ids`
	return mk([32]byte{}).At // want `adopt\.Backfill\.At is for ids`
}

func fine(u [16]byte, s string) {
	_ = ids.New()
	_, _ = adopt.FromUUIDv7(u)
	_, _ = adopt.ParseUUIDv7(s)
}
