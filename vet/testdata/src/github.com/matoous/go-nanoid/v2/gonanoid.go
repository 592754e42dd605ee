package gonanoid

func New(l ...int) (string, error) { return "", nil }
func Must(l ...int) string         { return "" }
