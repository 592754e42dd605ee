package id

import (
	"fmt"
	"io"
)

// UnmarshalParam decodes a request parameter as [Parse] does, the empty
// value refused ([ReasonMissing]); on error id is the zero ID (T7). gin and
// echo call it (docs/works-with-web.md).
func (id *ID) UnmarshalParam(param string) error {
	return id.parseFrom(param)
}

// Bind decodes a parameter for oapi-codegen's runtime (its Binder) as
// [Parse] does; Bind("") is an error, not a no-op, and on error id is the
// zero ID (T7; docs/works-with-web.md).
func (id *ID) Bind(src string) error {
	return id.parseFrom(src)
}

// MarshalGQL writes id for gqlgen as [ID.MarshalJSON] does: the quoted
// canonical form, or null for the zero ID (T7). Write errors of w are
// ignored, as gqlgen's signature has no error.
func (id ID) MarshalGQL(w io.Writer) {
	b, _ := id.MarshalJSON() // GraphQL writes a string and null as JSON does
	w.Write(b)
}

// UnmarshalGQL decodes a gqlgen input: a string as [Parse] does; nil,
// GraphQL null, leaves id unchanged and returns nil; any other value is
// an error wrapping [ErrInvalid] naming its Go type. On error id is the
// zero ID (T7).
func (id *ID) UnmarshalGQL(v any) error {
	switch v := v.(type) {
	case nil:
		return nil
	case string:
		return id.parseFrom(v)
	}
	*id = ID{}
	return invalid(fmt.Sprintf("id: invalid id: want a GraphQL string, got %T", v))
}

func (id *ID) parseFrom(s string) error {
	v, err := Parse(s)
	*id = v
	return err
}
