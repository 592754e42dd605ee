// Package id is a stub of github.com/idkeys/id for analysistest: only the
// signatures the analyzers look at.
package id

import "time"

type ID struct{ hi, lo uint64 }

func New() ID                                    { return ID{} }
func Parse(s string) (ID, error)                 { return ID{}, nil }
func MustParse(s string) ID                      { return ID{} }
func (x ID) String() string                      { return "" }
func (x ID) MarshalText() ([]byte, error)        { return nil, nil }
func (x ID) AppendText(b []byte) ([]byte, error) { return b, nil }
func (x *ID) UnmarshalText(b []byte) error       { return nil }
func (x ID) Time() time.Time                     { return time.Time{} }
func (x ID) Compare(y ID) int                    { return 0 }
func FromUUIDv7(u [16]byte) (ID, error)          { return ID{}, nil }
func ParseUUIDv7(s string) (ID, error)           { return ID{}, nil }

type Backfill struct{}

func NewBackfill(seed [32]byte) *Backfill      { return &Backfill{} }
func (b *Backfill) At(t time.Time) (ID, error) { return ID{}, nil }

// Package id's own code is never reported.
func selfTest(s string) string {
	_ = NewBackfill([32]byte{})
	return New().String()[:8]
}
