package uuid

type UUID [16]byte
type Gen struct{}

func NewV4() (UUID, error)              { return UUID{}, nil }
func NewV7() (UUID, error)              { return UUID{}, nil }
func NewGen() *Gen                      { return &Gen{} }
func (g *Gen) NewV7() (UUID, error)     { return UUID{}, nil }
func FromString(s string) (UUID, error) { return UUID{}, nil }
func Must(u UUID, err error) UUID       { return u }
func (u UUID) String() string           { return "" }

var NamespaceURL UUID

func NewV3(ns UUID, name string) UUID { return UUID{} }
func NewV5(ns UUID, name string) UUID { return UUID{} }
