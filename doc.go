// Package id makes and reads entity identifiers: ULIDs written as 26
// lowercase Crockford base32 characters, such as
// 01arz3ndektsv4rrffq69g5fav. It is the one place where a Go service
// makes ids ([New], before every insert) and reads them ([Parse], at every
// HTTP, form or queue boundary, before any query).
//
// An [ID] is 16 bytes: a 48-bit Unix timestamp in milliseconds, then 80
// bits that [New] fills with a 16-bit sequence starting at a random value
// each millisecond and 64 bits drawn fresh for each ID, from a
// cryptographically strong source. Byte order, text order and creation
// order agree, so `ORDER BY id` is creation order to the millisecond, and
// within one process the order in which [New] made them. The zero ID means "no id":
// [ID.MarshalText] and [ID.Value] refuse to write it, and no decoder of
// text makes it.
//
// The rules the package exists for, each named where the code keeps it:
//
//   - KEYS-1, KEYS-2: every entity key is a ULID, made by the application
//     before the insert; [New] is cheap, never fails and needs no database.
//   - KEYS-3: one package makes and parses ids; [ID] is opaque, and every
//     decoder of outside or stored text shares one strict validator.
//   - KEYS-4: ids are lowercase: everything here writes lowercase, and
//     [ID.Scan] refuses a stored uppercase id.
//   - KEYS-5: parse outside values before any query; every rejection
//     wraps [ErrInvalid] (answer "not found" for a URL, "invalid input"
//     for your own form).
//   - KEYS-6: detail and link tables may keep natural keys.
//   - KEYS-7: trace, job and batch ids come from [New] too.
//   - TRUNC: never shorten an id; its first 10 characters are the clock.
//   - UTC: [ID.Time] is UTC.
//   - ERRCODE: errors are values ([ErrInvalid], [ErrZero], [ErrNull],
//     [*ParseError]); nothing here knows HTTP.
//
// Store ids as TEXT, VARCHAR(26) or CHAR(26) with a binary collation, and
// use sql.Null[id.ID] for a nullable column. An id is an identifier, not
// a secret: it shows when it was made, and ids of one process in one
// millisecond are numbered in order, each with 64 fresh random bits; ids
// of different processes are unique by their 80 bits after the timestamp.
//
// More, each fact with the test that shows it, in the repository's docs/
// folder: contract.md (every rule as a row and its test), databases.md
// (columns and collations), security.md (what an id reveals, collision
// odds), performance.md (measured against other libraries),
// typed-ids.md (a distinct type per entity: type UserID struct{ id.ID },
// with [NewAs] and [ParseAs]), testing-ids.md (package idtest) and
// testing.md (how to run every test).
package id
