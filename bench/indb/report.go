package main

import (
	"fmt"
	"strings"
	"time"
)

// markdown returns the report: the machine, then per database its
// settings, the main table, the rates per 10% of the run and the ratios
// against the id text key.
func (rep *report) markdown() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	cfg := rep.cfg
	p("## bench/dbcost -n %d\n\n", cfg.rows)
	p("%d rows per load, in creation order, %d rows per INSERT (one transaction each), writers %s; each row is the key, created_at and %d bytes of payload. %d point lookups of random existing keys on one connection after the 1-writer load; window queries repeated %d times (median); then every row of a time-ordered key read back with ORDER BY id, which must return the keys in creation order. Started %s, took %s.\n\n",
		cfg.rows, cfg.batch, ints(cfg.writers), payloadLen, cfg.lookups, cfg.reps,
		rep.started.UTC().Format(time.RFC3339), rep.duration.Round(time.Second))
	for _, m := range rep.machine {
		p("- %s: %s\n", m[0], m[1])
	}
	p("\n")
	for _, er := range rep.engines {
		p("### %s %s\n\n", er.engine, er.version)
		p("Took %s. Settings, as the server reports them:", er.duration.Round(time.Second))
		for i, s := range er.settings {
			sep := ","
			if i == 0 {
				sep = ""
			}
			p("%s `%s=%s`", sep, s[0], s[1])
		}
		p(".\n\n")
		walHead := "WAL MB | WAL B/row | full-page images | checkpoints"
		if er.engine == maria {
			walHead = "redo MB | redo B/row | doublewrite pages | checkpoints"
		}
		tableHead := "table (heap) MB"
		if er.engine == maria {
			tableHead = "table (clustered PK) MB"
		}
		p("| key | writers | rows/s | rows/s first 10%% | rows/s last 10%% | client CPU µs/row | %s | table B/row | PK index B/row | created_at index B/row | %s | lookups/s | window by key | window by created_at |\n", tableHead, walHead)
		p("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		for _, r := range er.results {
			_, dec := slices(r.samples, r.rows, 10)
			first, last := dec[0], dec[len(dec)-1]
			pk := perRow(r.pkBytes, r.rows)
			if r.pkBytes == 0 {
				pk = "(the table)"
				if r.scheme.kind == kindSerial && er.engine == lite {
					pk = "(rowid)"
				}
			}
			p("| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
				r.scheme.name, r.writers, num(r.rate()), num(first), num(last), micros(r.cpu, r.rows),
				mb(r.tableBytes), perRow(r.tableBytes, r.rows), pk, perRow(r.createdBytes, r.rows),
				mbOr(r.walBytes), perRowOr(r.walBytes, r.rows), countOr(r.fpi), countOr(r.checkpoints),
				lookupCell(r), dur(r.windowKey, r.windowRows, r.writers), dur(r.windowTime, r.windowRows, r.writers))
		}
		p("\nRows per second in each tenth of the run (thousands):\n\n")
		p("| key | writers | 10%% | 20%% | 30%% | 40%% | 50%% | 60%% | 70%% | 80%% | 90%% | 100%% |\n")
		p("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		for _, r := range er.results {
			_, dec := slices(r.samples, r.rows, 10)
			p("| %s | %d |", r.scheme.name, r.writers)
			for _, d := range dec {
				p(" %.1f |", d/1000)
			}
			p("\n")
		}
		p("\nAgainst the first key of the table (%s): rows/s in the last 10%% of the run, the primary-key index alone (where it is separate from the table), and the table and its primary-key index together:\n\n", er.results[0].scheme.name)
		p("| key | writers | last 10%% rows/s ÷ first | PK index bytes ÷ first | table + PK index bytes ÷ first |\n|---|--:|--:|--:|--:|\n")
		for _, w := range cfg.writers {
			var base *result
			for _, r := range er.results {
				if r.writers != w {
					continue
				}
				if base == nil {
					base = r
				}
				p("| %s | %d | %.2f | %s | %s |\n", r.scheme.name, w, lastRate(r)/lastRate(base),
					ratioOr(r.pkBytes, base.pkBytes), ratioOr(r.tableBytes+r.pkBytes, base.tableBytes+base.pkBytes))
			}
		}
		p("\n")
		compactAgainstV7(p, er, cfg.writers)
	}
	return b.String()
}

// compactAgainstV7 prints the compact id key against the UUIDv7 key in
// the same native 16-byte column type, from the same run: both are
// time-ordered 16 bytes, so the figures should match. Nothing is printed
// when the run loaded only one of them.
func compactAgainstV7(p func(string, ...any), er engineReport, writers []int) {
	find := func(k kind, w int) *result {
		for _, r := range er.results {
			if r.scheme.kind == k && r.writers == w {
				return r
			}
		}
		return nil
	}
	head := false
	for _, w := range writers {
		c, v := find(kindCompact, w), find(kindV7, w)
		if c == nil || v == nil {
			continue
		}
		if !head {
			wal := "WAL bytes"
			if er.engine == maria {
				wal = "redo bytes"
			}
			p("%s against %s, the same column type, same run:\n\n", c.scheme.name, v.scheme.name)
			p("| writers | rows/s ÷ UUIDv7 | last 10%% rows/s ÷ UUIDv7 | PK index bytes ÷ UUIDv7 | table + PK index bytes ÷ UUIDv7 | %s ÷ UUIDv7 |\n|--:|--:|--:|--:|--:|--:|\n", wal)
			head = true
		}
		walRatio := "–"
		if c.walBytes >= 0 && v.walBytes > 0 {
			walRatio = fmt.Sprintf("%.3f", float64(c.walBytes)/float64(v.walBytes))
		}
		p("| %d | %.2f | %.2f | %s | %s | %s |\n", w, c.rate()/v.rate(), lastRate(c)/lastRate(v),
			ratio3(c.pkBytes, v.pkBytes), ratio3(c.tableBytes+c.pkBytes, v.tableBytes+v.pkBytes), walRatio)
	}
	if head {
		p("\n")
	}
	if d := er.duel; d != nil {
		lo, hi := d.tenths[0], d.tenths[0]
		for _, r := range d.tenths {
			lo, hi = min(lo, r), max(hi, r)
		}
		p("Loaded again, alternately, batch by batch, into fresh tables from one writer (%s rows each; each batch timed from making its keys to the end of its INSERT, so that the machine's load falls on both alike): %s %s rows/s, %s %s rows/s; %s ÷ %s **%.2f**, in each tenth of the batches %.2f to %.2f; client CPU %s against %s µs a row.\n\n",
			num(float64(d.rows)), d.a.name, num(float64(d.rows)/d.ta.Seconds()), d.b.name, num(float64(d.rows)/d.tb.Seconds()), d.b.short, d.a.short, d.ratio(), lo, hi, micros(d.cb, d.rows), micros(d.ca, d.rows))
	}
}

// ratio3 is a/b to three decimals, or "–" when either is 0.
func ratio3(a, b int64) string {
	if a == 0 || b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.3f", float64(a)/float64(b))
}

// lastRate returns the rows per second in the last tenth of the run.
func lastRate(r *result) float64 {
	_, dec := slices(r.samples, r.rows, 10)
	return dec[len(dec)-1]
}

func ratioOr(a, b int64) string {
	if a == 0 || b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", float64(a)/float64(b))
}

func ints(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, fmt.Sprint(x))
	}
	return strings.Join(s, " and ")
}

// num formats a rate with thousands separators.
func num(f float64) string {
	s := fmt.Sprintf("%.0f", f)
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// micros returns d per row in microseconds.
func micros(d time.Duration, rows int) string {
	return fmt.Sprintf("%.2f", float64(d)/1e3/float64(rows))
}

func mb(b int64) string { return fmt.Sprintf("%.1f", float64(b)/1e6) }

func mbOr(b int64) string {
	if b < 0 {
		return "–"
	}
	return mb(b)
}

func perRow(b int64, rows int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f", float64(b)/float64(rows))
}

func perRowOr(b int64, rows int) string {
	if b < 0 {
		return "–"
	}
	return perRow(b, rows)
}

func countOr(n int64) string {
	if n < 0 {
		return "–"
	}
	return num(float64(n))
}

func lookupCell(r *result) string {
	if r.lookups == 0 {
		return ""
	}
	return num(r.lookupRate)
}

func dur(d time.Duration, rows int64, writers int) string {
	if writers != 1 {
		return ""
	}
	if d == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f ms (%d rows)", float64(d)/1e6, rows)
}
