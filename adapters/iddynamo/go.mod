module github.com/idkeys/id/adapters/iddynamo

go 1.24

require (
	github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue v1.21.21
	github.com/aws/aws-sdk-go-v2/service/dynamodb v1.74.0
	github.com/idkeys/id v0.0.0
)

require (
	github.com/aws/aws-sdk-go-v2/service/dynamodbstreams v1.47.0 // indirect
	github.com/aws/smithy-go v1.28.9 // indirect
	github.com/oklog/ulid/v2 v2.1.2 // indirect
)

replace github.com/idkeys/id => ../../
