//go:build goexperiment.jsonv2 && go1.27

package tooltest

import (
	"encoding/json/v2"
	"testing"
)

// TestJSONv2 on Go 1.27, where json/v2 is on by default and its API is
// Go 1.27's: this constraint makes this file's language version 1.27
// (jsonv2_test.go is the same test for GOEXPERIMENT=jsonv2 on Go 1.25
// and 1.26, whose go.mod version would refuse it here).
func TestJSONv2(t *testing.T) {
	checkJSON(t, func(v any) ([]byte, error) { return json.Marshal(v) }, func(b []byte, v any) error { return json.Unmarshal(b, v) })
}
