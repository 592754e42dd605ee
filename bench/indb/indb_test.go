package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
)

func TestSlices(t *testing.T) {
	s := func(rows int, ms int) sample { return sample{rows, time.Duration(ms) * time.Millisecond} }
	samples := []sample{s(100, 100), s(200, 300), s(300, 400), s(400, 800)}
	tests := []struct {
		name  string
		parts int
		xs    []int
		rates []float64
	}{
		{"one slice is the whole run", 1, []int{400}, []float64{500}},
		{"halves", 2, []int{200, 400}, []float64{200 / 0.3, 200 / 0.5}},
		{"quarters, one batch each", 4, []int{100, 200, 300, 400}, []float64{1000, 500, 1000, 250}},
		// 8 parts of 50 rows: every other boundary falls inside the batch
		// that already ended the previous slice, and is skipped.
		{"finer than the batches", 8, []int{100, 200, 300, 400}, []float64{1000, 500, 1000, 250}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			xs, rates := slices(samples, 400, tt.parts)
			if !reflect.DeepEqual(xs, tt.xs) {
				t.Errorf("xs = %v, want %v", xs, tt.xs)
			}
			if len(rates) != len(tt.rates) {
				t.Fatalf("rates = %v, want %v", rates, tt.rates)
			}
			for i := range rates {
				if d := rates[i] - tt.rates[i]; d > 1e-9 || d < -1e-9 {
					t.Errorf("rates[%d] = %v, want %v", i, rates[i], tt.rates[i])
				}
			}
		})
	}
}

// TestSlicesConcurrentFinish: two batches that finish at the same instant
// (4 writers) make no slice of zero duration.
func TestSlicesConcurrentFinish(t *testing.T) {
	samples := []sample{{100, time.Second}, {200, time.Second}, {300, 2 * time.Second}, {400, 2 * time.Second}}
	xs, rates := slices(samples, 400, 4)
	if !reflect.DeepEqual(xs, []int{100, 300}) || !reflect.DeepEqual(rates, []float64{100, 200}) {
		t.Errorf("slices = %v %v, want [100 300] [100 200]", xs, rates)
	}
}

func TestV7Bounds(t *testing.T) {
	u := uuid.MustParse("01937f2c-8e9a-7b3c-8d4e-0123456789ab")
	if got, want := v7Millis(u), int64(0x01937f2c8e9a); got != want {
		t.Errorf("v7Millis = %d, want %d", got, want)
	}
	if got, want := v7Min(time.UnixMilli(0x01937f2c8e9a)).String(), "01937f2c-8e9a-0000-0000-000000000000"; got != want {
		t.Errorf("v7Min = %s, want %s", got, want)
	}
	// Every UUIDv7 made at t or later sorts at or after v7Min(t), bytewise,
	// and every one made before sorts before it.
	t0 := time.Now()
	lo := v7Min(t0)
	for range 1000 {
		v, err := uuid.NewV7()
		if err != nil {
			t.Fatal(err)
		}
		if string(v[:]) < string(lo[:]) {
			t.Fatalf("UUIDv7 %s made after %s sorts before the bound %s", v, t0, lo)
		}
		if next := v7Min(time.UnixMilli(v7Millis(v) + 1)); string(v[:]) >= string(next[:]) {
			t.Fatalf("UUIDv7 %s sorts at or after the bound of the next millisecond %s", v, next)
		}
	}
}

func TestInsertSQL(t *testing.T) {
	text := scheme{table: "k", kind: kindID}
	serial := scheme{table: "k", kind: kindSerial}
	tests := []struct {
		e    engine
		s    scheme
		rows int
		want string
	}{
		{pg, text, 2, "INSERT INTO k (id, created_at, payload) VALUES ($1,$2,$3),($4,$5,$6)"},
		{maria, text, 2, "INSERT INTO k (id, created_at, payload) VALUES (?,?,?),(?,?,?)"},
		{pg, serial, 2, "INSERT INTO k (created_at, payload) VALUES ($1,$2),($3,$4)"},
		{lite, serial, 1, "INSERT INTO k (created_at, payload) VALUES (?,?)"},
	}
	for _, tt := range tests {
		if got := insertSQL(tt.e, tt.s, tt.rows); got != tt.want {
			t.Errorf("insertSQL(%s, %d rows) = %q, want %q", tt.e, tt.rows, got, tt.want)
		}
	}
}

// TestKeysInCreationOrder: the keys of the time-ordered schemes increase
// and created_at is the key's own millisecond, so a window by key and by
// created_at select the same rows.
func TestKeysInCreationOrder(t *testing.T) {
	for _, k := range []kind{kindID, kindV7, kindCompact} {
		var ks keys
		for range 5000 {
			if err := ks.next(k); err != nil {
				t.Fatal(err)
			}
		}
		for i := 1; i < 5000; i++ {
			switch k {
			case kindID, kindCompact:
				if ks.ids[i].Compare(ks.ids[i-1]) <= 0 {
					t.Fatalf("id %d %s <= id %d %s", i, ks.ids[i], i-1, ks.ids[i-1])
				}
				if min, _ := id.MinAt(time.UnixMilli(ks.ms[i])); ks.ids[i].Compare(min) < 0 {
					t.Fatalf("id %s sorts before MinAt of its created_at", ks.ids[i])
				}
			case kindV7:
				if string(ks.uuids[i][:]) <= string(ks.uuids[i-1][:]) {
					t.Fatalf("UUIDv7 %d %s <= %d %s", i, ks.uuids[i], i-1, ks.uuids[i-1])
				}
			}
		}
	}
	var ks keys
	if err := ks.next(kindSerial); err != nil {
		t.Fatal(err)
	}
	if got := ks.keyArg(pg, kindSerial, 41); got != int64(42) {
		t.Errorf("keyArg of serial row 41 = %v, want 42 (identity counts from 1)", got)
	}
}

// TestCompactKeyArg: the compact scheme writes and finds a key through
// compact.ID, whose driver value is the 16 bytes of As16 on every engine,
// and its window bounds are MinAt's 16 bytes.
func TestCompactKeyArg(t *testing.T) {
	var ks keys
	if err := ks.next(kindCompact); err != nil {
		t.Fatal(err)
	}
	want := ks.ids[0].As16()
	for _, e := range []engine{pg, maria, lite} {
		arg := ks.keyArg(e, kindCompact, 0)
		c, ok := arg.(compact.ID)
		if !ok {
			t.Fatalf("keyArg(%s, kindCompact) is a %T, want compact.ID", e, arg)
		}
		v, err := c.Value()
		if err != nil {
			t.Fatal(err)
		}
		if b, ok := v.([]byte); !ok || string(b) != string(want[:]) {
			t.Errorf("%s: compact key's Value() = %#v, want the 16 bytes %x", e, v, want)
		}
		if got := ks.keyArg(e, kindID, 0); got != ks.ids[0] {
			t.Errorf("%s: text key arg = %#v, want the id.ID %s", e, got, ks.ids[0])
		}
	}
}

// TestCompactSchemes: each database has one compact scheme, in its native
// 16-byte column type, named with "compact", right after UUIDv7 in the
// same column type.
func TestCompactSchemes(t *testing.T) {
	types := map[engine]string{pg: "(id uuid PRIMARY KEY", maria: "(id BINARY(16) NOT NULL PRIMARY KEY", lite: "(id BLOB NOT NULL PRIMARY KEY"}
	for _, e := range []engine{pg, maria, lite} {
		ss := schemes(e)
		var found []int
		for i, s := range ss {
			if s.kind == kindCompact {
				found = append(found, i)
			}
		}
		if len(found) != 1 {
			t.Fatalf("%s: %d compact schemes, want 1", e, len(found))
		}
		i := found[0]
		c, v := ss[i], ss[i-1]
		if !strings.Contains(c.name, "compact") || !strings.Contains(c.short, "compact") {
			t.Errorf("%s: compact scheme named %q (%q), want a name with \"compact\"", e, c.name, c.short)
		}
		if !strings.Contains(c.ddl, types[e]) || !strings.Contains(v.ddl, types[e]) || v.kind != kindV7 {
			t.Errorf("%s: compact %q and the scheme before it %q, want both %q, UUIDv7 first", e, c.ddl, v.ddl, types[e])
		}
		if !c.kind.timeOrdered() {
			t.Errorf("%s: compact keys not time-ordered", e)
		}
	}
}

func TestPayload(t *testing.T) {
	s := payload(newRNG())
	if len(s) != payloadLen {
		t.Fatalf("len(payload) = %d, want %d", len(s), payloadLen)
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			t.Fatalf("payload[%d] = %q, want a lowercase hex digit: %q", i, c, s)
		}
	}
}

func TestParseFlags(t *testing.T) {
	cfg, err := parseFlags([]string{"-n", "20000", "-out", "x", "-db", "sqlite,postgres", "-writers", "2"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.rows != 20000 || cfg.lookups != 5000 || !reflect.DeepEqual(cfg.engines, []engine{lite, pg}) || !reflect.DeepEqual(cfg.writers, []int{2}) {
		t.Errorf("cfg = rows %d lookups %d engines %v writers %v, want 20000 5000 [SQLite PostgreSQL] [2]", cfg.rows, cfg.lookups, cfg.engines, cfg.writers)
	}
	cfg, err = parseFlags([]string{"-out", "x", "-keys", "UUIDv7,compact"})
	if err != nil {
		t.Fatal(err)
	}
	for e, want := range map[engine][]string{
		pg:    {"uuid, UUIDv7", "uuid, id-compact"},
		maria: {"BINARY(16), UUIDv7", "BINARY(16), id-compact"},
		lite:  {"BLOB, UUIDv7", "BLOB, id-compact"},
	} {
		var got []string
		for _, s := range cfg.schemes(e) {
			got = append(got, s.name)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("-keys UUIDv7,compact on %s runs %q, want %q", e, got, want)
		}
	}
	cfg, err = parseFlags([]string{"-out", "x", "-keys", "compact,UUID"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range cfg.schemes(lite) {
		got = append(got, s.name)
	}
	if want := []string{"BLOB, id-compact", "BLOB, UUIDv4", "BLOB, UUIDv7"}; !reflect.DeepEqual(got, want) {
		t.Errorf("-keys compact,UUID on SQLite runs %q, want %q (in the order of -keys, each once)", got, want)
	}
	if cfg, err := parseFlags([]string{"-out", "x"}); err != nil || len(cfg.schemes(maria)) != len(schemes(maria)) {
		t.Errorf("without -keys: %v, want every scheme", err)
	}
	for _, args := range [][]string{
		{"-out", "x", "-keys", "nothing"},
		{"-out", "x", "-keys", "UUIDv7,"},
		{"-out", "x", "-db", "sqlite", "-keys", "VARCHAR"},
		{"-n", "10", "-out", "x"},
		{"-out", "x", "-db", "oracle"},
		{"-out", "x", "-writers", "0"},
		{"-n", "1000"},
		{"-out", "x", "extra"},
	} {
		if _, err := parseFlags(args); err == nil {
			t.Errorf("parseFlags(%q) = nil error", args)
		}
	}
	_, err = parseFlags([]string{"-help"})
	if !errors.Is(err, flag.ErrHelp) {
		t.Errorf("parseFlags(-help) = %v, want flag.ErrHelp", err)
	}
}

func TestMain(m *testing.M) {
	// parseFlags prints usage to stderr on errors; keep test output short.
	flagOutput = io.Discard
	m.Run()
}

// TestCompactAgainstV7: the report prints id-compact's ratios to UUIDv7
// of the same writers, from the same run.
func TestCompactAgainstV7(t *testing.T) {
	ss := schemes(pg)
	var v7, c scheme
	for _, s := range ss {
		switch s.kind {
		case kindV7:
			v7 = s
		case kindCompact:
			c = s
		}
	}
	res := func(s scheme, perBatch time.Duration, table, pk, wal int64) *result {
		r := &result{scheme: s, writers: 1, rows: 1000, tableBytes: table, pkBytes: pk, walBytes: wal, fpi: 0, checkpoints: 0}
		for i := 1; i <= 10; i++ {
			r.samples = append(r.samples, sample{100 * i, time.Duration(i) * perBatch})
		}
		r.elapsed = 10 * perBatch
		return r
	}
	rep := &report{cfg: &config{rows: 1000, batch: 100, writers: []int{1}}, engines: []engineReport{{
		engine: pg,
		results: []*result{
			res(v7, 100*time.Millisecond, 157_500, 31_600, 260_000),
			res(c, 125*time.Millisecond, 157_500, 32_232, 265_200),
		},
	}}}
	md := rep.markdown()
	for _, want := range []string{
		"uuid, id-compact against uuid, UUIDv7, the same column type, same run:",
		"| writers | rows/s ÷ UUIDv7 | last 10% rows/s ÷ UUIDv7 | PK index bytes ÷ UUIDv7 | table + PK index bytes ÷ UUIDv7 | WAL bytes ÷ UUIDv7 |",
		"| 1 | 0.80 | 0.80 | 1.020 | 1.003 | 1.020 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	rep.engines[0].results = rep.engines[0].results[:1]
	if md := rep.markdown(); strings.Contains(md, "against") && strings.Contains(md, "same run") {
		t.Errorf("report without id-compact has the id-compact table:\n%s", md)
	}
}

// TestDuel loads UUIDv7 and id-compact alternately into SQLite files,
// with a last batch shorter than the others: both tables get every row,
// every tenth of the batches has a ratio, and the report prints them.
func TestDuel(t *testing.T) {
	v7, c, ok := duelPair(schemes(lite))
	if !ok || v7.kind != kindV7 || c.kind != kindCompact {
		t.Fatalf("duelPair(SQLite) = %q, %q, %v", v7.name, c.name, ok)
	}
	if _, _, ok := duelPair([]scheme{v7}); ok {
		t.Errorf("duelPair without id-compact: ok")
	}
	dir := t.TempDir()
	open := func(s scheme) *sql.DB {
		db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, s.table+".db"))
		if err != nil {
			t.Fatal(err)
		}
		db.SetMaxOpenConns(1)
		t.Cleanup(func() { db.Close() })
		return db
	}
	dbA, dbB := open(v7), open(c)
	const rows, batch = 2050, 100
	d, err := duel(context.Background(), dbA, dbB, lite, v7, c, rows, batch)
	if err != nil {
		t.Fatal(err)
	}
	if d.rows != rows || d.ta <= 0 || d.tb <= 0 || len(d.tenths) != 10 {
		t.Fatalf("duel = %d rows, %v, %v, tenths %v; want %d rows, two positive durations, 10 tenths", d.rows, d.ta, d.tb, d.tenths, rows)
	}
	if d.ca <= 0 || d.cb <= 0 || d.ca > d.ta+d.tb || d.cb > d.ta+d.tb {
		t.Errorf("duel client CPU = %v and %v, want positive and within the run (%v)", d.ca, d.cb, d.ta+d.tb)
	}
	// duel checked the counts and dropped the tables.
	for _, db := range []*sql.DB{dbA, dbB} {
		var n int
		if err := db.QueryRow("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").Scan(&n); err != nil || n != 0 {
			t.Errorf("tables left after the duel: %d (%v), want 0", n, err)
		}
	}
	rep := &report{cfg: &config{rows: rows, batch: batch, writers: []int{1}}, engines: []engineReport{{engine: lite, duel: d,
		results: []*result{{scheme: v7, writers: 1, rows: rows, elapsed: time.Second, samples: []sample{{rows, time.Second}}}}}}}
	want := fmt.Sprintf("(2,050 rows each; each batch timed from making its keys to the end of its INSERT, so that the machine's load falls on both alike): BLOB, UUIDv7 %s rows/s, BLOB, id-compact %s rows/s; blob id-compact ÷ blob v7 **%.2f**",
		num(rows/d.ta.Seconds()), num(rows/d.tb.Seconds()), d.ta.Seconds()/d.tb.Seconds())
	if md := rep.markdown(); !strings.Contains(md, want) {
		t.Errorf("report lacks %q:\n%s", want, md)
	}
}

func TestMicros(t *testing.T) {
	if got := micros(1500*time.Microsecond, 1000); got != "1.50" {
		t.Errorf("micros(1.5ms, 1000 rows) = %q, want \"1.50\"", got)
	}
	if got := micros(0, 10); got != "0.00" {
		t.Errorf("micros(0, 10 rows) = %q, want \"0.00\"", got)
	}
}

// TestChecksOnSQLite loads each time-ordered key into a SQLite file and
// runs the checks a real run makes: lookups, the window by key (for
// id-compact with compact.ID{ID: id.MinAt(t)} bounds) and ORDER BY id.
// Then it removes the first row in id order, and ORDER BY id must fail.
func TestChecksOnSQLite(t *testing.T) {
	ctx := context.Background()
	for _, s := range schemes(lite) {
		if !s.kind.timeOrdered() {
			continue
		}
		t.Run(s.name, func(t *testing.T) {
			db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "k.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			db.SetMaxOpenConns(1)
			if _, err := db.Exec(s.ddl); err != nil {
				t.Fatal(err)
			}
			const rows = 3000
			r, ks, err := load(ctx, db, lite, s, rows, 100, 1)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := lookups(ctx, db, lite, s, ks, rows, 500); err != nil {
				t.Error(err)
			}
			if err := window(ctx, db, lite, s, ks, r, 1); err != nil {
				t.Error(err)
			}
			if r.windowRows == 0 || r.windowKey == 0 {
				t.Errorf("window: %d rows in %v, want some rows timed", r.windowRows, r.windowKey)
			}
			if n, err := order(ctx, db, lite, s, ks); n != rows || err != nil {
				t.Errorf("order = %d, %v; want %d, nil", n, err, rows)
			}
			if _, err := db.Exec("DELETE FROM " + s.table + " WHERE id = (SELECT min(id) FROM " + s.table + ")"); err != nil {
				t.Fatal(err)
			}
			if _, err := order(ctx, db, lite, s, ks); err == nil || !strings.Contains(err.Error(), "ORDER BY id: row 0 is ") {
				t.Errorf("order without the first row = %v, want the error of row 0", err)
			}
		})
	}
}
