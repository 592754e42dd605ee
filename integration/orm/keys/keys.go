// Package keys is the wrapper type of the ent recipe in
// docs/works-with.md: id.ID under a package name that ent's generated
// code, which declares local variables named id, does not shadow.
package keys

import "github.com/idkeys/id"

// ID is an id.ID. Its methods (Value, String, MarshalText, Equal,
// GoString, …) are id.ID's, promoted; *ID has Scan and UnmarshalText.
type ID struct{ id.ID }

// New returns a new ID made by id.New, for ent's DefaultFunc.
func New() ID { return ID{id.New()} }
