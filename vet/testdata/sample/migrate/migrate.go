// Package migrate gives existing rows ids from their creation time: it is
// the package that -idbackfill.allow names.
package migrate

import (
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adopt"
)

// At returns the id of a row created at t.
func At(seed [32]byte, t time.Time) (id.ID, error) {
	return adopt.NewBackfill(seed).At(t)
}
