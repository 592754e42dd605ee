// Package idsqlite registers SQL functions with modernc.org/sqlite (the
// cgo-free SQLite driver for database/sql) that turn an id's text into
// the 16 bytes of a compact BLOB column and back (docs/compact.md,
// docs/contract.md C10):
//
//	id_to_blob(text) → blob   the 16 bytes of id.ID.As16: WHERE k = id_to_blob('01arz3ndektsv4rrffq69g5fav')
//	blob_to_id(blob) → text   the id's 26 lowercase characters: SELECT blob_to_id(k) FROM orders
//
// They are the Go functions themselves ([id.Parse], [id.ID.As16],
// [id.From16], [id.ID.String]), so they agree with Go on every id. Both
// are deterministic (usable in indexes, generated columns and CHECK
// constraints). NULL gives NULL. id_to_blob accepts an id in either case,
// as [id.Parse] does; anything [id.Parse] refuses, and any argument that
// is not text, is an SQL error whose message is the Go error's. blob_to_id
// refuses a BLOB of another length than 16, 16 zero bytes (the zero id),
// and any argument that is not a BLOB. An error, never NULL: a typo in an
// id copied from a log must not look like "no such row".
//
// The sqlite3 command-line shell cannot load these functions: there,
// write the id's 16 bytes as a blob literal, X'…' with the hex that
// `id inspect` prints (docs/compact.md).
//
// It is a module of its own so that the SQLite driver reaches only the
// programs that use it.
package idsqlite

import (
	"database/sql/driver"
	"fmt"
	"sync"

	"github.com/idkeys/id"
	"modernc.org/sqlite"
)

// Register registers id_to_blob and blob_to_id with modernc.org/sqlite
// for every connection the driver opens after the call: call it before
// the first sql.Open("sqlite", …) connects, e.g. in main or an init
// function. A second call does nothing and returns the first call's
// error.
func Register() error {
	once.Do(func() {
		err = sqlite.RegisterDeterministicScalarFunction("id_to_blob", 1, idToBlob)
		if err == nil {
			err = sqlite.RegisterDeterministicScalarFunction("blob_to_id", 1, blobToID)
		}
	})
	return err
}

var (
	once sync.Once
	err  error
)

// idToBlob is id_to_blob: an id's text to its 16 bytes.
func idToBlob(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
	switch s := args[0].(type) {
	case nil:
		return nil, nil
	case string:
		v, err := id.Parse(s)
		if err != nil {
			return nil, err
		}
		b := v.As16()
		return b[:], nil
	}
	return nil, fmt.Errorf("%w: id_to_blob takes an id's text, not %s", id.ErrInvalid, sqliteType(args[0]))
}

// blobToID is blob_to_id: 16 bytes to the id's text.
func blobToID(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
	switch b := args[0].(type) {
	case nil:
		return nil, nil
	case []byte:
		if len(b) != 16 {
			return nil, fmt.Errorf("%w: blob_to_id takes 16 bytes, not %d", id.ErrInvalid, len(b))
		}
		v, err := id.From16([16]byte(b))
		if err != nil {
			return nil, err
		}
		return v.String(), nil
	}
	return nil, fmt.Errorf("%w: blob_to_id takes a BLOB of 16 bytes, not %s", id.ErrInvalid, sqliteType(args[0]))
}

// sqliteType names the SQLite type of a value as the driver hands it over.
func sqliteType(v driver.Value) string {
	switch v.(type) {
	case int64:
		return "an INTEGER"
	case float64:
		return "a REAL"
	case string:
		return "TEXT"
	case []byte:
		return "a BLOB"
	}
	return fmt.Sprintf("%T", v)
}
