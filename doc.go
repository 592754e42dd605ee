// Package id makes and reads entity identifiers: ULIDs written as 26
// lowercase Crockford base32 characters, such as
// 01arz3ndektsv4rrffq69g5fav. It is the single place where a Go service
// makes ids ([New], before every insert) and reads them ([Parse], at every
// HTTP, form or queue boundary, before any query).
//
// # Why
//
// The package exists for these rules (named KEYS-n in the docs, so a
// behaviour can be traced to its reason):
//
//   - KEYS-1: every new table's entity key is a ULID, internal tables too.
//   - KEYS-2: the application makes the id before the insert: [New] is
//     cheap, never fails and needs no database.
//   - KEYS-3: one module makes and parses ids. [ID] is opaque: the only
//     ways to get a non-zero ID are [New], [Parse], [MustParse],
//     [ID.UnmarshalText] and [ID.Scan], which share one strict validator.
//   - KEYS-4: the canonical form is lowercase; ids are made and stored
//     lowercase, because database string comparison is bytewise: an
//     uppercase copy of an id misses `WHERE id = ?`. [ID.String],
//     [ID.AppendText], [ID.MarshalText] and [ID.Value] emit lowercase only,
//     and [ID.Scan] rejects stored uppercase ids.
//   - KEYS-5: a value from outside is parsed before any query. [Parse]
//     accepts any letter case and returns the canonical id; every rejection
//     wraps [ErrInvalid]. From a URL path or query, answer "not found"
//     without touching the store; from your own form data, answer "invalid
//     input" (a bug that must stay visible). The examples show both.
//   - KEYS-6: detail and link tables may use natural or composite keys;
//     nothing here is needed for them.
//   - KEYS-7: other generated identifiers (batch, job, trace and
//     correlation ids) come from [New] too, in the same format, so grepping
//     a value finds every mention of it in the logs.
//   - TRUNC: an id is never truncated. Its first 10 characters are the
//     millisecond clock, so a "short id" collides exactly under load;
//     nothing in this package yields a short form.
//   - UTC: [ID.Time] returns UTC.
//   - ERRCODE: errors are values with codes ([ErrInvalid], [ErrZero],
//     [ErrNull], [*ParseError] with its [Reason]); nothing here knows HTTP.
//
// # Format
//
// An ID is 16 bytes (ULID spec, "Binary Layout"): a 48-bit big-endian Unix
// timestamp in milliseconds, then 80 random bits. Its text is 26
// characters from 0123456789abcdefghjkmnpqrstvwxyz, the first 0 to 7; the
// first 10 characters encode the timestamp and the last 16 the random
// bits. Byte order, text order and creation order agree, so `ORDER BY id`
// is creation order to the millisecond, and within one process the order
// in which [New] made them.
//
// The zero ID means "no id": [ID.IsZero] reports it, its text is empty,
// [ID.Value] refuses to write it, and New, Parse and Scan never return it.
//
// # Storage
//
// Store ids as text: TEXT, VARCHAR(26) or CHAR(26). [ID.Value] writes the
// 26 lowercase bytes and [ID.Scan] reads them back unchanged. Use
// sql.Null[id.ID] for a nullable column. With a case-insensitive or
// linguistic collation, see the README for which collations keep
// `ORDER BY id` bytewise.
//
// # Security
//
// An ID is an identifier, not a secret: never use one as a password,
// session token or unguessable link, and check access to what it names.
//
//   - What an ID reveals: the time it was made, to the millisecond, by the
//     clock of the process that made it ([ID.Time]). Two IDs made by one
//     process in the same millisecond share most of their random bits, so
//     they can be told apart from IDs of other processes, and their
//     difference divided by about 2^31 estimates how many IDs the process
//     made between them.
//   - How guessable the next ID is: the first ID of a millisecond has 80
//     fresh random bits. Each later ID of that millisecond in the same
//     process is the previous one plus a random increment in [1, 2^32):
//     whoever has seen one ID guesses the next one of the same millisecond
//     with probability 1/(2^32-1) (about 2.3e-10) per try.
//   - Where the entropy comes from: math/rand/v2's ChaCha8, a
//     cryptographically secure generator, seeded once per process with 32
//     bytes from crypto/rand (see New). A process restored twice from one
//     memory snapshot (a VM snapshot, a checkpoint) continues the same
//     stream in both copies, and the copies can make the same IDs.
//
// What is promised:
//
//   - Within a process: no two IDs are equal, by construction. Every ID
//     [New] returns is greater than every ID returned before the call
//     began, on any goroutine, also when the clock steps back or stands
//     still; no randomness is involved in this promise.
//   - Across processes, on one machine or many: IDs are unique only by
//     their 80 random bits and ordered only to the millisecond, by each
//     maker's clock. Two IDs collide only if they carry the same
//     millisecond and the same 80 bits; the 80 bits of an ID, first of its
//     millisecond or not, are as good as uniform to anyone outside the
//     process that made it, since they start at fresh random bits. For n
//     IDs made in one millisecond by independent processes, the chance
//     that any two are equal is at most about n^2/2^81 (the birthday bound
//     on 80 bits; pairs from the same process never collide): 4.1e-19 for
//     n = 1,000 and 4.1e-13 for n = 1,000,000. A thousand IDs from
//     different processes in every millisecond of a whole year give odds
//     of about 1.3e-8 of a single collision.
package id
