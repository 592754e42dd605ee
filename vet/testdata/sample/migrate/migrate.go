// Package migrate gives existing rows ids from their creation time: it is
// the package that -idbackfill.allow names.
package migrate

import (
	"time"

	"github.com/idkeys/id"
)

// At returns the id of a row created at t.
func At(seed [32]byte, t time.Time) (id.ID, error) {
	return id.NewBackfill(seed).At(t)
}
