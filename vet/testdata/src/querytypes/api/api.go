// Package api declares the store interface; its implementation is in
// package store, which this package does not import.
package api

import (
	"context"

	"github.com/idkeys/id"
)

type Users interface {
	User(ctx context.Context, userID string) (string, error)
	UserTyped(ctx context.Context, userID id.ID) (string, error)
}
