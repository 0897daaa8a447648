package arrowuuid_test

import (
	"runtime"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/arrowuuid"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/extensions"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// columnRows is the size of the column BenchmarkColumn converts.
const columnRows = 1_000_000

// columnText returns a string column of n UUIDs in canonical text, as a
// CSV or JSON reader, or a string column of another engine, hands them
// over.
func columnText(n int) *array.String {
	b := array.NewStringBuilder(memory.DefaultAllocator)
	defer b.Release()
	for range n {
		b.Append(uuid.NewV4().String())
	}
	return b.NewStringArray()
}

// column converts a string column to an arrow.uuid column and back to a
// string column, each the way its UUID type offers: arrow-go's through
// AppendValueFromString and ValueStr, which returns a new string per row;
// ours through AppendValueFromString and the UUIDs of Values, each
// formatted by UUID.AppendText into one reused buffer.
type column struct {
	name string
	// build appends every string to a new UUID column and returns it.
	build func(mem memory.Allocator, in *array.String) (arrow.Array, error)
	// text appends the column's values as text to out.
	text func(a arrow.Array, out *array.StringBuilder)
}

var columns = []column{
	{
		name: "arrow-go",
		build: func(mem memory.Allocator, in *array.String) (arrow.Array, error) {
			b := extensions.NewUUIDBuilder(mem)
			defer b.Release()
			b.Reserve(in.Len())
			for i := range in.Len() {
				if err := b.AppendValueFromString(in.Value(i)); err != nil {
					return nil, err
				}
			}
			return b.NewArray(), nil
		},
		text: func(a arrow.Array, out *array.StringBuilder) {
			out.Reserve(a.Len())
			out.ReserveData(a.Len() * 36)
			for i := range a.Len() {
				out.Append(a.ValueStr(i))
			}
		},
	},
	{
		name: "arrowuuid",
		build: func(mem memory.Allocator, in *array.String) (arrow.Array, error) {
			b := arrowuuid.NewBuilder(mem)
			defer b.Release()
			b.Reserve(in.Len())
			for i := range in.Len() {
				if err := b.AppendValueFromString(in.Value(i)); err != nil {
					return nil, err
				}
			}
			return b.NewArray(), nil
		},
		text: func(a arrow.Array, out *array.StringBuilder) {
			out.Reserve(a.Len())
			out.ReserveData(a.Len() * 36)
			var buf []byte
			for _, u := range a.(*arrowuuid.Array).Values() {
				buf, _ = u.AppendText(buf[:0])
				out.BinaryBuilder.Append(buf)
			}
		},
	},
}

// roundTrip converts in to a UUID column and back with c.
func (c column) roundTrip(in *array.String) (*array.String, error) {
	a, err := c.build(memory.DefaultAllocator, in)
	if err != nil {
		return nil, err
	}
	defer a.Release()
	out := array.NewStringBuilder(memory.DefaultAllocator)
	defer out.Release()
	c.text(a, out)
	return out.NewStringArray(), nil
}

// TestColumnRoundTrip is BenchmarkColumn's check: both conversions give
// back the text they were given.
func TestColumnRoundTrip(t *testing.T) {
	in := columnText(1000)
	defer in.Release()
	for _, c := range columns {
		out, err := c.roundTrip(in)
		if err != nil {
			t.Fatal(err)
		}
		if !array.Equal(in, out) {
			t.Errorf("%s: round trip gives %v; want %v", c.name, out, in)
		}
		out.Release()
	}
}

// BenchmarkColumn converts a string column of a million UUIDs to an
// arrow.uuid column and back to a string column, with arrow-go's own UUID
// type (over google/uuid) and with this package's. ns/row and allocs/row
// are per UUID. go test -count=N runs each sub-benchmark N times back to
// back; for interleaved rounds, run the test binary once per round:
//
//	go test -c -o arrowuuid.test . && for i in 1 2 3 4 5 6; do
//	  ./arrowuuid.test -test.run '^$' -test.bench '^BenchmarkColumn$' -test.benchtime=10x -test.benchmem
//	done > column.txt && benchstat -col /impl column.txt
func BenchmarkColumn(b *testing.B) {
	in := columnText(columnRows)
	defer in.Release()
	for _, c := range columns {
		b.Run("impl="+c.name, func(b *testing.B) {
			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				out, err := c.roundTrip(in)
				if err != nil {
					b.Fatal(err)
				}
				out.Release()
			}
			runtime.ReadMemStats(&after)
			rows := float64(b.N) * columnRows
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/rows, "ns/row")
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/rows, "allocs/row")
		})
	}
}
