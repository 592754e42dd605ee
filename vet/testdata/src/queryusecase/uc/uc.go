// Package uc is a service's use cases: each validates the request struct
// its handler fills, or not, before its query (KEYS-5).
package uc

import (
	"context"
	"database/sql"
	"errors"

	"github.com/go-playground/validator/v10"
)

const q = `SELECT name FROM addresses WHERE id = $1`

// GetAddress is a handler's request, checked by its tags.
type GetAddress struct {
	ID string `validate:"required,max=26"`
}

// GetContact is a handler's request whose id is checked as a UUID.
type GetContact struct {
	ID string `validate:"required,uuid"`
}

type UseCase struct {
	DB       *sql.DB
	Validate *validator.Validate
}

// Get validates the request and returns on failure before its query.
func (u *UseCase) Get(ctx context.Context, req *GetAddress) error {
	if err := u.Validate.Struct(req); err != nil {
		return err
	}
	_, err := u.DB.ExecContext(ctx, q, req.ID)
	return err
}

// Update queries before it validates.
func (u *UseCase) Update(ctx context.Context, req *GetAddress) error {
	if _, err := u.DB.ExecContext(ctx, q, req.ID); err != nil {
		return err
	}
	return u.Validate.Struct(req)
}

// Delete validates but goes on when the check fails.
func (u *UseCase) Delete(ctx context.Context, req *GetAddress) error {
	err := u.Validate.Struct(req)
	_, _ = u.DB.ExecContext(ctx, q, req.ID)
	return err
}

// List validates with a function named as a validator.
func (u *UseCase) List(ctx context.Context, req *GetAddress) error {
	if err := validateAddress(req); err != nil {
		return err
	}
	_, err := u.DB.ExecContext(ctx, q, req.ID)
	return err
}

// Create calls a function that returns an error but checks nothing.
func (u *UseCase) Create(ctx context.Context, req *GetAddress) error {
	if err := u.audit(ctx, req); err != nil {
		return err
	}
	_, err := u.DB.ExecContext(ctx, q, req.ID)
	return err
}

// Find checks the id as a UUID, after its query.
func (u *UseCase) Find(ctx context.Context, req *GetContact) error {
	if _, err := u.DB.ExecContext(ctx, q, req.ID); err != nil {
		return err
	}
	return u.Validate.Struct(req)
}

// FindChecked checks the id as a UUID before its query.
func (u *UseCase) FindChecked(ctx context.Context, req *GetContact) error {
	if err := u.Validate.Struct(req); err != nil {
		return err
	}
	_, err := u.DB.ExecContext(ctx, q, req.ID)
	return err
}

func (u *UseCase) audit(ctx context.Context, req *GetAddress) error {
	return ctx.Err()
}

func validateAddress(req *GetAddress) error {
	if req.ID == "" {
		return errors.New("no id")
	}
	return nil
}
