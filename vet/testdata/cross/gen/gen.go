// Package gen names jobs; it uses google/uuid only in an unexported value.
package gen

import "github.com/google/uuid"

var newName = uuid.NewString

// Job returns a new job's name.
func Job() string { return "job-" + newName() }
