// Package backfill seeds BACKFILL violations: a service that makes ids for
// new rows with the backfill constructor.
package backfill

import (
	"time"

	ids "github.com/idkeys/id"
)

func insert(created time.Time) (ids.ID, error) {
	b := ids.NewBackfill([32]byte{}) // want `^id\.NewBackfill is for ids of existing rows \(BACKFILL\): use id\.New\(\) for new rows \(KEYS-2\), or list this package in -idbackfill\.allow$`
	return b.At(created)             // want `^id\.Backfill\.At is for ids of existing rows \(BACKFILL\)`
}

func values() func(time.Time) (ids.ID, error) {
	mk := ids.NewBackfill    // want `id\.NewBackfill is for ids`
	return mk([32]byte{}).At // want `id\.Backfill\.At is for ids`
}

func fine(u [16]byte, s string) {
	_ = ids.New()
	_, _ = ids.FromUUIDv7(u)
	_, _ = ids.ParseUUIDv7(s)
}
