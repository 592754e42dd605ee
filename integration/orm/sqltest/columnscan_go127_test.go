//go:build go1.27

package sqltest

// stdlibScansColumns: from Go 1.27 database/sql hands a column to a driver
// that scans it itself (driver.RowsColumnScanner), as pgx's stdlib does.
const stdlibScansColumns = true
