// Command genlog writes a log of about SIZE bytes for benchmarking idkeys grep:
// JSON lines with an order id and a trace id, SQL lines with a UUID and
// exported-span lines with a hex trace id; ID appears every 5 million
// lines. Usage: go run ./cmd/idkeys/testdata/genlog ID SIZE > /tmp/log.txt
package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"time"

	"github.com/idkeys/id"
)

func main() {
	target := id.MustParse(os.Args[1])
	size, _ := strconv.ParseInt(os.Args[2], 10, 64)
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
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
