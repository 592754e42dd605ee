package ksuid

type KSUID [20]byte

func New() KSUID                    { return KSUID{} }
func Parse(s string) (KSUID, error) { return KSUID{}, nil }
func (k KSUID) String() string      { return "" }
