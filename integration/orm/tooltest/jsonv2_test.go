//go:build goexperiment.jsonv2 && !go1.27

package tooltest

import (
	"encoding/json/v2"
	"testing"
)

// TestJSONv2: encoding/json/v2 (GOEXPERIMENT=jsonv2) reads and writes ids
// as encoding/json v1 does, through the same text methods.
func TestJSONv2(t *testing.T) {
	checkJSON(t, func(v any) ([]byte, error) { return json.Marshal(v) }, func(b []byte, v any) error { return json.Unmarshal(b, v) })
}
