// Package web holds a service's own JSON body helpers, which idquery
// marks with a Decoder fact for the packages that call them.
package web

import (
	"encoding/json"
	"io"
	"net/http"
)

// Decode decodes r's JSON body into x.
func Decode(r *http.Request, x any) error { // want Decode:`decoder\(body 0, into 1\)`
	return json.NewDecoder(r.Body).Decode(x)
}

// ReadJSON decodes a reader's JSON into x, after the reader.
func ReadJSON(x any, body io.Reader) error { // want ReadJSON:`decoder\(body 1, into 0\)`
	b, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, x)
}

// Indirect decodes through Decode.
func Indirect(x any, r *http.Request) error { // want Indirect:`decoder\(body 1, into 0\)`
	return Decode(r, x)
}

// Config decodes a fixed text, not a parameter: no fact.
func Config(x any) error {
	return json.Unmarshal([]byte(`{}`), x)
}
