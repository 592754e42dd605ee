package bench

import (
	"encoding/json"
	"testing"

	"github.com/google/uuid"
	"github.com/idkeys/id"
	"github.com/oklog/ulid/v2"
)

// BenchmarkJSON measures encoding/json writing and reading a struct that
// holds one id, the way an API handler does: id.ID through its
// MarshalJSON/UnmarshalJSON, ulid.ULID and uuid.UUID through their text
// methods.
func BenchmarkJSON(b *testing.B) {
	type idRow struct {
		ID id.ID `json:"id"`
	}
	type ulidRow struct {
		ID ulid.ULID `json:"id"`
	}
	type uuidRow struct {
		ID uuid.UUID `json:"id"`
	}
	idDoc := []byte(`{"id":"` + idText + `"}`)
	uuidDoc := []byte(`{"id":"` + uuidText + `"}`)
	b.Run("op=marshal/lib=id", func(b *testing.B) {
		r := idRow{must(id.Parse(idText))}
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, sinkErr = json.Marshal(&r)
		}
	})
	b.Run("op=marshal/lib=oklog-ulid", func(b *testing.B) {
		r := ulidRow{must(ulid.ParseStrict(idText))}
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, sinkErr = json.Marshal(&r)
		}
	})
	b.Run("op=marshal/lib=google-uuid", func(b *testing.B) {
		r := uuidRow{must(uuid.Parse(uuidText))}
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, sinkErr = json.Marshal(&r)
		}
	})
	b.Run("op=unmarshal/lib=id", func(b *testing.B) {
		var r idRow
		b.ReportAllocs()
		for b.Loop() {
			sinkErr = json.Unmarshal(idDoc, &r)
		}
		sinkID = r.ID
	})
	b.Run("op=unmarshal/lib=oklog-ulid", func(b *testing.B) {
		var r ulidRow
		b.ReportAllocs()
		for b.Loop() {
			sinkErr = json.Unmarshal(idDoc, &r)
		}
		sinkULID = r.ID
	})
	b.Run("op=unmarshal/lib=google-uuid", func(b *testing.B) {
		var r uuidRow
		b.ReportAllocs()
		for b.Loop() {
			sinkErr = json.Unmarshal(uuidDoc, &r)
		}
		sinkUUID = r.ID
	})
}
