package idsilent

// The import paths of the libraries whose entry points are sinks.
const (
	attributevalue = "github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	expression     = "github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	structpb       = "google.golang.org/protobuf/types/known/structpb"
	koanfStructs   = "github.com/knadh/koanf/providers/structs"
	koanfConfmap   = "github.com/knadh/koanf/providers/confmap"
	mapstructure   = "github.com/go-viper/mapstructure/v2"
	sqlitex        = "zombiezen.com/go/sqlite/sqlitex"
	gocql          = "github.com/gocql/gocql"
	copystructure  = "github.com/mitchellh/copystructure"
)

// The options that make attributevalue use an id's MarshalText and
// UnmarshalText.
var (
	encodeOpt = option{attributevalue, "EncoderOptions", "UseEncodingMarshalers"}
	decodeOpt = option{attributevalue, "DecoderOptions", "UseEncodingUnmarshalers"}
)

// The fixes, as the reports name them: in words, the code being in the
// suggested fix (attributevalue's functions) or in docs/checking.md.
const (
	encFunc  = "UseEncodingMarshalers"
	decFunc  = "UseEncodingUnmarshalers"
	copier   = "a copystructure copier for id.ID in this package or one it imports"
	asString = "pass the text of v.Value()"
	gocqlFix = "use idgocql.ID, or " + asString
	scanText = "read a string and parse it with id.Parse"
)

// sinks is every known entry point that loses an id.ID it sees through
// reflection, one line each. In msg, %s is the value's description ("an
// id.ID", "the id.ID in User"); the report puts the rule, (SILENT), before
// its first ": ".
var sinks = []sink{
	// aws-sdk-go-v2 feature/dynamodb/attributevalue: without the encoding
	// options an id.ID, which has no exported field, is written as M{} and
	// read back as the zero id.
	{pkg: attributevalue, name: "Marshal", arg: 0, handled: "MarshalDynamoDBAttributeValue", tag: "dynamodbav",
		msg: "attributevalue.Marshal writes %s as an empty map M{}: use attributevalue.MarshalWithOptions with " + encFunc},
	{pkg: attributevalue, name: "MarshalMap", arg: 0, handled: "MarshalDynamoDBAttributeValue", tag: "dynamodbav",
		msg: "attributevalue.MarshalMap writes %s as an empty map M{}: use attributevalue.MarshalMapWithOptions with " + encFunc},
	{pkg: attributevalue, name: "MarshalList", arg: 0, handled: "MarshalDynamoDBAttributeValue", tag: "dynamodbav",
		msg: "attributevalue.MarshalList writes %s as an empty map M{}: use attributevalue.MarshalListWithOptions with " + encFunc},
	{pkg: attributevalue, name: "MarshalWithOptions", arg: 0, handled: "MarshalDynamoDBAttributeValue", tag: "dynamodbav", fixed: sets(1, encodeOpt),
		msg: "attributevalue.MarshalWithOptions writes %s as an empty map M{} without UseEncodingMarshalers: set " + encFunc + " in its options func"},
	{pkg: attributevalue, name: "MarshalMapWithOptions", arg: 0, handled: "MarshalDynamoDBAttributeValue", tag: "dynamodbav", fixed: sets(1, encodeOpt),
		msg: "attributevalue.MarshalMapWithOptions writes %s as an empty map M{} without UseEncodingMarshalers: set " + encFunc + " in its options func"},
	{pkg: attributevalue, name: "MarshalListWithOptions", arg: 0, handled: "MarshalDynamoDBAttributeValue", tag: "dynamodbav", fixed: sets(1, encodeOpt),
		msg: "attributevalue.MarshalListWithOptions writes %s as an empty map M{} without UseEncodingMarshalers: set " + encFunc + " in its options func"},
	{pkg: attributevalue, recv: "Encoder", name: "Encode", arg: 0, handled: "MarshalDynamoDBAttributeValue", tag: "dynamodbav", fixed: madeWith("NewEncoder", 0, encodeOpt),
		msg: "attributevalue.Encoder.Encode writes %s as an empty map M{}: make the encoder with " + encFunc + " set"},
	{pkg: attributevalue, name: "Unmarshal", arg: 1, handled: "UnmarshalDynamoDBAttributeValue", tag: "dynamodbav",
		msg: "attributevalue.Unmarshal reads %s without its UnmarshalText, an M{} as the zero id: use attributevalue.UnmarshalWithOptions with " + decFunc},
	{pkg: attributevalue, name: "UnmarshalMap", arg: 1, handled: "UnmarshalDynamoDBAttributeValue", tag: "dynamodbav",
		msg: "attributevalue.UnmarshalMap reads %s without its UnmarshalText, an M{} as the zero id: use attributevalue.UnmarshalMapWithOptions with " + decFunc},
	{pkg: attributevalue, name: "UnmarshalList", arg: 1, handled: "UnmarshalDynamoDBAttributeValue", tag: "dynamodbav",
		msg: "attributevalue.UnmarshalList reads %s without its UnmarshalText, an M{} as the zero id: use attributevalue.UnmarshalListWithOptions with " + decFunc},
	{pkg: attributevalue, name: "UnmarshalListOfMaps", arg: 1, handled: "UnmarshalDynamoDBAttributeValue", tag: "dynamodbav",
		msg: "attributevalue.UnmarshalListOfMaps reads %s without its UnmarshalText, an M{} as the zero id: use attributevalue.UnmarshalListOfMapsWithOptions with " + decFunc},
	{pkg: attributevalue, name: "UnmarshalWithOptions", arg: 1, handled: "UnmarshalDynamoDBAttributeValue", tag: "dynamodbav", fixed: sets(2, decodeOpt),
		msg: "attributevalue.UnmarshalWithOptions reads %s without its UnmarshalText, an M{} as the zero id: set " + decFunc + " in its options func"},
	{pkg: attributevalue, name: "UnmarshalMapWithOptions", arg: 1, handled: "UnmarshalDynamoDBAttributeValue", tag: "dynamodbav", fixed: sets(2, decodeOpt),
		msg: "attributevalue.UnmarshalMapWithOptions reads %s without its UnmarshalText, an M{} as the zero id: set " + decFunc + " in its options func"},
	{pkg: attributevalue, name: "UnmarshalListWithOptions", arg: 1, handled: "UnmarshalDynamoDBAttributeValue", tag: "dynamodbav", fixed: sets(2, decodeOpt),
		msg: "attributevalue.UnmarshalListWithOptions reads %s without its UnmarshalText, an M{} as the zero id: set " + decFunc + " in its options func"},
	{pkg: attributevalue, name: "UnmarshalListOfMapsWithOptions", arg: 1, handled: "UnmarshalDynamoDBAttributeValue", tag: "dynamodbav", fixed: sets(2, decodeOpt),
		msg: "attributevalue.UnmarshalListOfMapsWithOptions reads %s without its UnmarshalText, an M{} as the zero id: set " + decFunc + " in its options func"},
	{pkg: attributevalue, recv: "Decoder", name: "Decode", arg: 1, handled: "UnmarshalDynamoDBAttributeValue", tag: "dynamodbav", fixed: madeWith("NewDecoder", 0, decodeOpt),
		msg: "attributevalue.Decoder.Decode reads %s without its UnmarshalText, an M{} as the zero id: make the decoder with " + decFunc + " set"},

	// expression.Value marshals with attributevalue's defaults: a
	// condition on an id compares with M{} and never matches.
	{pkg: expression, name: "Value", arg: 0, handled: "MarshalDynamoDBAttributeValue", tag: "dynamodbav",
		msg: "expression.Value encodes %s as an empty map M{}, so nothing matches it: " + asString + ", or use expression.ValueWithOptions with " + encFunc},
	{pkg: expression, name: "ValueWithOptions", arg: 0, handled: "MarshalDynamoDBAttributeValue", tag: "dynamodbav", fixed: sets(1, encodeOpt),
		msg: "expression.ValueWithOptions encodes %s as an empty map M{} without UseEncodingMarshalers: set " + encFunc + " in o.EncoderOptions, or " + asString},

	// structpb takes a fixed set of Go types and refuses the others.
	{pkg: structpb, name: "NewValue", arg: 0,
		msg: "structpb.NewValue refuses %s with an error, invalid type: " + asString},
	{pkg: structpb, name: "NewStruct", arg: 0,
		msg: "structpb.NewStruct refuses %s with an error, invalid type: " + asString},
	{pkg: structpb, name: "NewList", arg: 0,
		msg: "structpb.NewList refuses %s with an error, invalid type: " + asString},

	// koanf copies what a provider gives it with copystructure, which
	// makes an opaque struct the zero value.
	{pkg: koanfStructs, name: "Provider", arg: 0, fixed: copierRegistered,
		msg: "structs.Provider gives koanf %s, which copystructure copies as the zero id: register " + copier},
	{pkg: koanfStructs, name: "ProviderWithDelim", arg: 0, fixed: copierRegistered,
		msg: "structs.ProviderWithDelim gives koanf %s, which copystructure copies as the zero id: register " + copier},
	{pkg: koanfConfmap, name: "Provider", arg: 0, fixed: copierRegistered,
		msg: "confmap.Provider gives koanf %s, which copystructure copies as the zero id: register " + copier},

	// mapstructure decodes a struct into a map field by field: an id.ID
	// becomes map[string]any{}. No hook changes that.
	{pkg: mapstructure, name: "Decode", arg: 0, tag: "mapstructure", fixed: notIntoMap(1),
		msg: "mapstructure.Decode into a map turns %s into map[string]any{}: build the map yourself with v.String()"},
	{pkg: mapstructure, name: "WeakDecode", arg: 0, tag: "mapstructure", fixed: notIntoMap(1),
		msg: "mapstructure.WeakDecode into a map turns %s into map[string]any{}: build the map yourself with v.String()"},
	{pkg: mapstructure, name: "DecodeMetadata", arg: 0, tag: "mapstructure", fixed: notIntoMap(1),
		msg: "mapstructure.DecodeMetadata into a map turns %s into map[string]any{}: build the map yourself with v.String()"},
	{pkg: mapstructure, name: "WeakDecodeMetadata", arg: 0, tag: "mapstructure", fixed: notIntoMap(1),
		msg: "mapstructure.WeakDecodeMetadata into a map turns %s into map[string]any{}: build the map yourself with v.String()"},
	{pkg: mapstructure, recv: "Decoder", name: "Decode", arg: 0, tag: "mapstructure", fixed: resultNotMap,
		msg: "mapstructure.Decoder.Decode with a map Result turns %s into map[string]any{}: build the map yourself with v.String()"},
	// mapstructure decodes a struct into another struct type through a
	// map of its fields: the id.ID becomes map[string]any{} on the way and
	// is decoded as the zero id, with or without the text hook (a struct
	// of the same type is copied whole, and keeps it).
	{pkg: mapstructure, name: "Decode", arg: 0, tag: "mapstructure", fixed: notIntoOtherStruct(1),
		msg: "mapstructure.Decode into another struct type turns %s into the zero id: copy the fields yourself"},
	{pkg: mapstructure, name: "WeakDecode", arg: 0, tag: "mapstructure", fixed: notIntoOtherStruct(1),
		msg: "mapstructure.WeakDecode into another struct type turns %s into the zero id: copy the fields yourself"},
	{pkg: mapstructure, name: "DecodeMetadata", arg: 0, tag: "mapstructure", fixed: notIntoOtherStruct(1),
		msg: "mapstructure.DecodeMetadata into another struct type turns %s into the zero id: copy the fields yourself"},
	{pkg: mapstructure, name: "WeakDecodeMetadata", arg: 0, tag: "mapstructure", fixed: notIntoOtherStruct(1),
		msg: "mapstructure.WeakDecodeMetadata into another struct type turns %s into the zero id: copy the fields yourself"},
	{pkg: mapstructure, recv: "Decoder", name: "Decode", arg: 0, tag: "mapstructure", fixed: resultNotOtherStruct,
		msg: "mapstructure.Decoder.Decode into another struct type turns %s into the zero id: copy the fields yourself"},

	// zombiezen's sqlitex binds the types it knows and prints the others
	// with fmt: a nil *id.ID becomes "<nil>", the zero id "", a slice "[…]".
	{pkg: sqlitex, recv: "ExecOptions", field: "Args",
		msg: "sqlitex.ExecOptions.Args stores %s as fmt prints it, a nil *id.ID as \"<nil>\" and the zero id as \"\": " + asString},
	{pkg: sqlitex, recv: "ExecOptions", field: "Named",
		msg: "sqlitex.ExecOptions.Named stores %s as fmt prints it, a nil *id.ID as \"<nil>\" and the zero id as \"\": " + asString},
	{pkg: sqlitex, name: "Exec", arg: 3, variadic: true,
		msg: "sqlitex.Exec stores %s as fmt prints it, a nil *id.ID as \"<nil>\" and the zero id as \"\": " + asString},
	{pkg: sqlitex, name: "ExecTransient", arg: 3, variadic: true,
		msg: "sqlitex.ExecTransient stores %s as fmt prints it, a nil *id.ID as \"<nil>\" and the zero id as \"\": " + asString},

	// gocql marshals only its own types and MarshalCQL (UnmarshalCQL for
	// reading): an error at run time.
	{pkg: gocql, recv: "Session", name: "Query", arg: 1, variadic: true, handled: "MarshalCQL",
		msg: "gocql.Session.Query cannot marshal %s, which has no MarshalCQL: " + gocqlFix},
	{pkg: gocql, recv: "Query", name: "Bind", arg: 0, variadic: true, handled: "MarshalCQL",
		msg: "gocql.Query.Bind cannot marshal %s, which has no MarshalCQL: " + gocqlFix},
	{pkg: gocql, recv: "Batch", name: "Query", arg: 1, variadic: true, handled: "MarshalCQL",
		msg: "gocql.Batch.Query cannot marshal %s, which has no MarshalCQL: " + gocqlFix},
	{pkg: gocql, name: "Marshal", arg: 1, handled: "MarshalCQL",
		msg: "gocql.Marshal cannot marshal %s, which has no MarshalCQL: " + gocqlFix},
	{pkg: gocql, name: "Unmarshal", arg: 2, handled: "UnmarshalCQL",
		msg: "gocql.Unmarshal cannot unmarshal into %s, which has no UnmarshalCQL: " + scanText},
	{pkg: gocql, recv: "Query", name: "Scan", arg: 0, variadic: true, handled: "UnmarshalCQL",
		msg: "gocql.Query.Scan cannot unmarshal into %s, which has no UnmarshalCQL: " + scanText},
	{pkg: gocql, recv: "Iter", name: "Scan", arg: 0, variadic: true, handled: "UnmarshalCQL",
		msg: "gocql.Iter.Scan cannot unmarshal into %s, which has no UnmarshalCQL: " + scanText},
}
