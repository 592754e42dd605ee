package main

import (
	"encoding/binary"
	"time"

	"github.com/google/uuid"
	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
)

// kind is how a scheme makes its keys.
type kind int

const (
	kindID      kind = iota // id.New(), stored as text
	kindV4                  // uuid.New(), random
	kindV7                  // uuid.NewV7(), time-ordered
	kindSerial              // made by the database: identity, AUTO_INCREMENT, rowid
	kindCompact             // id.New(), stored as its 16 bytes through compact.ID
)

// timeOrdered reports whether keys of kind k are made in increasing order,
// so that ORDER BY the key returns the rows in creation order.
func (k kind) timeOrdered() bool {
	return k == kindID || k == kindV7 || k == kindCompact
}

// scheme is one key column layout in one database.
type scheme struct {
	name  string // as the report names it
	short string // for the chart legend
	table string
	kind  kind
	ddl   string // CREATE TABLE, with the key, created_at and payload columns
}

// engine names the three databases.
type engine int

const (
	pg engine = iota
	maria
	lite
)

func (e engine) String() string {
	return [...]string{"PostgreSQL", "MariaDB", "SQLite"}[e]
}

// flag returns the name the -db flag uses.
func (e engine) flag() string {
	return [...]string{"postgres", "mariadb", "sqlite"}[e]
}

func schemes(e engine) []scheme {
	switch e {
	case pg:
		cols := ", created_at timestamptz NOT NULL, payload text NOT NULL)"
		return []scheme{
			{`id text COLLATE "C"`, "id text C", "k_id_c", kindID, `CREATE TABLE k_id_c (id text COLLATE "C" PRIMARY KEY` + cols},
			{`id text COLLATE "en-US-x-icu"`, "id text ICU", "k_id_icu", kindID, `CREATE TABLE k_id_icu (id text COLLATE "en-US-x-icu" PRIMARY KEY` + cols},
			{"uuid, UUIDv4", "uuid v4", "k_uuid4", kindV4, `CREATE TABLE k_uuid4 (id uuid PRIMARY KEY` + cols},
			{"uuid, UUIDv7", "uuid v7", "k_uuid7", kindV7, `CREATE TABLE k_uuid7 (id uuid PRIMARY KEY` + cols},
			{"uuid, id-compact", "uuid id-compact", "k_compact", kindCompact, `CREATE TABLE k_compact (id uuid PRIMARY KEY` + cols},
			{"bigint identity", "bigint", "k_bigint", kindSerial, `CREATE TABLE k_bigint (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY` + cols},
		}
	case maria:
		cols := ", created_at DATETIME(3) NOT NULL, payload VARCHAR(200) CHARACTER SET ascii NOT NULL) ENGINE=InnoDB"
		return []scheme{
			{"id VARCHAR(26) ascii_bin", "id varchar(26)", "k_id", kindID, "CREATE TABLE k_id (id VARCHAR(26) CHARACTER SET ascii COLLATE ascii_bin NOT NULL PRIMARY KEY" + cols},
			{"BINARY(16), UUIDv4", "binary(16) v4", "k_uuid4", kindV4, "CREATE TABLE k_uuid4 (id BINARY(16) NOT NULL PRIMARY KEY" + cols},
			{"BINARY(16), UUIDv7", "binary(16) v7", "k_uuid7", kindV7, "CREATE TABLE k_uuid7 (id BINARY(16) NOT NULL PRIMARY KEY" + cols},
			{"BINARY(16), id-compact", "binary(16) id-compact", "k_compact", kindCompact, "CREATE TABLE k_compact (id BINARY(16) NOT NULL PRIMARY KEY" + cols},
			{"BIGINT AUTO_INCREMENT", "bigint", "k_bigint", kindSerial, "CREATE TABLE k_bigint (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY" + cols},
		}
	default:
		cols := ", created_at INTEGER NOT NULL, payload TEXT NOT NULL)"
		return []scheme{
			{"id TEXT, rowid table", "id text", "k_id", kindID, "CREATE TABLE k_id (id TEXT NOT NULL PRIMARY KEY" + cols},
			{"id TEXT, WITHOUT ROWID", "id text w/o rowid", "k_id_wr", kindID, "CREATE TABLE k_id_wr (id TEXT NOT NULL PRIMARY KEY" + cols + " WITHOUT ROWID"},
			{"BLOB, UUIDv4", "blob v4", "k_uuid4", kindV4, "CREATE TABLE k_uuid4 (id BLOB NOT NULL PRIMARY KEY" + cols},
			{"BLOB, UUIDv7", "blob v7", "k_uuid7", kindV7, "CREATE TABLE k_uuid7 (id BLOB NOT NULL PRIMARY KEY" + cols},
			{"BLOB, id-compact", "blob id-compact", "k_compact", kindCompact, "CREATE TABLE k_compact (id BLOB NOT NULL PRIMARY KEY" + cols},
			{"INTEGER PRIMARY KEY", "integer", "k_int", kindSerial, "CREATE TABLE k_int (id INTEGER PRIMARY KEY" + cols},
		}
	}
}

// keys holds the keys of one load in creation order, and the created_at
// of every row in Unix milliseconds.
type keys struct {
	ids   []id.ID
	uuids []uuid.UUID
	ms    []int64
}

// next makes the next key of kind k and appends it.
func (ks *keys) next(k kind) error {
	switch k {
	case kindID, kindCompact:
		v := id.New()
		ks.ids = append(ks.ids, v)
		ks.ms = append(ks.ms, v.Time().UnixMilli())
	case kindV4:
		ks.uuids = append(ks.uuids, uuid.New())
		ks.ms = append(ks.ms, time.Now().UnixMilli())
	case kindV7:
		v, err := uuid.NewV7()
		if err != nil {
			return err
		}
		ks.uuids = append(ks.uuids, v)
		ks.ms = append(ks.ms, v7Millis(v))
	default:
		ks.ms = append(ks.ms, time.Now().UnixMilli())
	}
	return nil
}

// v7Millis returns the Unix milliseconds of a UUIDv7 (RFC 9562, 5.7: the
// first 48 bits, big-endian).
func v7Millis(u uuid.UUID) int64 {
	var b [8]byte
	copy(b[2:], u[:6])
	return int64(binary.BigEndian.Uint64(b[:]))
}

// v7Min returns the smallest 16 bytes that any UUIDv7 made at the
// millisecond of t or later compares greater than or equal to, bytewise:
// the 48-bit timestamp followed by zeros. It is a bound for a window
// query, not a valid UUIDv7 (its version bits are zero).
func v7Min(t time.Time) uuid.UUID {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(t.UnixMilli()))
	var u uuid.UUID
	copy(u[:6], b[2:])
	return u
}

// keyArg returns the argument that writes or finds key i of the load.
func (ks *keys) keyArg(e engine, k kind, i int) any {
	switch k {
	case kindID:
		return ks.ids[i] // through id.ID.Value: the 26 lowercase characters
	case kindCompact:
		return compact.ID{ID: ks.ids[i]} // through compact.ID.Value: the 16 bytes of As16
	case kindV4, kindV7:
		return uuidArg(e, ks.uuids[i])
	default:
		return int64(i + 1) // identity, AUTO_INCREMENT and rowid count from 1
	}
}

// uuidArg returns a UUID as the database's native type takes it:
// PostgreSQL's uuid from its text form, MariaDB's BINARY(16) and SQLite's
// BLOB as the 16 bytes.
func uuidArg(e engine, u uuid.UUID) any {
	if e == pg {
		return u.String()
	}
	return u[:]
}

// timeArg returns a created_at value in Unix milliseconds as the column
// takes it.
func timeArg(e engine, ms int64) any {
	if e == lite {
		return ms
	}
	return time.UnixMilli(ms).UTC()
}
