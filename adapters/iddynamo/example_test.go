package iddynamo_test

import (
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/iddynamo"
)

// Order is an item whose key is an id.
type Order struct {
	PK    iddynamo.ID  `dynamodbav:"pk"`
	Buyer *iddynamo.ID `dynamodbav:"buyer,omitempty"`
}

// An id is the string S of its 26 lowercase characters, with no option
// on any call; a stored uppercase id is refused.
func Example() {
	item, err := attributevalue.MarshalMap(Order{PK: iddynamo.ID{ID: id.MustParse("01arz3ndektsv4rrffq69g5fav")}})
	fmt.Println(item["pk"].(*types.AttributeValueMemberS).Value, len(item), err)

	var o Order
	err = attributevalue.UnmarshalMap(item, &o)
	fmt.Println(o.PK, o.Buyer, err)

	item["pk"] = &types.AttributeValueMemberS{Value: "01ARZ3NDEKTSV4RRFFQ69G5FAV"}
	err = attributevalue.UnmarshalMap(item, &o)
	fmt.Println(errors.Is(err, id.ErrInvalid))

	_, err = attributevalue.MarshalMap(Order{})
	fmt.Println(errors.Is(err, id.ErrZero))
	// Output:
	// 01arz3ndektsv4rrffq69g5fav 1 <nil>
	// 01arz3ndektsv4rrffq69g5fav <nil> <nil>
	// true
	// true
}
