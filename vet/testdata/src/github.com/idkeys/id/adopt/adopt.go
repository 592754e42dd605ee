// Package adopt is a stub of github.com/idkeys/id/adopt for the analyzers' tests.
package adopt

import (
	"time"

	"github.com/idkeys/id"
)

func FromUUIDv7(u [16]byte) (id.ID, error) { return id.ID{}, nil }
func ParseUUIDv7(s string) (id.ID, error)  { return id.ID{}, nil }

type Backfill struct{}

func NewBackfill(seed [32]byte) *Backfill         { return &Backfill{} }
func (b *Backfill) At(t time.Time) (id.ID, error) { return id.ID{}, nil }

// Package adopt's own code is never reported.
func selfTest() {
	_ = NewBackfill([32]byte{})
}
