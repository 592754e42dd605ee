//go:build !go1.27

package sqltest

// stdlibScansColumns: before Go 1.27 database/sql converts every column
// itself, and has no conversion for a text[] into []id.ID.
const stdlibScansColumns = false
