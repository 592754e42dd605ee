// Package typedother declares typed ids in another package.
package typedother

import "github.com/idkeys/id"

type TeamID struct{ id.ID }

type Legacy id.ID // want `^type Legacy id\.ID drops every method`
