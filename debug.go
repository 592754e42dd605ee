package id

// Equal reports whether id and other are the same ID, as id == other
// does. go-cmp calls it; without it cmp.Equal and cmp.Diff panic on ID's
// unexported fields (docs/works-with-formats.md).
func (id ID) Equal(other ID) bool {
	return id == other
}

// GoString returns a Go expression that rebuilds id, for fmt's %#v:
// id.MustParse("01arz3ndektsv4rrffq69g5fav"), or id.ID{} for the zero ID.
func (id ID) GoString() string {
	if id.IsZero() {
		return "id.ID{}"
	}
	var buf [encodedLen]byte
	id.encode(&buf)
	return `id.MustParse("` + string(buf[:]) + `")`
}
