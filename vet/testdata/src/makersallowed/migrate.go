// Package makersallowed is on -idmakers.allow in the test: a migration that
// reads legacy UUIDs.
package makersallowed

import guuid "github.com/google/uuid"

func Legacy(s string) (guuid.UUID, error) { return guuid.Parse(s) }
