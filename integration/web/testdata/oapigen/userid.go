package oapigen

import "github.com/idkeys/id"

// UserID is a typed id (`type UserID struct{ id.ID }`), bound by the
// spec's TypedID schema (x-go-type: UserID): every method of id.ID,
// Bind and UnmarshalText included, is promoted to *UserID. It is written
// by hand, not generated.
type UserID struct{ id.ID }
