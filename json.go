package id

import (
	"bytes"
	"encoding/json"
)

// MarshalJSON implements [encoding/json.Marshaler]: a JSON string holding
// the canonical form of id, 28 bytes with the quotes (KEYS-4), or null for
// the zero ID, "no id" (docs/contract.md, T3), which [ID.UnmarshalJSON] reads back as
// the zero ID. Use `json:",omitzero"` to leave an unset ID out instead.
// (Map keys are written by [ID.MarshalText], which refuses the zero ID: a
// JSON object key has no null.) The error is always nil.
func (id ID) MarshalJSON() ([]byte, error) {
	if id.IsZero() {
		return []byte("null"), nil
	}
	b := make([]byte, encodedLen+2)
	b[0] = '"'
	id.encode((*[encodedLen]byte)(b[1:]))
	b[encodedLen+1] = '"'
	return b, nil
}

// UnmarshalJSON implements [encoding/json.Unmarshaler]. A JSON string is
// decoded as [Parse] decodes its text, escapes resolved first (so
// "\u0030…" is read as "0…"): any letter case, and not the empty string,
// which is not an id (docs/contract.md, T2). JSON null, "no id", changes nothing, as
// encoding/json's convention for Unmarshalers asks; a field that was
// never set stays the zero ID.
//
// Every error wraps [ErrInvalid] and sets id to the zero ID: for a string
// that is not an id, the [*ParseError] that Parse returns; for a number,
// an object, an array or a boolean, an error naming what was given, such
// as `id: invalid id: want a JSON string, got number 12345`.
// encoding/json returns these errors as they are.
func (id *ID) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	if len(data) >= 2 && data[0] == '"' && data[len(data)-1] == '"' {
		text := data[1 : len(data)-1]
		if bytes.IndexByte(text, '\\') < 0 {
			v, err := parse(text, &anyCase)
			*id = v
			return err
		}
		// Escapes: let encoding/json resolve them. An ID's text is plain
		// ASCII, so this path is only taken for unusual input.
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			*id = ID{}
			return invalid("id: invalid id: malformed JSON string " + quoteJSON(data))
		}
		return id.UnmarshalText([]byte(s))
	}
	*id = ID{}
	return invalid("id: invalid id: want a JSON string, got " + jsonKind(data) + quoteJSON(data))
}

// jsonKind names the JSON value that data starts with, followed by a
// space, for UnmarshalJSON's error.
func jsonKind(data []byte) string {
	if len(data) == 0 {
		return "nothing "
	}
	switch c := data[0]; {
	case c == '{':
		return "object "
	case c == '[':
		return "array "
	case c == 't' || c == 'f':
		return "boolean "
	case c == '-' || '0' <= c && c <= '9':
		return "number "
	case c == '"':
		return "malformed string "
	}
	return "invalid JSON "
}

// quoteJSON returns a short prefix of a JSON value, quoted and escaped,
// at most 39 bytes as a ParseError quotes its input, with "..." after it
// when data was longer, so that every error message fits in 120 bytes.
func quoteJSON(data []byte) string {
	return quotePrefix(data[:min(len(data), maxQuoted)], 39, len(data))
}
