package oteluuid_test

import (
	"context"
	"encoding/binary"
	"errors"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/oteluuid"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// FuzzSampler checks NewSampler's decision against the specification's
// rule, worked out here the slow way, for any trace ID, ratio and parent
// tracestate: sampled exactly when the ratio is above 0 and the
// randomness (the parent's 14-digit rv, or the trace ID's rightmost 56
// bits) is at least the threshold; a sampled span's ot entry starts with
// th and the threshold, an unsampled one's has no th; FromTraceID accepts
// exactly the IDs with the RFC 9562 variant and a version from 1 to 8.
func FuzzSampler(f *testing.F) {
	f.Add([]byte("0123456789abcdef"), 0.5, "")                                     // no tracestate
	f.Add([]byte{0x01, 6: 0x70, 8: 0x80, 15: 0x01}, 0.001, "ot=rv:ffffffffffffff") // rv wins
	f.Add([]byte{15: 1}, 1.0, "vendor=x,ot=th:8;rv:00000000000000;zz:1")           // ratio 1
	f.Add([]byte{8: 0xff, 9: 0xff}, 0.0, "ot=th:0")                                // ratio 0
	f.Add([]byte("abcdefghijklmnop"), 0.3, "ot=rv:123")                            // short rv: ignored
	f.Add([]byte("abcdefghijklmnop"), 1.5, "")                                     // bad ratio
	f.Fuzz(func(t *testing.T, b []byte, ratio float64, parent string) {
		if len(b) != 16 {
			return
		}
		id := trace.TraceID(b)
		s, err := oteluuid.NewSampler(ratio)
		if !(ratio >= 0 && ratio <= 1) {
			if !errors.Is(err, oteluuid.ErrRatio) {
				t.Fatalf("NewSampler(%v) = %v; want ErrRatio", ratio, err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		ts, err := trace.ParseTraceState(parent)
		if err != nil {
			return
		}
		ctx := trace.ContextWithSpanContext(context.Background(), trace.NewSpanContext(trace.SpanContextConfig{
			TraceID: id, SpanID: trace.SpanID{7: 1}, TraceState: ts, Remote: true}))
		res := s.ShouldSample(sdktrace.SamplingParameters{ParentContext: ctx, TraceID: id})

		randomness := binary.BigEndian.Uint64(b[8:]) & (1<<56 - 1)
		for _, f := range strings.Split(ts.Get("ot"), ";") {
			if v, ok := strings.CutPrefix(f, "rv:"); ok && len(v) == 14 {
				if r, err := strconv.ParseUint(v, 16, 64); err == nil {
					randomness = r
				}
				break
			}
		}
		// 2^56 - round(ratio × 2^56), in exact arithmetic.
		scaled := new(big.Float).SetPrec(128).SetFloat64(ratio)
		scaled.SetMantExp(scaled, 56).Add(scaled, big.NewFloat(0.5))
		rounded, _ := scaled.Uint64()
		threshold := uint64(1<<56) - rounded
		want := ratio > 0 && randomness >= threshold
		got := res.Decision == sdktrace.RecordAndSample
		ot := res.Tracestate.Get("ot")
		hasTh := strings.HasPrefix(ot, "th:")
		ths := 0
		for _, f := range strings.Split(ot, ";") {
			if strings.HasPrefix(f, "th:") {
				ths++
			}
		}
		if got != want || got != hasTh || ths > 1 {
			t.Fatalf("ratio %v, trace ID %s, parent %q: sampled %v, tracestate %q; want sampled %v", ratio, id, parent, got, res.Tracestate, want)
		}
		if got {
			th, _, _ := strings.Cut(strings.TrimPrefix(ot, "th:"), ";")
			v, err := strconv.ParseUint((th + "00000000000000")[:14], 16, 64)
			if err != nil || len(th) > 14 || v != threshold || (th != "0" && strings.HasSuffix(th, "0")) {
				t.Fatalf("ratio %v: th %q; want the threshold %014x without trailing zeros", ratio, th, threshold)
			}
		}

		u, err := oteluuid.FromTraceID(id)
		isUUID := b[8]>>6 == 2 && b[6]>>4 >= 1 && b[6]>>4 <= 8
		if isUUID != (err == nil) || (err == nil && u != uuid.UUID(b)) || (err != nil && !errors.Is(err, uuid.ErrEncoding)) {
			t.Fatalf("FromTraceID(%s) = %v, %v; a UUID: %v", id, u, err, isUUID)
		}
	})
}
