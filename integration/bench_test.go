package integration

import (
	"context"
	"sync"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// benchRows is how many rows each benchmark operation reads.
const benchRows = 100_000

var seedOnce sync.Once

// seedBench fills the table bench_uuid with benchRows random UUIDs, once
// per test binary.
func seedBench(b *testing.B) {
	b.Helper()
	var err error
	seedOnce.Do(func() {
		ctx := context.Background()
		conn := connect(b, true, 0)
		if _, err = conn.Exec(ctx, `DROP TABLE IF EXISTS bench_uuid; CREATE TABLE bench_uuid (id uuid NOT NULL)`); err != nil {
			return
		}
		ids := make([]uuid.UUID, benchRows)
		for i := range ids {
			ids[i] = uuid.NewV4()
		}
		_, err = conn.CopyFrom(ctx, pgx.Identifier{"bench_uuid"}, []string{"id"},
			pgx.CopyFromSlice(len(ids), func(i int) ([]any, error) { return []any{ids[i]}, nil }))
		if err == nil {
			_, err = conn.Exec(ctx, `VACUUM ANALYZE bench_uuid`)
		}
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkScanColumn reads the benchRows rows of one uuid column with
// pgx's native interface, one op being all of them: into uuid.UUID with
// pgxuuid.Register (scan=register), into pgx's own pgtype.UUID
// (scan=pgtype), and into uuid.UUID without Register (scan=none), which pgx
// passes to UUID.Scan as text. ns/row is the time per row.
func BenchmarkScanColumn(b *testing.B) {
	for _, bc := range []struct {
		name string
		reg  bool
		dst  any
	}{
		{"register", true, new(uuid.UUID)},
		{"pgtype", false, new(pgtype.UUID)},
		{"none", false, new(uuid.UUID)},
	} {
		b.Run("scan="+bc.name, func(b *testing.B) {
			seedBench(b)
			ctx := context.Background()
			conn := connect(b, bc.reg, 0)
			// One slice for every row, so that rows.Scan's variadic
			// argument does not allocate and allocs/op counts the scans.
			dsts := []any{bc.dst}
			b.ReportAllocs()
			for b.Loop() {
				rows, err := conn.Query(ctx, `SELECT id FROM bench_uuid`)
				if err != nil {
					b.Fatal(err)
				}
				n := 0
				for rows.Next() {
					if err := rows.Scan(dsts...); err != nil {
						b.Fatal(err)
					}
					n++
				}
				if err := rows.Err(); err != nil || n != benchRows {
					b.Fatalf("read %d rows, %v; want %d", n, err, benchRows)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchRows, "ns/row")
		})
	}
}
