package idotel_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/idkeys/id"
	"github.com/idkeys/id/adapters/idotel"
	"go.opentelemetry.io/otel/attribute"
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

// Put the ids of the entities a span handles on it as attributes, so that
// a search for an id (a trace backend's attribute search, or idkeys grep
// over exported spans) finds the span. attribute.Stringer writes the id's
// 26 characters, the spelling of logs and URLs, for an id.ID, a compact.ID
// and a typed id alike. Name the attribute after your application and the
// entity (shop.order.id), or use OpenTelemetry's own name where one
// exists (user.id): docs/tracing.md, "Ids on spans".
func Example_spanAttributes() {
	type OrderID struct{ id.ID }
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithIDGenerator(idotel.IDGenerator{}), sdktrace.WithSyncer(exp))
	defer tp.Shutdown(context.Background())

	user := id.MustParse("01arz3ndektsv4rrffq69g5fav")
	order := OrderID{id.MustParse("01jq4t8x6ca54vsh0aann0swcx")}
	_, span := tp.Tracer("shop").Start(context.Background(), "POST /orders")
	span.SetAttributes(
		attribute.Stringer("user.id", user),
		attribute.Stringer("shop.order.id", order),
	)
	span.End()

	for _, kv := range exp.GetSpans()[0].Attributes {
		fmt.Println(kv.Key, kv.Value.String())
	}
	// Output:
	// user.id 01arz3ndektsv4rrffq69g5fav
	// shop.order.id 01jq4t8x6ca54vsh0aann0swcx
}
