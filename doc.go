// Package id makes and reads entity identifiers: ULIDs written as 26
// lowercase Crockford base32 characters, such as
// 01arz3ndektsv4rrffq69g5fav. [New] makes one before every insert;
// [Parse] reads one at every HTTP, form or queue boundary, before any
// query. An [ID] is 16 bytes: a 48-bit Unix timestamp in milliseconds,
// then a 16-bit sequence and 64 fresh random bits; byte, text and
// creation order agree. The zero ID means "no id".
//
// The rules it keeps (docs/contract.md has each as rows with their tests):
//
//   - KEYS-1, KEYS-2: every key is a ULID made by the application, by [New].
//   - KEYS-3: one package makes and parses ids, through one validator.
//   - KEYS-4: ids are written lowercase; [ID.Scan] refuses stored uppercase.
//   - KEYS-5: parse outside values first; every rejection wraps [ErrInvalid].
//   - KEYS-6: detail and link tables may keep natural keys.
//   - KEYS-7: trace, job and batch ids come from [New] too.
//   - TRUNC: an id is never shortened. UTC: [ID.Time] is UTC.
//   - ERRCODE: errors are values ([ErrInvalid], [ErrZero], [ErrNull],
//     [*ParseError]); nothing here knows HTTP.
//
// More in the repository's docs/: databases.md, security.md,
// performance.md, typed-ids.md ([NewAs], [ParseAs]), testing-ids.md
// (package idtest), works-with*.md.
package id
