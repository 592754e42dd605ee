package main

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/idkeys/id"
	"github.com/idkeys/id/compact"
)

// sample is the progress of a load after one batch.
type sample struct {
	rows    int           // rows inserted so far, all writers together
	elapsed time.Duration // since the load began
}

// result is what one load of one scheme measured.
type result struct {
	scheme  scheme
	writers int
	rows    int
	elapsed time.Duration
	samples []sample
	cpu     time.Duration // this process's CPU time during the load (see cpuTime)

	tableBytes   int64 // heap (PostgreSQL, SQLite rowid) or clustered index (InnoDB, WITHOUT ROWID)
	pkBytes      int64 // the primary-key index; 0 when the table is the index
	createdBytes int64 // the created_at index built after the load
	walBytes     int64 // PostgreSQL WAL, InnoDB redo; -1 when not measured
	fpi          int64 // PostgreSQL full-page images; InnoDB doublewrite pages; -1 when not measured
	checkpoints  int64 // PostgreSQL checkpoints during the load; -1 when not measured

	lookups     int
	lookupRate  float64
	windowRows  int64
	windowKey   time.Duration // id >= MinAt(t1) AND id < MinAt(t2), or the UUIDv7 bound; 0 when the key has no time
	windowTime  time.Duration // created_at >= t1 AND created_at < t2
	windowStart time.Time
	windowEnd   time.Time
}

// rate returns rows per second over the whole load.
func (r *result) rate() float64 {
	return float64(r.rows) / r.elapsed.Seconds()
}

// slices returns rows per second in each of parts equal slices of the
// rows: slice k covers the rows from k*rows/parts to (k+1)*rows/parts,
// timed from the first batch that reached its start to the first batch
// that reached its end. Each point's x is the slice's last row.
func slices(samples []sample, rows, parts int) (xs []int, rates []float64) {
	at := func(target int) sample {
		i := sort.Search(len(samples), func(i int) bool { return samples[i].rows >= target })
		if i == len(samples) {
			i = len(samples) - 1
		}
		return samples[i]
	}
	prev := sample{}
	for k := 1; k <= parts; k++ {
		s := at(k * rows / parts)
		if s.rows <= prev.rows || s.elapsed <= prev.elapsed {
			continue // the slice ended inside the same batch as the last one
		}
		xs = append(xs, s.rows)
		rates = append(rates, float64(s.rows-prev.rows)/(s.elapsed-prev.elapsed).Seconds())
		prev = s
	}
	return xs, rates
}

// ph returns the i-th (from 1) placeholder of the engine.
func ph(e engine, i int) string {
	if e == pg {
		return "$" + strconv.Itoa(i)
	}
	return "?"
}

// insertSQL returns the INSERT of rows rows for scheme s.
func insertSQL(e engine, s scheme, rows int) string {
	var b strings.Builder
	b.WriteString("INSERT INTO " + s.table)
	cols := 3
	if s.kind == kindSerial {
		b.WriteString(" (created_at, payload) VALUES ")
		cols = 2
	} else {
		b.WriteString(" (id, created_at, payload) VALUES ")
	}
	n := 1
	for r := 0; r < rows; r++ {
		if r > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('(')
		for c := 0; c < cols; c++ {
			if c > 0 {
				b.WriteByte(',')
			}
			b.WriteString(ph(e, n))
			n++
		}
		b.WriteByte(')')
	}
	return b.String()
}

const payloadLen = 100

// newRNG returns the generator of the payloads, seeded alike for every load.
func newRNG() *rand.ChaCha8 { return rand.NewChaCha8([32]byte{1}) }

// payload returns payloadLen random lowercase hex characters.
func payload(rng *rand.ChaCha8) string {
	const hex = "0123456789abcdef"
	var b [payloadLen]byte
	var buf [8]byte
	for i := 0; i < payloadLen; i += 16 {
		rng.Read(buf[:])
		for j := 0; j < 8 && i+2*j+1 < payloadLen; j++ {
			b[i+2*j] = hex[buf[j]>>4]
			b[i+2*j+1] = hex[buf[j]&15]
		}
	}
	return string(b[:])
}

// load inserts rows rows into s's table from writers concurrent writers,
// in batches of batch rows, one INSERT statement (and so one transaction)
// per batch. Keys are made in creation order: a writer takes the next
// batch number and makes its keys under one lock, so batch k's keys are
// all greater than batch k-1's for the time-ordered schemes.
func load(ctx context.Context, db *sql.DB, e engine, s scheme, rows, batch, writers int) (*result, *keys, error) {
	ks := &keys{ms: make([]int64, 0, rows)}
	switch s.kind {
	case kindID, kindCompact:
		ks.ids = make([]id.ID, 0, rows)
	case kindV4, kindV7:
		ks.uuids = make([]uuid.UUID, 0, rows)
	}
	full := insertSQL(e, s, batch)
	rng := newRNG()
	var (
		mu      sync.Mutex
		made    int
		samples []sample
		done    int
		first   error
	)
	start, cpu0 := time.Now(), cpuTime()
	take := func() (args []any, n int, err error) {
		mu.Lock()
		defer mu.Unlock()
		if made >= rows || first != nil {
			return nil, 0, nil
		}
		n = min(batch, rows-made)
		for i := made; i < made+n; i++ {
			if err := ks.next(s.kind); err != nil {
				return nil, 0, err
			}
			if s.kind != kindSerial {
				args = append(args, ks.keyArg(e, s.kind, i))
			}
			args = append(args, timeArg(e, ks.ms[i]), payload(rng))
		}
		made += n
		return args, n, nil
	}
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				args, n, err := take()
				if err == nil && n == 0 {
					return
				}
				if err == nil {
					q := full
					if n != batch {
						q = insertSQL(e, s, n)
					}
					_, err = db.ExecContext(ctx, q, args...)
				}
				mu.Lock()
				if err != nil {
					if first == nil {
						first = fmt.Errorf("%s %s: insert: %w", e, s.name, err)
					}
					mu.Unlock()
					return
				}
				done += n
				samples = append(samples, sample{done, time.Since(start)})
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return nil, nil, first
	}
	r := &result{scheme: s, writers: writers, rows: rows, elapsed: time.Since(start), samples: samples,
		cpu: cpuTime() - cpu0, walBytes: -1, fpi: -1, checkpoints: -1}
	return r, ks, nil
}

// lookups finds n random existing keys one by one on one connection and
// returns the lookups per second; every key must find exactly its row.
func lookups(ctx context.Context, db *sql.DB, e engine, s scheme, ks *keys, rows, n int) (float64, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	stmt, err := conn.PrepareContext(ctx, "SELECT length(payload) FROM "+s.table+" WHERE id = "+ph(e, 1))
	if err != nil {
		return 0, err
	}
	defer stmt.Close()
	rng := rand.New(rand.NewPCG(2, 3))
	idx := make([]int, n)
	for i := range idx {
		idx[i] = rng.IntN(rows)
	}
	start := time.Now()
	for _, i := range idx {
		var l int
		if err := stmt.QueryRowContext(ctx, ks.keyArg(e, s.kind, i)).Scan(&l); err != nil {
			return 0, fmt.Errorf("%s %s: lookup of row %d: %w", e, s.name, i, err)
		}
		if l != payloadLen {
			return 0, fmt.Errorf("%s %s: lookup of row %d: payload of %d bytes, want %d", e, s.name, i, l, payloadLen)
		}
	}
	return float64(n) / time.Since(start).Seconds(), nil
}

// order reads every row back with ORDER BY id and checks that the keys
// come in creation order, each the key that was written: the id text key
// under its column's collation, the compact key and UUIDv7 bytewise. It
// returns the number of rows read; keys that are not time-ordered are not
// read (0).
func order(ctx context.Context, db *sql.DB, e engine, s scheme, ks *keys) (int, error) {
	if !s.kind.timeOrdered() {
		return 0, nil
	}
	rows, err := db.QueryContext(ctx, "SELECT id FROM "+s.table+" ORDER BY id")
	if err != nil {
		return 0, fmt.Errorf("%s %s: ORDER BY id: %w", e, s.name, err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		if n >= len(ks.ms) {
			return 0, fmt.Errorf("%s %s: ORDER BY id: more than the %d rows written", e, s.name, len(ks.ms))
		}
		var got, want string
		switch s.kind {
		case kindID:
			var v id.ID
			err = rows.Scan(&v)
			got, want = v.String(), ks.ids[n].String()
		case kindCompact:
			var v compact.ID
			err = rows.Scan(&v)
			got, want = v.String(), ks.ids[n].String()
		case kindV7:
			var v uuid.UUID
			err = rows.Scan(&v)
			got, want = v.String(), ks.uuids[n].String()
		}
		if err != nil {
			return 0, fmt.Errorf("%s %s: ORDER BY id: row %d: %w", e, s.name, n, err)
		}
		if got != want {
			return 0, fmt.Errorf("%s %s: ORDER BY id: row %d is %s, want %s (key %d in creation order)", e, s.name, n, got, want, n)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("%s %s: ORDER BY id: %w", e, s.name, err)
	}
	if n != len(ks.ms) {
		return 0, fmt.Errorf("%s %s: ORDER BY id: %d rows, want %d", e, s.name, n, len(ks.ms))
	}
	return n, nil
}

// window runs the same time window as a range of the key (MinAt for id
// keys, the 48-bit timestamp bound for UUIDv7) and as a range of the
// indexed created_at column, each reps times, and returns the median
// durations and the number of rows. Both must count the same rows.
func window(ctx context.Context, db *sql.DB, e engine, s scheme, ks *keys, r *result, reps int) error {
	rows := len(ks.ms)
	// A window of about 1% of the rows in the middle of the run, on
	// millisecond boundaries that rows have: rows at t1 must be counted
	// and rows at t2 must not, so a bound off by one millisecond changes
	// the count and fails the check below.
	t1 := time.UnixMilli(ks.ms[rows*45/100]).UTC()
	end := ks.ms[rows*46/100] + 1
	for _, ms := range ks.ms[rows*46/100:] {
		if ms > ks.ms[rows*46/100] {
			end = ms
			break
		}
	}
	t2 := time.UnixMilli(end).UTC()
	r.windowStart, r.windowEnd = t1, t2
	var want int64
	for _, ms := range ks.ms {
		if ms >= t1.UnixMilli() && ms < t2.UnixMilli() {
			want++
		}
	}
	q := func(cond string, a1, a2 any) (time.Duration, error) {
		sqlText := "SELECT count(*), sum(length(payload)) FROM " + s.table + " WHERE " + cond
		var ds []time.Duration
		for i := 0; i < reps+1; i++ {
			var n, sum int64
			t := time.Now()
			if err := db.QueryRowContext(ctx, sqlText, a1, a2).Scan(&n, &sum); err != nil {
				return 0, fmt.Errorf("%s %s: %s: %w", e, s.name, sqlText, err)
			}
			d := time.Since(t)
			if n != want || sum != want*payloadLen {
				return 0, fmt.Errorf("%s %s: %s: %d rows (payload %d bytes), want %d rows", e, s.name, sqlText, n, sum, want)
			}
			if i > 0 { // the first run warms the cache
				ds = append(ds, d)
			}
		}
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		return ds[len(ds)/2], nil
	}
	r.windowRows = want
	var err error
	if r.windowTime, err = q("created_at >= "+ph(e, 1)+" AND created_at < "+ph(e, 2), timeArg(e, t1.UnixMilli()), timeArg(e, t2.UnixMilli())); err != nil {
		return err
	}
	keyCond := "id >= " + ph(e, 1) + " AND id < " + ph(e, 2)
	switch s.kind {
	case kindID, kindCompact:
		lo, err := id.MinAt(t1)
		if err != nil {
			return err
		}
		hi, err := id.MinAt(t2)
		if err != nil {
			return err
		}
		if s.kind == kindCompact {
			r.windowKey, err = q(keyCond, compact.ID{ID: lo}, compact.ID{ID: hi})
		} else {
			r.windowKey, err = q(keyCond, lo, hi)
		}
		return err
	case kindV7:
		r.windowKey, err = q(keyCond, uuidArg(e, v7Min(t1)), uuidArg(e, v7Min(t2)))
		return err
	}
	return nil
}
