// Package confmap is a stub of koanf's confmap provider for analysistest.
package confmap

type Confmap struct{ mp map[string]any }

func Provider(mp map[string]any, delim string) *Confmap { return &Confmap{mp: mp} }
