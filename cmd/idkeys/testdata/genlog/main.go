// Command genlog writes a log of about SIZE bytes for benchmarking idkeys
// grep.
//
// Usage:
//
//	go run ./cmd/idkeys/testdata/genlog ID SIZE > /tmp/log.txt
//	go run ./cmd/idkeys/testdata/genlog -span 4h ID SIZE > /tmp/log2.txt
//
// Without -span: JSON lines with an order id and a trace id, SQL lines with
// a UUID and exported-span lines with a hex trace id; every id is made by
// id.New while the log is written (so all of them share their first
// characters), and ID appears every 5 million lines.
//
// With -span: the log's clock runs over that span, centred on ID's time,
// and every id is made at a time of the log (some minutes before the line,
// or anywhere earlier for an id referred to again), so ids share leading
// characters with ID as a real log's do. Five kinds of line: JSON request
// lines, SQL lines with UUIDs, exported spans with hex trace ids and
// uppercase ids, queue lines with base64 bodies and protobuf-JSON base64
// ids, and worker lines. ID is written every million lines, in turn as
// its 26 characters, its UUID, its uppercase form beside its hex trace id,
// its base64 and its 26 characters again. The output is the same for the
// same arguments (a fixed seed).
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/idkeys/id"
)

func main() {
	span := flag.Duration("span", 0, "make the ids over this span of log time, centred on ID's time")
	flag.Parse()
	target := id.MustParse(flag.Arg(0))
	size, _ := strconv.ParseInt(flag.Arg(1), 10, 64)
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	if *span > 0 {
		spanned(w, target, size, *span)
		return
	}
	t := time.Date(2026, 12, 3, 11, 0, 0, 0, time.UTC)
	var n int64
	msgs := []string{"order created", "payment authorised", "GET /orders/{id}", "cache miss", "retrying request", "user signed in"}
	for i := 0; n < size; i++ {
		t = t.Add(time.Duration(rand.IntN(3000)) * time.Microsecond)
		v := id.New()
		tr := id.New().As16()
		span := tr[8:]
		if i%5_000_000 == 777 {
			v = target
		}
		var line string
		switch i % 3 {
		case 0:
			line = fmt.Sprintf(`{"time":"%s","level":"INFO","msg":%q,"order":"%s","trace_id":"%s","span_id":"%s","duration_ms":%d}`,
				t.Format(time.RFC3339Nano), msgs[i%len(msgs)], v, hex.EncodeToString(tr[:]), hex.EncodeToString(span), rand.IntN(900))
		case 1:
			u := v.As16()
			h := hex.EncodeToString(u[:])
			line = fmt.Sprintf(`%s INFO db query="SELECT * FROM orders WHERE id = $1" args=[%s-%s-%s-%s-%s] rows=%d`,
				t.Format("2006-01-02T15:04:05.000Z"), h[:8], h[8:12], h[12:16], h[16:20], h[20:], rand.IntN(5))
		default:
			u := v.As16()
			line = fmt.Sprintf(`{"Name":"HTTP GET","SpanContext":{"TraceID":"%s","SpanID":"%s","TraceFlags":"01"},"StartTime":"%s","Attributes":[{"Key":"http.status_code","Value":{"Type":"INT64","Value":%d}}]}`,
				hex.EncodeToString(u[:]), hex.EncodeToString(span), t.Format(time.RFC3339Nano), 200+rand.IntN(300))
		}
		k, _ := w.WriteString(line + "\n")
		n += int64(k)
	}
}

// gen makes the ids and texts of the -span log from a fixed seed.
type gen struct {
	r      *rand.Rand
	start  time.Time
	now    time.Time
	target id.ID
}

// at returns an id made at t.
func (g *gen) at(t time.Time) id.ID {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], uint64(t.UnixMilli())<<16|g.r.Uint64()&0xffff)
	binary.BigEndian.PutUint64(b[8:], g.r.Uint64())
	v, _ := id.From16(b)
	return v
}

// fresh returns an id made up to two minutes before the current line.
func (g *gen) fresh() id.ID {
	return g.at(g.now.Add(-time.Duration(g.r.Int64N(int64(2 * time.Minute)))))
}

// old returns an id made at any time from the log's start to now.
func (g *gen) old() id.ID {
	d := g.now.Sub(g.start)
	if d <= 0 {
		return g.fresh()
	}
	return g.at(g.start.Add(time.Duration(g.r.Int64N(int64(d)))))
}

func uuidOf(v id.ID) string {
	u := v.As16()
	h := hex.EncodeToString(u[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func hexOf(v id.ID) string {
	u := v.As16()
	return hex.EncodeToString(u[:])
}

func b64Of(v id.ID) string {
	u := v.As16()
	return base64.StdEncoding.EncodeToString(u[:])
}

func spanned(w *bufio.Writer, target id.ID, size int64, span time.Duration) {
	g := &gen{r: rand.New(rand.NewPCG(1, 2)), target: target}
	g.start = target.Time().Add(-span / 2)
	g.now = g.start
	step := span / time.Duration(max(size/255, 1)) // about 255 bytes a line
	paths := []string{"GET /orders/%s", "POST /orders/%s/payments", "GET /customers/%s", "DELETE /carts/%s/items", "PUT /orders/%s/state"}
	queries := []string{
		`SELECT id, state, total FROM orders WHERE id = $1 AND customer_id = $2`,
		`UPDATE orders SET state = 'paid', updated_at = now() WHERE id = $1 AND version = $2`,
		`INSERT INTO order_items (order_id, product_id, quantity) VALUES ($1, $2, 3)`,
	}
	jobs := []string{"send-receipt", "reindex-order", "expire-cart", "charge-card", "sync-stock"}
	var n int64
	var body []byte
	for i := 0; n < size; i++ {
		g.now = g.now.Add(time.Duration(g.r.Int64N(int64(2 * step))))
		kind := g.r.IntN(100)
		a, b := g.fresh(), g.old()
		spelling := -1
		if i%1_000_000 == 777 {
			spelling = i / 1_000_000 % 5
			a = target
			kind = []int{0, 30, 50, 70, 85}[spelling]
		}
		ts := g.now.Format("2006-01-02T15:04:05.000000Z")
		var line string
		switch {
		case kind < 30: // a request
			line = fmt.Sprintf(`{"time":"%s","level":"INFO","msg":"`+paths[i%len(paths)]+`","request_id":"%s","user_id":"%s","status":%d,"duration_ms":%d,"bytes":%d}`,
				ts, a, g.fresh(), b, 200+g.r.IntN(4)*100, g.r.IntN(900), g.r.IntN(40000))
		case kind < 50: // a query
			line = fmt.Sprintf(`%s DEBUG db query="%s" args=[%s, %s] rows=%d elapsed=%d.%dms`,
				ts[:23]+"Z", queries[i%len(queries)], uuidOf(a), uuidOf(b), g.r.IntN(3), g.r.IntN(9), g.r.IntN(10))
		case kind < 70: // an exported span: hex trace id, uppercase order id
			tr := g.fresh()
			if spelling >= 0 {
				tr = target
			}
			line = fmt.Sprintf(`{"Name":"POST /payments","SpanContext":{"TraceID":"%s","SpanID":"%s","TraceFlags":"01"},"StartTime":"%s","Attributes":[{"Key":"order.id","Value":{"Type":"STRING","Value":"%s"}},{"Key":"http.status_code","Value":{"Type":"INT64","Value":%d}}]}`,
				hexOf(tr), hexOf(g.fresh())[16:], ts, strings.ToUpper(a.String()), 200+g.r.IntN(300))
		case kind < 85: // a queue message: protobuf JSON ids and a base64 body
			body = body[:0]
			body = fmt.Appendf(body, `{"order":"%s","customer":"%s","items":[`, g.old(), g.old())
			for k := range 1 + g.r.IntN(3) {
				if k > 0 {
					body = append(body, ',')
				}
				body = fmt.Appendf(body, `{"sku":"%s","qty":%d}`, g.old(), 1+g.r.IntN(5))
			}
			body = append(body, "]}"...)
			line = fmt.Sprintf(`%s INFO queue message={"id":"%s","causation_id":"%s"} body=%s`,
				ts, b64Of(a), b64Of(b), base64.StdEncoding.EncodeToString(body))
		default: // a worker
			line = fmt.Sprintf(`%s worker[%d] job=%s id=%s batch=%s attempt %d/5 done in %d ms`,
				ts[:10]+" "+ts[11:23], g.r.IntN(16), jobs[i%len(jobs)], a, b, 1+g.r.IntN(5), g.r.IntN(3000))
		}
		k, _ := w.WriteString(line + "\n")
		n += int64(k)
	}
}
