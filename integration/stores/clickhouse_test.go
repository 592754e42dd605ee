package stores

import (
	"database/sql"
	"strings"
	"testing"

	"github.com/ClickHouse/ch-go/proto"
	"github.com/ClickHouse/clickhouse-go/v2/lib/column"
	"github.com/idkeys/id"
)

// chColumn returns a new clickhouse-go column of the ClickHouse type typ.
// A column is what the driver's batch.Append (AppendRow) and rows.Scan
// (ScanRow) run on; Encode and Decode are its wire format, so the tests
// need no server.
func chColumn(t *testing.T, typ string) column.Interface {
	t.Helper()
	col, err := column.Type(typ).Column("v", nil)
	if err != nil {
		t.Fatal(err)
	}
	return col
}

// chRoundTrip appends rows to a column of type typ, sends it through the
// wire format and returns the column the reader decoded.
func chRoundTrip(t *testing.T, typ string, rows ...any) column.Interface {
	t.Helper()
	col := chColumn(t, typ)
	for _, r := range rows {
		if err := col.AppendRow(r); err != nil {
			t.Fatalf("AppendRow(%#v) into %s: %v", r, typ, err)
		}
	}
	var buf proto.Buffer
	col.Encode(&buf)
	out := chColumn(t, typ)
	if err := out.Decode(buf.Reader(), len(rows)); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestClickHouseRoundTrip: an id.ID works unchanged in String and
// FixedString(26) columns (written through driver.Valuer and
// MarshalBinary, read through UnmarshalBinary, which is as strict as
// Scan), and sql.Null[id.ID] in a Nullable(String) column, NULL included.
func TestClickHouseRoundTrip(t *testing.T) {
	for _, typ := range []string{"String", "FixedString(26)", "LowCardinality(String)"} {
		t.Run(typ, func(t *testing.T) {
			col := chRoundTrip(t, typ, a, &b)
			var got id.ID
			if err := col.ScanRow(&got, 0); err != nil || got != a {
				t.Fatalf("row 0: %v, %v", got, err)
			}
			if err := col.ScanRow(&got, 1); err != nil || got != b {
				t.Fatalf("row 1: %v, %v", got, err)
			}
			var s string
			if err := col.ScanRow(&s, 0); err != nil || s != aText {
				t.Fatalf("stored %q, %v; want %q", s, err, aText)
			}
		})
	}
	col := chRoundTrip(t, "Nullable(String)", sql.Null[id.ID]{V: a, Valid: true}, sql.Null[id.ID]{})
	var got sql.Null[id.ID]
	if err := col.ScanRow(&got, 0); err != nil || !got.Valid || got.V != a {
		t.Fatalf("row 0: %v, %v", got, err)
	}
	got = sql.Null[id.ID]{V: b, Valid: true}
	if err := col.ScanRow(&got, 1); err != nil || got.Valid {
		t.Fatalf("NULL row: %v, %v; want Valid=false", got, err)
	}
	var plain id.ID
	if err := col.ScanRow(&plain, 1); err != id.ErrNull {
		t.Fatalf("NULL into id.ID: %v, want id.ErrNull", err)
	}
}

// TestClickHouseNilPointerPanics measures the trap that stays: a nil
// *id.ID given to the driver panics inside it, in a plain and in a
// Nullable column alike (clickhouse-go v2.51.0 calls Value, or
// MarshalBinary, through the nil pointer). Write NULL with sql.Null[id.ID]
// instead, as TestClickHouseRoundTrip does. database/sql (clickhouse's
// OpenDB) never gets there: it writes a nil *id.ID as NULL itself.
func TestClickHouseNilPointerPanics(t *testing.T) {
	for _, typ := range []string{"String", "FixedString(26)", "Nullable(String)"} {
		t.Run(typ, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil {
					t.Fatal("no panic: the driver has changed; update the docs")
				}
			}()
			var nilID *id.ID
			_ = chColumn(t, typ).AppendRow(nilID)
		})
	}
}

// TestClickHouseRefusesZero: writing the zero id is refused. In a
// FixedString(26) column the error is id.ErrZero (MarshalBinary's, passed
// on); in a String column clickhouse-go v2.51.0 replaces Value's
// id.ErrZero by its own error, which does not wrap it (theirs: the write
// still fails).
func TestClickHouseRefusesZero(t *testing.T) {
	wantZero(t, chColumn(t, "FixedString(26)").AppendRow(id.ID{}))
	err := chColumn(t, "String").AppendRow(id.ID{})
	if err == nil || err.Error() != "clickhouse [AppendRow]: converting id.ID to String is unsupported. could not get driver.Valuer value" {
		t.Fatalf("String: %v", err)
	}
}

// TestClickHouseReadIsStrict: a stored uppercase, empty, corrupt or zero
// id is refused with an error wrapping id.ErrInvalid (UnmarshalBinary,
// which ScanRow calls before Scan, is as strict as Scan), and the id is
// left zero. An empty FixedString(26) is 26 NUL bytes: refused too.
func TestClickHouseReadIsStrict(t *testing.T) {
	for _, c := range badStored {
		t.Run(c.name, func(t *testing.T) {
			col := chRoundTrip(t, "String", c.v)
			got := b
			wantReason(t, col.ScanRow(&got, 0), c.reason)
			if !got.IsZero() {
				t.Fatalf("after the error the id is %v", got)
			}
			var n sql.Null[id.ID]
			wantReason(t, col.ScanRow(&n, 0), c.reason)
		})
	}
	col := chRoundTrip(t, "FixedString(26)", "")
	var got id.ID
	err := col.ScanRow(&got, 0)
	wantReason(t, err, id.ReasonCharacter)
	if !strings.Contains(err.Error(), `\x00`) {
		t.Fatalf("error %q does not show the NUL byte", err)
	}
}
