// Package backfillmigrate is on -idbackfill.allow in the test: it gives
// existing rows ids from their creation time.
package backfillmigrate

import (
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adopt"
)

func Backfill(created []time.Time) ([]id.ID, error) {
	b := adopt.NewBackfill([32]byte{})
	out := make([]id.ID, 0, len(created))
	for _, t := range created {
		x, err := b.At(t)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}
