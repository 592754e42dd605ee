// Package makersclean is the clean twin of makers: ids from package id,
// legacy types only in signatures and conversions.
package makersclean

import (
	guuid "github.com/google/uuid"
	"github.com/idkeys/id"
	"github.com/oklog/ulid/v2"
)

type Row struct {
	ID     id.ID
	Legacy ulid.ULID
	Old    guuid.UUID
}

func Make(old guuid.UUID) Row {
	return Row{ID: id.New(), Old: old}
}

func Parse(s string) (id.ID, error) { return id.Parse(s) }

func Version(u guuid.UUID) int { return u.Version() }

func Time(u ulid.ULID) uint64 { return u.Time() }
