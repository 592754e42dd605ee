package snowflake

type ID int64
type Node struct{}

func NewNode(n int64) (*Node, error)   { return &Node{}, nil }
func (n *Node) Generate() ID           { return 0 }
func ParseString(s string) (ID, error) { return 0, nil }
func (f ID) String() string            { return "" }
