// Package idmakers defines an Analyzer that reports ids made or parsed
// outside package id (rules KEYS-3 and KEYS-7).
//
// # Analyzer idmakers
//
// idmakers: report ids made or parsed by another id package
//
// One package makes and parses ids (KEYS-3), trace, job and batch ids
// included (KEYS-7). This analyzer reports every call of, or reference
// to, a function or method that makes or parses an id in another id
// package: github.com/oklog/ulid (v1 and v2), github.com/google/uuid,
// github.com/gofrs/uuid/v5, the standard library's uuid (Go 1.27),
// github.com/segmentio/ksuid, github.com/rs/xid, go.jetify.com/typeid,
// github.com/lithammer/shortuuid/v4, github.com/matoous/go-nanoid/v2,
// github.com/teris-io/shortid, github.com/sony/sonyflake (and v2) and
// github.com/bwmarrin/snowflake. For example:
//
//	jobID := uuid.NewString() // uuid.NewString makes an id outside package id (KEYS-3): use id.New()
//
// Import aliases, method values (f := uuid.New), generic instantiations
// and calls through a function value are all reported where the function
// is named, once. Imports and uses of the other packages' types (a
// ulid.ULID field read from a legacy table) are not reported.
//
// A suggested fix replaces M().String() by id.New().String(), and a call of
// a maker that returns a string with no arguments by id.New().String(),
// when the file imports package id.
//
// Flags: -idmakers.allow lists the packages that may still use these
// functions, for example a migration that reads legacy UUIDs.
package idmakers
