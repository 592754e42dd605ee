package idotel_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/idotel"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// IDGenerator is what sdktrace.WithIDGenerator takes.
var _ sdktrace.IDGenerator = idotel.IDGenerator{}

// TestTraceID: an id and its trace id are the same 16 bytes, both ways,
// spelled as the ULID spec's binary layout in hex (docs/contract.md, B1).
func TestTraceID(t *testing.T) {
	tests := []struct {
		text, hex string
	}{
		{"01arz3ndektsv4rrffq69g5fav", "01563e3ab5d3d6764c61efb99302bd5b"}, // the ULID spec's example
		{"00000000000000000000000001", "00000000000000000000000000000001"}, // the smallest id
		{"7zzzzzzzzzzzzzzzzzzzzzzzzz", "ffffffffffffffffffffffffffffffff"}, // the largest id
		{"2bz4qkaxxk9pka7kmjkm70whsp", "4bf92f3577b34da6a3ce929d0e0e4736"}, // W3C Trace Context's example trace id
		{"01fwhe4ydgfk1shh6w1g60eecf", "017f22e279b07cc398c4dc0c0c07398f"}, // RFC 9562's UUIDv7 example, as adopt.FromUUIDv7 reads it
	}
	for _, tt := range tests {
		v := id.MustParse(tt.text)
		tid := idotel.TraceID(v)
		if got := tid.String(); got != tt.hex {
			t.Errorf("TraceID(%s) = %s, want %s", v, got, tt.hex)
		}
		if !tid.IsValid() {
			t.Errorf("TraceID(%s) is not valid", v)
		}
		fromHex, err := trace.TraceIDFromHex(tt.hex)
		if err != nil {
			t.Fatal(err)
		}
		back, err := idotel.FromTraceID(fromHex)
		if err != nil || back != v {
			t.Errorf("FromTraceID(%s) = %s, %v; want %s", tt.hex, back, err, v)
		}
		sc := trace.NewSpanContext(trace.SpanContextConfig{TraceID: fromHex, SpanID: trace.SpanID{7}})
		if got, err := idotel.FromSpanContext(sc); err != nil || got != v {
			t.Errorf("FromSpanContext(trace %s) = %s, %v; want %s", tt.hex, got, err, v)
		}
	}
}

// TestTraceIDZero: the zero id gives the invalid all-zero trace id, and
// the all-zero trace id (or a span context without a trace) is an error
// wrapping id.ErrInvalid, never the zero id (B3).
func TestTraceIDZero(t *testing.T) {
	if tid := idotel.TraceID(id.ID{}); tid.IsValid() || tid != (trace.TraceID{}) {
		t.Errorf("TraceID(zero id) = %s, valid %v; want 32 zeros, invalid", tid, tid.IsValid())
	}
	const msg = "id: invalid id: the all-zero trace id 00000000000000000000000000000000 names no trace and no id (W3C Trace Context: invalid)"
	for name, f := range map[string]func() (id.ID, error){
		"FromTraceID":     func() (id.ID, error) { return idotel.FromTraceID(trace.TraceID{}) },
		"FromSpanContext": func() (id.ID, error) { return idotel.FromSpanContext(trace.SpanContext{}) },
		"FromSpanContext(no span in ctx)": func() (id.ID, error) {
			return idotel.FromSpanContext(trace.SpanContextFromContext(context.Background()))
		},
	} {
		v, err := f()
		if !v.IsZero() || err != idotel.ErrInvalidTraceID {
			t.Errorf("%s = %#v, %v; want the zero id and ErrInvalidTraceID", name, v, err)
			continue
		}
		if !errors.Is(err, id.ErrInvalid) || !errors.Is(err, id.ErrZeroBytes) {
			t.Errorf("%s: %v does not wrap id.ErrInvalid and id.ErrZeroBytes", name, err)
		}
		if err.Error() != msg {
			t.Errorf("%s: message %q, want %q", name, err, msg)
		}
	}
}

// FuzzTraceID: every 16 bytes but zeros are a trace id and an id, the
// same bytes both ways; zeros are refused.
func FuzzTraceID(f *testing.F) {
	f.Add(uint64(0), uint64(0))
	f.Add(^uint64(0), ^uint64(0))
	f.Add(uint64(0x01563e3ab5d3d676), uint64(0x4c61efb99302bd5b))
	f.Add(uint64(0), uint64(1))
	f.Add(uint64(1), uint64(0))
	f.Fuzz(func(t *testing.T, hi, lo uint64) {
		var b [16]byte
		binary.BigEndian.PutUint64(b[:8], hi)
		binary.BigEndian.PutUint64(b[8:], lo)
		tid := trace.TraceID(b)
		v, err := idotel.FromTraceID(tid)
		if !tid.IsValid() {
			if err != idotel.ErrInvalidTraceID || !v.IsZero() {
				t.Fatalf("FromTraceID(%s) = %#v, %v; want ErrInvalidTraceID", tid, v, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("FromTraceID(%s): %v", tid, err)
		}
		if idotel.TraceID(v) != tid || v.As16() != [16]byte(tid) {
			t.Fatalf("FromTraceID(%s) = %s, whose trace id is %s", tid, v, idotel.TraceID(v))
		}
		if back := id.MustParse(v.String()); back != v {
			t.Fatalf("%s does not parse back: %s", v, back)
		}
	})
}

// TestIDGenerator: trace ids are ids from id.New, increasing; span ids
// are valid and distinct, also from many goroutines at once (run with
// -race).
func TestIDGenerator(t *testing.T) {
	const goroutines, each = 4, 2000
	var g idotel.IDGenerator
	ctx := context.Background()
	var mu sync.Mutex
	spans := make(map[trace.SpanID]bool, 2*goroutines*each)
	traces := make(map[trace.TraceID]bool, goroutines*each)
	var wg sync.WaitGroup
	for range goroutines {
		wg.Go(func() {
			var prev id.ID
			for range each {
				tid, sid := g.NewIDs(ctx)
				v, err := idotel.FromTraceID(tid)
				if err != nil {
					t.Errorf("NewIDs gave trace id %s: %v", tid, err)
					return
				}
				// Increasing on one goroutine, as New is.
				if v.Compare(prev) <= 0 {
					t.Errorf("trace id %s (%s) after %s", tid, v, prev)
				}
				prev = v
				sid2 := g.NewSpanID(ctx, tid)
				if !sid.IsValid() || !sid2.IsValid() {
					t.Errorf("invalid span id %s or %s", sid, sid2)
				}
				mu.Lock()
				traces[tid] = true
				spans[sid], spans[sid2] = true, true
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	// 64 random bits: a repeat among 16,000 span ids has odds of about
	// 16000^2/2^65, 7e-12.
	if len(traces) != goroutines*each || len(spans) != 2*goroutines*each {
		t.Errorf("%d distinct trace ids, %d distinct span ids; want %d and %d", len(traces), len(spans), goroutines*each, 2*goroutines*each)
	}
}

// TestNewIDsNoAllocs: making the ids of a span allocates nothing. It
// skips under -race and -short; ci-test runs it without -race.
func TestNewIDsNoAllocs(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("allocation counts differ under -race (sync.Pool drops Puts) and are skipped under -short")
	}
	var g idotel.IDGenerator
	ctx := context.Background()
	if n := testing.AllocsPerRun(1000, func() {
		tid, sid := g.NewIDs(ctx)
		g.NewSpanID(ctx, tid)
		_, _ = idotel.FromTraceID(tid)
		_ = sid
	}); n != 0 {
		t.Errorf("NewIDs, NewSpanID and FromTraceID: %v allocations, want 0", n)
	}
}

// newProvider returns a tracer provider with the id generator, sampling
// every span, and an in-memory exporter that receives each span as it
// ends.
func newProvider(t *testing.T) (*sdktrace.TracerProvider, *tracetest.InMemoryExporter) {
	t.Helper()
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(
		sdktrace.WithIDGenerator(idotel.IDGenerator{}),
		sdktrace.WithSampler(sdktrace.AlwaysSample()),
		sdktrace.WithSyncer(exp),
	)
	t.Cleanup(func() { tp.Shutdown(context.Background()) })
	return tp, exp
}

// TestExportedSpan: the trace id of an exported span is an id made at the
// span's start, to the millisecond, unless New's timestamp had run ahead
// of the clock.
//
// The relation that holds exactly: the SDK asks the generator for the ids
// of a root span, then reads time.Now() for its start time
// (sdk/trace/tracer.go: newSpan, then newRecordingSpan), so id.New reads
// the clock between `before`, read by the test just before Start, and
// the span's StartTime. New's timestamp is its clock reading, or, when
// the millisecond's sequence ran out (which the random start can make
// happen after a single id) or the clock stepped back, one millisecond
// past the previous id's at most (docs/contract.md G6, G7). Hence, in Unix
// milliseconds, with prev the previous trace id (no other code makes
// ids while this test runs):
//
//	before <= id.Time() <= max(StartTime, prev.Time()+1)
//
// and id.Time() equals StartTime whenever no millisecond boundary falls
// between New's and the SDK's clock readings and the timestamp has not
// run ahead; the test counts both cases and does not count on either,
// as the machine may pause it anywhere.
func TestExportedSpan(t *testing.T) {
	tp, exp := newProvider(t)
	tr := tp.Tracer("idotel_test")
	const n = 200
	equal, ahead := 0, 0
	// Run New's timestamp ahead of the clock first, so that the case
	// which failed a CI run is met in every run: making ids until one is
	// ahead takes a few milliseconds (each millisecond's random start
	// leaves room for 2^15 ids on average).
	for id.New().Time().UnixMilli() <= time.Now().UnixMilli() {
	}
	prev := id.New().Time().UnixMilli()
	for i := range n {
		before := time.Now()
		_, span := tr.Start(context.Background(), "op")
		span.End()
		spans := exp.GetSpans()
		if len(spans) != i+1 {
			t.Fatalf("%d spans exported, want %d", len(spans), i+1)
		}
		s := spans[i]
		v, err := idotel.FromTraceID(s.SpanContext.TraceID())
		if err != nil {
			t.Fatal(err)
		}
		if s.SpanContext.TraceID() != span.SpanContext().TraceID() || s.Parent.IsValid() {
			t.Fatalf("exported span %s is not the root span %s", s.SpanContext.TraceID(), span.SpanContext().TraceID())
		}
		ms, start := v.Time().UnixMilli(), s.StartTime.UnixMilli()
		if ms < before.UnixMilli() || ms > max(start, prev+1) {
			t.Errorf("span started at %s (before: %s) has trace id %s made at %s; want between the first and the later of the start and %s",
				s.StartTime.UTC().Format(time.RFC3339Nano), before.UTC().Format(time.RFC3339Nano), v,
				v.Time().Format(time.RFC3339Nano), time.UnixMilli(prev+1).UTC().Format(time.RFC3339Nano))
		}
		switch {
		case ms == start:
			equal++
			if !v.Time().Equal(s.StartTime.Truncate(time.Millisecond)) {
				t.Errorf("Time() %s is not StartTime %s truncated", v.Time(), s.StartTime)
			}
		case ms > start:
			ahead++
		}
		prev = ms
	}
	t.Logf("of %d trace ids, %d made in their span's start millisecond, %d ahead of it (timestamp run ahead), %d in an earlier one",
		n, equal, ahead, n-equal-ahead)
}

// TestTraceIDsIncrease: the trace ids of root spans increase in the
// order the spans were started, as ids do, and so does their hex.
func TestTraceIDsIncrease(t *testing.T) {
	tp, exp := newProvider(t)
	tr := tp.Tracer("idotel_test")
	const n = 5000
	started := make([]trace.Span, n)
	for i := range started {
		_, started[i] = tr.Start(context.Background(), "op")
	}
	// End them in reverse: the exporter's order is not the start order.
	for i := n - 1; i >= 0; i-- {
		started[i].End()
	}
	spans := exp.GetSpans()
	if len(spans) != n {
		t.Fatalf("%d spans exported, want %d", len(spans), n)
	}
	var prev id.ID
	for i, span := range started {
		tid := span.SpanContext().TraceID()
		if got := spans[n-1-i].SpanContext.TraceID(); got != tid {
			t.Fatalf("span %d: exported with trace id %s, started with %s", i, got, tid)
		}
		v, err := idotel.FromTraceID(tid)
		if err != nil {
			t.Fatal(err)
		}
		if v.Compare(prev) <= 0 || (i > 0 && tid.String() <= idotel.TraceID(prev).String()) {
			t.Fatalf("span %d: trace id %s (%s) is not greater than the one before, %s", i, tid, v, prev)
		}
		prev = v
	}
}

// TestTraceparentHTTP: a trace id made by the generator crosses a real
// HTTP request on loopback in a W3C traceparent header and comes out as
// the same id on the server, whose own span joins the trace.
func TestTraceparentHTTP(t *testing.T) {
	tp, exp := newProvider(t)
	tr := tp.Tracer("idotel_test")
	prop := propagation.TraceContext{}

	type seen struct {
		header string
		id     id.ID
		err    error
	}
	got := make(chan seen, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := prop.Extract(r.Context(), propagation.HeaderCarrier(r.Header))
		ctx, span := tr.Start(ctx, "server", trace.WithSpanKind(trace.SpanKindServer))
		defer span.End()
		v, err := idotel.FromSpanContext(trace.SpanContextFromContext(ctx))
		got <- seen{r.Header.Get("traceparent"), v, err}
		w.Write([]byte(v.String()))
	}))
	defer srv.Close()

	ctx, client := tr.Start(context.Background(), "client", trace.WithSpanKind(trace.SpanKindClient))
	want, err := idotel.FromSpanContext(client.SpanContext())
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	prop.Inject(ctx, propagation.HeaderCarrier(req.Header))
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	body.ReadFrom(resp.Body)
	resp.Body.Close()
	client.End()

	s := <-got
	wantHeader := "00-" + idotel.TraceID(want).String() + "-" + client.SpanContext().SpanID().String() + "-01"
	if s.header != wantHeader {
		t.Errorf("traceparent %q, want %q", s.header, wantHeader)
	}
	if s.err != nil || s.id != want || body.String() != want.String() {
		t.Errorf("server saw id %s (%v), answered %q; want %s", s.id, s.err, body.String(), want)
	}
	spans := exp.GetSpans()
	if len(spans) != 2 {
		t.Fatalf("%d spans exported, want 2", len(spans))
	}
	server := spans[0] // it ended first
	if server.Name != "server" || server.SpanContext.TraceID() != idotel.TraceID(want) ||
		server.Parent.SpanID() != client.SpanContext().SpanID() || !server.Parent.IsRemote() {
		t.Errorf("server span %q: trace %s, parent %s (remote %v); want trace %s, parent %s (remote)",
			server.Name, server.SpanContext.TraceID(), server.Parent.SpanID(), server.Parent.IsRemote(),
			idotel.TraceID(want), client.SpanContext().SpanID())
	}
}

// TestLogLine: a slog JSON line carrying the trace's id as text and the
// trace backend's spelling of its trace id (TraceID.String, 32 hex
// digits) names the same 128 bits: decoded each its own way, the 26
// characters by id.Parse and the hex by encoding/hex, they are equal.
func TestLogLine(t *testing.T) {
	tp, _ := newProvider(t)
	ctx, span := tp.Tracer("idotel_test").Start(context.Background(), "op")
	defer span.End()

	var out bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&out, nil))
	sc := trace.SpanContextFromContext(ctx)
	v, err := idotel.FromSpanContext(sc)
	if err != nil {
		t.Fatal(err)
	}
	log.InfoContext(ctx, "order placed", "trace", v, "trace_id", sc.TraceID().String())

	var line struct {
		Trace   string `json:"trace"`
		TraceID string `json:"trace_id"`
	}
	if err := json.Unmarshal(out.Bytes(), &line); err != nil {
		t.Fatalf("%q: %v", out.String(), err)
	}
	fromText, err := id.Parse(line.Trace)
	if err != nil {
		t.Fatalf("%q: %v", out.String(), err)
	}
	raw, err := hex.DecodeString(line.TraceID)
	if err != nil || len(raw) != 16 || len(line.Trace) != 26 || len(line.TraceID) != 32 {
		t.Fatalf("%q: trace %q, trace_id %q (%v)", out.String(), line.Trace, line.TraceID, err)
	}
	fromHex, err := id.From16([16]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	if fromText != fromHex || fromText != v || fromText.As16() != [16]byte(raw) {
		t.Errorf("log line %q: %s and %s (%x) are not the same 128 bits", out.String(), fromText, fromHex, raw)
	}
}

// TestSampling: the SDK's TraceIDRatioBased sampler samples trace ids made
// by id.New at its ratio. It decides on the low 8 bytes of a trace id
// alone (go.opentelemetry.io/otel/sdk/trace, traceIDRatioSampler's
// ShouldSample: binary.BigEndian.Uint64(TraceID[8:16])>>1 below
// ratio*2^63), and those are an id's 64 random bits, fresh for every id.
//
// 100,000 root spans at a ratio of 0.1 must be sampled at 0.1 ± 0.01.
// With fair bits the count is binomial, mean 10,000 and standard
// deviation sqrt(100000*0.1*0.9) ≈ 94.9 (0.095%), so ±1% is ±1,000
// spans, 10.5 standard deviations. The probability that a correct
// generator fails the test is below 4e-24 (Chernoff bound,
// exp(-n*KL(0.11||0.1)) + exp(-n*KL(0.09||0.1)); the normal
// approximation gives 6e-26). A generator that fed the sampler its time
// or sequence bits instead fails it: one 10th of each millisecond's span.
func TestSampling(t *testing.T) {
	const n, ratio = 100_000, 0.1
	tp := sdktrace.NewTracerProvider(
		sdktrace.WithIDGenerator(idotel.IDGenerator{}),
		sdktrace.WithSampler(sdktrace.TraceIDRatioBased(ratio)),
	)
	defer tp.Shutdown(context.Background())
	tr := tp.Tracer("idotel_test")
	ctx := context.Background()
	sampled := 0
	for range n {
		_, span := tr.Start(ctx, "op")
		if span.SpanContext().IsSampled() {
			sampled++
		}
		span.End()
	}
	got := float64(sampled) / n
	t.Logf("%d of %d sampled: %.4f (ratio %g)", sampled, n, got, ratio)
	if got < ratio-0.01 || got > ratio+0.01 {
		t.Errorf("%d of %d root spans sampled (%.4f), want %g ± 0.01", sampled, n, got, ratio)
	}
}

// BenchmarkNewIDs: the ids of a root span from IDGenerator, alone, and a
// root span started and ended with IDGenerator and with the SDK's default
// generator in the same run, sampled out so that the ids are most of the
// cost (the default generator is not exported, so it is measured through
// the SDK). On a busy machine, compare the two with
// BenchmarkRootSpanPaired instead (idotel/testdata/bench.txt).
func BenchmarkNewIDs(b *testing.B) {
	ctx := context.Background()
	b.Run("generator/idotel", func(b *testing.B) {
		var g idotel.IDGenerator
		b.ReportAllocs()
		for b.Loop() {
			g.NewIDs(ctx)
		}
	})
	for _, c := range []struct {
		name string
		opts []sdktrace.TracerProviderOption
	}{
		{"span/idotel", []sdktrace.TracerProviderOption{sdktrace.WithIDGenerator(idotel.IDGenerator{})}},
		{"span/sdk-default", nil},
	} {
		b.Run(c.name, func(b *testing.B) {
			tp := sdktrace.NewTracerProvider(append(c.opts, sdktrace.WithSampler(sdktrace.NeverSample()))...)
			defer tp.Shutdown(ctx)
			tr := tp.Tracer("bench")
			b.ReportAllocs()
			for b.Loop() {
				_, span := tr.Start(ctx, "op")
				span.End()
			}
		})
	}
}

// BenchmarkRootSpanPaired measures the ratio of BenchmarkNewIDs's two
// span benchmarks on a busy machine: each iteration times a batch of 256
// root spans (sampled out) with IDGenerator and one with the SDK's
// default generator, in alternating order, and it reports the median
// nanoseconds per span of each and the median of the per-iteration
// ratios (idotel/default), so that a load spike falls on both alike.
func BenchmarkRootSpanPaired(b *testing.B) {
	ctx := context.Background()
	tracer := func(opts ...sdktrace.TracerProviderOption) trace.Tracer {
		tp := sdktrace.NewTracerProvider(append(opts, sdktrace.WithSampler(sdktrace.NeverSample()))...)
		b.Cleanup(func() { tp.Shutdown(ctx) })
		return tp.Tracer("bench")
	}
	ours, sdk := tracer(sdktrace.WithIDGenerator(idotel.IDGenerator{})), tracer()
	const batch = 256
	perSpan := func(tr trace.Tracer) float64 {
		start := time.Now()
		for range batch {
			_, span := tr.Start(ctx, "op")
			span.End()
		}
		return float64(time.Since(start).Nanoseconds()) / batch
	}
	var o, d, r []float64
	for i := 0; b.Loop(); i++ {
		var x, y float64
		if i%2 == 0 {
			x, y = perSpan(ours), perSpan(sdk)
		} else {
			y, x = perSpan(sdk), perSpan(ours)
		}
		o, d, r = append(o, x), append(d, y), append(r, x/y)
	}
	b.ReportMetric(median(o), "idotel-ns/span")
	b.ReportMetric(median(d), "default-ns/span")
	b.ReportMetric(median(r), "ratio")
}

func median(v []float64) float64 {
	slices.Sort(v)
	return v[len(v)/2]
}

// TestRandomFlag: W3C Trace Context Level 2's random flag (0x02) at the
// pinned otel v1.47.0. The trace API has it (trace.FlagsRandom) and the
// W3C propagator carries it both ways, so a traceparent that arrives with
// it keeps it on every child span and on the next hop; the SDK never sets
// it on a root span (it copies the parent's flags and adds or clears only
// the sampled bit), so a root span's traceparent says 01. An id.New trace
// id is fit for the flag either way: its low 64 bits are random
// (docs/tracing.md, "Sampling").
func TestRandomFlag(t *testing.T) {
	tp, _ := newProvider(t)
	tr := tp.Tracer("idotel_test")
	prop := propagation.TraceContext{}
	inject := func(ctx context.Context) string {
		h := http.Header{}
		prop.Inject(ctx, propagation.HeaderCarrier(h))
		return h.Get("traceparent")
	}

	ctx, root := tr.Start(context.Background(), "root")
	sc := root.SpanContext()
	if sc.IsRandom() {
		t.Errorf("root span flags %v: the SDK set the random flag; idotel and docs/tracing.md can now say so", sc.TraceFlags())
	}
	if got, want := inject(ctx), "00-"+sc.TraceID().String()+"-"+sc.SpanID().String()+"-01"; got != want {
		t.Errorf("root traceparent %s, want %s", got, want)
	}
	root.End()

	v := id.New()
	up := "00-" + idotel.TraceID(v).String() + "-00f067aa0ba902b7-03"
	h := http.Header{"Traceparent": {up}}
	in := prop.Extract(context.Background(), propagation.HeaderCarrier(h))
	if psc := trace.SpanContextFromContext(in); !psc.IsRandom() || !psc.IsSampled() {
		t.Fatalf("extracted %s as flags %v, want random and sampled", up, psc.TraceFlags())
	}
	ctx, child := tr.Start(in, "child")
	defer child.End()
	csc := child.SpanContext()
	if !csc.IsRandom() || csc.TraceID() != idotel.TraceID(v) {
		t.Fatalf("child span %v flags %v, want trace %s, random", csc.TraceID(), csc.TraceFlags(), v)
	}
	if got, want := inject(ctx), "00-"+idotel.TraceID(v).String()+"-"+csc.SpanID().String()+"-03"; got != want {
		t.Errorf("next hop's traceparent %s, want %s", got, want)
	}
	if got, err := idotel.FromSpanContext(csc); err != nil || got != v {
		t.Errorf("FromSpanContext = %v, %v; want %v", got, err, v)
	}
}
