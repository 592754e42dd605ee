package idotel_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/idotel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// Wire the generator into the SDK's tracer provider; every new trace
// then has an id from id.New as its trace id. (An in-memory exporter
// stands in for a real one here.)
func ExampleIDGenerator() {
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(
		sdktrace.WithIDGenerator(idotel.IDGenerator{}),
		sdktrace.WithSyncer(exp),
	)
	defer tp.Shutdown(context.Background())

	ctx, span := tp.Tracer("shop").Start(context.Background(), "checkout")
	// The id of the trace, for a log line: 26 characters, like every id.
	v, err := idotel.FromSpanContext(trace.SpanContextFromContext(ctx))
	span.End()

	s := exp.GetSpans()[0]
	fmt.Println(err, len(v.String()), s.SpanContext.TraceID() == idotel.TraceID(v))
	// Output: <nil> 26 true
}

// An id's trace id is its 16 bytes; its String is the 32 hexadecimal
// digits a trace backend shows.
func ExampleTraceID() {
	v := id.MustParse("01arz3ndektsv4rrffq69g5fav")
	fmt.Println(idotel.TraceID(v))
	// Output: 01563e3ab5d3d6764c61efb99302bd5b
}

// From the 32 hexadecimal digits of a trace backend back to the id; the
// all-zero trace id is refused.
func ExampleFromTraceID() {
	t, _ := trace.TraceIDFromHex("01563e3ab5d3d6764c61efb99302bd5b")
	v, err := idotel.FromTraceID(t)
	fmt.Println(v, err)

	_, err = idotel.FromTraceID(trace.TraceID{})
	fmt.Println(errors.Is(err, id.ErrInvalid))
	fmt.Println(err)
	// Output:
	// 01arz3ndektsv4rrffq69g5fav <nil>
	// true
	// id: invalid id: the all-zero trace id 00000000000000000000000000000000 names no trace and no id (W3C Trace Context: invalid)
}
