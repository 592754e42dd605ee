// Package adopt makes ids for rows that existed before a table adopted
// package id's keys: [Backfill] dates an id at a row's creation time, and
// [FromUUIDv7] and [ParseUUIDv7] convert UUIDv7 keys, keeping their bytes
// and so their order (docs/adopting.md).
//
// It is a package of its own so that the import is the boundary: a
// service makes ids for new rows with id.New, which reads the clock
// itself, and only a migration imports adopt. An id stamped with a time
// the caller chooses, or taken from an old key, is correct for a row that
// already exists and wrong for a new one; `go list -deps` and a review of
// imports show where that can happen.
//
// Everything here is built on the public API of package id ([id.From16],
// [id.MinAt]), so the ids it makes are ordinary ids: [id.ID.Time],
// [id.ID.Compare] and every encoder treat them as any other.
package adopt
