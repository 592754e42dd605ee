// Package uuid stands for Go 1.27's standard library package uuid.
package uuid

type UUID [16]byte

func New() UUID                    { return UUID{} }
func NewV4() UUID                  { return UUID{} }
func NewV7() UUID                  { return UUID{} }
func Nil() UUID                    { return UUID{} }
func Parse(s string) (UUID, error) { return UUID{}, nil }
func (u UUID) String() string      { return "" }
