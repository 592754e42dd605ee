// Package model holds the cross module's rows.
package model

import "github.com/idkeys/id"

// User is a row of the users table.
type User struct {
	ID   id.ID
	Name string
}

// UserID and OrderID are typed ids.
type (
	UserID  struct{ id.ID }
	OrderID struct{ id.ID }
)
