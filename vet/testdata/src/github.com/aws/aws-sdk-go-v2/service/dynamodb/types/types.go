// Package types is a stub of the DynamoDB SDK's types for analysistest:
// only what the attributevalue stub names.
package types

type AttributeValue interface{ isAttributeValue() }

type AttributeValueMemberS struct{ Value string }

func (*AttributeValueMemberS) isAttributeValue() {}
