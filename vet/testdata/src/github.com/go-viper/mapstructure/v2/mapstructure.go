// Package mapstructure is a stub of go-viper/mapstructure v2 for
// analysistest: the signatures idsilent looks at.
package mapstructure

type DecodeHookFunc any

type Metadata struct{ Keys []string }

type DecoderConfig struct {
	DecodeHook  DecodeHookFunc
	ErrorUnused bool
	Result      any
	TagName     string
}

type Decoder struct{ config *DecoderConfig }

func Decode(input any, output any) error                                 { return nil }
func WeakDecode(input, output any) error                                 { return nil }
func DecodeMetadata(input any, output any, metadata *Metadata) error     { return nil }
func WeakDecodeMetadata(input any, output any, metadata *Metadata) error { return nil }
func NewDecoder(config *DecoderConfig) (*Decoder, error)                 { return &Decoder{config}, nil }
func (d *Decoder) Decode(input any) error                                { return nil }
func TextUnmarshallerHookFunc() DecodeHookFunc                           { return nil }
