package typeid

type Subtype interface{ Prefix() string }
type SubtypePtr[T any] interface{ *T }
type AnyID struct{}

func New[T Subtype, PT SubtypePtr[T]]() (T, error) { var t T; return t, nil }
func WithPrefix(prefix string) (AnyID, error)      { return AnyID{}, nil }
func FromString(s string) (AnyID, error)           { return AnyID{}, nil }
func Must[T any](t T, err error) T                 { return t }
