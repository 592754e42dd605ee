// Package model holds the sample service's rows.
package model

import "github.com/idkeys/id"

// User is a row of the users table.
type User struct {
	ID   id.ID
	Name string
}
