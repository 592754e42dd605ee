// Package silentfix checks idsilent's suggested fix: attributevalue's
// functions without options become their WithOptions form with the
// encoding option set (the import's own name kept).
package silentfix

import (
	av "github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/idkeys/id"
)

type User struct {
	ID   id.ID
	Name string
}

func save(u User) (map[string]types.AttributeValue, error) {
	return av.MarshalMap(u) // want `^attributevalue\.MarshalMap writes the id\.ID in User as an empty map M\{\} \(SILENT\): use attributevalue\.MarshalMapWithOptions with UseEncodingMarshalers$`
}

func load(m map[string]types.AttributeValue) (User, error) {
	var u User
	err := av.UnmarshalMap(m, &u) // want `attributevalue\.UnmarshalMap reads the id\.ID in \*User`
	return u, err
}
