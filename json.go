package id

import (
	"bytes"
	"encoding/json"
)

// MarshalJSON implements [encoding/json.Marshaler]: the canonical form as
// a JSON string, 28 bytes, or null for the zero ID (docs/contract.md T3);
// map keys go through [ID.MarshalText], which refuses it (T4). The error
// is always nil.
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

// UnmarshalJSON implements [encoding/json.Unmarshaler]: a JSON string, its
// escapes resolved, is decoded as [Parse] does (any letter case; ""
// refused); null changes nothing (T3). Every error wraps [ErrInvalid] and sets id to the zero ID:
// Parse's [*ParseError] for a string, else an error naming the JSON kind,
// such as `id: invalid id: want a JSON string, got number 12345`.
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
		// Escapes (unusual for an id): encoding/json resolves them.
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

// jsonKind names the JSON value data starts with, and a space.
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

// quoteJSON quotes at most 39 bytes of data, with "..." when longer (E4).
func quoteJSON(data []byte) string {
	return quotePrefix(data[:min(len(data), maxQuoted)], 39, len(data))
}
