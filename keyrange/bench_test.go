package keyrange_test

import (
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/keyrange"
)

// BenchmarkSplit splits the keyspace into 1 024 ranges and writes each as
// its predicate into one buffer, as a job that plans a parallel scan does.
func BenchmarkSplit(b *testing.B) {
	for _, o := range []keyrange.Order{keyrange.PostgreSQL, keyrange.ClickHouse, keyrange.SQLServer, keyrange.MySQLSwapped, keyrange.CassandraTimeUUID} {
		b.Run("order="+o.String(), func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, 1024*160)
			for b.Loop() {
				ranges, err := keyrange.Split(o, 1024)
				if err != nil {
					b.Fatal(err)
				}
				buf = buf[:0]
				for _, r := range ranges {
					if buf, err = r.AppendPredicate(buf, "id"); err != nil {
						b.Fatal(err)
					}
					buf = append(buf, '\n')
				}
			}
		})
	}
}

// BenchmarkSplitSample splits at the quantiles of a sample of 10 000
// version 7 keys into 1 024 ranges and writes them, as BenchmarkSplit does.
func BenchmarkSplitSample(b *testing.B) {
	sample := make([]uuid.UUID, 10000)
	uuid.FillV7(sample)
	b.ReportAllocs()
	buf := make([]byte, 0, 1024*160)
	for b.Loop() {
		ranges, err := keyrange.SplitSample(keyrange.PostgreSQL, sample, 1024)
		if err != nil {
			b.Fatal(err)
		}
		buf = buf[:0]
		for _, r := range ranges {
			if buf, err = r.AppendPredicate(buf, "id"); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkSplitInvalid is the error path: a count of zero.
func BenchmarkSplitInvalid(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := keyrange.Split(keyrange.PostgreSQL, 0); err == nil {
			b.Fatal("no error")
		}
	}
}
