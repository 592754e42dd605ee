// Package integration tests package id against real databases: SQLite
// (modernc.org/sqlite, embedded), PostgreSQL (pgx through database/sql and
// natively, in both exec modes) and MariaDB (go-sql-driver/mysql).
//
// Start the servers with
//
//	exports=$(scripts/databases up) && eval "$exports"
//
// which sets ID_TEST_POSTGRES_DSN and ID_TEST_MARIADB_DSN; scripts/test-integration
// does that, runs these tests and stops the servers. Without a server the
// tests for it skip, except under CI=true, where they fail.
package integration

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode"

	"github.com/idkeys/id"
)

// orderN is how many ids the ORDER BY test writes per column with id.ID;
// the typed form writes a tenth (form.orderRows).
const orderN = 20000

// batchRows is how many rows one multi-row INSERT writes.
const batchRows = 1000

// db is what the suite needs from a connection. database/sql and native
// pgx both provide it through small adapters (sqlDB, pgxDB).
type db interface {
	execer
	QueryRow(ctx context.Context, query string, args ...any) row
	Query(ctx context.Context, query string, args ...any) (rows, error)
	// InTx runs fn in a transaction and commits it when fn returns nil.
	InTx(ctx context.Context, fn func(execer) error) error
}

type execer interface {
	Exec(ctx context.Context, query string, args ...any) error
}

type row interface{ Scan(dest ...any) error }

type rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close()
}

// dialect is what differs between the databases.
type dialect struct {
	// name is the database, as the test names show it.
	name string
	// placeholder returns the n-th (1-based) query parameter.
	placeholder func(n int) string
	// bytes returns an SQL expression for the stored bytes of the text
	// expression e, compared and returned bytewise whatever the collation.
	bytes func(e string) string
	// primaryKey returns the table constraint that makes column c the key.
	primaryKey func(c column) string
	// createdAt is the column type of a timestamp to the millisecond, and
	// createdAtArg converts a time to its query argument.
	createdAt    string
	createdAtArg func(t time.Time) any
	// isUniqueViolation reports whether err is the driver's error for a
	// duplicate key, by its code.
	isUniqueViolation func(err error) bool
	// paramType is a query of one parameter that returns how the database
	// typed that parameter (SQLite typeof, PostgreSQL pg_typeof, MariaDB
	// CHARSET), and wantParamType its answer for text. An id must reach
	// the database as text through Value, never as bytes through
	// MarshalBinary (which ID also has, for encoders): a client that
	// preferred MarshalBinary would send a BLOB, a bytea or a binary
	// string. Empty where the database cannot type a bare parameter
	// (PostgreSQL: 42P18); the stored-bytes check covers it there.
	paramType, wantParamType string
	// storedType, when set, is an SQL expression for the type of the
	// stored value of column id, which must be "text" (SQLite keeps a
	// type per value).
	storedType string
	// collationOf, when set, returns the collation the database resolved
	// for a column (logged, and checked for the default column).
	collationOf func(ctx context.Context, db db, table, col string) (string, error)
}

// column is one column definition under test.
type column struct {
	// name is the subtest name, e.g. "VARCHAR(26)/utf8mb4_bin".
	name string
	// sqlType is the type and collation as written in CREATE TABLE.
	sqlType string
	// foldsCase is the measured answer to: does the uppercase spelling of
	// a stored lowercase id, written as an SQL literal, find the row?
	foldsCase bool
	// wantCollation, when set, is the collation the database must report
	// for the column (for columns that use the default).
	wantCollation string
	// breaksOrder, when set, is a column whose collation does not sort ids
	// bytewise: key maps an id's text to a string whose bytewise order is
	// the collation's order, as measured. Only the Order check runs on it;
	// it asserts that ORDER BY id follows key, not creation order.
	breaksOrder *orderModel
}

// orderModel describes, as measured, how a collation orders ids.
type orderModel struct {
	// why says what in the collation breaks the byte order.
	why string
	// key maps an id's text to a string whose byte order is the
	// collation's order of ids.
	key func(string) string
}

// danish is the order of the Danish collations (ICU da-DK, MariaDB
// utf8mb4_danish_ci): "aa" is the letter å, sorted after z.
var danish = &orderModel{
	why: `"aa" sorts as å, after z`,
	key: func(s string) string { return strings.ReplaceAll(s, "aa", "{") }, // '{' follows 'z' in ASCII
}

// details, when set (go test -v ./... -details), logs what the checks
// measured (collations, ids per millisecond, windows, server versions)
// for passing tests too. Without it a measurement is logged only when its
// test fails, so a passing run prints nothing but results.
var details = flag.Bool("details", false, "log what each check measured also when it passes")

// logf logs a measurement: at once under -details, otherwise only if t
// fails.
func logf(t *testing.T, format string, args ...any) {
	t.Helper()
	if *details {
		t.Logf(format, args...)
		return
	}
	msg := fmt.Sprintf(format, args...)
	t.Cleanup(func() {
		if t.Failed() {
			t.Log(msg)
		}
	})
}

var tableSeq atomic.Int64

// newTable creates a fresh table from a CREATE TABLE template in which %s
// stands for the table name, and drops it when the test ends.
func newTable(t *testing.T, d db, prefix, create string) string {
	t.Helper()
	ctx := context.Background()
	name := fmt.Sprintf("id_%s_%d_%d", prefix, os.Getpid(), tableSeq.Add(1))
	must(t, d.Exec(ctx, "DROP TABLE IF EXISTS "+name))
	must(t, d.Exec(ctx, fmt.Sprintf(create, name)))
	t.Cleanup(func() {
		if err := d.Exec(context.Background(), "DROP TABLE "+name); err != nil {
			t.Errorf("dropping %s: %v", name, err)
		}
	})
	return name
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// runSuite runs every check on every column, one subtest per column and
// check, e.g. TestMariaDB/VARCHAR(26)/utf8mb4_bin/Order, once per form:
// with id.ID under those names, and with a typed id one level further down
// (TestMariaDB/VARCHAR(26)/utf8mb4_bin/UserID/Order).
func runSuite(t *testing.T, d db, dl dialect, cols []column) {
	for _, c := range cols {
		t.Run(c.name, func(t *testing.T) {
			if dl.collationOf != nil {
				table := newTable(t, d, "coll", "CREATE TABLE %s (id "+c.sqlType+")")
				got, err := dl.collationOf(context.Background(), d, table, "id")
				must(t, err)
				logf(t, "%s resolves to collation %s", c.sqlType, got)
				if c.wantCollation != "" && got != c.wantCollation {
					t.Fatalf("collation of %s = %q, want %q", c.sqlType, got, c.wantCollation)
				}
			}
			for _, f := range forms {
				checks := func(t *testing.T) {
					if c.breaksOrder != nil {
						t.Run("OrderBroken", func(t *testing.T) { testOrder(t, d, dl, c, f) })
						return
					}
					t.Run("StoredLowercase", func(t *testing.T) { testStored(t, d, dl, c, f) })
					t.Run("UppercaseLookupAndUnique", func(t *testing.T) { testLookup(t, d, dl, c, f) })
					t.Run("Order", func(t *testing.T) { testOrder(t, d, dl, c, f) })
					t.Run("ZeroRefused", func(t *testing.T) { testZero(t, d, dl, c, f) })
					t.Run("Null", func(t *testing.T) { testNull(t, d, dl, c, f) })
					t.Run("StoredUppercaseRejected", func(t *testing.T) { testStoredUppercase(t, d, dl, c, f) })
					t.Run("TimeWindow", func(t *testing.T) { testWindow(t, d, dl, c, f) })
				}
				if f.name == "" {
					checks(t)
				} else {
					t.Run(f.name, checks)
				}
			}
		})
	}
}

// keyTable creates a table with an id key and a nullable ref of the same
// column type.
func keyTable(t *testing.T, d db, dl dialect, c column) string {
	t.Helper()
	return newTable(t, d, "k", "CREATE TABLE %s (id "+c.sqlType+" NOT NULL, ref "+c.sqlType+" NULL, "+dl.primaryKey(c)+")")
}

func count(t *testing.T, d db, query string, args ...any) int {
	t.Helper()
	var n int
	must(t, d.QueryRow(context.Background(), query, args...).Scan(&n))
	return n
}

// a. An id written through Value is stored as exactly its 26 lowercase
// bytes, as text, and scans back equal; the client sends it as text.
func testStored(t *testing.T, d db, dl dialect, c column, f form) {
	ctx := context.Background()
	tb := keyTable(t, d, dl, c)
	x := id.New()
	must(t, d.Exec(ctx, "INSERT INTO "+tb+" (id) VALUES ("+dl.placeholder(1)+")", f.arg(x)))

	var raw []byte
	var n int
	var lower bool
	q := fmt.Sprintf("SELECT %s, length(%s), %s = %s FROM %s",
		dl.bytes("id"), dl.bytes("id"), dl.bytes("lower(id)"), dl.bytes("id"), tb)
	must(t, d.QueryRow(ctx, q).Scan(&raw, &n, &lower))
	if string(raw) != x.String() || n != 26 || !lower {
		t.Fatalf("stored bytes %q (length %d, lowercase %v), want %q (length 26, lowercase true)", raw, n, lower, x.String())
	}
	// The lowercase literal finds the row; lower(id) = id under the
	// column's own collation too.
	if got := count(t, d, "SELECT count(*) FROM "+tb+" WHERE id = '"+x.String()+"' AND lower(id) = id"); got != 1 {
		t.Fatalf("WHERE id = '%s' found %d rows, want 1", x, got)
	}
	dest, back := f.dest(id.ID{})
	must(t, d.QueryRow(ctx, "SELECT id FROM "+tb+" WHERE id = "+dl.placeholder(1), f.arg(x)).Scan(dest))
	if back() != x {
		t.Fatalf("scanned %v, want %v", back(), x)
	}
	var s string
	must(t, d.QueryRow(ctx, "SELECT id FROM "+tb).Scan(&s))
	if s != x.String() {
		t.Fatalf("scanned into string %q, want %q", s, x.String())
	}

	// Sent as text (Value), not as bytes (MarshalBinary).
	var typ string
	if dl.paramType != "" {
		must(t, d.QueryRow(ctx, dl.paramType, f.arg(x)).Scan(&typ))
		if typ != dl.wantParamType {
			t.Fatalf("%s with an id parameter = %q, want %q: the client must send Value's text, not MarshalBinary's bytes", dl.paramType, typ, dl.wantParamType)
		}
	}
	if dl.storedType != "" {
		must(t, d.QueryRow(ctx, "SELECT "+dl.storedType+" FROM "+tb).Scan(&typ))
		if typ != "text" {
			t.Fatalf("stored value's type %s = %q, want \"text\"", dl.storedType, typ)
		}
	}
}

// b. An id parsed from its uppercase spelling finds the row, and writing it
// again is a unique violation. The raw uppercase literal finds the row only
// where the collation folds case.
func testLookup(t *testing.T, d db, dl dialect, c column, f form) {
	ctx := context.Background()
	tb := keyTable(t, d, dl, c)
	x := id.New()
	must(t, d.Exec(ctx, "INSERT INTO "+tb+" (id) VALUES ("+dl.placeholder(1)+")", f.arg(x)))

	upper := strings.ToUpper(x.String())
	p, err := id.Parse(upper)
	must(t, err)
	dest, back := f.dest(id.ID{})
	must(t, d.QueryRow(ctx, "SELECT id FROM "+tb+" WHERE id = "+dl.placeholder(1), f.arg(p)).Scan(dest))
	if back() != x {
		t.Fatalf("WHERE id = Parse(%q) scanned %v, want %v", upper, back(), x)
	}

	err = d.Exec(ctx, "INSERT INTO "+tb+" (id) VALUES ("+dl.placeholder(1)+")", f.arg(p))
	if err == nil || !dl.isUniqueViolation(err) {
		t.Fatalf("inserting Parse(%q) again: err = %v, want the driver's unique violation", upper, err)
	}
	if got := count(t, d, "SELECT count(*) FROM "+tb); got != 1 {
		t.Fatalf("%d rows after the duplicate insert, want 1", got)
	}

	want := 0
	if c.foldsCase {
		want = 1
	}
	if got := count(t, d, "SELECT count(*) FROM "+tb+" WHERE id = '"+upper+"'"); got != want {
		t.Fatalf("WHERE id = '%s' (raw uppercase literal) found %d rows, want %d (foldsCase %v)", upper, got, want, c.foldsCase)
	}
}

// insertIDs writes ids in form f into the id column of table tb in
// multi-row INSERTs of batchRows rows, in one transaction.
func insertIDs(t *testing.T, d db, dl dialect, f form, tb string, ids []id.ID) {
	t.Helper()
	err := d.InTx(context.Background(), func(tx execer) error {
		for start := 0; start < len(ids); start += batchRows {
			batch := ids[start:min(start+batchRows, len(ids))]
			var q strings.Builder
			q.WriteString("INSERT INTO " + tb + " (id) VALUES ")
			args := make([]any, len(batch))
			for i, v := range batch {
				if i > 0 {
					q.WriteString(", ")
				}
				q.WriteString("(" + dl.placeholder(i+1) + ")")
				args[i] = f.arg(v)
			}
			if err := tx.Exec(context.Background(), q.String(), args...); err != nil {
				return err
			}
		}
		return nil
	})
	must(t, err)
}

// selectIDs returns the ids that query selects, scanned into form f.
func selectIDs(t *testing.T, d db, f form, query string, args ...any) []id.ID {
	t.Helper()
	rs, err := d.Query(context.Background(), query, args...)
	must(t, err)
	defer rs.Close()
	var out []id.ID
	for rs.Next() {
		dest, v := f.dest(id.ID{})
		must(t, rs.Scan(dest))
		out = append(out, v())
	}
	must(t, rs.Err())
	return out
}

// sortedBy returns made in the order of the collation model m.
func sortedBy(m *orderModel, made []id.ID) []id.ID {
	out := slices.Clone(made)
	slices.SortStableFunc(out, func(a, b id.ID) int { return strings.Compare(m.key(a.String()), m.key(b.String())) })
	return out
}

// movedBy returns how many of made the model m puts elsewhere.
func movedBy(m *orderModel, made []id.ID) int {
	moved := 0
	for i, v := range sortedBy(m, made) {
		if v != made[i] {
			moved++
		}
	}
	return moved
}

// c. ORDER BY id returns ids made by New, inserted in shuffled order, in
// the order they were made; keyset pagination visits each once, in order.
// For a column whose collation breaks that order (c.breaksOrder), both
// follow the measured order of the collation instead, which must differ
// from creation order.
func testOrder(t *testing.T, d db, dl dialect, c column, f form) {
	tb := newTable(t, d, "o", "CREATE TABLE %s (id "+c.sqlType+" NOT NULL, "+dl.primaryKey(c)+")")
	// For a collation that breaks order, a batch that it happens to sort
	// as made shows nothing: up to 20 batches are made for one it moves.
	var made []id.ID
	for range 20 {
		made = make([]id.ID, f.orderRows)
		for i := range made {
			made[i] = id.New()
		}
		if c.breaksOrder == nil || movedBy(c.breaksOrder, made) > 0 {
			break
		}
	}
	perMilli := map[int64]int{}
	most := 0
	for _, v := range made {
		ms := v.Time().UnixMilli()
		perMilli[ms]++
		most = max(most, perMilli[ms])
	}
	if most < 2 {
		t.Fatalf("no two of %d ids share a millisecond: the test would not cover order within a millisecond", len(made))
	}
	logf(t, "%d ids in %d milliseconds, up to %d in one", len(made), len(perMilli), most)

	shuffled := slices.Clone(made)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) {
		shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
	})
	insertIDs(t, d, dl, f, tb, shuffled)

	want := made
	if m := c.breaksOrder; m != nil {
		want = sortedBy(m, made)
		moved := movedBy(m, made)
		if moved == 0 {
			t.Fatalf("the ids happen to sort the same under the model of %s; the test shows nothing", c.name)
		}
		logf(t, "%s: %s; %d of %d rows are expected out of creation order", c.name, m.why, moved, len(made))
	}

	got := selectIDs(t, d, f, "SELECT id FROM "+tb+" ORDER BY id")
	if len(got) != len(made) {
		t.Fatalf("ORDER BY id returned %d rows, want %d", len(got), len(made))
	}
	if i := firstDiff(got, want); i >= 0 {
		t.Fatalf("ORDER BY id differs from the expected order at row %d: got %v, want %v (creation order %v)", i, got[i], want[i], made[i])
	}

	const page = 1500
	var seen []id.ID
	next := selectIDs(t, d, f, fmt.Sprintf("SELECT id FROM %s ORDER BY id LIMIT %d", tb, page))
	for len(next) > 0 {
		seen = append(seen, next...)
		next = selectIDs(t, d, f, fmt.Sprintf("SELECT id FROM %s WHERE id > %s ORDER BY id LIMIT %d", tb, dl.placeholder(1), page), f.arg(seen[len(seen)-1]))
	}
	if len(seen) != len(made) {
		t.Fatalf("keyset pagination visited %d rows, want %d", len(seen), len(made))
	}
	if i := firstDiff(seen, want); i >= 0 {
		t.Fatalf("keyset pagination differs from the expected order at row %d: got %v, want %v", i, seen[i], want[i])
	}
}

func firstDiff(a, b []id.ID) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// d. Writing the zero id fails before any row is written.
func testZero(t *testing.T, d db, dl dialect, c column, f form) {
	ctx := context.Background()
	tb := keyTable(t, d, dl, c)
	err := d.Exec(ctx, "INSERT INTO "+tb+" (id) VALUES ("+dl.placeholder(1)+")", f.arg(id.ID{}))
	if !errors.Is(err, id.ErrZero) {
		t.Fatalf("inserting the zero id: err = %v, want one wrapping id.ErrZero", err)
	}
	// One statement with a good id and the zero id writes neither.
	x := id.New()
	err = d.Exec(ctx, "INSERT INTO "+tb+" (id) VALUES ("+dl.placeholder(1)+"), ("+dl.placeholder(2)+")", f.arg(x), f.arg(id.ID{}))
	if !errors.Is(err, id.ErrZero) {
		t.Fatalf("inserting (x, zero): err = %v, want one wrapping id.ErrZero", err)
	}
	// The zero id as a ref, beside a good key, is refused too.
	err = d.Exec(ctx, "INSERT INTO "+tb+" (id, ref) VALUES ("+dl.placeholder(1)+", "+dl.placeholder(2)+")", f.arg(x), f.arg(id.ID{}))
	if !errors.Is(err, id.ErrZero) {
		t.Fatalf("inserting (x, ref zero): err = %v, want one wrapping id.ErrZero", err)
	}
	if got := count(t, d, "SELECT count(*) FROM "+tb); got != 0 {
		t.Fatalf("%d rows after the refused inserts, want 0", got)
	}
}

// e. NULL scans into sql.Null[id.ID] as Valid=false and into id.ID as
// ErrNull; writing sql.Null[id.ID]{} stores NULL.
func testNull(t *testing.T, d db, dl dialect, c column, f form) {
	ctx := context.Background()
	tb := keyTable(t, d, dl, c)
	x, y, z := id.New(), id.New(), id.New()
	ins := "INSERT INTO " + tb + " (id, ref) VALUES (" + dl.placeholder(1) + ", " + dl.placeholder(2) + ")"
	must(t, d.Exec(ctx, ins, f.arg(x), f.null(id.ID{}, false)))
	must(t, d.Exec(ctx, ins, f.arg(y), f.null(z, true)))

	if got := count(t, d, "SELECT count(*) FROM "+tb+" WHERE ref IS NULL AND id = "+dl.placeholder(1), f.arg(x)); got != 1 {
		t.Fatalf("sql.Null[id.ID]{} did not store NULL: %d rows with ref IS NULL, want 1", got)
	}
	sel := "SELECT ref FROM " + tb + " WHERE id = " + dl.placeholder(1)

	n, got := f.nullDest(y, true) // stale values must be cleared
	must(t, d.QueryRow(ctx, sel, f.arg(x)).Scan(n))
	if v, valid := got(); valid || !v.IsZero() {
		t.Fatalf("NULL scanned into sql.Null = {%v %v}, want Valid=false and the zero id", v, valid)
	}
	must(t, d.QueryRow(ctx, sel, f.arg(y)).Scan(n))
	if v, valid := got(); !valid || v != z {
		t.Fatalf("ref scanned into sql.Null = {%v %v}, want {%v true}", v, valid, z)
	}

	dest, v := f.dest(y)
	err := d.QueryRow(ctx, sel, f.arg(x)).Scan(dest)
	if !errors.Is(err, id.ErrNull) || !errors.Is(err, id.ErrInvalid) {
		t.Fatalf("NULL scanned into id.ID: err = %v, want one wrapping id.ErrNull and id.ErrInvalid", err)
	}
	if !strings.Contains(err.Error(), "use sql.Null[id.ID] for a nullable column") {
		t.Fatalf("NULL scanned into id.ID: message %q does not name sql.Null[id.ID]", err)
	}
	if !v().IsZero() {
		t.Fatalf("after the NULL scan error the id is %v, want the zero id", v())
	}

	// A *id.ID works for the same column, as it does in JSON (null): nil
	// writes NULL, NULL scans as nil, a value as a pointer to the id.
	w := id.New()
	must(t, d.Exec(ctx, ins, f.arg(w), f.ptr(nil)))
	if got := count(t, d, "SELECT count(*) FROM "+tb+" WHERE ref IS NULL AND id = "+dl.placeholder(1), f.arg(w)); got != 1 {
		t.Fatalf("a nil *id.ID did not store NULL: %d rows with ref IS NULL, want 1", got)
	}
	pp, p := f.ptrDest(z) // stale values must be cleared
	must(t, d.QueryRow(ctx, sel, f.arg(w)).Scan(pp))
	if p() != nil {
		t.Fatalf("NULL scanned into *id.ID = %v, want nil", *p())
	}
	must(t, d.QueryRow(ctx, sel, f.arg(y)).Scan(pp))
	if p() == nil || *p() != z {
		t.Fatalf("ref scanned into *id.ID = %v, want a pointer to %v", p(), z)
	}
	u := id.New()
	must(t, d.Exec(ctx, ins, f.arg(u), f.ptr(&z)))
	if got := count(t, d, "SELECT count(*) FROM "+tb+" WHERE ref = "+dl.placeholder(1)+" AND id = "+dl.placeholder(2), f.arg(z), f.arg(u)); got != 1 {
		t.Fatalf("a non-nil *id.ID did not store its id: %d rows, want 1", got)
	}
}

// f. A row whose id was written in uppercase by raw SQL fails Scan with a
// message saying stored ids must be lowercase.
func testStoredUppercase(t *testing.T, d db, dl dialect, c column, f form) {
	ctx := context.Background()
	tb := keyTable(t, d, dl, c)
	upper := strings.ToUpper(id.New().String())
	must(t, d.Exec(ctx, "INSERT INTO "+tb+" (id) VALUES ('"+upper+"')"))

	var raw []byte
	must(t, d.QueryRow(ctx, "SELECT "+dl.bytes("id")+" FROM "+tb).Scan(&raw))
	if string(raw) != upper {
		t.Fatalf("raw SQL stored %q, want %q", raw, upper)
	}
	dest, v := f.dest(id.New()) // a stale value must be cleared
	err := d.QueryRow(ctx, "SELECT id FROM "+tb).Scan(dest)
	var pe *id.ParseError
	if !errors.As(err, &pe) || !errors.Is(err, id.ErrInvalid) {
		t.Fatalf("scanning %q: err = %v, want a *id.ParseError wrapping id.ErrInvalid", upper, err)
	}
	wantIndex := strings.IndexFunc(upper, unicode.IsUpper)
	if pe.Reason != id.ReasonCase || pe.Index != wantIndex || pe.Input() != upper {
		t.Fatalf("scanning %q: ParseError{Reason %v, Index %d, Input %q}, want {%v, %d, %q}",
			upper, pe.Reason, pe.Index, pe.Input(), id.ReasonCase, wantIndex, upper)
	}
	if !strings.Contains(err.Error(), "stored ids must be lowercase") {
		t.Fatalf("scanning %q: message %q does not say stored ids must be lowercase", upper, err)
	}
	if !v().IsZero() {
		t.Fatalf("after the scan error the id is %v, want the zero id", v())
	}
}

// 4. WHERE id >= MinAt(t1) AND id < MinAt(t2) selects exactly the rows
// with created_at in [t1, t2), for every window between the milliseconds
// the rows were made in; keyset pagination visits every row once.
//
// created_at is the id's own time, id.Time(): the time a service stores
// when it derives created_at from the key it made, one clock reading for
// both. (A second time.Now() after New can fall in the next millisecond,
// and MinAt's windows are in the ids' time, as its doc says.) What is
// tested is that the database's comparison of the id column against
// MinAt's bounds agrees with its comparison of created_at, under the
// column's collation.
func testWindow(t *testing.T, d db, dl dialect, c column, f form) {
	ctx := context.Background()
	tb := newTable(t, d, "w", "CREATE TABLE %s (id "+c.sqlType+" NOT NULL, created_at "+dl.createdAt+" NOT NULL, "+dl.primaryKey(c)+")")
	const groups, perGroup = 6, 25
	var made []id.ID
	for g := range groups {
		if g > 0 {
			time.Sleep(3 * time.Millisecond) // the next group starts in a later millisecond
		}
		for range perGroup {
			made = append(made, id.New())
		}
	}
	err := d.InTx(ctx, func(tx execer) error {
		for _, v := range made {
			if err := tx.Exec(ctx, "INSERT INTO "+tb+" (id, created_at) VALUES ("+dl.placeholder(1)+", "+dl.placeholder(2)+")", f.arg(v), dl.createdAtArg(v.Time())); err != nil {
				return err
			}
		}
		return nil
	})
	must(t, err)

	// Window edges: every millisecond that holds a row, one before and
	// one after each.
	var edges []time.Time
	for _, v := range made {
		for _, dt := range []time.Duration{-time.Millisecond, 0, time.Millisecond} {
			edges = append(edges, v.Time().Add(dt))
		}
	}
	slices.SortFunc(edges, func(a, b time.Time) int { return a.Compare(b) })
	edges = slices.Compact(edges)
	if len(edges) < groups+2 {
		t.Fatalf("only %d window edges from %d groups", len(edges), groups)
	}

	byID := "SELECT id FROM " + tb + " WHERE id >= " + dl.placeholder(1) + " AND id < " + dl.placeholder(2) + " ORDER BY id"
	byTime := "SELECT id FROM " + tb + " WHERE created_at >= " + dl.placeholder(1) + " AND created_at < " + dl.placeholder(2) + " ORDER BY id"
	windows, nonEmpty := 0, 0
	for i, t1 := range edges {
		for _, t2 := range edges[i+1:] {
			var want []id.ID
			for _, v := range made {
				if !v.Time().Before(t1) && v.Time().Before(t2) {
					want = append(want, v)
				}
			}
			lo, err := id.MinAt(t1)
			must(t, err)
			hi, err := id.MinAt(t2)
			must(t, err)
			gotID := selectIDs(t, d, f, byID, f.arg(lo), f.arg(hi))
			gotTime := selectIDs(t, d, f, byTime, dl.createdAtArg(t1), dl.createdAtArg(t2))
			if !slices.Equal(gotTime, want) {
				t.Fatalf("created_at in [%v, %v): %d rows, want %d", t1, t2, len(gotTime), len(want))
			}
			if !slices.Equal(gotID, want) {
				t.Fatalf("id in [MinAt(%v), MinAt(%v)): %d rows, want the %d with created_at in the window", t1, t2, len(gotID), len(want))
			}
			windows++
			if len(want) > 0 {
				nonEmpty++
			}
		}
	}
	millis := map[int64]bool{}
	for _, v := range made {
		millis[v.Time().UnixMilli()] = true
	}
	logf(t, "%d rows in %d milliseconds; %d windows agree (%d non-empty)", len(made), len(millis), windows, nonEmpty)

	// A window edge inside a millisecond: MinAt truncates it, so the
	// window starts at the whole millisecond (MinAt's doc).
	mid := made[perGroup].Time().Add(500 * time.Microsecond)
	lo, err := id.MinAt(mid)
	must(t, err)
	got := selectIDs(t, d, f, "SELECT id FROM "+tb+" WHERE id >= "+dl.placeholder(1)+" ORDER BY id", f.arg(lo))
	var want []id.ID
	for _, v := range made {
		if !v.Time().Before(mid.Truncate(time.Millisecond)) {
			want = append(want, v)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("id >= MinAt(%v): %d rows, want the %d made at %v or later", mid, len(got), len(want), mid.Truncate(time.Millisecond))
	}

	// Keyset pagination, 7 rows a page.
	var seen []id.ID
	next := selectIDs(t, d, f, "SELECT id FROM "+tb+" ORDER BY id LIMIT 7")
	for len(next) > 0 {
		seen = append(seen, next...)
		next = selectIDs(t, d, f, "SELECT id FROM "+tb+" WHERE id > "+dl.placeholder(1)+" ORDER BY id LIMIT 7", f.arg(seen[len(seen)-1]))
	}
	if !slices.Equal(seen, made) {
		t.Fatalf("keyset pagination visited %d rows (first difference at %d), want the %d in creation order", len(seen), firstDiff(seen, made), len(made))
	}
}

// server returns the DSN in the environment variable env. When it is unset
// the test skips, or fails under CI=true.
func server(t *testing.T, env, what string) string {
	t.Helper()
	dsn := os.Getenv(env)
	if dsn == "" {
		noServer(t, fmt.Sprintf("%s is not set", env), what)
	}
	return dsn
}

// noServer skips the test, or fails it under CI=true, naming the command
// that starts the servers.
func noServer(t *testing.T, why, what string) {
	t.Helper()
	msg := fmt.Sprintf("no %s server: %s; start one with: exports=$(scripts/databases up) && eval \"$exports\" (or run scripts/test-integration)", what, why)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + " [CI=true: a missing server fails]")
	}
	t.Skip(msg)
}

// ping checks the connection, or skips/fails as noServer does.
func ping(t *testing.T, what string, f func(context.Context) error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := f(ctx); err != nil {
		noServer(t, err.Error(), what)
	}
}

// sqlDB adapts *sql.DB to db.
type sqlDB struct{ db *sql.DB }

func (s sqlDB) Exec(ctx context.Context, q string, args ...any) error {
	_, err := s.db.ExecContext(ctx, q, args...)
	return err
}

func (s sqlDB) QueryRow(ctx context.Context, q string, args ...any) row {
	return s.db.QueryRowContext(ctx, q, args...)
}

func (s sqlDB) Query(ctx context.Context, q string, args ...any) (rows, error) {
	r, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return sqlRows{r}, nil
}

func (s sqlDB) InTx(ctx context.Context, fn func(execer) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(sqlTx{tx}); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

type sqlTx struct{ tx *sql.Tx }

func (s sqlTx) Exec(ctx context.Context, q string, args ...any) error {
	_, err := s.tx.ExecContext(ctx, q, args...)
	return err
}

type sqlRows struct{ *sql.Rows }

func (r sqlRows) Close() { r.Rows.Close() }
