package stores

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/idpgx"
	"github.com/idkeys/id/compact"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// execModes are pgx's five exec modes. The last two do not ask the server
// for the parameters' types (QueryExecModeExec and
// QueryExecModeSimpleProtocol, as used behind PgBouncer).
var execModes = []pgx.QueryExecMode{
	pgx.QueryExecModeCacheStatement,
	pgx.QueryExecModeCacheDescribe,
	pgx.QueryExecModeDescribeExec,
	pgx.QueryExecModeExec,
	pgx.QueryExecModeSimpleProtocol,
}

// knowsParamTypes reports whether pgx learns the parameters' types from
// the server in mode.
func knowsParamTypes(mode pgx.QueryExecMode) bool {
	return mode != pgx.QueryExecModeExec && mode != pgx.QueryExecModeSimpleProtocol
}

// compactConn opens a pgx connection in exec mode mode, with
// idpgx.Register when register is true, and creates the temporary table
// c (k uuid key, ref uuid NULL).
func compactConn(t *testing.T, mode pgx.QueryExecMode, register bool) *pgx.Conn {
	t.Helper()
	cfg, err := pgx.ParseConfig(postgresDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.DefaultQueryExecMode = mode
	ctx := context.Background()
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if register {
		if err := afterConnect(ctx, conn); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { conn.Close(ctx) })
	if _, err := conn.Exec(ctx, "CREATE TEMP TABLE c (k uuid PRIMARY KEY, ref uuid NULL)"); err != nil {
		t.Fatal(err)
	}
	return conn
}

// uuidOf is the UUID text of v's 16 bytes, as PostgreSQL prints a uuid.
func uuidOf(v id.ID) string {
	b := v.As16()
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// someIDs returns the smallest and largest ids, a, b, and n made by New.
func someIDs(n int) []id.ID {
	out := []id.ID{id.MustParse("00000000000000000000000001"), id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz"), a, b}
	for range n {
		out = append(out, id.New())
	}
	return out
}

// TestPgxCompactRegistered: C11. With idpgx.Register, native pgx writes
// and reads compact.ID, *compact.ID, sql.Null[compact.ID] and
// []compact.ID (uuid[]) in uuid columns in every exec mode; stores
// exactly the id's 16 bytes; refuses the zero id, NULL into a compact.ID
// and the nil UUID, zeroing the receiver; and still refuses a plain
// id.ID with ErrUUIDColumn.
func TestPgxCompactRegistered(t *testing.T) {
	ctx := context.Background()
	for _, mode := range execModes {
		t.Run(mode.String(), func(t *testing.T) {
			conn := compactConn(t, mode, true)
			ids := someIDs(300)
			for i, v := range ids {
				var ref any = sql.Null[compact.ID]{}
				switch i % 3 {
				case 1:
					ref = &compact.ID{ID: v}
				case 2:
					ref = sql.Null[compact.ID]{V: compact.ID{ID: v}, Valid: true}
				}
				if _, err := conn.Exec(ctx, "INSERT INTO c (k, ref) VALUES ($1, $2)", compact.ID{ID: v}, ref); err != nil {
					t.Fatalf("insert %v: %v", v, err)
				}
			}
			rows, err := conn.Query(ctx, "SELECT k, k::text, ref FROM c ORDER BY c.k")
			if err != nil {
				t.Fatal(err)
			}
			var got []id.ID
			for rows.Next() {
				var k compact.ID
				var txt string
				var ref *compact.ID
				if err := rows.Scan(&k, &txt, &ref); err != nil {
					t.Fatal(err)
				}
				if txt != uuidOf(k.ID) {
					t.Fatalf("k = %v stored as %s, want %s", k.ID, txt, uuidOf(k.ID))
				}
				if ref != nil && ref.ID != k.ID {
					t.Fatalf("ref of %v = %v", k.ID, ref.ID)
				}
				got = append(got, k.ID)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			want := slices.Clone(ids)
			slices.SortFunc(want, id.ID.Compare)
			if !slices.Equal(got, want) {
				t.Fatalf("ORDER BY k: %d ids, not the %d written in id order", len(got), len(want))
			}
			if n := count(t, conn, "SELECT count(*) FROM c WHERE ref IS NULL"); n != (len(ids)+2)/3 {
				t.Fatalf("%d NULL refs, want %d", n, (len(ids)+2)/3)
			}

			// WHERE k = $1 into sql.Null, and a uuid[] of compact ids.
			var n sql.Null[compact.ID]
			if err := conn.QueryRow(ctx, "SELECT k FROM c WHERE k = $1", compact.ID{ID: a}).Scan(&n); err != nil || !n.Valid || n.V.ID != a {
				t.Fatalf("WHERE k = a into sql.Null: %+v, %v", n, err)
			}
			pick := []compact.ID{{ID: ids[0]}, {ID: ids[1]}, {ID: a}}
			var back []compact.ID
			if err := conn.QueryRow(ctx, "SELECT array_agg(k ORDER BY k) FROM c WHERE k = ANY($1)", pick).Scan(&back); err != nil {
				t.Fatalf("uuid[]: %v", err)
			}
			if want := []compact.ID{{ID: ids[0]}, {ID: a}, {ID: ids[1]}}; !slices.Equal(back, want) {
				t.Fatalf("uuid[] read back %v, want %v", back, want)
			}

			testPgxCompactRefusals(t, conn)
		})
	}
}

// testPgxCompactRefusals: the zero id is not written; NULL into a
// compact.ID, and the nil UUID, are errors that zero the receiver; an
// id.ID is refused both ways.
func testPgxCompactRefusals(t *testing.T, conn *pgx.Conn) {
	ctx := context.Background()
	before := count(t, conn, "SELECT count(*) FROM c")
	for _, v := range []any{compact.ID{}, &compact.ID{}, sql.Null[compact.ID]{Valid: true}} {
		_, err := conn.Exec(ctx, "INSERT INTO c (k) VALUES ($1)", v)
		if !errors.Is(err, id.ErrZero) {
			t.Fatalf("insert %#v: %v, want id.ErrZero", v, err)
		}
	}
	if _, err := conn.Exec(ctx, "INSERT INTO c (k, ref) VALUES ($1, $2)", compact.New(), []compact.ID{{}}); err == nil {
		t.Fatal("a uuid[] holding the zero id was written to a uuid column")
	}
	if n := count(t, conn, "SELECT count(*) FROM c"); n != before {
		t.Fatalf("%d rows after the refused inserts, want %d", n, before)
	}

	c := compact.ID{ID: a} // stale
	err := conn.QueryRow(ctx, "SELECT NULL::uuid").Scan(&c)
	if !errors.Is(err, compact.ErrNull) || !c.IsZero() {
		t.Fatalf("NULL into compact.ID: %v (receiver %v), want compact.ErrNull and the zero id", err, c.ID)
	}
	c = compact.ID{ID: a}
	err = conn.QueryRow(ctx, "SELECT '00000000-0000-0000-0000-000000000000'::uuid").Scan(&c)
	if !errors.Is(err, id.ErrZeroBytes) || !c.IsZero() {
		t.Fatalf("nil UUID into compact.ID: %v (receiver %v), want id.ErrZeroBytes and the zero id", err, c.ID)
	}
	n := sql.Null[compact.ID]{V: compact.ID{ID: a}, Valid: true}
	if err := conn.QueryRow(ctx, "SELECT NULL::uuid").Scan(&n); err != nil || n.Valid || !n.V.IsZero() {
		t.Fatalf("NULL into sql.Null[compact.ID]: %+v, %v", n, err)
	}
	p := &compact.ID{ID: a}
	if err := conn.QueryRow(ctx, "SELECT NULL::uuid").Scan(&p); err != nil || p != nil {
		t.Fatalf("NULL into *compact.ID: %v, %v", p, err)
	}

	_, err = conn.Exec(ctx, "INSERT INTO c (k) VALUES ($1)", a)
	if knowsParamTypes(conn.Config().DefaultQueryExecMode) {
		if !errors.Is(err, idpgx.ErrUUIDColumn) {
			t.Fatalf("insert id.ID: %v, want idpgx.ErrUUIDColumn", err)
		}
	} else if err == nil || err.Error() != serverUUIDError {
		// Measured: where pgx does not learn that the parameter is a
		// uuid, it sends the id's text (as it must for a text column),
		// and the server refuses it; the write is refused all the same.
		t.Fatalf("insert id.ID: %v, want %s", err, serverUUIDError)
	}
	var plain id.ID
	if err := conn.QueryRow(ctx, "SELECT k FROM c LIMIT 1").Scan(&plain); !errors.Is(err, idpgx.ErrUUIDColumn) {
		t.Fatalf("scan uuid into id.ID: %v, want idpgx.ErrUUIDColumn", err)
	}
	if !strings.Contains(idpgx.ErrUUIDColumn.Error(), "use compact.ID") {
		t.Fatalf("ErrUUIDColumn %q does not name compact.ID", idpgx.ErrUUIDColumn)
	}
}

// TestPgxCompactCopyFrom: CopyFrom (binary COPY) writes compact ids
// through the registered codec, and refuses the zero id.
func TestPgxCompactCopyFrom(t *testing.T) {
	ctx := context.Background()
	conn := compactConn(t, pgx.QueryExecModeCacheStatement, true)
	ids := someIDs(1000)
	rows := make([][]any, len(ids))
	for i, v := range ids {
		rows[i] = []any{compact.ID{ID: v}, sql.Null[compact.ID]{}}
	}
	n, err := conn.CopyFrom(ctx, pgx.Identifier{"c"}, []string{"k", "ref"}, pgx.CopyFromRows(rows))
	if err != nil || n != int64(len(ids)) {
		t.Fatalf("CopyFrom: %d rows, %v", n, err)
	}
	for _, v := range ids[:20] {
		var txt string
		if err := conn.QueryRow(ctx, "SELECT k::text FROM c WHERE k = $1", compact.ID{ID: v}).Scan(&txt); err != nil || txt != uuidOf(v) {
			t.Fatalf("%v stored as %q, %v; want %s", v, txt, err, uuidOf(v))
		}
	}
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"c"}, []string{"k"}, pgx.CopyFromRows([][]any{{compact.New()}, {compact.ID{}}}))
	if err == nil || !strings.Contains(err.Error(), compact.ErrZero.Error()) {
		t.Fatalf("CopyFrom of the zero id: %v, want compact.ErrZero's message", err)
	}
	if got := count(t, conn, "SELECT count(*) FROM c"); got != len(ids) {
		t.Fatalf("%d rows after the refused CopyFrom, want %d", got, len(ids))
	}
}

// TestPgxCompactUnregistered measures pgx without idpgx: a compact.ID
// works through Value and Scan in the exec modes that learn the
// parameters' types; in QueryExecModeExec and QueryExecModeSimpleProtocol
// pgx sends Value's bytes as a bytea, and the server refuses them
// (22P02). Register fixes that (TestPgxCompactRegistered).
func TestPgxCompactUnregistered(t *testing.T) {
	ctx := context.Background()
	for _, mode := range execModes {
		t.Run(mode.String(), func(t *testing.T) {
			conn := compactConn(t, mode, false)
			v := compact.New()
			_, err := conn.Exec(ctx, "INSERT INTO c (k) VALUES ($1)", v)
			if !knowsParamTypes(mode) {
				var pe *pgconn.PgError
				if !errors.As(err, &pe) || pe.Code != "22P02" || !strings.Contains(pe.Message, `invalid input syntax for type uuid: "\x`) {
					t.Fatalf("insert without Register: %v, want the server's 22P02 for a bytea", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var back compact.ID
			if err := conn.QueryRow(ctx, "SELECT k FROM c WHERE k = $1", v).Scan(&back); err != nil || back != v {
				t.Fatalf("read back %v, %v; want %v", back.ID, err, v.ID)
			}
		})
	}
}

// TestPgxCompactStdlib: database/sql through pgx's stdlib. Without
// idpgx a compact.ID works in the default exec mode and fails in
// QueryExecModeExec and QueryExecModeSimpleProtocol; with
// stdlib.OptionAfterConnect(idpgx.Register) it works in every mode, and
// reads reach compact.ID.Scan as UUID text.
func TestPgxCompactStdlib(t *testing.T) {
	ctx := context.Background()
	for _, mode := range execModes {
		for _, register := range []bool{false, true} {
			name := mode.String() + "/plain"
			if register {
				name = mode.String() + "/idpgx"
			}
			t.Run(name, func(t *testing.T) {
				cfg, err := pgx.ParseConfig(postgresDSN(t))
				if err != nil {
					t.Fatal(err)
				}
				cfg.DefaultQueryExecMode = mode
				var opts []stdlib.OptionOpenDB
				if register {
					opts = append(opts, stdlib.OptionAfterConnect(afterConnect))
				}
				db := stdlib.OpenDB(*cfg, opts...)
				t.Cleanup(func() { db.Close() })
				db.SetMaxOpenConns(1) // the temporary table lives in one session
				if _, err := db.ExecContext(ctx, "CREATE TEMP TABLE c (k uuid PRIMARY KEY, ref uuid NULL)"); err != nil {
					t.Fatal(err)
				}
				v := compact.New()
				_, err = db.ExecContext(ctx, "INSERT INTO c (k, ref) VALUES ($1, $2)", v, sql.Null[compact.ID]{})
				if !register && !knowsParamTypes(mode) {
					var pe *pgconn.PgError
					if !errors.As(err, &pe) || pe.Code != "22P02" {
						t.Fatalf("insert without Register: %v, want the server's 22P02 for a bytea", err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				var back compact.ID
				var ref sql.Null[compact.ID]
				if err := db.QueryRowContext(ctx, "SELECT k, ref FROM c WHERE k = $1", v).Scan(&back, &ref); err != nil || back != v || ref.Valid {
					t.Fatalf("read back %v, %+v, %v; want %v and NULL", back.ID, ref, err, v.ID)
				}
				if _, err := db.ExecContext(ctx, "INSERT INTO c (k) VALUES ($1)", compact.ID{}); !errors.Is(err, id.ErrZero) {
					t.Fatalf("insert the zero id: %v, want id.ErrZero", err)
				}
			})
		}
	}
}

// count runs a count(*) query on conn.
func count(t *testing.T, conn *pgx.Conn, q string) int {
	t.Helper()
	var n int
	if err := conn.QueryRow(context.Background(), q).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
