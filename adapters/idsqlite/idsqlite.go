// Package idsqlite registers two SQL functions with modernc.org/sqlite
// that turn an id's text into the 16 bytes of a compact BLOB column and
// back (docs/compact.md; docs/contract.md C10):
//
//	id_to_blob(text) → blob   WHERE k = id_to_blob('01arz3ndektsv4rrffq69g5fav')
//	blob_to_id(blob) → text   SELECT blob_to_id(k) FROM orders
//
// They are [id.Parse] with [id.ID.As16], and [id.From16] with
// [id.ID.String], and deterministic. NULL gives NULL; id_to_blob takes
// either letter case. Anything Parse or From16 refuses, a BLOB of another
// length than 16 and an argument of another type are SQL errors carrying
// the Go error, never NULL.
package idsqlite

import (
	"database/sql/driver"
	"fmt"
	"sync"

	"github.com/idkeys/id"
	"modernc.org/sqlite"
)

// Register registers id_to_blob and blob_to_id for every connection the
// driver opens after the call: call it before the first sql.Open("sqlite",
// …) connects. A second call does nothing and returns the first's error.
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
