package idsqlite_test

import (
	"bytes"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/idsqlite"
	"github.com/idkeys/id/compact"
	"modernc.org/sqlite"
)

const (
	exampleID  = "01arz3ndektsv4rrffq69g5fav"
	exampleHex = "01563e3ab5d3d6764c61efb99302bd5b"
)

// open registers the functions and opens a database in a temporary file.
func open(t *testing.T) (*sql.DB, string) {
	t.Helper()
	if err := idsqlite.Register(); err != nil {
		t.Fatal(err)
	}
	if err := idsqlite.Register(); err != nil {
		t.Fatalf("a second Register: %v", err)
	}
	path := filepath.Join(t.TempDir(), "compact.db")
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=synchronous(OFF)&_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

// ids are the smallest and largest ids, the example, ids made by New and
// ids of random bytes.
func ids() []id.ID {
	out := []id.ID{id.MustParse("00000000000000000000000001"), id.MustParse("7zzzzzzzzzzzzzzzzzzzzzzzzz"), id.MustParse(exampleID)}
	for range 200 {
		out = append(out, id.New())
	}
	for len(out) < 400 {
		var b [16]byte
		rand.Read(b[:])
		if v, err := id.From16(b); err == nil {
			out = append(out, v)
		}
	}
	return out
}

// TestCompactFunctions: docs/contract.md C10 on SQLite. id_to_blob and
// blob_to_id agree with Go on every id both ways, in either case;
// refuse what id.Parse refuses, wrong lengths, 16 zero bytes and other
// types with an error; give NULL for NULL; and find a row by an id's
// text.
func TestCompactFunctions(t *testing.T) {
	db, _ := open(t)
	if _, err := db.Exec("CREATE TABLE c (k BLOB NOT NULL PRIMARY KEY, t TEXT NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	all := ids()
	for _, v := range all {
		if _, err := db.Exec("INSERT INTO c (k, t) VALUES (?, ?)", compact.ID{ID: v}, v); err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := db.QueryRow("SELECT count(*) FROM c WHERE id_to_blob(t) = k AND blob_to_id(k) = t AND id_to_blob(upper(t)) = k").Scan(&n); err != nil || n != len(all) {
		t.Fatalf("%d of %d rows agree, %v", n, len(all), err)
	}

	inputs := []string{"", exampleID[:25], exampleID + "0", "00000000000000000000000000", "80000000000000000000000001",
		"01arz3ndektsv4rrffq69g5fau", "01arz3ndektsv4rrffq69g5fa\u00e9", "0bcdefghjkmnpqrstvwxyz0\u212a", "01563e3a-b5d3-d676-4c61-efb99302bd5b"}
	for _, v := range all[:100] {
		s := v.String()
		inputs = append(inputs, s, strings.ToUpper(s))
	}
	for c := byte(' '); c <= '~'; c++ {
		m := []byte(exampleID)
		m[int(c)%26] = c
		inputs = append(inputs, string(m))
	}
	for _, s := range inputs {
		want, perr := id.Parse(s)
		var k compact.ID
		err := db.QueryRow("SELECT id_to_blob(?)", s).Scan(&k)
		if perr != nil {
			if err == nil || !strings.Contains(err.Error(), perr.Error()) {
				t.Fatalf("id_to_blob(%q): %v, %v; want id.Parse's error %q", s, k.ID, err, perr)
			}
			continue
		}
		if err != nil || k.ID != want {
			t.Fatalf("id_to_blob(%q) = %v, %v; want %v", s, k.ID, err, want)
		}
		var back string
		if err := db.QueryRow("SELECT blob_to_id(?)", compact.ID{ID: want}).Scan(&back); err != nil || back != want.String() {
			t.Fatalf("blob_to_id(%v) = %q, %v", want, back, err)
		}
	}

	for _, bad := range []struct{ expr, msg string }{
		{"zeroblob(16)", "id: invalid id: 16 zero bytes are the zero id, which names nothing"},
		{"X'0102'", "id: invalid id: blob_to_id takes 16 bytes, not 2"},
		{"'" + exampleID + "'", "id: invalid id: blob_to_id takes a BLOB of 16 bytes, not TEXT"},
		{"42", "id: invalid id: blob_to_id takes a BLOB of 16 bytes, not an INTEGER"},
	} {
		var s string
		err := db.QueryRow("SELECT blob_to_id(" + bad.expr + ")").Scan(&s)
		var se *sqlite.Error
		if !errors.As(err, &se) || !strings.Contains(err.Error(), bad.msg) {
			t.Fatalf("blob_to_id(%s): %v, want an SQLite error holding %q", bad.expr, err, bad.msg)
		}
	}
	for _, bad := range []struct{ expr, msg string }{
		{"X'" + exampleHex + "'", "id: invalid id: id_to_blob takes an id's text, not a BLOB"},
		{"1.5", "id: invalid id: id_to_blob takes an id's text, not a REAL"},
	} {
		var b []byte
		err := db.QueryRow("SELECT id_to_blob(" + bad.expr + ")").Scan(&b)
		if err == nil || !strings.Contains(err.Error(), bad.msg) {
			t.Fatalf("id_to_blob(%s): %v, want an error holding %q", bad.expr, err, bad.msg)
		}
	}
	var n1, n2 sql.NullString
	if err := db.QueryRow("SELECT id_to_blob(NULL), blob_to_id(NULL)").Scan(&n1, &n2); err != nil || n1.Valid || n2.Valid {
		t.Fatalf("NULL gives %v, %v, %v; want NULL, NULL", n1, n2, err)
	}

	var s string
	if err := db.QueryRow("SELECT t FROM c WHERE k = id_to_blob('" + exampleID + "')").Scan(&s); err != nil || s != exampleID {
		t.Fatalf("WHERE k = id_to_blob(...) found %q, %v", s, err)
	}
	// Deterministic: usable in an index on an expression.
	if _, err := db.Exec("CREATE INDEX c_text ON c (blob_to_id(k))"); err != nil {
		t.Fatal(err)
	}
}

// TestBlobLiteral: where the functions cannot be loaded (the sqlite3
// shell), an X'…' literal of the id's hex finds the row, in either case
// of the hex. With the sqlite3 shell installed, it is run on the file.
func TestBlobLiteral(t *testing.T) {
	db, path := open(t)
	if _, err := db.Exec("CREATE TABLE c (k BLOB NOT NULL PRIMARY KEY, t TEXT NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	v := id.MustParse(exampleID)
	b := v.As16()
	if hex.EncodeToString(b[:]) != exampleHex {
		t.Fatalf("the example's hex is %x, want %s", b, exampleHex)
	}
	for _, x := range []id.ID{v, id.New(), id.New()} {
		if _, err := db.Exec("INSERT INTO c VALUES (?, ?)", compact.ID{ID: x}, x); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range []string{exampleHex, strings.ToUpper(exampleHex)} {
		q := "SELECT t FROM c WHERE k = X'" + h + "'"
		var s string
		if err := db.QueryRow(q).Scan(&s); err != nil || s != exampleID {
			t.Fatalf("%s: %q, %v", q, s, err)
		}
	}
	sh, err := exec.LookPath("sqlite3")
	if err != nil {
		t.Skipf("no sqlite3 shell (%v): the literal was checked through the driver only", err)
	}
	db.Close() // the shell opens the file itself
	q := "SELECT t, hex(k) FROM c WHERE k = X'" + exampleHex + "';"
	var stdout, stderr bytes.Buffer
	c := exec.Command(sh, path, q)
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		t.Fatalf("sqlite3 %s: %v\n%s", q, err, stderr.String())
	}
	if want := exampleID + "|" + strings.ToUpper(exampleHex) + "\n"; stdout.String() != want {
		t.Fatalf("sqlite3 %s printed %q, want %q", q, stdout.String(), want)
	}
}
