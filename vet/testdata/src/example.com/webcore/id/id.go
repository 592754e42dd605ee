// Package id is a service's own id generator, named like package id.
package id

type Friendly string

func GenerateFriendlyRandomString(n int) string { return "" }
func ParseFriendly(s string) (Friendly, error)  { return Friendly(s), nil }
func NewV5(ns, name string) string              { return "" }
func Alphabet()                                 {}
func (f Friendly) String() string               { return string(f) }
