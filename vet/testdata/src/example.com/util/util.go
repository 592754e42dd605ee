package util

func RandomString(n int) string { return "" }
func Slugify(s string) string   { return s }

// NewUserID uses the declared maker in its own package: the helper's own
// code is not reported.
func NewUserID() string { return RandomString(26) } // want NewUserID:`^random\(inside\)$`
