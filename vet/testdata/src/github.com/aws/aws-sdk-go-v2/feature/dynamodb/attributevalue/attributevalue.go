// Package attributevalue is a stub of the DynamoDB SDK's attributevalue
// package for analysistest: the signatures idsilent looks at.
package attributevalue

import "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

type EncoderOptions struct {
	TagKey                string
	UseEncodingMarshalers bool
}

type DecoderOptions struct {
	TagKey                  string
	UseEncodingUnmarshalers bool
}

type Marshaler interface {
	MarshalDynamoDBAttributeValue() (types.AttributeValue, error)
}

type Unmarshaler interface {
	UnmarshalDynamoDBAttributeValue(types.AttributeValue) error
}

func Marshal(in interface{}) (types.AttributeValue, error) { return nil, nil }
func MarshalWithOptions(in interface{}, optFns ...func(*EncoderOptions)) (types.AttributeValue, error) {
	return nil, nil
}
func MarshalMap(in interface{}) (map[string]types.AttributeValue, error) { return nil, nil }
func MarshalMapWithOptions(in interface{}, optFns ...func(*EncoderOptions)) (map[string]types.AttributeValue, error) {
	return nil, nil
}
func MarshalList(in interface{}) ([]types.AttributeValue, error) { return nil, nil }
func MarshalListWithOptions(in interface{}, optFns ...func(*EncoderOptions)) ([]types.AttributeValue, error) {
	return nil, nil
}

func Unmarshal(av types.AttributeValue, out interface{}) error { return nil }
func UnmarshalWithOptions(av types.AttributeValue, out interface{}, optFns ...func(options *DecoderOptions)) error {
	return nil
}
func UnmarshalMap(m map[string]types.AttributeValue, out interface{}) error { return nil }
func UnmarshalMapWithOptions(m map[string]types.AttributeValue, out interface{}, optFns ...func(options *DecoderOptions)) error {
	return nil
}
func UnmarshalList(l []types.AttributeValue, out interface{}) error { return nil }
func UnmarshalListWithOptions(l []types.AttributeValue, out interface{}, optFns ...func(options *DecoderOptions)) error {
	return nil
}
func UnmarshalListOfMaps(l []map[string]types.AttributeValue, out interface{}) error { return nil }
func UnmarshalListOfMapsWithOptions(l []map[string]types.AttributeValue, out interface{}, optFns ...func(options *DecoderOptions)) error {
	return nil
}

type Encoder struct{ options EncoderOptions }

func NewEncoder(optFns ...func(*EncoderOptions)) *Encoder              { return &Encoder{} }
func (e *Encoder) Encode(in interface{}) (types.AttributeValue, error) { return nil, nil }

type Decoder struct{ options DecoderOptions }

func NewDecoder(optFns ...func(*DecoderOptions)) *Decoder { return &Decoder{} }
func (d *Decoder) Decode(av types.AttributeValue, out interface{}, opts ...func(*Decoder)) error {
	return nil
}
