package util

func RandomString(n int) string { return "" }
func Slugify(s string) string   { return s }
