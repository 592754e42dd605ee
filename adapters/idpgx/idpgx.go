// Package idpgx makes pgx (github.com/jackc/pgx/v5) read and write a
// [compact.ID] in a PostgreSQL uuid column natively, and say what to do
// when a plain [id.ID] meets one. An id.ID is 26 characters of text
// (docs/contract.md, D1) and no uuid column can hold it: without this
// package the write fails with the server's "invalid input syntax for type
// uuid", and a read with the length error of [id.ID.Scan], neither of
// which names the fix. A compact.ID is the id's 16 bytes, which is what a
// uuid column holds (docs/compact.md).
//
// [Register] replaces the uuid type of one pgx type map by one that
//
//   - writes a compact.ID, a non-nil *compact.ID and a valid
//     sql.Null[compact.ID] as the uuid of the id's 16 bytes ([id.ID.As16]),
//     in binary or as UUID text, and refuses the zero id with [compact.ErrZero];
//   - reads a uuid into *compact.ID, **compact.ID and
//     *sql.Null[compact.ID] straight from its 16 bytes, with the rules of
//     [compact.ID.Scan]: NULL into a compact.ID is [compact.ErrNull], the
//     nil UUID is [id.ErrZeroBytes], and the receiver is zeroed on error;
//   - refuses an id.ID (and *id.ID, sql.Null[id.ID]) with
//     [ErrUUIDColumn], on writes and on reads, which names the fixes:
//     compact.ID for a uuid column, or a text column; for a table whose
//     old keys are UUIDv7 values, [github.com/idkeys/id/adopt.FromUUIDv7];
//   - hands every other value and destination (pgtype.UUID, [16]byte, a
//     UUID's text) to pgx's own uuid codec, unchanged.
//
// uuid[] arrays use the same codec for their elements, so []compact.ID
// reads and writes as a uuid[] (docs/contract.md, C11). Register it on
// every connection:
//
//	cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
//		idpgx.Register(c.TypeMap())
//		return nil
//	}
//
// Without Register, a compact.ID still works with pgx in its default
// exec mode and through pgx's database/sql driver, by [compact.ID.Value]'s
// bytes and [compact.ID.Scan] of the UUID's text; but in the exec modes
// that do not ask the server for the parameters' types
// (QueryExecModeExec and QueryExecModeSimpleProtocol, as used behind
// PgBouncer) pgx sends those bytes as a bytea and the server refuses
// them. Register also tells pgx that a compact.ID is a uuid, so every
// exec mode works. With database/sql, pass the same function to pgx's
// stdlib.OptionAfterConnect: pgx's stdlib hands pgx the value itself, so
// the writes above hold there too, while reads reach [compact.ID.Scan] and
// [id.ID.Scan] as the UUID's 36 characters of text.
//
// It is a module of its own so that pgx reaches only the programs that use
// it; its tests, against pgx v5.12.0 and a real PostgreSQL, are in
// integration/stores.
package idpgx

import (
	"database/sql"
	"fmt"

	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
	"github.com/idkeys/id/internal/spell"
	"github.com/jackc/pgx/v5/pgtype"
)

// ErrUUIDColumn is the error for an [id.ID] written to, or read from, a
// PostgreSQL uuid column after [Register]. It wraps [id.ErrInvalid].
var ErrUUIDColumn = fmt.Errorf("%w: an id.ID in a uuid column: use compact.ID there, or a text column; old UUIDv7 keys: adopt.FromUUIDv7", id.ErrInvalid)

// Register replaces the type of PostgreSQL's uuid (OID 2950) in m by one
// whose codec reads and writes [compact.ID], refuses an [id.ID] with
// [ErrUUIDColumn], and hands every other value to pgx's
// [pgtype.UUIDCodec]; and it registers compact.ID, *compact.ID and
// sql.Null[compact.ID] as uuid values and []compact.ID as a uuid[], for
// the exec modes in which pgx does not learn the parameters' types. Call
// it on each connection's TypeMap, before its first query (pgx's
// AfterConnect).
func Register(m *pgtype.Map) {
	m.RegisterType(&pgtype.Type{Name: "uuid", OID: pgtype.UUIDOID, Codec: uuidCodec{}})
	m.RegisterDefaultPgType(compact.ID{}, "uuid")
	m.RegisterDefaultPgType(&compact.ID{}, "uuid")
	m.RegisterDefaultPgType(sql.Null[compact.ID]{}, "uuid")
	m.RegisterDefaultPgType([]compact.ID{}, "_uuid")
}

// uuidCodec is pgx's uuid codec with compact.ID added and id.ID refused.
type uuidCodec struct {
	pgtype.UUIDCodec
}

// PlanEncode writes a compact.ID, a non-nil *compact.ID and a valid
// sql.Null[compact.ID] (an invalid one is NULL); it refuses an id.ID, a
// non-nil *id.ID and a valid sql.Null[id.ID]; it leaves every other value
// to pgtype.UUIDCodec.
func (c uuidCodec) PlanEncode(m *pgtype.Map, oid uint32, format int16, value any) pgtype.EncodePlan {
	switch value.(type) {
	case compact.ID, *compact.ID, sql.Null[compact.ID]:
		if format == pgtype.BinaryFormatCode {
			return encodeCompact{}
		}
		return encodeCompact{text: true}
	}
	if isID(value) {
		return refuse{}
	}
	return c.UUIDCodec.PlanEncode(m, oid, format, value)
}

// PlanScan reads into *compact.ID and *sql.Null[compact.ID] (pgx reads
// **compact.ID through the first); it refuses the destinations *id.ID and
// *sql.Null[id.ID] (and their pointers); it leaves every other one to
// pgtype.UUIDCodec.
func (c uuidCodec) PlanScan(m *pgtype.Map, oid uint32, format int16, target any) pgtype.ScanPlan {
	switch target.(type) {
	case *compact.ID, *sql.Null[compact.ID]:
		return scanCompact{}
	case *id.ID, **id.ID, *sql.Null[id.ID]:
		return refuse{}
	}
	return c.UUIDCodec.PlanScan(m, oid, format, target)
}

// encodeCompact writes the 16 bytes of a compact.ID: in binary, or as
// the 36 characters of lowercase UUID text.
type encodeCompact struct{ text bool }

func (p encodeCompact) Encode(value any, buf []byte) ([]byte, error) {
	var v compact.ID
	switch x := value.(type) {
	case compact.ID:
		v = x
	case *compact.ID:
		v = *x // pgx writes a nil pointer as NULL before it gets here
	case sql.Null[compact.ID]:
		if !x.Valid {
			return nil, nil
		}
		v = x.V
	}
	if v.IsZero() {
		return nil, compact.ErrZero
	}
	b := v.As16()
	if !p.text {
		return append(buf, b[:]...), nil
	}
	return spell.AppendUUID(buf, b), nil
}

// scanCompact reads a uuid, in binary (16 bytes) or text (36
// characters), with compact.ID.Scan's rules; src is nil for NULL.
type scanCompact struct{}

func (scanCompact) Scan(src []byte, target any) error {
	var v any = src
	if src == nil {
		v = nil
	}
	switch t := target.(type) {
	case *compact.ID:
		return t.Scan(v)
	case *sql.Null[compact.ID]:
		return t.Scan(v)
	}
	return fmt.Errorf("idpgx: cannot scan a uuid into %T", target)
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
