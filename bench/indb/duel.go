package main

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"time"
)

// duelResult is the insert rate of two key schemes loaded alternately.
type duelResult struct {
	a, b   scheme
	rows   int           // rows loaded into each table
	ta, tb time.Duration // time making a's (b's) batches and inserting them
	ca, cb time.Duration // this process's CPU time in them (see cpuTime)
	tenths []float64     // b's rate ÷ a's in each tenth of the batches
}

// ratio returns b's insert rate ÷ a's.
func (d *duelResult) ratio() float64 { return d.ta.Seconds() / d.tb.Seconds() }

// duelPair returns the UUIDv7 and the id-compact scheme among ss, the two
// that [duel] compares; ok is false unless both are there.
func duelPair(ss []scheme) (v7, c scheme, ok bool) {
	var hasV7, hasC bool
	for _, s := range ss {
		switch s.kind {
		case kindV7:
			v7, hasV7 = s, true
		case kindCompact:
			c, hasC = s, true
		}
	}
	return v7, c, hasV7 && hasC
}

// duel loads rows rows into a fresh table of a (on dbA) and of b (on dbB)
// from one writer, alternately batch by batch, a first in even batches
// and b first in odd ones, and times each batch from making its keys to
// the end of its INSERT, as [load] does. Two loads made one after the
// other on a shared machine can meet very different loads from other
// processes; here whatever the machine does falls on both alike. Both
// tables must hold exactly rows rows afterwards; they are dropped.
func duel(ctx context.Context, dbA, dbB *sql.DB, e engine, a, b scheme, rows, batch int) (*duelResult, error) {
	ss := [2]scheme{a, b}
	dbs := [2]*sql.DB{dbA, dbB}
	var ks [2]keys
	var full [2]string
	rngs := [2]*rand.ChaCha8{newRNG(), newRNG()}
	for j, s := range ss {
		if s.kind == kindSerial {
			return nil, fmt.Errorf("duel: %s has no keys made in Go", s.name)
		}
		if _, err := dbs[j].ExecContext(ctx, "DROP TABLE IF EXISTS "+s.table); err != nil {
			return nil, err
		}
		if _, err := dbs[j].ExecContext(ctx, s.ddl); err != nil {
			return nil, fmt.Errorf("%s: %s: %w", e, s.ddl, err)
		}
		full[j] = insertSQL(e, s, batch)
	}
	batches := (rows + batch - 1) / batch
	var tot, cpu [2]time.Duration
	tenth := make([][2]time.Duration, 10)
	for k, made := 0, 0; made < rows; k++ {
		n := min(batch, rows-made)
		order := [2]int{0, 1}
		if k%2 == 1 {
			order = [2]int{1, 0}
		}
		for _, j := range order {
			s := ss[j]
			t, c := time.Now(), cpuTime()
			args := make([]any, 0, 3*n)
			for i := made; i < made+n; i++ {
				if err := ks[j].next(s.kind); err != nil {
					return nil, err
				}
				args = append(args, ks[j].keyArg(e, s.kind, i), timeArg(e, ks[j].ms[i]), payload(rngs[j]))
			}
			q := full[j]
			if n != batch {
				q = insertSQL(e, s, n)
			}
			if _, err := dbs[j].ExecContext(ctx, q, args...); err != nil {
				return nil, fmt.Errorf("%s %s: duel insert: %w", e, s.name, err)
			}
			d := time.Since(t)
			cpu[j] += cpuTime() - c
			tot[j] += d
			tenth[k*10/batches][j] += d
		}
		made += n
	}
	res := &duelResult{a: a, b: b, rows: rows, ta: tot[0], tb: tot[1], ca: cpu[0], cb: cpu[1]}
	for _, t := range tenth {
		if t[0] > 0 && t[1] > 0 {
			res.tenths = append(res.tenths, t[0].Seconds()/t[1].Seconds())
		}
	}
	for j, s := range ss {
		var n int
		if err := dbs[j].QueryRowContext(ctx, "SELECT count(*) FROM "+s.table).Scan(&n); err != nil {
			return nil, err
		}
		if n != rows {
			return nil, fmt.Errorf("%s %s: %d rows in the table after the duel, want %d", e, s.name, n, rows)
		}
		if _, err := dbs[j].ExecContext(ctx, "DROP TABLE "+s.table); err != nil {
			return nil, err
		}
	}
	return res, nil
}
