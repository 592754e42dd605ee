// Package compact is a stub of github.com/idkeys/id/compact for
// analysistest: an id.ID stored as its 16 bytes.
package compact

import "github.com/idkeys/id"

type ID struct{ id.ID }

func New() ID { return ID{id.New()} }
