// Package iddynamo lets the AWS SDK's DynamoDB attribute value marshaler
// (github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue, and the
// expression builder that uses it) write and read an [id.ID] as a DynamoDB
// string, strictly. By default attributevalue walks id.ID's fields, finds
// none exported, and writes an empty map M{}: ids are lost without an
// error, and a key condition on one never matches.
//
// Two recipes make ids round-trip. The first, this package, is the one to
// use: declare the fields as [ID] instead of [id.ID] (a struct embedding
// id.ID, so every method of id.ID works on it), and *ID for an optional
// attribute:
//
//	type Order struct {
//		PK    iddynamo.ID  `dynamodbav:"pk"`
//		Buyer *iddynamo.ID `dynamodbav:"buyer,omitempty"`
//	}
//
// It needs no option on any call (expression.Value(iddynamo.ID{ID: v})
// works too), and reads strictly, as [id.ID.Scan] does for SQL: a stored
// uppercase, empty or corrupt id is refused with an error wrapping
// [id.ErrInvalid] (KEYS-4), and writing the zero id is refused with
// [id.ErrZero].
//
// The second keeps [id.ID] and passes the encoding options on every call:
// UseEncodingMarshalers on every Marshal* (MarshalWithOptions and
// friends), UseEncodingUnmarshalers on every Unmarshal*, and
// expression.ValueWithOptions for conditions. A call that forgets its
// option loses ids silently again, and reading accepts a stored uppercase
// id (UnmarshalText is the decoder of outside text).
//
// It is a module of its own so that the AWS SDK reaches only the programs
// that use it; its tests, against attributevalue v1.21.21 and expression
// v1.10.9, are in integration/stores. docs/works-with-formats.md has the
// recipe.
package iddynamo

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/idkeys/id"
)

// ID is an [id.ID] that attributevalue writes and reads as a DynamoDB
// string (S) of 26 lowercase characters. Convert with ID{ID: v} and x.ID.
type ID struct {
	id.ID
}

// MarshalDynamoDBAttributeValue implements attributevalue.Marshaler: it
// returns the string (S) of the 26 lowercase characters of the id. It
// returns [id.ErrZero] for the zero id: write an optional id as a nil *ID,
// which attributevalue writes as NULL or leaves out with omitempty.
func (v ID) MarshalDynamoDBAttributeValue() (types.AttributeValue, error) {
	if v.IsZero() {
		return nil, id.ErrZero
	}
	return &types.AttributeValueMemberS{Value: v.String()}, nil
}

// UnmarshalDynamoDBAttributeValue implements attributevalue.Unmarshaler:
// it reads a string (S) with [id.ID.Scan], so only the canonical form of 26
// lowercase characters is accepted (KEYS-4); uppercase, empty or corrupt
// text gives Scan's *id.ParseError. NULL gives an error for which
// errors.Is reports true for both [id.ErrNull] and [id.ErrInvalid] (read
// an optional attribute into *ID, which stays nil); any other attribute
// type gives an error wrapping [id.ErrInvalid] that names it. On error v
// is the zero id.
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

// typeName returns the DynamoDB name of av's type.
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

// nullError is the error for NULL.
type nullError struct{}

func (nullError) Error() string {
	return "id: cannot read DynamoDB NULL into iddynamo.ID (read an optional attribute into *iddynamo.ID)"
}

// Is reports whether target is id.ErrNull or id.ErrInvalid.
func (nullError) Is(target error) bool {
	return target == id.ErrNull || target == id.ErrInvalid
}

// errNull is returned by [ID.UnmarshalDynamoDBAttributeValue] for NULL.
var errNull error = nullError{}
