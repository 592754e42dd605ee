// Package idpgx makes pgx read and write a [compact.ID] in a PostgreSQL
// uuid column in every exec mode, and refuse a plain [id.ID] there with an
// error that names the fix (docs/compact.md, "pgx and idpgx"). After
// [Register] the uuid type
//
//   - writes a compact.ID, a non-nil *compact.ID and a valid
//     sql.Null[compact.ID] as the id's 16 bytes ([id.ID.As16]), and
//     refuses the zero id with [compact.ErrZero];
//   - reads a uuid into *compact.ID, **compact.ID and *sql.Null[compact.ID]
//     with the rules of [compact.ID.Scan] (NULL into a compact.ID is
//     [compact.ErrNull], the nil UUID [id.ErrZeroBytes]);
//   - refuses id.ID, *id.ID and sql.Null[id.ID] with [ErrUUIDColumn];
//   - hands every other value to pgx's own uuid codec.
//
// []compact.ID is a uuid[] (docs/contract.md C11). Register it on every
// connection, also through pgx's stdlib.OptionAfterConnect:
//
//	cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
//		idpgx.Register(c.TypeMap())
//		return nil
//	}
package idpgx

import (
	"database/sql"
	"fmt"

	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
	"github.com/idkeys/id/internal/spell"
	"github.com/jackc/pgx/v5/pgtype"
)

// ErrUUIDColumn is the error for an [id.ID] written to or read from a uuid
// column after [Register]. It wraps [id.ErrInvalid].
var ErrUUIDColumn = fmt.Errorf("%w: an id.ID in a uuid column: use compact.ID there, or a text column; old UUIDv7 keys: adopt.FromUUIDv7", id.ErrInvalid)

// Register replaces the uuid type (OID 2950) in m by the codec of the
// package comment, and registers compact.ID, *compact.ID and
// sql.Null[compact.ID] as uuid and []compact.ID as uuid[], for the exec
// modes in which pgx does not learn the parameters' types. Call it on each
// connection's TypeMap before its first query.
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

// isID reports whether v is an id.ID, a non-nil *id.ID or a valid
// sql.Null[id.ID]; strings never get here (pgx sends them as text).
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
