// Package idotel makes OpenTelemetry trace ids out of ids, so that a
// trace id is an id like every other correlation value (KEYS-7): one
// grep of its 26 characters, or of its 32 hexadecimal digits, finds every
// mention of it in logs, rows and traces.
//
// [IDGenerator] gives the OpenTelemetry SDK (go.opentelemetry.io/otel/sdk)
// trace ids made by [id.New]: the 16 bytes of [id.ID.As16], the ULID
// binary layout (docs/contract.md, B1), so trace ids sort by the
// millisecond their trace began. Wire it once, where the tracer provider
// is made:
//
//	tp := sdktrace.NewTracerProvider(
//		sdktrace.WithIDGenerator(idotel.IDGenerator{}),
//		// exporters, sampler, resource...
//	)
//
// [TraceID] and [FromTraceID] convert between an [id.ID] and a
// trace.TraceID, both ways, with no second decoder: the 16 bytes are
// [id.ID.As16] and [id.From16]'s. [FromSpanContext] reads the id of the
// trace a span belongs to, for a log line.
//
// Sampling stays fair: the SDK's TraceIDRatioBased sampler decides on the
// low 8 bytes of a trace id, and the low 64 bits of an id from [id.New]
// are drawn fresh for every id. How to wire it, why sampling is fair, and
// going from a log line to a trace and back with `id inspect`:
// docs/tracing.md.
//
// It is a module of its own so that OpenTelemetry reaches only the
// programs that use it. The package itself imports only the trace API
// (go.opentelemetry.io/otel/trace), not the SDK; it is tested against
// go.opentelemetry.io/otel, otel/sdk and otel/trace v1.47.0.
package idotel

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"math/rand/v2"
	"sync"

	"github.com/idkeys/id"
	"go.opentelemetry.io/otel/trace"
)

// IDGenerator is an OpenTelemetry SDK id generator (sdktrace.IDGenerator,
// set with sdktrace.WithIDGenerator) whose trace ids are made by
// [id.New]. Its zero value is ready to use, and it is safe for concurrent
// use, as the SDK requires: New takes no lock, and neither do the span
// ids.
//
// Trace ids are time-ordered: each trace id is greater than every trace
// id made before it in the process, as each id from New is greater than
// the ones before it, and its first 48 bits are the Unix time in
// milliseconds at which the trace began (the SDK asks for the ids of a
// root span just before it reads the span's start time), or, when New's
// timestamp has run ahead of the clock (docs/contract.md G6, G7), the
// millisecond after the previous id's. Their low 64
// bits are random, fresh for each id, so the SDK's TraceIDRatioBased
// sampler, which reads only those, samples them at its ratio.
//
// Span ids are 64 fresh random bits, never all zero, from the same kind
// of source New draws its random bits from (docs/security.md): math/rand/v2's
// ChaCha8 generators ("cryptographically strong"), each seeded with 32
// bytes of crypto/rand.Read, one per P through a sync.Pool, so no call
// takes a lock but the pool's first use after a garbage collection.
type IDGenerator struct{}

// NewIDs returns the ids of a new root span: a trace id made by [id.New]
// (its 16 bytes, [id.ID.As16]) and a span id of 64 random bits. Neither
// is ever all zero. ctx is not used.
func (IDGenerator) NewIDs(context.Context) (trace.TraceID, trace.SpanID) {
	return trace.TraceID(id.New().As16()), newSpanID()
}

// NewSpanID returns the id of a new span in the trace traceID: 64 random
// bits, never all zero. ctx and traceID are not used.
func (IDGenerator) NewSpanID(context.Context, trace.TraceID) trace.SpanID {
	return newSpanID()
}

// newSpanID returns 64 fresh random bits, drawn again in the 1 case in
// 2^64 that they are all zero, which W3C Trace Context calls invalid.
func newSpanID() trace.SpanID {
	c, _ := chacha8s.Get().(*rand.ChaCha8)
	if c == nil {
		c = newChaCha8()
	}
	defer chacha8s.Put(c)
	for {
		if r := c.Uint64(); r != 0 {
			var s trace.SpanID
			binary.BigEndian.PutUint64(s[:], r)
			return s
		}
	}
}

// chacha8s holds the ChaCha8 generators of newSpanID, one for each P that
// made span ids recently.
var chacha8s sync.Pool

// newChaCha8 returns a ChaCha8 generator seeded with 32 bytes of
// crypto/rand.Read, which never returns an error: it stops the process
// rather than return fewer random bytes.
func newChaCha8() *rand.ChaCha8 {
	var seed [32]byte
	crand.Read(seed[:])
	c := rand.NewChaCha8(seed)
	clear(seed[:])
	return c
}

// TraceID returns the trace id whose 16 bytes are v's, [id.ID.As16]: the
// ULID binary layout (docs/contract.md, B1). Its String is 32 lowercase
// hexadecimal digits, the spelling of a W3C traceparent header and of
// most trace backends, which `id inspect` prints and reads back.
//
// The zero ID gives the all-zero trace id, which is not valid
// (trace.TraceID.IsValid reports false): the zero ID names nothing.
func TraceID(v id.ID) trace.TraceID {
	return trace.TraceID(v.As16())
}

// FromTraceID returns the ID whose 16 bytes are t's, the inverse of
// [TraceID], through [id.From16] (docs/contract.md, B2).
//
// The all-zero trace id, which W3C Trace Context calls invalid and the
// SDK uses for "no trace", is refused with [ErrInvalidTraceID], never
// turned into the zero ID; that error wraps [id.ErrZeroBytes] and so
// [id.ErrInvalid]. Every other trace id is an ID, including trace ids
// that were not made by an [IDGenerator] (other services, other SDKs):
// their first 48 bits are random, so the ID's [id.ID.Time] is then
// meaningless.
func FromTraceID(t trace.TraceID) (id.ID, error) {
	v, err := id.From16(t)
	if err != nil {
		return id.ID{}, ErrInvalidTraceID
	}
	return v, nil
}

// FromSpanContext returns the ID of the trace sc belongs to: [FromTraceID]
// of its trace id. In a handler, trace.SpanContextFromContext(ctx) gives
// the current span's context, for a log line that carries the trace's id.
// A span context with no trace (the zero trace.SpanContext, what
// SpanContextFromContext returns outside any span) is refused with
// [ErrInvalidTraceID].
func FromSpanContext(sc trace.SpanContext) (id.ID, error) {
	return FromTraceID(sc.TraceID())
}

// ErrInvalidTraceID is returned by [FromTraceID] and [FromSpanContext]
// for the all-zero trace id, which names no trace and no id. It wraps
// [id.ErrZeroBytes], which wraps [id.ErrInvalid].
var ErrInvalidTraceID error = zeroTraceIDError{}

type zeroTraceIDError struct{}

func (zeroTraceIDError) Error() string {
	return "id: invalid id: the all-zero trace id 00000000000000000000000000000000 names no trace and no id (W3C Trace Context: invalid)"
}

func (zeroTraceIDError) Unwrap() error { return id.ErrZeroBytes }
