package id

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// MarshalBinary implements [encoding.BinaryMarshaler] with the canonical
// text, the 26 lowercase characters of [ID.MarshalText], not the 16 bytes
// of [ID.As16] that oklog's and google/uuid's MarshalBinary give: gob,
// go-redis and CBOR call it, and their caches, queues and dumps keep an
// id greppable in one spelling (KEYS-7; docs/contract.md B4;
// docs/coming-from.md). For the bytes call [ID.As16] or [ID.AsSlice]. For
// the zero ID it returns nil and [ErrZero].
func (id ID) MarshalBinary() ([]byte, error) {
	return id.MarshalText()
}

// UnmarshalBinary implements [encoding.BinaryUnmarshaler]: it reads the
// canonical text as [ID.Scan] does, lowercase only (KEYS-4); 16 bytes are
// refused, as every length but 26 is (B4). On error it returns a
// [*ParseError] wrapping [ErrInvalid] and sets id to the zero ID. The
// data is not kept.
func (id *ID) UnmarshalBinary(data []byte) error {
	v, err := parse(data, &lower)
	*id = v
	return err
}

// BSON type codes (bsonspec.org, BSON 1.1).
const (
	bsonString = 0x02
	bsonNull   = 0x0a
)

var bsonTypeNames = map[byte]string{
	0x01: "double", 0x02: "string", 0x03: "embedded document", 0x04: "array",
	0x05: "binary", 0x06: "undefined", 0x07: "ObjectId", 0x08: "boolean",
	0x09: "UTC datetime", 0x0a: "null", 0x0b: "regular expression",
	0x0c: "DBPointer", 0x0d: "JavaScript code", 0x0e: "symbol",
	0x0f: "JavaScript code with scope", 0x10: "int32", 0x11: "timestamp",
	0x12: "int64", 0x13: "decimal128", 0xff: "min key", 0x7f: "max key",
}

// MarshalBSONValue returns id as a BSON string (type 0x02) of its 26
// lowercase characters, for the MongoDB Go driver v2's
// bson.ValueMarshaler. For the zero ID it returns [ErrZero]: use a nil
// *id.ID or omitzero for an optional field.
func (id ID) MarshalBSONValue() (byte, []byte, error) {
	if id.IsZero() {
		return 0, nil, ErrZero
	}
	b := make([]byte, 4, 4+encodedLen+1)
	binary.LittleEndian.PutUint32(b, encodedLen+1)
	b, _ = id.AppendText(b)
	return bsonString, append(b, 0), nil
}

// UnmarshalBSONValue reads a BSON string holding the canonical form, for
// the MongoDB Go driver v2's bson.ValueUnmarshaler. On error id is the
// zero ID and the error wraps [ErrInvalid]: BSON null is [ErrNull] (use
// *id.ID), a string that [ID.Scan] refuses is Scan's [*ParseError], and a
// malformed string or another BSON type is an error saying which. The
// data is not kept.
func (id *ID) UnmarshalBSONValue(typ byte, data []byte) error {
	*id = ID{}
	switch typ {
	case bsonString:
	case bsonNull:
		return ErrNull
	default:
		name, ok := bsonTypeNames[typ]
		if !ok {
			name = fmt.Sprintf("type 0x%02x", typ)
		}
		return invalid("id: cannot read BSON " + name + " into id.ID (store ids as BSON strings)")
	}
	// int32 length of what follows, NUL included; the text; a NUL.
	if len(data) < 5 || binary.LittleEndian.Uint32(data) != uint32(len(data)-4) || data[len(data)-1] != 0 {
		return invalid(fmt.Sprintf("id: malformed BSON string (%d bytes)", len(data)))
	}
	v, err := parse(data[4:len(data)-1], &lower)
	*id = v
	return err
}

// MarshalYAML returns the canonical form of id as a string, or nil for
// the zero ID, which YAML libraries write as null. The error is always
// nil. yaml.v3, go.yaml.in/yaml/v3 and goccy/go-yaml call it.
func (id ID) MarshalYAML() (any, error) {
	if id.IsZero() {
		return nil, nil
	}
	return id.String(), nil
}

// UnmarshalYAML reads a YAML scalar through [ID.UnmarshalText], in any
// letter case; a mapping or a sequence is an error wrapping [ErrInvalid]
// that repeats the library's (with its line). On error id is the zero ID.
// The same libraries as [ID.MarshalYAML] call it; YAML null never reaches
// it.
func (id *ID) UnmarshalYAML(unmarshal func(any) error) error {
	var s string // not *string: goccy/go-yaml leaves a **string nil
	if err := unmarshal(&s); err != nil {
		*id = ID{}
		return &yamlError{err}
	}
	return id.UnmarshalText([]byte(s))
}

// yamlError wraps ErrInvalid, not the library's error (goccy replaces an
// error that unwraps to its own type), and cuts its text to 80 bytes.
type yamlError struct{ err error }

func (e *yamlError) Error() string {
	detail := strings.Join(strings.Fields(e.err.Error()), " ")
	if len(detail) > 80 {
		detail = strings.ToValidUTF8(detail[:77], "") + "..."
	}
	return "id: invalid id: want a YAML string (" + detail + ")"
}

func (e *yamlError) Unwrap() error { return ErrInvalid }
