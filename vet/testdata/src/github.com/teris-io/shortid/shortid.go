package shortid

type Shortid struct{}

func Generate() (string, error)              { return "", nil }
func MustGenerate() string                   { return "" }
func (s *Shortid) Generate() (string, error) { return "", nil }
