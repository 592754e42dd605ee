// Package idotel makes OpenTelemetry trace ids out of ids (KEYS-7), so
// that one grep of an id's 26 characters or 32 hex digits finds it in
// logs, rows and traces (docs/tracing.md). [IDGenerator] is an SDK id
// generator, wired with sdktrace.WithIDGenerator(idotel.IDGenerator{});
// [TraceID], [FromTraceID] and [FromSpanContext] convert both ways
// through the 16 bytes of [id.ID.As16] (docs/contract.md, B1). It imports
// only the trace API; tested with otel, otel/sdk and otel/trace v1.47.0.
package idotel

import (
	"context"
	"encoding/binary"

	"github.com/idkeys/id"
	"github.com/idkeys/id/internal/rng"
	"go.opentelemetry.io/otel/trace"
)

// IDGenerator is an OpenTelemetry SDK id generator (sdktrace.IDGenerator)
// whose trace ids are made by [id.New]: time-ordered in the process, the
// first 48 bits the trace's Unix milliseconds (docs/contract.md G6, G7,
// G11), the low 64 bits fresh random bits, which the TraceIDRatioBased
// sampler reads. Span ids are 64 fresh random bits from New's source
// (internal/rng, docs/security.md). Its zero value is ready; it is safe
// for concurrent use and takes no lock of its own.
type IDGenerator struct{}

// NewIDs returns a trace id made by [id.New] (16 bytes, [id.ID.As16]) and
// a span id of 64 random bits, neither ever all zero. ctx is not used.
func (IDGenerator) NewIDs(context.Context) (trace.TraceID, trace.SpanID) {
	return trace.TraceID(id.New().As16()), newSpanID()
}

// NewSpanID returns a span id of 64 random bits, never all zero. ctx and
// traceID are not used.
func (IDGenerator) NewSpanID(context.Context, trace.TraceID) trace.SpanID {
	return newSpanID()
}

// newSpanID draws again in the 1 case in 2^64 of all zero bits.
func newSpanID() trace.SpanID {
	c := rng.Get()
	defer rng.Put(c)
	for {
		if r := c.Uint64(); r != 0 {
			var s trace.SpanID
			binary.BigEndian.PutUint64(s[:], r)
			return s
		}
	}
}

// TraceID returns the trace id of v's 16 bytes, [id.ID.As16]; its String
// is 32 lowercase hex digits. The zero ID gives the invalid all-zero one.
func TraceID(v id.ID) trace.TraceID {
	return trace.TraceID(v.As16())
}

// FromTraceID returns the ID of t's 16 bytes ([id.From16]), the inverse
// of [TraceID]; the all-zero trace id gives [ErrInvalidTraceID].
func FromTraceID(t trace.TraceID) (id.ID, error) {
	v, err := id.From16(t)
	if err != nil {
		return id.ID{}, ErrInvalidTraceID
	}
	return v, nil
}

// FromSpanContext returns [FromTraceID] of sc's trace id:
// [ErrInvalidTraceID] for a span context with no trace.
func FromSpanContext(sc trace.SpanContext) (id.ID, error) {
	return FromTraceID(sc.TraceID())
}

// ErrInvalidTraceID is the error for the all-zero trace id; it wraps
// [id.ErrZeroBytes], which wraps [id.ErrInvalid].
var ErrInvalidTraceID error = zeroTraceIDError{}

type zeroTraceIDError struct{}

func (zeroTraceIDError) Error() string {
	return "id: invalid id: the all-zero trace id 00000000000000000000000000000000 names no trace and no id (W3C Trace Context: invalid)"
}

func (zeroTraceIDError) Unwrap() error { return id.ErrZeroBytes }
