// Package idpgx makes pgx (github.com/jackc/pgx/v5) say what to do when
// an [id.ID] meets a PostgreSQL uuid column. An id is 26 characters of
// text (docs/contract.md, D3 to D6) and no uuid column can hold it: without this package the
// write fails with pgx's "cannot find encode plan" or the server's
// "invalid input syntax for type uuid", and a read with the length error
// of [id.ID.Scan], none of which names the fix.
//
// [Register] replaces the uuid type of one pgx type map by one that
// refuses an id.ID (and *id.ID, sql.Null[id.ID]) with [ErrUUIDColumn],
// on writes and on reads, which names the two fixes: keep the
// column text (the recipe of docs/databases.md), or, for a table whose old
// keys are UUIDv7 values, convert them with [id.FromUUIDv7] (or
// [id.ParseUUIDv7] for their text). Every other value and destination
// (pgtype.UUID, [16]byte, a UUID's text) is handled by pgx's own uuid
// codec, unchanged. Arrays (uuid[]) keep pgx's own codec: Register does
// not reach them. Register it on every connection:
//
//	cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
//		idpgx.Register(c.TypeMap())
//		return nil
//	}
//
// With database/sql, pass the same function to pgx's
// stdlib.OptionAfterConnect: pgx's stdlib hands pgx the id.ID itself, so
// writes are refused with ErrUUIDColumn too; but a read reaches
// [id.ID.Scan] as the UUID's 36 characters of text, which Scan refuses
// with a *id.ParseError (length 36, want 26).
//
// It is a module of its own so that pgx reaches only the programs that use
// it; its tests, against pgx v5.12.0 and a real PostgreSQL, are in
// integration/stores.
package idpgx

import (
	"database/sql"
	"fmt"

	"github.com/idkeys/id"
	"github.com/jackc/pgx/v5/pgtype"
)

// ErrUUIDColumn is the error for an [id.ID] written to, or read from, a
// PostgreSQL uuid column after [Register]. It wraps [id.ErrInvalid].
var ErrUUIDColumn = fmt.Errorf("%w: a PostgreSQL uuid column cannot hold an id.ID (26 characters of text): make the column text; convert old UUIDv7 keys with id.FromUUIDv7", id.ErrInvalid)

// Register replaces the type of PostgreSQL's uuid (OID 2950) in m by one
// whose codec refuses an id.ID with [ErrUUIDColumn] and hands every other
// value to pgx's [pgtype.UUIDCodec]. Call it on each connection's
// TypeMap, before its first query (pgx's AfterConnect).
func Register(m *pgtype.Map) {
	m.RegisterType(&pgtype.Type{Name: "uuid", OID: pgtype.UUIDOID, Codec: uuidCodec{}})
}

// uuidCodec is pgx's uuid codec with the refusals of id values.
type uuidCodec struct {
	pgtype.UUIDCodec
}

// PlanEncode refuses an id.ID, a non-nil *id.ID and a valid
// sql.Null[id.ID]; it leaves every other value to pgtype.UUIDCodec.
func (c uuidCodec) PlanEncode(m *pgtype.Map, oid uint32, format int16, value any) pgtype.EncodePlan {
	if isID(value) {
		return refuse{}
	}
	return c.UUIDCodec.PlanEncode(m, oid, format, value)
}

// PlanScan refuses the destinations *id.ID and *sql.Null[id.ID] (and
// their pointers); it leaves every other one to pgtype.UUIDCodec.
func (c uuidCodec) PlanScan(m *pgtype.Map, oid uint32, format int16, target any) pgtype.ScanPlan {
	switch target.(type) {
	case *id.ID, **id.ID, *sql.Null[id.ID]:
		return refuse{}
	}
	return c.UUIDCodec.PlanScan(m, oid, format, target)
}

// isID reports whether v is an id: an id.ID, a non-nil *id.ID or a valid
// sql.Null[id.ID]. (A string never gets here: pgx sends strings in text
// format, straight to the server.)
func isID(v any) bool {
	switch v := v.(type) {
	case id.ID:
		return true
	case *id.ID:
		return v != nil
	case sql.Null[id.ID]:
		return v.Valid
	}
	return false
}

// refuse is the plan that fails with ErrUUIDColumn.
type refuse struct{}

func (refuse) Encode(any, []byte) ([]byte, error) { return nil, ErrUUIDColumn }

func (refuse) Scan([]byte, any) error { return ErrUUIDColumn }
