// Package idbackfill defines an Analyzer that reports ids made for
// existing rows outside the packages allowed to backfill (rule BACKFILL).
//
// # Analyzer idbackfill
//
// idbackfill: report adopt.NewBackfill and Backfill.At outside backfill code
//
// adopt.NewBackfill (package github.com/idkeys/id/adopt) makes ids for
// rows that already exist, from their creation time; a new row takes
// id.New() (KEYS-2). Importing adopt is the boundary; this analyzer
// reports every call of, or reference to, adopt.NewBackfill and
// (*adopt.Backfill).At in a package that is not on -idbackfill.allow,
// for example:
//
//	b := adopt.NewBackfill(seed) // adopt.NewBackfill is for ids of existing rows (BACKFILL): use id.New() for new rows (KEYS-2), or list this package in -idbackfill.allow
//
// Conversions of existing keys (adopt.FromUUIDv7, adopt.ParseUUIDv7) are
// not reported. No fix is suggested.
//
// Flags: -idbackfill.allow lists the packages that backfill (a migration
// command, for example).
package idbackfill
