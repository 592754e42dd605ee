//go:build go1.27

package integration

import (
	"database/sql"
	"path/filepath"
	"slices"
	"testing"
	"uuid"

	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
)

// The standard library's uuid package is new in Go 1.27; CI runs this file
// with GOTOOLCHAIN=go1.27.4 (docs/coming-from.md).

// TestStdUUIDBesideCompact: a column written from Go 1.27's uuid.UUID
// beside one written from compact.ID, for the same ids. database/sql
// writes a uuid.UUID as its 36 characters of lowercase text and reads one
// from 16 bytes or from text; compact.ID writes the 16 bytes and reads
// them or the lowercase text. So each type reads the other's column, and
// both columns sort in id order.
func TestStdUUIDBesideCompact(t *testing.T) {
	t.Run("SQLite", func(t *testing.T) {
		conn, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "uuid.db"))
		must(t, err)
		t.Cleanup(func() { conn.Close() })
		testStdUUIDBesideCompact(t, conn, "BLOB", "TEXT", "?1", "typeof(u) || ' ' || length(u) || ' ' || typeof(c) || ' ' || length(c)", "text 36 blob 16")
	})
	t.Run("PostgreSQL", func(t *testing.T) {
		conn, err := sql.Open("pgx", server(t, "ID_TEST_POSTGRES_DSN", "PostgreSQL"))
		must(t, err)
		t.Cleanup(func() { conn.Close() })
		ping(t, "PostgreSQL", conn.PingContext)
		testStdUUIDBesideCompact(t, conn, "uuid", "uuid", "$1", "pg_typeof(u)::text || ' ' || pg_typeof(c)::text", "uuid uuid")
	})
}

func testStdUUIDBesideCompact(t *testing.T, conn *sql.DB, compactType, uuidType, p1, types, wantTypes string) {
	d := sqlDB{conn}
	tb := newTable(t, d, "stduuid", "CREATE TABLE %s (c "+compactType+" NOT NULL, u "+uuidType+" NOT NULL)")
	made := make([]id.ID, 5)
	for i := range made {
		made[i] = id.New()
	}
	for _, i := range []int{3, 0, 4, 1, 2} { // out of order: ORDER BY must sort
		v := made[i]
		_, err := conn.Exec("INSERT INTO "+tb+" (c, u) VALUES ("+p1+", "+p1[:1]+"2)", compact.ID{ID: v}, uuid.UUID(v.As16()))
		must(t, err)
	}
	var gotTypes string
	must(t, conn.QueryRow("SELECT "+types+" FROM "+tb+" LIMIT 1").Scan(&gotTypes))
	if gotTypes != wantTypes {
		t.Errorf("stored types %q, want %q", gotTypes, wantTypes)
	}
	for _, order := range []string{"c", "u"} {
		rows, err := conn.Query("SELECT c, u FROM " + tb + " ORDER BY " + order)
		must(t, err)
		var got []id.ID
		for rows.Next() {
			// Each column into the other's type.
			var fromCompactColumn uuid.UUID
			var fromUUIDColumn compact.ID
			must(t, rows.Scan(&fromCompactColumn, &fromUUIDColumn))
			v, err := id.From16(fromCompactColumn) // a uuid.UUID is a [16]byte
			must(t, err)
			if v != fromUUIDColumn.ID {
				t.Fatalf("row read as %s and %s", v, fromUUIDColumn)
			}
			got = append(got, v)
		}
		must(t, rows.Err())
		if !slices.Equal(got, made) {
			t.Errorf("ORDER BY %s: %v, want %v", order, got, made)
		}
	}
	// A lookup by either type finds the row.
	v := made[2]
	var n int
	must(t, conn.QueryRow("SELECT count(*) FROM "+tb+" WHERE c = "+p1+" AND u = "+p1[:1]+"2", compact.ID{ID: v}, uuid.UUID(v.As16())).Scan(&n))
	if n != 1 {
		t.Errorf("lookup of %s by both columns: %d rows, want 1", v, n)
	}
}
