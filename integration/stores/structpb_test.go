package stores

import (
	"errors"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"google.golang.org/protobuf/types/known/structpb"
)

// TestStructpbRefusesID measures the default: structpb.NewValue and
// NewStruct accept a fixed set of Go types and refuse id.ID loudly.
// (protobuf varies the space after "proto:" on purpose, so the test
// compares the end of the message.)
func TestStructpbRefusesID(t *testing.T) {
	//idvet:allow SILENT the test measures the error of the default
	_, err := structpb.NewValue(a)
	if err == nil || !strings.HasSuffix(err.Error(), "invalid type: id.ID") {
		t.Fatalf("NewValue(id.ID): %v", err)
	}
	//idvet:allow SILENT the test measures the error of the default
	_, err = structpb.NewStruct(map[string]any{"owner": a})
	if err == nil || !strings.HasSuffix(err.Error(), "invalid type: id.ID") {
		t.Fatalf("NewStruct: %v", err)
	}
}

// structValue is the recipe: put an id into a structpb.Value as the string
// of ID.Value (so the zero id is refused with id.ErrZero), and read it
// back with ID.Scan of the string (strict: stored form).
func structValue(v id.ID) (*structpb.Value, error) {
	s, err := v.Value()
	if err != nil {
		return nil, err
	}
	return structpb.NewValue(s)
}

// TestStructpbWithValue: the recipe round-trips, refuses the zero id with
// id.ErrZero, and reading refuses uppercase, empty and corrupt text and
// any kind other than a string (GetStringValue gives "" for those).
func TestStructpbWithValue(t *testing.T) {
	pv, err := structValue(a)
	if err != nil {
		t.Fatal(err)
	}
	if pv.GetStringValue() != aText {
		t.Fatalf("value is %v", pv)
	}
	var got id.ID
	if err := got.Scan(pv.GetStringValue()); err != nil || got != a {
		t.Fatalf("read back %v, %v", got, err)
	}
	_, err = structValue(id.ID{})
	if !errors.Is(err, id.ErrZero) {
		t.Fatalf("zero id: %v", err)
	}
	for _, c := range badStored {
		wantReason(t, got.Scan(structpb.NewStringValue(c.v).GetStringValue()), c.reason)
	}
	wantReason(t, got.Scan(structpb.NewNumberValue(7).GetStringValue()), id.ReasonMissing) // ""
}
