package oteluuid_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/apitest"
	"github.com/afb7af96/uuid/oteluuid"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// TestIDGeneratorProvider starts spans through a TracerProvider that uses
// IDGenerator and checks what the SDK recorded: version 7 trace IDs made
// between the clock readings around them, shared by a root's children,
// distinct per root, and distinct valid span IDs.
func TestIDGeneratorProvider(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithIDGenerator(oteluuid.IDGenerator{}), sdktrace.WithSpanProcessor(rec))
	defer tp.Shutdown(context.Background())
	tr := tp.Tracer("oteluuid")
	const roots = 200
	before := time.Now().Truncate(time.Millisecond)
	for range roots {
		ctx, root := tr.Start(context.Background(), "root")
		_, child := tr.Start(ctx, "child")
		child.End()
		root.End()
	}
	after := time.Now()
	spans := rec.Ended()
	if len(spans) != 2*roots {
		t.Fatalf("recorded %d spans; want %d", len(spans), 2*roots)
	}
	traces, spanIDs := map[trace.TraceID]int{}, map[trace.SpanID]bool{}
	for _, s := range spans {
		sc := s.SpanContext()
		traces[sc.TraceID()]++
		if !sc.SpanID().IsValid() || spanIDs[sc.SpanID()] {
			t.Errorf("span ID %s is invalid or repeated", sc.SpanID())
		}
		spanIDs[sc.SpanID()] = true
		u, err := oteluuid.FromTraceID(sc.TraceID())
		if err != nil || u.Version() != 7 {
			t.Fatalf("FromTraceID(%s) = %v, %v; want a version 7 UUID", sc.TraceID(), u, err)
		}
		at, err := oteluuid.Time(sc.TraceID())
		if err != nil || at.Before(before) || at.After(after) {
			t.Errorf("Time(%s) = %v, %v; want between %v and %v", sc.TraceID(), at, err, before, after)
		}
		if s.Parent().IsValid() && s.Parent().TraceID() != sc.TraceID() {
			t.Errorf("child span of trace %s has parent in trace %s", sc.TraceID(), s.Parent().TraceID())
		}
	}
	if len(traces) != roots {
		t.Fatalf("%d distinct trace IDs for %d roots; want one per root", len(traces), roots)
	}
	for id, n := range traces {
		if n != 2 {
			t.Errorf("trace %s has %d spans; want 2", id, n)
		}
	}
}

func TestIDGeneratorSpanID(t *testing.T) {
	g := oteluuid.IDGenerator{}
	tid, _ := g.NewIDs(context.Background())
	seen := map[trace.SpanID]bool{}
	for range 10000 {
		id := g.NewSpanID(context.Background(), tid)
		if !id.IsValid() || seen[id] {
			t.Fatalf("NewSpanID = %s: invalid or repeated", id)
		}
		seen[id] = true
	}
}

func TestTraceIDRoundTrip(t *testing.T) {
	for _, u := range []uuid.UUID{uuid.NewV4(), uuid.NewV7(), uuid.NewV1(), uuid.NewV5(uuid.NamespaceDNS(), "example.com"),
		uuid.MustParse("00112233-4455-8677-8899-aabbccddeeff")} {
		id := oteluuid.TraceID(u)
		if id.String() != u.String()[0:8]+u.String()[9:13]+u.String()[14:18]+u.String()[19:23]+u.String()[24:] {
			t.Errorf("TraceID(%v) = %s; want the same 16 bytes", u, id)
		}
		if got, err := oteluuid.FromTraceID(id); err != nil || got != u {
			t.Errorf("FromTraceID(%s) = %v, %v; want %v", id, got, err, u)
		}
	}
	if id := oteluuid.TraceID(uuid.Nil()); id.IsValid() {
		t.Errorf("TraceID(Nil) = %s is valid; want the invalid all-zero trace ID", id)
	}
}

func TestFromTraceIDErrors(t *testing.T) {
	tests := []struct {
		name string
		id   string
	}{
		{"zero", "00000000000000000000000000000000"},
		{"max", "ffffffffffffffffffffffffffffffff"},
		{"w3cExample", "4bf92f3577b34da6a3ce929d0e0e4736"}, // byte 6 is 4d, byte 8 a3: a UUID by chance
		{"ncsVariant", "0af7651916cd43dd0448eb211c80319c"},
		{"microsoftVariant", "0af7651916cd43ddc448eb211c80319c"},
		{"version0", "0af7651916cd03dd8448eb211c80319c"},
		{"version9", "0af7651916cd93dd8448eb211c80319c"},
		{"version15", "0af7651916cdf3dd8448eb211c80319c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, err := trace.TraceIDFromHex(tt.id)
			if err != nil && tt.name != "zero" {
				t.Fatal(err)
			}
			u, err := oteluuid.FromTraceID(id)
			if tt.name == "w3cExample" {
				// The W3C Trace Context example ID has the bits of a
				// version 4 UUID, as one random ID in 32 has.
				if err != nil || u.Version() != 4 {
					t.Fatalf("FromTraceID(%s) = %v, %v; want a version 4 UUID", id, u, err)
				}
				return
			}
			if !errors.Is(err, uuid.ErrEncoding) || u != uuid.Nil() {
				t.Errorf("FromTraceID(%s) = %v, %v; want Nil and an error matching uuid.ErrEncoding", id, u, err)
			}
			if at, err := oteluuid.Time(id); !errors.Is(err, uuid.ErrEncoding) || !at.IsZero() {
				t.Errorf("Time(%s) = %v, %v; want an error matching uuid.ErrEncoding", id, at, err)
			}
		})
	}
}

func TestTime(t *testing.T) {
	at := time.Date(2026, 11, 28, 9, 30, 15, 123_000_000, time.UTC)
	u7, err := uuid.NewGenerator(uuid.GeneratorOptions{Now: func() time.Time { return at }}).NewV7()
	if err != nil {
		t.Fatal(err)
	}
	// RFC 9562, Appendix A.6: 017F22E2-79B0-7CC3-98C4-DC0C0C07398F,
	// made at Tuesday, February 22, 2022 2:22:22.00 PM GMT-05:00.
	rfc := uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	tests := []struct {
		u    uuid.UUID
		want time.Time
	}{
		{u7, at},
		{rfc, time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)},
	}
	for _, tt := range tests {
		got, err := oteluuid.Time(oteluuid.TraceID(tt.u))
		// A layout with a sub-millisecond fraction reads back finer than
		// the millisecond; the millisecond is the same either way.
		if err != nil || got.Truncate(time.Millisecond) != tt.want.Truncate(time.Millisecond) {
			t.Errorf("Time(%v) = %v, %v; want %v", tt.u, got, err, tt.want)
		}
	}
	if _, err := oteluuid.Time(oteluuid.TraceID(uuid.NewV4())); !errors.Is(err, uuid.ErrVersion) {
		t.Errorf("Time(v4) = %v; want an error matching uuid.ErrVersion", err)
	}
}

const docPage = "../docs/ecosystem.md"

func TestAPI(t *testing.T) {
	apitest.Check(t, ".", "github.com/afb7af96/uuid/oteluuid", "../api/oteluuid.txt")
}

// TestDocExamples checks that the example the user document shows is this
// package's runnable example, line for line, and that it names every
// entry point.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, docPage, "oteluuid", "example_test.go")
	apitest.CheckDocNames(t, docPage, "oteluuid", ".", "github.com/afb7af96/uuid/oteluuid")
}

// TestConcurrent shares one IDGenerator and one sampler between
// goroutines, as a TracerProvider does; run under -race. Every trace ID is
// distinct.
func TestConcurrent(t *testing.T) {
	s, err := oteluuid.NewSampler(0.5)
	if err != nil {
		t.Fatal(err)
	}
	g := oteluuid.IDGenerator{}
	const workers, each = 8, 2000
	ids := make(chan trace.TraceID, workers*each)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range each {
				tid, sid := g.NewIDs(context.Background())
				_ = g.NewSpanID(context.Background(), tid)
				s.ShouldSample(sdktrace.SamplingParameters{ParentContext: context.Background(), TraceID: tid})
				if !sid.IsValid() {
					t.Error("invalid span ID")
				}
				ids <- tid
			}
		})
	}
	wg.Wait()
	close(ids)
	seen := map[trace.TraceID]bool{}
	for id := range ids {
		if seen[id] {
			t.Fatalf("trace ID %s made twice", id)
		}
		seen[id] = true
	}
	if len(seen) != workers*each {
		t.Fatalf("%d trace IDs; want %d", len(seen), workers*each)
	}
}
