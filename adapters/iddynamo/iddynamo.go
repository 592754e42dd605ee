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
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/idkeys/id"
	"github.com/idkeys/id/internal/spell"
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

// typeNames names the DynamoDB types by the suffix of their Go type.
var typeNames = map[string]string{"B": "binary", "BOOL": "boolean", "BS": "binary set", "L": "list", "M": "map", "N": "number", "NS": "number set", "SS": "string set"}

func typeName(av types.AttributeValue) string {
	t := fmt.Sprintf("%T", av)
	if code, ok := strings.CutPrefix(t, "*types.AttributeValueMember"); ok && typeNames[code] != "" {
		return typeNames[code] + " (" + code + ")"
	}
	return t
}

var errNull error = &spell.Error{Msg: "id: cannot read DynamoDB NULL into iddynamo.ID (read an optional attribute into *iddynamo.ID)", Err: id.ErrNull}
