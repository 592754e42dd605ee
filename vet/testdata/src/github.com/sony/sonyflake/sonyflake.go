package sonyflake

type Settings struct{}
type Sonyflake struct{}

func NewSonyflake(st Settings) *Sonyflake    { return &Sonyflake{} }
func (s *Sonyflake) NextID() (uint64, error) { return 0, nil }
