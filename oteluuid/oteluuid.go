// Package oteluuid makes and reads OpenTelemetry trace IDs that are
// UUIDs, for the OpenTelemetry Go SDK (go.opentelemetry.io/otel/sdk).
//
// A version 7 UUID as trace ID sorts and joins with the rows it touched:
// its first 48 bits are the Unix millisecond it was made. [IDGenerator]
// makes such trace IDs; [TraceID] and [FromTraceID] convert between a
// UUID and a [trace.TraceID]; [Time] reads when a trace began from its ID.
//
// # Sampling
//
// The SDK's [sdktrace.TraceIDRatioBased] reads bytes 8 to 15 of a trace
// ID, whose first two bits are the RFC 9562 variant bits 10 in every
// UUID: it samples UUID trace IDs at a rate that has nothing to do with
// the ratio (none at 0.5 or below, all at 0.75 or above). [NewSampler] is the
// consistent probability sampler of the OpenTelemetry specification
// ("TraceState: Probability Sampling"): it compares a 56-bit threshold
// with the rightmost 56 bits of the trace ID, which are random in version
// 4 and 7 UUIDs as in the trace IDs of the W3C Trace Context Level 2 and
// every SDK's default generator, and records the threshold as ot=th:… in
// the tracestate. Every service, in any language, whose sampler follows
// the specification at the same ratio decides the same way for the same
// trace.
//
// # The W3C random flag
//
// Trace Context Level 2 has a trace flag saying that the rightmost 56 bits
// of the trace ID are random ([trace.FlagsRandom]). Version 1.47.0 of the
// SDK propagates it but sets the flags of a new root span from its parent
// alone, with no way for an IDGenerator or a Sampler to set it, so trace
// IDs from IDGenerator go out without it. [NewSampler] does not need it:
// it reads the rightmost 56 bits whatever the flags say, as the
// specification's samplers do.
package oteluuid

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"time"

	"github.com/afb7af96/uuid"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// IDGenerator is an [sdktrace.IDGenerator] that makes version 7 UUIDs as
// trace IDs, with [uuid.NewV7], and span IDs of 64 random bits from
// crypto/rand (never all zeros, which the SDK treats as invalid). Install
// it with sdktrace.WithIDGenerator(oteluuid.IDGenerator{}). Its zero value
// is ready to use; it holds nothing, so copies and concurrent use are
// safe. A version 7 trace ID reveals when its trace began, to the
// millisecond (RFC 9562, Section 8).
type IDGenerator struct{}

var _ sdktrace.IDGenerator = IDGenerator{}

// NewIDs returns a new version 7 trace ID and a random span ID.
func (IDGenerator) NewIDs(context.Context) (trace.TraceID, trace.SpanID) {
	return trace.TraceID(uuid.NewV7()), newSpanID()
}

// NewSpanID returns a random span ID.
func (IDGenerator) NewSpanID(context.Context, trace.TraceID) trace.SpanID {
	return newSpanID()
}

// newSpanID draws 8 bytes from crypto/rand until they are not all zero
// (once in 2^64 calls it draws twice).
func newSpanID() trace.SpanID {
	var id trace.SpanID
	for !id.IsValid() {
		rand.Read(id[:])
	}
	return id
}

// TraceID returns u as a trace ID: the same 16 bytes. The Nil UUID gives
// the all-zero trace ID, which the SDK treats as invalid.
func TraceID(u uuid.UUID) trace.TraceID { return trace.TraceID(u) }

// FromTraceID returns the UUID whose 16 bytes are those of id, if id is a
// UUID: its variant bits are RFC 9562's (10) and its version is one RFC
// 9562 defines (1 to 8). Otherwise it returns the Nil UUID and an error
// matching [uuid.ErrEncoding] that names id; the all-zero trace ID, the
// invalid one, is not a UUID here either. A trace ID can be a UUID by
// chance: one in 32 random trace IDs has these bits.
func FromTraceID(id trace.TraceID) (uuid.UUID, error) {
	u := uuid.UUID(id)
	if u.Variant() != uuid.VariantRFC9562 || u.Version() < 1 || u.Version() > 8 {
		return uuid.UUID{}, fmt.Errorf("oteluuid: trace ID %s is not a UUID (variant %v, version %d): %w",
			id, u.Variant(), u.Version(), uuid.ErrEncoding)
	}
	return u, nil
}

// Time returns when a trace began, from its trace ID: the time a version
// 7 UUID carries (as [uuid.UUID.Time] reads it), and that of a version 1
// or 6. A trace ID that is not a UUID gives the error of [FromTraceID];
// a UUID of a version without a time, an error matching [uuid.ErrVersion].
func Time(id trace.TraceID) (time.Time, error) {
	u, err := FromTraceID(id)
	if err != nil {
		return time.Time{}, err
	}
	t, ok := u.Time()
	if !ok {
		return time.Time{}, fmt.Errorf("oteluuid: trace ID %s is a version %d UUID, which carries no time: %w",
			id, u.Version(), uuid.ErrVersion)
	}
	return t, nil
}

// ErrRatio is matched, with [errors.Is], by the error of [NewSampler] for
// a ratio outside [0, 1] or NaN.
var ErrRatio = errors.New("oteluuid: sampling ratio outside [0, 1]")
