package gqlapi

import (
	"context"

	"github.com/idkeys/id"
)

// Resolver is the hand-written root resolver of the fixture: it echoes
// the ids it was handed.
type Resolver struct{}

// Query returns the query resolver.
func (Resolver) Query() QueryResolver { return queryResolver{} }

type queryResolver struct{}

// User returns a user whose id is the argument.
func (queryResolver) User(_ context.Context, v id.ID) (*User, error) {
	return &User{ID: v}, nil
}

// Users returns one user, the cursor it was given in After (nil when the
// argument is absent or null).
func (queryResolver) Users(_ context.Context, after *id.ID) ([]*User, error) {
	return []*User{{ID: id.MustParse("01bx5zzkbkactav9wevgemmvrz"), After: after}}, nil
}
