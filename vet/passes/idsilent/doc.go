// Package idsilent defines an Analyzer that reports ids lost without an
// error by libraries that walk values by reflection.
//
// # Analyzer idsilent
//
// idsilent: report a value holding an id.ID that reaches a library entry point that loses it
//
// An id.ID has no exported field: a library that encodes values by walking
// their fields with reflect, and does not call MarshalText or the
// database/sql methods, writes it as an empty map, copies it as the zero
// id, prints it with fmt or refuses it. This analyzer reports a value
// whose type holds an id.ID (the id itself, a typed id such as
// struct{ id.ID }, or a pointer, slice, array, map or struct field of one,
// at any depth) passed to such an entry point without its fix:
//
//   - aws-sdk-go-v2 feature/dynamodb/attributevalue Marshal, MarshalMap,
//     MarshalList, Unmarshal, UnmarshalMap, UnmarshalList,
//     UnmarshalListOfMaps and Encoder.Encode, Decoder.Decode: fixed by the
//     *WithOptions form (or NewEncoder, NewDecoder) with an options func
//     that sets UseEncodingMarshalers (UseEncodingUnmarshalers) to true;
//   - expression.Value: fixed by passing the text of v.Value(), which
//     refuses the zero id, or by expression.ValueWithOptions whose
//     options func appends such an encoder options func;
//   - structpb.NewValue, NewStruct, NewList: pass the text of v.Value(),
//     which refuses the zero id;
//   - koanf's structs.Provider, structs.ProviderWithDelim and
//     confmap.Provider: fixed by the registration
//     copystructure.Copiers[reflect.TypeOf(id.ID{})] = func(v any) (any, error) { return v, nil }
//     in the calling package or in a package it imports, directly or not
//     (a package fact: a registration in main does not count for the
//     packages main imports);
//   - mapstructure (go-viper v2) Decode, WeakDecode, DecodeMetadata,
//     WeakDecodeMetadata into a map, and Decoder.Decode of a decoder whose
//     DecoderConfig literal has a map Result: no option fixes it, build
//     the map with v.String(); the same of a struct into another struct
//     type that holds an id, which goes through a map of the fields and
//     comes out as the zero id, with or without the text hook;
//   - zombiezen.com/go/sqlite/sqlitex ExecOptions Args and Named (every
//     Execute, ExecuteTransient, ExecuteScript and *FS form) and Exec,
//     ExecTransient arguments: pass the text of v.Value();
//   - gocql Session.Query, Query.Bind, Batch.Query and Marshal arguments:
//     use idgocql.ID, or pass the text of v.Value(); Query.Scan, Iter.Scan and Unmarshal destinations:
//     read a string and parse it with id.Parse.
//
// For example:
//
//	item, err := attributevalue.MarshalMap(user) // attributevalue.MarshalMap writes the id.ID in User as an empty map M{} (SILENT): use attributevalue.MarshalMapWithOptions(v, func(o *attributevalue.EncoderOptions) { o.UseEncodingMarshalers = true })
//
// A value of an interface type is followed into its composite literal
// (map[string]any{"id": v}), into append, and into the local variables it
// names (x := …, x[k] = v). A type with the library's own marshaler method
// (MarshalDynamoDBAttributeValue, UnmarshalDynamoDBAttributeValue,
// MarshalCQL, UnmarshalCQL) is not reported, nor a field tagged
// dynamodbav:"-" or mapstructure:"-" for those libraries. An options func the analyzer
// cannot see (a call's result, a parameter, opts...) counts as fixed;
// options funcs declared in another package (functions, and package-level
// variables holding a function literal) are known by a fact.
//
// Findings name the rule SILENT: //idvet:allow SILENT reason, on the line
// or the line above, suppresses one (a test that shows a library's
// default on purpose).
//
// Flags: -idsilent.allow lists packages not to report.
package idsilent
