package arrowuuid_test

import (
	"runtime"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/arrowuuid"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/extensions"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// columnRows is the size of the column BenchmarkColumn converts.
const columnRows = 1_000_000

// columnText returns n UUIDs as canonical text, as a file or a JSON or
// CSV reader hands them over.
func columnText(n int) []string {
	s := make([]string, n)
	for i := range s {
		s[i] = uuid.NewV4().String()
	}
	return s
}

// column converts a column of text to an arrow.uuid column and back to
// text, through each UUID type's own builder and array.
type column struct {
	name string
	// build appends every string to a new column and returns it.
	build func(mem memory.Allocator, in []string) (arrow.Array, error)
	// text writes the column's values as text into out.
	text func(a arrow.Array, out []string)
}

var columns = []column{
	{
		name: "arrow-go",
		build: func(mem memory.Allocator, in []string) (arrow.Array, error) {
			b := extensions.NewUUIDBuilder(mem)
			defer b.Release()
			b.Reserve(len(in))
			for _, s := range in {
				if err := b.AppendValueFromString(s); err != nil {
					return nil, err
				}
			}
			return b.NewArray(), nil
		},
		text: func(a arrow.Array, out []string) {
			for i := range out {
				out[i] = a.ValueStr(i)
			}
		},
	},
	{
		name: "arrowuuid",
		build: func(mem memory.Allocator, in []string) (arrow.Array, error) {
			b := arrowuuid.NewBuilder(mem)
			defer b.Release()
			b.Reserve(len(in))
			for _, s := range in {
				if err := b.AppendValueFromString(s); err != nil {
					return nil, err
				}
			}
			return b.NewArray(), nil
		},
		text: func(a arrow.Array, out []string) {
			for i := range out {
				out[i] = a.ValueStr(i)
			}
		},
	},
}

// TestColumnRoundTrip is BenchmarkColumn's check: both conversions give
// back the text they were given.
func TestColumnRoundTrip(t *testing.T) {
	in := columnText(1000)
	for _, c := range columns {
		a, err := c.build(memory.DefaultAllocator, in)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(in))
		c.text(a, out)
		a.Release()
		for i := range in {
			if out[i] != in[i] {
				t.Fatalf("%s: row %d = %q; want %q", c.name, i, out[i], in[i])
			}
		}
	}
}

// BenchmarkColumn converts a column of a million UUID strings to an
// arrow.uuid column and back to strings, with arrow-go's own UUID type
// (over google/uuid) and with this package's, one after the other in each
// round. ns/row and allocs/row are per UUID.
func BenchmarkColumn(b *testing.B) {
	in := columnText(columnRows)
	out := make([]string, columnRows)
	for _, c := range columns {
		b.Run("impl="+c.name, func(b *testing.B) {
			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				a, err := c.build(memory.DefaultAllocator, in)
				if err != nil {
					b.Fatal(err)
				}
				c.text(a, out)
				a.Release()
			}
			runtime.ReadMemStats(&after)
			rows := float64(b.N) * columnRows
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/rows, "ns/row")
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/rows, "allocs/row")
		})
	}
}
