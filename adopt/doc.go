// Package adopt makes ids for rows that existed before a table adopted
// package id's keys: [Backfill] dates an id at a row's creation time, and
// [FromUUIDv7] and [ParseUUIDv7] convert UUIDv7 keys, keeping their bytes
// and order. Only a migration imports it: new rows get id.New, which
// reads the clock itself (docs/adopting.md).
package adopt
