// Package service calls the store: database/sql is two packages away.
package service

import (
	"context"

	"example.com/cross/store"
)

// UserName returns the name of the user userID.
func UserName(ctx context.Context, userID string) (string, error) {
	return store.Name(ctx, userID)
}
