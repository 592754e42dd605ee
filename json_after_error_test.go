package id_test

import (
	"database/sql"
	"encoding/json"
	"errors"
	"testing"

	"github.com/idkeys/id"
)

// TestJSONAfterAnError: what a struct holds after json.Unmarshal returns
// an id's error, on each implementation of encoding/json. The classic one
// stops at the bad id; the one built on json/v2 (Go 1.27's default)
// decodes the rest: later fields are set, sql.Null's Valid is true beside
// a zero V, a map holds its other entries. The error is the same, so
// check it before using anything decoded (docs/works-with-formats.md).
func TestJSONAfterAnError(t *testing.T) {
	type request struct {
		Customer id.ID            `json:"customer"`
		Manager  sql.Null[id.ID]  `json:"manager"`
		Tags     map[id.ID]string `json:"tags"`
		Note     string           `json:"note"`
	}
	const msg = `id: invalid id "x": length 1, want 26`
	a := id.MustParse("01arz3ndektsv4rrffq69g5fav")
	tests := []struct {
		name, in string
		classic  request // before Go 1.27, or GOEXPERIMENT=nojsonv2
		v2       request // Go 1.27's default
	}{
		{"a field", `{"customer":"x","note":"seen"}`,
			request{}, request{Note: "seen"}},
		{"sql.Null's V", `{"manager":{"V":"x","Valid":true},"note":"seen"}`,
			request{}, request{Manager: sql.Null[id.ID]{Valid: true}, Note: "seen"}},
		{"a map key", `{"tags":{"x":"a","01arz3ndektsv4rrffq69g5fav":"b"},"note":"seen"}`,
			request{Tags: map[id.ID]string{}}, request{Tags: map[id.ID]string{a: "b"}, Note: "seen"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got request
			err := json.Unmarshal([]byte(tt.in), &got)
			want := tt.classic
			if jsonGoesOn {
				want = tt.v2
			}
			if !errors.Is(err, id.ErrInvalid) || err.Error() != msg {
				t.Errorf("error %v; want %s", err, msg)
			}
			if got.Customer != want.Customer || got.Manager != want.Manager || got.Note != want.Note ||
				(got.Tags == nil) != (want.Tags == nil) || len(got.Tags) != len(want.Tags) || got.Tags[a] != want.Tags[a] {
				t.Errorf("decoded %+v; want %+v (jsonGoesOn %v)", got, want, jsonGoesOn)
			}
		})
	}
}
