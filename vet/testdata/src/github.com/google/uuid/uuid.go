package uuid

type UUID [16]byte

func New() UUID                    { return UUID{} }
func NewString() string            { return "" }
func NewRandom() (UUID, error)     { return UUID{}, nil }
func NewV7() (UUID, error)         { return UUID{}, nil }
func Must(u UUID, err error) UUID  { return u }
func Parse(s string) (UUID, error) { return UUID{}, nil }
func MustParse(s string) UUID      { return UUID{} }
func Validate(s string) error      { return nil }
func (u UUID) String() string      { return "" }
func (u UUID) Version() int        { return 4 }

var NameSpaceURL UUID

func NewSHA1(space UUID, data []byte) UUID { return UUID{} }
func NewMD5(space UUID, data []byte) UUID  { return UUID{} }
