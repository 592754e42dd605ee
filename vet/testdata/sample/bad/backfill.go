package bad

import (
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adopt"
)

// Import makes ids for new rows with the backfill constructor (BACKFILL).
func Import(created time.Time) (id.ID, error) {
	return adopt.NewBackfill([32]byte{}).At(created)
}
