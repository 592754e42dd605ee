// Package store reads users; it reaches database/sql only through dbx.
package store

import (
	"context"

	"example.com/cross/dbx"
	"example.com/cross/model"
)

// Name returns the name of the user userID.
func Name(ctx context.Context, userID string) (string, error) {
	var name string
	err := dbx.One(ctx, "SELECT name FROM users WHERE id = $1", &name, userID)
	return name, err
}

// Load returns the user u.ID.
func Load(ctx context.Context, u model.User) (model.User, error) {
	err := dbx.One(ctx, "SELECT name FROM users WHERE id = $1", &u.Name, u.ID)
	return u, err
}
