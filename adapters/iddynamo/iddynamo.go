// Package iddynamo makes the AWS SDK's DynamoDB attributevalue marshaler
// (and the expression builder on it) write and read an id as a DynamoDB
// string, strictly: by default it writes an [id.ID] as an empty map, with
// no error. Declare fields as [ID], *ID for an optional attribute:
//
//	type Order struct {
//		PK    iddynamo.ID  `dynamodbav:"pk"`
//		Buyer *iddynamo.ID `dynamodbav:"buyer,omitempty"`
//	}
//
// The other recipe, UseEncodingMarshalers on every call, and the tests are
// in docs/works-with-formats.md ("Stores, config loaders and drivers").
package iddynamo

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/idkeys/id"
)

// ID is an [id.ID] that attributevalue writes and reads as a string (S)
// of 26 lowercase characters. Convert with ID{ID: v} and x.ID.
type ID struct {
	id.ID
}

// MarshalDynamoDBAttributeValue implements attributevalue.Marshaler: the
// id's 26 lowercase characters as S. For the zero id it returns
// [id.ErrZero]: write an optional id as a nil *ID.
func (v ID) MarshalDynamoDBAttributeValue() (types.AttributeValue, error) {
	if v.IsZero() {
		return nil, id.ErrZero
	}
	return &types.AttributeValueMemberS{Value: v.String()}, nil
}

// UnmarshalDynamoDBAttributeValue implements attributevalue.Unmarshaler:
// an S through [id.ID.Scan] (lowercase only, KEYS-4; Scan's errors). NULL
// is an error matching both [id.ErrNull] and [id.ErrInvalid] (use *ID);
// another type is an error wrapping id.ErrInvalid. On error v is zero.
func (v *ID) UnmarshalDynamoDBAttributeValue(av types.AttributeValue) error {
	v.ID = id.ID{}
	switch av := av.(type) {
	case *types.AttributeValueMemberS:
		return v.Scan(av.Value)
	case nil, *types.AttributeValueMemberNULL:
		return errNull
	default:
		return fmt.Errorf("%w: cannot read DynamoDB %s into id.ID (an id is a string, S)", id.ErrInvalid, typeName(av))
	}
}

func typeName(av types.AttributeValue) string {
	switch av.(type) {
	case *types.AttributeValueMemberB:
		return "binary (B)"
	case *types.AttributeValueMemberBOOL:
		return "boolean (BOOL)"
	case *types.AttributeValueMemberBS:
		return "binary set (BS)"
	case *types.AttributeValueMemberL:
		return "list (L)"
	case *types.AttributeValueMemberM:
		return "map (M)"
	case *types.AttributeValueMemberN:
		return "number (N)"
	case *types.AttributeValueMemberNS:
		return "number set (NS)"
	case *types.AttributeValueMemberSS:
		return "string set (SS)"
	}
	return fmt.Sprintf("%T", av)
}

type nullError struct{}

func (nullError) Error() string {
	return "id: cannot read DynamoDB NULL into iddynamo.ID (read an optional attribute into *iddynamo.ID)"
}

func (nullError) Is(target error) bool {
	return target == id.ErrNull || target == id.ErrInvalid
}

var errNull error = nullError{}
