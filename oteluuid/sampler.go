package oteluuid

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// The specification's randomness values and thresholds are 56-bit
// integers, written in tracestate as up to 14 hex digits.
const (
	randomnessBits = 56
	maxThreshold   = 1 << randomnessBits // rejects every randomness value: sample nothing
	hexDigits      = randomnessBits / 4
)

// NewSampler returns the consistent probability sampler of the
// OpenTelemetry specification ("TraceState: Probability Sampling") for
// ratio, the fraction of traces to sample. It derives a rejection
// threshold T = 2^56 - round(ratio × 2^56) once, and samples a span when
// the trace's randomness value R is at least T: R is the rv sub-key of the
// ot entry of the parent's tracestate when that holds 14 hex digits, and
// otherwise the rightmost 56 bits of the trace ID (bytes 9 to 15), which
// are random in version 4 and 7 UUIDs and in the trace IDs of every SDK's
// random generator. So any trace ID, UUID or not, is sampled at ratio, and
// a service whose sampler follows the specification samples the same
// traces at the same ratio: the composite sampler of the OpenTelemetry
// JavaScript SDK (@opentelemetry/sampler-composite's ComposableProbability)
// derives the same threshold.
//
// A sampled span's tracestate carries the threshold as ot=th:<T in hex,
// trailing zeros removed> ("0" for ratio 1), beside the ot entry's other
// sub-keys, so that a backend can count what each sampled span stands for;
// an unsampled span's has no th. Ratio 0 samples nothing. A ratio outside
// [0, 1], or NaN, gives an error matching [ErrRatio].
//
// The sampler decides from the trace ID alone, as
// [sdktrace.TraceIDRatioBased] does; wrap it in [sdktrace.ParentBased] so
// that child spans follow their parent's decision.
func NewSampler(ratio float64) (sdktrace.Sampler, error) {
	if !(ratio >= 0 && ratio <= 1) {
		return nil, fmt.Errorf("oteluuid: sampling ratio %v: %w", ratio, ErrRatio)
	}
	s := consistentSampler{threshold: maxThreshold - uint64(math.Round(ratio*maxThreshold))}
	th := "none"
	if s.threshold < maxThreshold {
		s.th = thresholdText(s.threshold)
		th = s.th
	}
	s.desc = "ConsistentProbabilitySampler{threshold=" + th + ",ratio=" + strconv.FormatFloat(ratio, 'g', -1, 64) + "}"
	return s, nil
}

type consistentSampler struct {
	threshold uint64 // 0 samples everything, maxThreshold nothing
	th        string // the threshold as tracestate writes it; "" for maxThreshold
	desc      string
}

func (s consistentSampler) ShouldSample(p sdktrace.SamplingParameters) sdktrace.SamplingResult {
	ts := trace.SpanContextFromContext(p.ParentContext).TraceState()
	ot := ts.Get("ot")
	r, ok := randomValue(ot)
	if !ok {
		r = rightmost56(p.TraceID)
	}
	sampled := s.threshold < maxThreshold && r >= s.threshold
	th := ""
	if sampled {
		th = s.th
	}
	// The ot entry, once written, moves to the front of the tracestate,
	// as W3C Trace Context asks of an updated entry and as the
	// JavaScript SDK does.
	// Sub-keys that make the entry invalid once rewritten are dropped
	// rather than keep a stale th.
	if newOT := withThreshold(ot, th); newOT == "" {
		ts = ts.Delete("ot")
	} else if next, err := ts.Insert("ot", newOT); err == nil {
		ts = next
	} else if next, err := ts.Insert("ot", withThreshold("", th)); err == nil && th != "" {
		ts = next
	} else {
		ts = ts.Delete("ot")
	}
	if !sampled {
		return sdktrace.SamplingResult{Decision: sdktrace.Drop, Tracestate: ts}
	}
	return sdktrace.SamplingResult{Decision: sdktrace.RecordAndSample, Tracestate: ts}
}

func (s consistentSampler) Description() string { return s.desc }

// rightmost56 returns the randomness value of a trace ID: its rightmost
// 56 bits, bytes 9 to 15 read big-endian.
func rightmost56(id trace.TraceID) uint64 {
	var r uint64
	for _, b := range id[16-randomnessBits/8:] {
		r = r<<8 | uint64(b)
	}
	return r
}

// randomValue returns the rv sub-key of an ot tracestate value, if it is
// 14 hex digits.
func randomValue(ot string) (uint64, bool) {
	for f := range strings.SplitSeq(ot, ";") {
		if v, ok := strings.CutPrefix(f, "rv:"); ok && len(v) == hexDigits {
			r, err := strconv.ParseUint(v, 16, 64)
			return r, err == nil
		}
	}
	return 0, false
}

// thresholdText writes t as the th sub-key does: 14 hex digits with the
// trailing zeros removed, or "0".
func thresholdText(t uint64) string {
	if t == 0 {
		return "0"
	}
	s := strconv.FormatUint(t, 16)
	s = strings.Repeat("0", hexDigits-len(s)) + s
	return strings.TrimRight(s, "0")
}

// withThreshold returns the ot tracestate value ot with its th sub-key
// set to th, or removed if th is empty: th first, then rv, then the other
// sub-keys in their order, as the JavaScript SDK writes them.
func withThreshold(ot, th string) string {
	var parts, rest []string
	if th != "" {
		parts = append(parts, "th:"+th)
	}
	for f := range strings.SplitSeq(ot, ";") {
		switch {
		case f == "" || strings.HasPrefix(f, "th:"):
		case strings.HasPrefix(f, "rv:"):
			parts = append(parts, f)
		default:
			rest = append(rest, f)
		}
	}
	return strings.Join(append(parts, rest...), ";")
}
