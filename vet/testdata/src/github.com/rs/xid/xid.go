package xid

type ID [12]byte

func New() ID                         { return ID{} }
func FromString(s string) (ID, error) { return ID{}, nil }
func (x ID) String() string           { return "" }
