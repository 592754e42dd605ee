package id

// The methods in this file are for libraries that show or compare values
// by reflection and would otherwise walk ID's unexported fields: go-cmp
// and fmt's %#v. As time.Time does, ID keeps its fields private
// and adds the methods those libraries look for.

// Equal reports whether id and other are the same ID; it is id == other,
// which is what to write in code.
//
// It exists for github.com/google/go-cmp, which calls a method of exactly
// this name and form, (T) Equal(T) bool, when a type has one
// (cmp/compare.go, tryMethod), and otherwise walks the fields and panics
// on ID's unexported ones: without it cmp.Equal and cmp.Diff panic on any
// struct, slice or map holding an ID unless every call passes
// cmpopts.EquateComparable(id.ID{}) (integration/orm,
// TestGoCmpNeedsEqual, go-cmp v0.7.0). time.Time has an Equal method for
// the same library.
func (id ID) Equal(other ID) bool {
	return id == other
}

// GoString returns a Go expression that rebuilds id, for fmt's %#v verb:
// id.MustParse("01arz3ndektsv4rrffq69g5fav"), or id.ID{} for the zero ID.
// Without it %#v prints ID's two unexported machine words, and an id in
// test failure output (testify's) or a driver's error message is not the
// text a grep for it finds (KEYS-7; integration/orm,
// TestFmtNeedsGoString). time.Time has a GoString method for the same
// reason.
func (id ID) GoString() string {
	if id.IsZero() {
		return "id.ID{}"
	}
	var buf [encodedLen]byte
	id.encode(&buf)
	return `id.MustParse("` + string(buf[:]) + `")`
}
