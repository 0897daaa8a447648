package oteluuid_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/afb7af96/uuid/oteluuid"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
)

// Example installs the ID generator and the sampler in a TracerProvider:
// trace IDs are version 7 UUIDs, sampled at 1 in 4 by the rightmost 56
// bits as every service with a consistent probability sampler at that
// ratio samples them; child spans follow their root.
func Example() {
	sampler, err := oteluuid.NewSampler(0.25)
	if err != nil {
		log.Fatal(err)
	}
	rec := tracetest.NewSpanRecorder() // in production, an exporter
	tp := sdktrace.NewTracerProvider(
		sdktrace.WithIDGenerator(oteluuid.IDGenerator{}),
		sdktrace.WithSampler(sdktrace.ParentBased(sampler)),
		sdktrace.WithSpanProcessor(rec),
	)
	defer tp.Shutdown(context.Background())

	for range 1000 {
		_, span := tp.Tracer("example").Start(context.Background(), "request")
		span.End()
	}
	spans := rec.Ended()
	sc := spans[0].SpanContext()
	u, err := oteluuid.FromTraceID(sc.TraceID())
	if err != nil {
		log.Fatal(err)
	}
	start, err := oteluuid.Time(sc.TraceID())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("version:", u.Version())
	fmt.Println("tracestate:", sc.TraceState())
	fmt.Println("began within the last minute:", time.Since(start) < time.Minute)
	fmt.Println("sampled about 1 in 4:", len(spans) > 150 && len(spans) < 350)
	// Output:
	// version: v7
	// tracestate: ot=th:c
	// began within the last minute: true
	// sampled about 1 in 4: true
}
