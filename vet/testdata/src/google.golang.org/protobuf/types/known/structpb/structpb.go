// Package structpb is a stub of protobuf's structpb for analysistest: the
// signatures idsilent looks at.
package structpb

type Value struct{ kind any }
type Struct struct{ Fields map[string]*Value }
type ListValue struct{ Values []*Value }

func NewValue(v any) (*Value, error)              { return nil, nil }
func NewStruct(v map[string]any) (*Struct, error) { return nil, nil }
func NewList(v []any) (*ListValue, error)         { return nil, nil }
func NewStringValue(v string) *Value              { return nil }
