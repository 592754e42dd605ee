package integration

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
	"github.com/jackc/pgx/v5/pgxpool"
)

// compactDialect is what the compact checks need to know of a database
// beyond its dialect: the column types, and the stored values that Scan
// must refuse.
type compactDialect struct {
	dialect
	// keyType is the compact column type; textType a text column type
	// that sorts ids bytewise, for the comparisons with the text form.
	keyType, textType string
	// hex is an SQL expression for the lowercase hex of compact column c.
	hex func(c string) string
	// checkExpr is the SQL expression for compact column k as idkeys
	// check reads it with the flag checkFlag (docs/idkeys.md).
	checkExpr, checkFlag string
	// paramType, when set, is a query of one parameter whose answer is
	// how the database typed it, and wantParamType the answer for Value's
	// 16 bytes.
	paramType, wantParamType string
	// storedType, when set, is an SQL expression for the type of the
	// stored value of column k, which must be wantStoredType.
	storedType, wantStoredType string
	// bad are values that Scan must refuse, as the database returns them.
	bad []badCompact
}

// badCompact is a value Scan must refuse: store, when set, is an SQL
// expression written into a column of type col (the compact type when
// empty) by raw SQL and read back; otherwise query selects the value.
type badCompact struct {
	name  string
	store string
	col   string
	query string
	// msg is the end of the error message, as Scan wrote it.
	msg string
	// is is a sentinel the error wraps, besides id.ErrInvalid.
	is error
}

// The messages of compact.ID.Scan the checks expect (compact_test.go in
// package compact checks them exactly).
const (
	scanZeroMsg   = "id: invalid id: 16 zero bytes are the zero id, which names nothing"
	scanLen3Msg   = "id: invalid stored compact id: length 3, want 16 bytes or 36 characters of UUID text"
	scanTextIDMsg = "id: invalid stored compact id: length 26 is an id's text, not its 16 bytes: scan a text column into id.ID"
	scanNullMsg   = "id: invalid id: cannot scan NULL into compact.ID (use sql.Null[compact.ID] for a nullable column)"
)

func scanTypeMsg(typ string) string {
	return "id: invalid stored compact id: cannot scan " + typ + " into compact.ID (store it in a uuid, BINARY(16) or BLOB column)"
}

var postgresCompact = compactDialect{
	dialect:  postgresDialect,
	keyType:  "uuid",
	textType: `TEXT COLLATE "C"`,
	hex:      func(c string) string { return "replace(" + c + "::text, '-', '')" },
	// A uuid column holds exactly 16 bytes: only expressions of other
	// types can hand Scan a wrong length.
	bad: []badCompact{
		{name: "nil_UUID", store: "'00000000-0000-0000-0000-000000000000'", msg: scanZeroMsg, is: id.ErrZeroBytes},
		{name: "bytea_of_3", query: `SELECT '\x010203'::bytea`, msg: scanLen3Msg},
		{name: "bytea_of_16_zeros", query: `SELECT '\x00000000000000000000000000000000'::bytea`, msg: scanZeroMsg, is: id.ErrZeroBytes},
		{name: "text_id", store: "'01arz3ndektsv4rrffq69g5fav'", col: "TEXT", msg: scanTextIDMsg},
		{name: "int8", query: "SELECT 42::int8", msg: scanTypeMsg("int64")},
		{name: "timestamptz", query: "SELECT now()", msg: scanTypeMsg("time.Time")},
	},
	checkExpr: "k::text",
	checkFlag: "-compact",
}

var mariadbCompact = compactDialect{
	dialect:       mariadbDialect,
	keyType:       "BINARY(16)",
	textType:      "VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin",
	hex:           func(c string) string { return "LOWER(HEX(" + c + "))" },
	paramType:     "SELECT CHARSET(?)",
	wantParamType: "binary",
	bad: []badCompact{
		{name: "16_zero_bytes", store: "X'00000000000000000000000000000000'", msg: scanZeroMsg, is: id.ErrZeroBytes},
		{name: "VARBINARY_of_3", store: "X'010203'", col: "VARBINARY(16)", msg: scanLen3Msg},
		{name: "text_id", store: "'01arz3ndektsv4rrffq69g5fav'", col: "VARCHAR(26)", msg: scanTextIDMsg},
		{name: "BIGINT", store: "42", col: "BIGINT", msg: scanTypeMsg("int64")},
		{name: "DATETIME", store: "'2026-01-02 03:04:05'", col: "DATETIME(3)", msg: scanTypeMsg("time.Time")},
	},
	checkExpr: "HEX(k)",
	checkFlag: "-hex",
}

var sqliteCompact = compactDialect{
	dialect:        sqliteDialect,
	keyType:        "BLOB",
	textType:       "TEXT",
	hex:            func(c string) string { return "lower(hex(" + c + "))" },
	paramType:      "SELECT typeof(?1)",
	wantParamType:  "blob",
	storedType:     "typeof(k)",
	wantStoredType: "blob",
	// A BLOB column of SQLite holds a value of any type.
	bad: []badCompact{
		{name: "16_zero_bytes", store: "zeroblob(16)", msg: scanZeroMsg, is: id.ErrZeroBytes},
		{name: "blob_of_3", store: "X'010203'", msg: scanLen3Msg},
		{name: "text_id", store: "'01arz3ndektsv4rrffq69g5fav'", msg: scanTextIDMsg},
		{name: "integer", store: "42", msg: scanTypeMsg("int64")},
		{name: "real", store: "1.5", msg: scanTypeMsg("float64")},
	},
	checkExpr: "hex(k)",
	checkFlag: "-hex",
}

// TestSQLiteCompact runs the compact checks on SQLite (modernc.org/sqlite,
// database/sql), BLOB columns.
func TestSQLiteCompact(t *testing.T) {
	path := t.TempDir() + "/compact.db"
	conn, err := sql.Open("sqlite", "file:"+path+"?_pragma=synchronous(OFF)&_pragma=journal_mode(WAL)")
	must(t, err)
	t.Cleanup(func() { conn.Close() })
	t.Run("database_sql", func(t *testing.T) { runCompact(t, sqlDB{conn}, sqliteCompact) })
	t.Run("CheckConstraint", func(t *testing.T) { testSQLiteCompactCheck(t, sqlDB{conn}) })
}

// sqliteCompactCheck is the CHECK that docs/compact.md gives a SQLite
// compact key: a BLOB column takes a value of any type.
const sqliteCompactCheck = "CHECK (typeof(k) = 'blob' AND length(k) = 16 AND k <> zeroblob(16))"

// testSQLiteCompactCheck: with the CHECK, every value Scan would refuse is
// refused by SQLite on write, and compact.ID's values are taken.
func testSQLiteCompactCheck(t *testing.T, d db) {
	ctx := context.Background()
	tb := newTable(t, d, "cc", "CREATE TABLE %s (k BLOB NOT NULL PRIMARY KEY "+sqliteCompactCheck+")")
	for _, v := range compactIDs(100) {
		must(t, d.Exec(ctx, "INSERT INTO "+tb+" (k) VALUES (?1)", compact.ID{ID: v}))
	}
	for _, bad := range []string{"zeroblob(16)", "X'010203'", "X'" + exampleHex + "00'", "'" + exampleID + "'", "42", "1.5", "'01563e3a-b5d3-d676-4c61-efb99302bd5b'"} {
		err := d.Exec(ctx, "INSERT INTO "+tb+" (k) VALUES ("+bad+")")
		if err == nil || !strings.Contains(err.Error(), "CHECK constraint failed") {
			t.Fatalf("inserting %s: %v, want a CHECK constraint failure", bad, err)
		}
	}
	if n := count(t, d, "SELECT count(*) FROM "+tb); n != 100 {
		t.Fatalf("%d rows, want 100", n)
	}
}

// TestMariaDBCompact runs the compact checks on MariaDB, BINARY(16)
// columns, with server-side prepared statements and with
// interpolateParams.
func TestMariaDBCompact(t *testing.T) {
	dsn := server(t, "ID_TEST_MARIADB_DSN", "MariaDB")
	for _, interpolate := range []bool{false, true} {
		name := "prepared"
		if interpolate {
			name = "interpolateParams"
		}
		cd := mariadbCompact
		if !interpolate {
			// Measured: with server-side prepared statements the driver
			// sends a []byte as a string parameter of the connection's
			// character set. The server copies its bytes into BINARY(16)
			// unchanged and compares them with the column bytewise
			// (RoundTrip, Order and TimeWindow hold with ids of random
			// bytes, invalid UTF-8 included).
			cd.wantParamType = "utf8mb4"
		}
		t.Run(name, func(t *testing.T) {
			runCompact(t, sqlDB{mariadbConn(t, dsn, interpolate)}, cd)
		})
	}
}

// mariadbConn opens MariaDB as TestMariaDB does.
func mariadbConn(t *testing.T, dsn string, interpolate bool) *sql.DB {
	t.Helper()
	cfg, err := mysql.ParseDSN(dsn)
	must(t, err)
	cfg.ParseTime = true
	cfg.Loc = time.UTC
	cfg.InterpolateParams = interpolate
	connector, err := mysql.NewConnector(cfg)
	must(t, err)
	conn := sql.OpenDB(connector)
	t.Cleanup(func() { conn.Close() })
	ping(t, "MariaDB", conn.PingContext)
	return conn
}

// TestPostgresCompact runs the compact checks on PostgreSQL, uuid
// columns, through pgx's database/sql driver and through native pgx
// without idpgx (whose own tests are in integration/stores).
func TestPostgresCompact(t *testing.T) {
	dsn := server(t, "ID_TEST_POSTGRES_DSN", "PostgreSQL")
	t.Run("stdlib", func(t *testing.T) {
		conn, err := sql.Open("pgx", dsn)
		must(t, err)
		t.Cleanup(func() { conn.Close() })
		ping(t, "PostgreSQL", conn.PingContext)
		runCompact(t, sqlDB{conn}, postgresCompact)
	})
	t.Run("pgx", func(t *testing.T) {
		cfg, err := pgxpool.ParseConfig(dsn)
		must(t, err)
		pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
		must(t, err)
		t.Cleanup(pool.Close)
		ping(t, "PostgreSQL", pool.Ping)
		runCompact(t, pgxDB{pool}, postgresCompact)
	})
}

// runCompact runs every compact check (docs/contract.md, C2–C9).
func runCompact(t *testing.T, d db, cd compactDialect) {
	t.Run("RoundTrip", func(t *testing.T) { testCompactRoundTrip(t, d, cd) })
	t.Run("ZeroRefused", func(t *testing.T) { testCompactZero(t, d, cd) })
	t.Run("Null", func(t *testing.T) { testCompactNull(t, d, cd) })
	t.Run("BadStored", func(t *testing.T) { testCompactBad(t, d, cd) })
	t.Run("Order", func(t *testing.T) { testCompactOrder(t, d, cd) })
	t.Run("TimeWindow", func(t *testing.T) { testCompactWindow(t, d, cd) })
	t.Run("IdkeysCheck", func(t *testing.T) { testCompactIdkeysCheck(t, d, cd) })
}

// compactIDs returns n ids for the checks: the smallest and the largest
// id, the ULID spec's example, ids made by New (most sharing a
// millisecond), and ids of random bytes, which reach every first byte.
func compactIDs(n int) []id.ID {
	out := []id.ID{id.MustParse("00000000000000000000000001"), id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz"), id.MustParse("01arz3ndektsv4rrffq69g5fav")}
	for len(out) < n/2 {
		out = append(out, id.New())
	}
	for len(out) < n {
		var b [16]byte
		rand.Read(b[:])
		if v, err := id.From16(b); err == nil {
			out = append(out, v)
		}
	}
	return out
}

// compactTable creates a table of a compact key k, a text column t
// holding the same id, and a nullable compact ref.
func compactTable(t *testing.T, d db, cd compactDialect) string {
	t.Helper()
	return newTable(t, d, "ck", "CREATE TABLE %s (k "+cd.keyType+" NOT NULL, t "+cd.textType+" NOT NULL, ref "+cd.keyType+" NULL, PRIMARY KEY (k))")
}

// insertCompact writes each id as (k, t) = (compact.ID, id.ID) in
// multi-row INSERTs, in one transaction.
func insertCompact(t *testing.T, d db, cd compactDialect, tb string, ids []id.ID) {
	t.Helper()
	err := d.InTx(context.Background(), func(tx execer) error {
		for start := 0; start < len(ids); start += batchRows / 2 {
			batch := ids[start:min(start+batchRows/2, len(ids))]
			var q strings.Builder
			q.WriteString("INSERT INTO " + tb + " (k, t) VALUES ")
			var args []any
			for i, v := range batch {
				if i > 0 {
					q.WriteString(", ")
				}
				fmt.Fprintf(&q, "(%s, %s)", cd.placeholder(2*i+1), cd.placeholder(2*i+2))
				args = append(args, compact.ID{ID: v}, v)
			}
			if err := tx.Exec(context.Background(), q.String(), args...); err != nil {
				return err
			}
		}
		return nil
	})
	must(t, err)
}

// selectCompact returns the (k, t) pairs that query selects, and fails
// unless each row's two columns hold the same id.
func selectCompact(t *testing.T, d db, query string, args ...any) []id.ID {
	t.Helper()
	rs, err := d.Query(context.Background(), query, args...)
	must(t, err)
	defer rs.Close()
	var out []id.ID
	for rs.Next() {
		var k compact.ID
		var txt id.ID
		must(t, rs.Scan(&k, &txt))
		if k.ID != txt {
			t.Fatalf("row with k = %v and t = %v: the compact and text columns disagree", k.ID, txt)
		}
		out = append(out, k.ID)
	}
	must(t, rs.Err())
	return out
}

// C2, C3, C4. Many ids written through Value are stored as exactly the 16
// bytes of As16 and scan back equal; WHERE k = ? finds each.
func testCompactRoundTrip(t *testing.T, d db, cd compactDialect) {
	ctx := context.Background()
	tb := compactTable(t, d, cd)
	ids := compactIDs(2000)
	insertCompact(t, d, cd, tb, ids)

	rs, err := d.Query(ctx, "SELECT k, t, "+cd.hex("k")+" FROM "+tb)
	must(t, err)
	seen := map[id.ID]bool{}
	for rs.Next() {
		var k compact.ID
		var txt id.ID
		var h string
		must(t, rs.Scan(&k, &txt, &h))
		b := txt.As16()
		if k.ID != txt || h != hex.EncodeToString(b[:]) {
			t.Fatalf("row t = %v: k scanned as %v, stored as %s; want %v stored as %x", txt, k.ID, h, txt, b)
		}
		seen[k.ID] = true
	}
	must(t, rs.Err())
	rs.Close()
	if len(seen) != len(ids) {
		t.Fatalf("read back %d distinct ids, want %d", len(seen), len(ids))
	}
	for _, v := range ids[:50] {
		var k compact.ID
		must(t, d.QueryRow(ctx, "SELECT k FROM "+tb+" WHERE k = "+cd.placeholder(1), compact.ID{ID: v}).Scan(&k))
		if k.ID != v {
			t.Fatalf("WHERE k = %v scanned %v", v, k.ID)
		}
	}
	var typ string
	if cd.paramType != "" {
		must(t, d.QueryRow(ctx, cd.paramType, compact.New()).Scan(&typ))
		if typ != cd.wantParamType {
			t.Fatalf("%s with a compact.ID = %q, want %q", cd.paramType, typ, cd.wantParamType)
		}
	}
	if cd.storedType != "" {
		if n := count(t, d, "SELECT count(*) FROM "+tb+" WHERE "+cd.storedType+" = '"+cd.wantStoredType+"' AND length(k) = 16"); n != len(ids) {
			t.Fatalf("%d rows with a %s of 16 bytes, want %d", n, cd.wantStoredType, len(ids))
		}
	}
}

// C2. The zero id is refused before anything is written: as a
// compact.ID, inside a valid sql.Null, through a *compact.ID, and beside
// a good row in the same statement.
func testCompactZero(t *testing.T, d db, cd compactDialect) {
	ctx := context.Background()
	tb := compactTable(t, d, cd)
	x := id.New()
	ins := "INSERT INTO " + tb + " (k, t, ref) VALUES (" + cd.placeholder(1) + ", " + cd.placeholder(2) + ", " + cd.placeholder(3) + ")"
	for _, tc := range []struct {
		name   string
		k, ref any
	}{
		{"key", compact.ID{}, nil},
		{"ref", compact.ID{ID: x}, compact.ID{}},
		{"ref_in_valid_sql.Null", compact.ID{ID: x}, sql.Null[compact.ID]{Valid: true}},
		{"ref_through_a_pointer", compact.ID{ID: x}, &compact.ID{}},
	} {
		err := d.Exec(ctx, ins, tc.k, x, tc.ref)
		if !errors.Is(err, id.ErrZero) {
			t.Fatalf("%s: inserting the zero id: err = %v, want one wrapping id.ErrZero", tc.name, err)
		}
	}
	two := "INSERT INTO " + tb + " (k, t) VALUES (" + cd.placeholder(1) + ", " + cd.placeholder(2) + "), (" + cd.placeholder(3) + ", " + cd.placeholder(4) + ")"
	if err := d.Exec(ctx, two, compact.ID{ID: x}, x, compact.ID{}, x); !errors.Is(err, id.ErrZero) {
		t.Fatalf("inserting (x, zero): err = %v, want one wrapping id.ErrZero", err)
	}
	if n := count(t, d, "SELECT count(*) FROM "+tb); n != 0 {
		t.Fatalf("%d rows after the refused inserts, want 0", n)
	}
}

// C2, C5, C8. sql.Null[compact.ID]{} and a nil *compact.ID write NULL;
// NULL reads as Valid=false and as a nil pointer, and into a compact.ID
// as compact.ErrNull with the receiver zeroed.
func testCompactNull(t *testing.T, d db, cd compactDialect) {
	ctx := context.Background()
	tb := compactTable(t, d, cd)
	x, y, z, w := id.New(), id.New(), id.New(), id.New()
	ins := "INSERT INTO " + tb + " (k, t, ref) VALUES (" + cd.placeholder(1) + ", " + cd.placeholder(2) + ", " + cd.placeholder(3) + ")"
	must(t, d.Exec(ctx, ins, compact.ID{ID: x}, x, sql.Null[compact.ID]{}))
	must(t, d.Exec(ctx, ins, compact.ID{ID: y}, y, sql.Null[compact.ID]{V: compact.ID{ID: z}, Valid: true}))
	must(t, d.Exec(ctx, ins, compact.ID{ID: w}, w, (*compact.ID)(nil)))
	u := compact.ID{ID: id.New()}
	must(t, d.Exec(ctx, ins, u, u.ID, &compact.ID{ID: z}))
	if n := count(t, d, "SELECT count(*) FROM "+tb+" WHERE ref IS NULL"); n != 2 {
		t.Fatalf("%d rows with ref IS NULL, want 2 (sql.Null{} and a nil pointer)", n)
	}
	if n := count(t, d, "SELECT count(*) FROM "+tb+" WHERE ref = "+cd.placeholder(1), compact.ID{ID: z}); n != 2 {
		t.Fatalf("%d rows with ref = z, want 2 (sql.Null and a pointer)", n)
	}
	sel := "SELECT ref FROM " + tb + " WHERE k = " + cd.placeholder(1)

	n := sql.Null[compact.ID]{V: compact.ID{ID: y}, Valid: true} // stale
	must(t, d.QueryRow(ctx, sel, compact.ID{ID: x}).Scan(&n))
	if n.Valid || !n.V.IsZero() {
		t.Fatalf("NULL into sql.Null[compact.ID] = %+v, want Valid=false and the zero id", n)
	}
	must(t, d.QueryRow(ctx, sel, compact.ID{ID: y}).Scan(&n))
	if !n.Valid || n.V.ID != z {
		t.Fatalf("ref into sql.Null[compact.ID] = %+v, want {%v true}", n, z)
	}
	p := &compact.ID{ID: y} // stale
	must(t, d.QueryRow(ctx, sel, compact.ID{ID: w}).Scan(&p))
	if p != nil {
		t.Fatalf("NULL into *compact.ID = %v, want nil", *p)
	}
	must(t, d.QueryRow(ctx, sel, u).Scan(&p))
	if p == nil || p.ID != z {
		t.Fatalf("ref into *compact.ID = %v, want a pointer to %v", p, z)
	}
	c := compact.ID{ID: y} // stale
	err := d.QueryRow(ctx, sel, compact.ID{ID: x}).Scan(&c)
	if !errors.Is(err, compact.ErrNull) || !errors.Is(err, id.ErrNull) || !errors.Is(err, id.ErrInvalid) || !strings.HasSuffix(err.Error(), scanNullMsg) {
		t.Fatalf("NULL into compact.ID: err = %v, want compact.ErrNull (%s)", err, scanNullMsg)
	}
	if !c.IsZero() {
		t.Fatalf("after the NULL error the receiver is %v, want the zero id", c.ID)
	}
}

// C6, C7, C8. Values Scan refuses, as the database returns them: the
// error names the problem and the receiver is zeroed.
func testCompactBad(t *testing.T, d db, cd compactDialect) {
	ctx := context.Background()
	for _, bc := range cd.bad {
		t.Run(bc.name, func(t *testing.T) {
			q := bc.query
			if bc.store != "" {
				col := bc.col
				if col == "" {
					col = cd.keyType
				}
				tb := newTable(t, d, "cb", "CREATE TABLE %s (v "+col+")")
				must(t, d.Exec(ctx, "INSERT INTO "+tb+" (v) VALUES ("+bc.store+")"))
				q = "SELECT v FROM " + tb
			}
			c := compact.New() // stale
			err := d.QueryRow(ctx, q).Scan(&c)
			if err == nil || !errors.Is(err, id.ErrInvalid) || !strings.HasSuffix(err.Error(), bc.msg) {
				t.Fatalf("%s: err = %v, want one wrapping id.ErrInvalid ending in %q", q, err, bc.msg)
			}
			if bc.is != nil && !errors.Is(err, bc.is) {
				t.Fatalf("%s: err = %v does not wrap %v", q, err, bc.is)
			}
			if !c.IsZero() {
				t.Fatalf("%s: after the error the receiver is %v, want the zero id", q, c.ID)
			}
		})
	}
}

// C9. ORDER BY k returns the rows in id order, the same rows in the same
// order as ORDER BY t (the same ids as text); keyset pagination on k
// visits each row once, in that order.
func testCompactOrder(t *testing.T, d db, cd compactDialect) {
	tb := compactTable(t, d, cd)
	made := compactIDs(6000)
	shuffled := slices.Clone(made)
	mrand.New(mrand.NewPCG(5, 6)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	insertCompact(t, d, cd, tb, shuffled)
	want := slices.Clone(made)
	slices.SortFunc(want, id.ID.Compare)

	byK := selectCompact(t, d, "SELECT k, t FROM "+tb+" ORDER BY k")
	byT := selectCompact(t, d, "SELECT k, t FROM "+tb+" ORDER BY t")
	if i := firstDiff(byK, want); i >= 0 {
		t.Fatalf("ORDER BY k differs from id order at row %d of %d", i, len(want))
	}
	if i := firstDiff(byK, byT); i >= 0 {
		t.Fatalf("ORDER BY k and ORDER BY t differ at row %d", i)
	}
	// Within one millisecond too: New's ids share many.
	perMilli := map[int64]int{}
	most := 0
	for _, v := range made {
		perMilli[v.Time().UnixMilli()]++
		most = max(most, perMilli[v.Time().UnixMilli()])
	}
	if most < 2 {
		t.Fatalf("no two ids share a millisecond: the order within one is not covered")
	}

	var seen []id.ID
	next := selectCompact(t, d, "SELECT k, t FROM "+tb+" ORDER BY k LIMIT 700")
	for len(next) > 0 {
		seen = append(seen, next...)
		next = selectCompact(t, d, "SELECT k, t FROM "+tb+" WHERE k > "+cd.placeholder(1)+" ORDER BY k LIMIT 700", compact.ID{ID: seen[len(seen)-1]})
	}
	if i := firstDiff(seen, want); i >= 0 {
		t.Fatalf("keyset pagination on k differs from id order at row %d (%d rows visited, want %d)", i, len(seen), len(want))
	}
}

// C9. WHERE k >= ? AND k < ? with compact.ID{ID: id.MinAt(t)} returns the
// same rows as the same window on the text column, and as the ids' own
// times say, for every window between the milliseconds of the rows.
func testCompactWindow(t *testing.T, d db, cd compactDialect) {
	tb := compactTable(t, d, cd)
	// Ids of six milliseconds, 20 each, with random bits: made from their
	// bytes, so no clock is needed to spread them.
	base := time.Now().Truncate(time.Millisecond)
	var made []id.ID
	for g := range 6 {
		ms := uint64(base.Add(time.Duration(g*3) * time.Millisecond).UnixMilli())
		for range 20 {
			var b [16]byte
			rand.Read(b[:])
			binary.BigEndian.PutUint16(b[0:2], uint16(ms>>32))
			binary.BigEndian.PutUint32(b[2:6], uint32(ms))
			v, err := id.From16(b)
			must(t, err)
			made = append(made, v)
		}
	}
	insertCompact(t, d, cd, tb, made)
	slices.SortFunc(made, id.ID.Compare)

	var edges []time.Time
	for _, v := range made {
		for _, dt := range []time.Duration{-time.Millisecond, 0, time.Millisecond} {
			edges = append(edges, v.Time().Add(dt))
		}
	}
	slices.SortFunc(edges, time.Time.Compare)
	edges = slices.Compact(edges)

	byK := "SELECT k, t FROM " + tb + " WHERE k >= " + cd.placeholder(1) + " AND k < " + cd.placeholder(2) + " ORDER BY k"
	byT := "SELECT k, t FROM " + tb + " WHERE t >= " + cd.placeholder(1) + " AND t < " + cd.placeholder(2) + " ORDER BY t"
	windows, nonEmpty := 0, 0
	for i, t1 := range edges {
		for _, t2 := range edges[i+1:] {
			lo, err := id.MinAt(t1)
			must(t, err)
			hi, err := id.MinAt(t2)
			must(t, err)
			var want []id.ID
			for _, v := range made {
				if !v.Time().Before(t1) && v.Time().Before(t2) {
					want = append(want, v)
				}
			}
			gotK := selectCompact(t, d, byK, compact.ID{ID: lo}, compact.ID{ID: hi})
			gotT := selectCompact(t, d, byT, lo, hi)
			if !slices.Equal(gotK, want) || !slices.Equal(gotT, want) {
				t.Fatalf("window [%v, %v): compact column %d rows, text column %d, want %d", t1, t2, len(gotK), len(gotT), len(want))
			}
			windows++
			if len(want) > 0 {
				nonEmpty++
			}
		}
	}
	logf(t, "%d windows agree on the compact and text columns (%d non-empty)", windows, nonEmpty)
}
