// Package expression is a stub of the DynamoDB SDK's expression package
// for analysistest: the signatures idsilent looks at.
package expression

import "github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

type ValueBuilderOptions struct {
	EncoderOptions []func(*attributevalue.EncoderOptions)
}

type ValueBuilder struct {
	value   any
	options ValueBuilderOptions
}

type NameBuilder struct{ name string }

type ConditionBuilder struct{}

type KeyBuilder struct{ key string }

type KeyConditionBuilder struct{}

func Value(value any) ValueBuilder { return ValueBuilder{value: value} }
func ValueWithOptions(value any, optFns ...func(*ValueBuilderOptions)) ValueBuilder {
	return ValueBuilder{value: value}
}
func Name(name string) NameBuilder                                 { return NameBuilder{name} }
func (nb NameBuilder) Equal(right ValueBuilder) ConditionBuilder   { return ConditionBuilder{} }
func Key(key string) KeyBuilder                                    { return KeyBuilder{key} }
func (kb KeyBuilder) Equal(right ValueBuilder) KeyConditionBuilder { return KeyConditionBuilder{} }
