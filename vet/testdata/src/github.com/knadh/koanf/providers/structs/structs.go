// Package structs is a stub of koanf's structs provider for analysistest.
package structs

type Structs struct {
	s   interface{}
	tag string
}

func Provider(s interface{}, tag string) *Structs { return &Structs{s: s, tag: tag} }
func ProviderWithDelim(s interface{}, tag, delim string) *Structs {
	return &Structs{s: s, tag: tag}
}
