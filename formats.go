package id

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// The methods in this file are the conventions of encoders that do not use
// the text methods, or use them only in part: gob, go-redis and CBOR
// (the binary methods), the MongoDB driver (BSON) and the YAML libraries.
// Each writes the canonical text and reads it through the package's one
// validator; the library that calls each one, and the test in
// integration/formats that fails without it, are named in its doc.

// MarshalBinary implements [encoding.BinaryMarshaler]. Its bytes are the
// canonical text form, the 26 lowercase characters that [ID.MarshalText]
// returns, not the 16 bytes of the ULID binary layout, which [ID.As16]
// gives: the encoders that call it store values where people read them
// back (session stores, caches), and there an id stays the text a grep
// finds (docs/contract.md, B4). For the zero ID it returns nil and
// [ErrZero]: binary formats such as gob have no null, and
// [ID.UnmarshalBinary] refuses empty bytes. (gob leaves a zero ID field
// out of a struct by itself and never calls it for one.)
//
// encoding/gob (and so session stores such as gorilla/sessions and scs),
// github.com/redis/go-redis and github.com/fxamacker/cbor call it, and do
// not use the text methods: without it gob refuses the type ("has no
// exported fields") and CBOR writes an empty map (integration/formats,
// TestBinaryNeedsBinaryMethods, cbor v2.10.0).
func (id ID) MarshalBinary() ([]byte, error) {
	return id.MarshalText()
}

// UnmarshalBinary implements [encoding.BinaryUnmarshaler], reading what
// [ID.MarshalBinary] writes: the canonical form, 26 lowercase characters,
// as [ID.Scan] does, since binary data is stored data, which is lowercase
// (KEYS-4). Empty data is not an id. 16 bytes are refused too, with
// [ReasonLength]: the ULID binary layout is read by [From16] alone, so a
// value is never taken as text or as bytes by a guess from its length
// (docs/contract.md, B4). On error it returns a [*ParseError] wrapping
// [ErrInvalid], with [ReasonLength] for data that is not 26 bytes long and
// [ReasonCase] for an uppercase letter, and sets id to the zero ID. The
// data is not kept.
//
// encoding/gob and go-redis (Scan of a reply) call it. gob takes the
// binary methods as a pair, and without them refuses the type
// (integration/formats, TestBinaryNeedsBinaryMethods; TestGobStruct reads
// back what MarshalBinary wrote).
func (id *ID) UnmarshalBinary(data []byte) error {
	v, err := parse(data, &lower)
	*id = v
	return err
}

// BSON type codes (BSON spec 1.1, https://bsonspec.org/spec.html), as
// plain bytes: the MongoDB Go driver v2 takes and returns them as byte in
// bson.ValueMarshaler and bson.ValueUnmarshaler.
const (
	bsonString = 0x02
	bsonNull   = 0x0a
)

// bsonTypeNames names the BSON types, for errors.
var bsonTypeNames = map[byte]string{
	0x01: "double", 0x02: "string", 0x03: "embedded document", 0x04: "array",
	0x05: "binary", 0x06: "undefined", 0x07: "ObjectId", 0x08: "boolean",
	0x09: "UTC datetime", 0x0a: "null", 0x0b: "regular expression",
	0x0c: "DBPointer", 0x0d: "JavaScript code", 0x0e: "symbol",
	0x0f: "JavaScript code with scope", 0x10: "int32", 0x11: "timestamp",
	0x12: "int64", 0x13: "decimal128", 0xff: "min key", 0x7f: "max key",
}

// MarshalBSONValue returns id as a BSON string (type 0x02) holding its
// canonical form: a 4-byte little-endian length of 27, the 26 lowercase
// characters and a NUL byte. Like [ID.Value], it refuses the zero ID with
// [ErrZero], so nothing is written for a forgotten [New]; use a pointer
// (*id.ID, written as BSON null when nil) or `bson:",omitzero"` for an
// optional field.
//
// The MongoDB Go driver v2 (go.mongodb.org/mongo-driver/v2/bson) calls it
// through bson.ValueMarshaler, whose type code is a plain byte, so the
// method needs no import. The driver needs it: it does not use the text
// methods, and without this method writes an ID as an empty document,
// with no error (integration/formats, TestBSONNeedsValueMethods, driver
// v2.10.0). The v1 driver's interface takes its own bsontype.Type and does
// not call this method.
func (id ID) MarshalBSONValue() (byte, []byte, error) {
	if id.IsZero() {
		return 0, nil, ErrZero
	}
	b := make([]byte, 4, 4+encodedLen+1)
	binary.LittleEndian.PutUint32(b, encodedLen+1)
	b, _ = id.AppendText(b)
	return bsonString, append(b, 0), nil
}

// UnmarshalBSONValue reads a BSON value into id, as [ID.Scan] reads a
// database value: the value must be a BSON string (type 0x02) holding the
// canonical form, 26 lowercase characters. The data is not kept. On every
// error id is set to the zero ID and the error wraps [ErrInvalid]:
//
//   - BSON null (type 0x0a): [ErrNull]; use *id.ID for an optional field;
//   - a string that is not a canonical id (uppercase, empty, wrong length,
//     invalid characters, the zero ID): a [*ParseError] as from Scan;
//   - a malformed BSON string (its length prefix or NUL terminator does not
//     match the data): an error saying so;
//   - any other BSON type: an error naming the type.
//
// The MongoDB Go driver v2 calls it through bson.ValueUnmarshaler, and
// needs it: without it a BSON string cannot be read into an ID ("cannot
// decode string into" the type; integration/formats,
// TestBSONNeedsValueMethods, driver v2.10.0).
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
	// A BSON string: int32 length n (bytes that follow, NUL included),
	// then n-1 bytes of UTF-8 and a NUL.
	if len(data) < 5 || binary.LittleEndian.Uint32(data) != uint32(len(data)-4) || data[len(data)-1] != 0 {
		return invalid(fmt.Sprintf("id: malformed BSON string (%d bytes)", len(data)))
	}
	v, err := parse(data[4:len(data)-1], &lower)
	*id = v
	return err
}

// MarshalYAML returns the canonical form of id, 26 lowercase characters,
// as a string for the YAML library to write, or nil for the zero ID, which
// the libraries write as YAML null, "no id". The error is always nil.
//
// gopkg.in/yaml.v3, go.yaml.in/yaml/v3 and github.com/goccy/go-yaml call
// this form without their import, before the text methods. They need it
// for the zero ID: without it [ID.MarshalText]'s [ErrZero] fails the whole
// document instead of writing null (integration/formats,
// TestYAMLNeedsYAMLMethods, yaml.v3 v3.0.1).
func (id ID) MarshalYAML() (any, error) {
	if id.IsZero() {
		return nil, nil
	}
	return id.String(), nil
}

// UnmarshalYAML reads an ID from a YAML scalar through [ID.UnmarshalText],
// so it accepts what UnmarshalText and [Parse] accept: any letter case,
// and not the empty string. A mapping or a sequence given for an ID is an
// error wrapping [ErrInvalid] whose message repeats the library's (with
// its line number). YAML null, "no id", never reaches it in the libraries
// below: they leave an ID field as it was and set an *ID to nil.
//
// gopkg.in/yaml.v3, go.yaml.in/yaml/v3 and github.com/goccy/go-yaml call
// this form (its argument decodes the YAML value into a Go value) without
// their import. yaml.v3 needs it: it uses the text methods for scalars
// only, and without this method silently skips a mapping given for an ID,
// leaving the field as it was (integration/formats,
// TestYAMLNeedsYAMLMethods, yaml.v3 v3.0.1).
func (id *ID) UnmarshalYAML(unmarshal func(any) error) error {
	// Into a string, not a *string: goccy/go-yaml leaves a **string nil
	// for every value, which would read every id as "no value".
	var s string
	if err := unmarshal(&s); err != nil {
		*id = ID{}
		return &yamlError{err}
	}
	return id.UnmarshalText([]byte(s))
}

// yamlError is UnmarshalYAML's error for a YAML value that is not a
// scalar. It wraps [ErrInvalid] and repeats the YAML library's own error
// (with its line number) on one line, cut to 80 bytes, so that the
// message fits in 120 bytes. It does not wrap the library's error: goccy
// replaces an error that unwraps to its own type with that type, which
// would hide ErrInvalid.
type yamlError struct{ err error }

func (e *yamlError) Error() string {
	detail := strings.Join(strings.Fields(e.err.Error()), " ")
	if len(detail) > 80 {
		detail = strings.ToValidUTF8(detail[:77], "") + "..."
	}
	return "id: invalid id: want a YAML string (" + detail + ")"
}

func (e *yamlError) Unwrap() error { return ErrInvalid }
