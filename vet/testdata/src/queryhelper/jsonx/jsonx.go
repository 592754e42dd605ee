// Package jsonx decodes readers, knowing nothing of HTTP: its Decode gets
// a Decoder fact all the same.
package jsonx

import (
	"encoding/json"
	"io"
)

// Decode decodes body's JSON into x.
func Decode(body io.Reader, x any) error { // want Decode:`decoder\(body 0, into 1\)`
	return json.NewDecoder(body).Decode(x)
}
