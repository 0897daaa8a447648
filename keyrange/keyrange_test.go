package keyrange_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/clickhouseuuid"
	"github.com/afb7af96/uuid/cqluuid"
	"github.com/afb7af96/uuid/keyrange"
	"github.com/afb7af96/uuid/mysqluuid"
	"github.com/afb7af96/uuid/sqlserveruuid"
)

var orders = []keyrange.Order{
	keyrange.PostgreSQL, keyrange.DuckDB, keyrange.ClickHouse, keyrange.SQLServer, keyrange.MySQLText,
	keyrange.MySQLBinary, keyrange.MySQLSwapped, keyrange.CassandraUUID, keyrange.CassandraTimeUUID,
}

// engineCompare is each order's Compare function, called from its
// database package (whose tests check it against the engine or its
// published order): the reference every range is checked against.
func engineCompare(o keyrange.Order) func(a, b uuid.UUID) int {
	switch o {
	case keyrange.ClickHouse:
		return clickhouseuuid.Compare
	case keyrange.SQLServer:
		return sqlserveruuid.Compare
	case keyrange.MySQLSwapped:
		return mysqluuid.Compare
	case keyrange.CassandraUUID:
		return cqluuid.Compare
	case keyrange.CassandraTimeUUID:
		return cqluuid.CompareTimeUUID
	}
	return uuid.UUID.Compare
}

// probes returns UUIDs where orders differ first, and random ones of
// every version nibble.
func probes(r *rand.Rand, n int) []uuid.UUID {
	ids := []uuid.UUID{uuid.Nil(), uuid.Max(), uuid.NamespaceDNS(),
		uuid.MustParse("ffffffff-0000-0000-0000-000000000001"),
		uuid.MustParse("00000000-0000-0000-0000-000000000002"),
		uuid.MustParse("00000000-0000-0000-8080-808080808080"),
		uuid.MustParse("7fffffff-ffff-ffff-7fff-ffffffffffff"),
		uuid.MustParse("80000000-0000-0000-8000-000000000000"),
	}
	for i := range n {
		var u uuid.UUID
		for j := range u {
			u[j] = byte(r.Uint32())
		}
		u[6] = u[6]&0x0f | byte(i%16)<<4
		ids = append(ids, u)
	}
	return ids
}

// checkSplit checks that ranges are n ranges of order o, each non-empty,
// that start at from (the least UUID of o for a split of the keyspace),
// follow each other without gap or overlap, increase in o's engine
// Compare, and end with a Last one; and that each probe is in exactly the
// one range that o's engine Compare puts it in.
func checkSplit(t *testing.T, o keyrange.Order, ranges []keyrange.Range, n int, ids []uuid.UUID) {
	t.Helper()
	cmp := engineCompare(o)
	if len(ranges) != n {
		t.Fatalf("%d ranges; want %d", len(ranges), n)
	}
	least := ranges[0].Low
	for i, r := range ranges {
		if r.Order != o {
			t.Fatalf("range %d: %v has order %v; want %v", i, r, r.Order, o)
		}
		if r.Last != (i == n-1) {
			t.Fatalf("range %d of %d: %v has Last %v", i, n, r, r.Last)
		}
		if !r.Last {
			if cmp(r.Low, r.High) >= 0 {
				t.Fatalf("range %d: %v is empty or reversed in %v's order", i, r, o)
			}
			if ranges[i+1].Low != r.High {
				t.Fatalf("range %d ends at %v; range %d starts at %v", i, r.High, i+1, ranges[i+1].Low)
			}
		}
		if !r.Contains(r.Low) {
			t.Fatalf("range %d: %v does not contain its Low", i, r)
		}
	}
	for _, u := range ids {
		if cmp(u, least) < 0 {
			t.Fatalf("%v sorts below the first range's Low %v in %v's order", u, least, o)
		}
		// The engine's Compare places u: in the range with the last Low
		// at or below it.
		want, found := slices.BinarySearchFunc(ranges, u, func(r keyrange.Range, u uuid.UUID) int { return cmp(r.Low, u) })
		if !found {
			want--
		}
		// Every range for a small n; else that one and its neighbours.
		lo, hi := 0, n
		if n > 64 {
			lo, hi = max(want-2, 0), min(want+3, n)
		}
		for i := lo; i < hi; i++ {
			if got := ranges[i].Contains(u); got != (i == want) {
				r := ranges[i]
				t.Fatalf("range %d (%v).Contains(%v) = %v; the engine's order puts it in range %d", i, r, u, got, want)
			}
		}
	}
}

func TestSplit(t *testing.T) {
	ids := probes(rand.New(rand.NewPCG(3, 4)), 2000)
	for _, o := range orders {
		for _, n := range []int{1, 2, 3, 7, 64, 1024} {
			t.Run(o.String()+"/n="+itoa(n), func(t *testing.T) {
				ranges, err := keyrange.Split(o, n)
				if err != nil {
					t.Fatalf("Split(%v, %d): %v", o, n, err)
				}
				checkSplit(t, o, ranges, n, ids)
				// The first range starts at the least UUID: the engine puts
				// none below it.
				for _, u := range ids {
					if engineCompare(o)(u, ranges[0].Low) < 0 {
						t.Fatalf("%v sorts below %v", u, ranges[0].Low)
					}
				}
			})
		}
	}
}

func itoa(n int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(n)) }

func fmtInt(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestSplitLeast checks the least UUID of each order, where the first
// range of a split starts.
func TestSplitLeast(t *testing.T) {
	for _, tc := range []struct {
		o     keyrange.Order
		least string
		half  string // where Split(o, 2)'s second range starts
	}{
		{keyrange.PostgreSQL, "00000000-0000-0000-0000-000000000000", "80000000-0000-4000-8000-000000000000"},
		{keyrange.DuckDB, "00000000-0000-0000-0000-000000000000", "80000000-0000-4000-8000-000000000000"},
		{keyrange.MySQLText, "00000000-0000-0000-0000-000000000000", "80000000-0000-4000-8000-000000000000"},
		{keyrange.MySQLBinary, "00000000-0000-0000-0000-000000000000", "80000000-0000-4000-8000-000000000000"},
		{keyrange.ClickHouse, "00000000-0000-0000-0000-000000000000", "00000000-0000-4000-a000-000000000000"},
		{keyrange.SQLServer, "00000000-0000-0000-0000-000000000000", "00000000-0000-4000-8000-800000000000"},
		{keyrange.MySQLSwapped, "00000000-0000-0000-0000-000000000000", "00000000-0000-4800-8000-000000000000"},
		{keyrange.CassandraUUID, "00000000-0000-0000-0000-000000000000", "80000000-0000-4000-8000-000000000000"},
		{keyrange.CassandraTimeUUID, "00000000-0000-0000-8080-808080808080", "00000000-0000-1800-8080-808080808080"},
	} {
		t.Run(tc.o.String(), func(t *testing.T) {
			ranges, err := keyrange.Split(tc.o, 2)
			if err != nil {
				t.Fatal(err)
			}
			if got := ranges[0].Low.String(); got != tc.least {
				t.Errorf("Split(%v, 2)[0].Low = %s; want %s", tc.o, got, tc.least)
			}
			if got := ranges[1].Low.String(); got != tc.half {
				t.Errorf("Split(%v, 2)[1].Low = %s; want %s", tc.o, got, tc.half)
			}
		})
	}
}

func TestSplitSample(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	// Version 7 keys of the last year, most of them recent: an even split
	// of the keyspace puts them all in one range.
	now := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	g := uuid.NewGenerator(uuid.GeneratorOptions{Rand: rand.NewChaCha8([32]byte{7})})
	keys := make([]uuid.UUID, 20000)
	for i := range keys {
		age := time.Duration(float64(365*24*time.Hour) * pow3(r.Float64()))
		u, err := g.NewV7At(now.Add(-age))
		if err != nil {
			t.Fatal(err)
		}
		keys[i] = u
	}
	sample, tail := keys[:4000:4000], 3000
	if keyrange.RaceEnabled {
		sample, tail = keys[:1000:1000], 500
	}
	before := slices.Clone(sample)
	ids := append(probes(r, 200), keys[len(keys)-tail:]...)
	for _, o := range orders {
		for _, n := range []int{1, 2, 7, 64} {
			t.Run(o.String()+"/n="+itoa(n), func(t *testing.T) {
				ranges, err := keyrange.SplitSample(o, sample, n)
				if err != nil {
					t.Fatal(err)
				}
				checkSplit(t, o, ranges, n, ids)
				if !slices.Equal(sample, before) {
					t.Fatal("SplitSample modified the sample")
				}
				// Each range holds its share of the sample exactly (to the
				// rounding of the quantiles).
				for i, rg := range ranges {
					in := 0
					for _, u := range sample {
						if rg.Contains(u) {
							in++
						}
					}
					if want := len(sample) / n; in < want-1 || in > want+1 {
						t.Errorf("range %d holds %d sample keys; want %d", i, in, want)
					}
				}
			})
		}
	}
}

func pow3(x float64) float64 { return x * x * x }

func TestSplitTime(t *testing.T) {
	from := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	to := from.Add(7 * 24 * time.Hour)
	r := rand.New(rand.NewPCG(8, 9))
	var keys []uuid.UUID
	for range 5000 {
		at := from.Add(-24 * time.Hour).Add(time.Duration(r.Int64N(int64(9 * 24 * time.Hour))))
		keys = append(keys, uuid.NewV7At(at))
	}
	ids := append(probes(r, 500), keys...)
	for _, o := range []keyrange.Order{keyrange.PostgreSQL, keyrange.DuckDB, keyrange.MySQLText, keyrange.MySQLBinary, keyrange.CassandraUUID} {
		for _, n := range []int{1, 7, 168} {
			t.Run(o.String()+"/n="+itoa(n), func(t *testing.T) {
				ranges, err := keyrange.SplitTime(o, from, to, n)
				if err != nil {
					t.Fatal(err)
				}
				checkSplit(t, o, ranges, n, ids)
				step := to.Sub(from) / time.Duration(n)
				for i := 1; i < n; i++ {
					if want := uuid.MinV7(from.Add(time.Duration(i) * step)); ranges[i].Low != want {
						t.Fatalf("range %d starts at %v; want MinV7 of %v, %v", i, ranges[i].Low, from.Add(time.Duration(i)*step), want)
					}
					// The previous slice's last millisecond is below.
					if last := uuid.MaxV7(from.Add(time.Duration(i)*step - time.Millisecond)); !ranges[i-1].Contains(last) {
						t.Fatalf("range %d (%v) does not hold MaxV7 of its last millisecond, %v", i-1, ranges[i-1], last)
					}
				}
				// Every key made in a slice's span is in that slice.
				for _, u := range keys {
					ts, _ := u.Time()
					want := 0
					if ts.After(from) {
						want = min(int(ts.Sub(from)/step), n-1)
					}
					if !ranges[want].Contains(u) {
						t.Fatalf("%v (made %v) is not in range %d, %v", u, ts, want, ranges[want])
					}
				}
			})
		}
	}
}

func TestErrors(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	a, b := uuid.MustParse("10000000-0000-0000-0000-000000000000"), uuid.MustParse("20000000-0000-0000-0000-000000000000")
	sample := []uuid.UUID{a, b, a}
	call := func(rs []keyrange.Range, err error) error {
		if err == nil {
			return nil
		}
		if rs != nil {
			return errors.New("non-nil ranges with the error")
		}
		return err
	}
	pred := func(r keyrange.Range, col string) func() error {
		return func() error {
			s, err := r.Predicate(col)
			if err != nil && s != "" {
				return errors.New("text with the error")
			}
			return err
		}
	}
	for _, tc := range []struct {
		name string
		call func() error
		want error
		msg  string
	}{
		{"split-zero", func() error { return call(keyrange.Split(keyrange.PostgreSQL, 0)) }, keyrange.ErrCount,
			"keyrange: Split of 0 ranges: not from 1 to 1048576"},
		{"split-negative", func() error { return call(keyrange.Split(keyrange.PostgreSQL, -1)) }, keyrange.ErrCount, ""},
		{"split-too-many", func() error { return call(keyrange.Split(keyrange.SQLServer, 1<<20+1)) }, keyrange.ErrCount, ""},
		{"split-unknown-order", func() error { return call(keyrange.Split(keyrange.Order(0), 2)) }, keyrange.ErrOrder,
			"keyrange: Split of Order(0): unknown order"},
		{"split-order-99", func() error { return call(keyrange.Split(keyrange.Order(99), 2)) }, keyrange.ErrOrder, ""},
		{"range-more-than-keys", func() error {
			return call(keyrange.Range{Order: keyrange.PostgreSQL, Low: a, High: uuid.MustParse("10000000-0000-0000-0000-000000000002")}.Split(3))
		}, keyrange.ErrCount, ""},
		{"range-empty", func() error { return call(keyrange.Range{Order: keyrange.PostgreSQL, Low: a, High: a}.Split(2)) }, keyrange.ErrCount, ""},
		{"range-reversed", func() error { return call(keyrange.Range{Order: keyrange.PostgreSQL, Low: b, High: a}.Split(2)) }, keyrange.ErrBounds,
			"keyrange: Split of PostgreSQL [20000000-0000-0000-0000-000000000000, 10000000-0000-0000-0000-000000000000): low bound above high bound"},
		{"range-reversed-one", func() error { return call(keyrange.Range{Order: keyrange.PostgreSQL, Low: b, High: a}.Split(1)) }, keyrange.ErrBounds, ""},
		// In ClickHouse's order the second half decides: b is above a in
		// bytes but not in ClickHouse's order with these second halves.
		{"range-reversed-in-order", func() error {
			lo := uuid.MustParse("00000000-0000-0000-ffff-000000000000")
			hi := uuid.MustParse("ffffffff-0000-0000-0000-000000000000")
			return call(keyrange.Range{Order: keyrange.ClickHouse, Low: lo, High: hi}.Split(2))
		}, keyrange.ErrBounds, ""},
		{"range-no-order", func() error { return call(keyrange.Range{Low: a, High: b}.Split(2)) }, keyrange.ErrOrder, ""},
		{"sample-empty", func() error { return call(keyrange.SplitSample(keyrange.PostgreSQL, nil, 2)) }, keyrange.ErrSample,
			"keyrange: SplitSample of 0 keys: empty sample"},
		{"sample-too-few", func() error { return call(keyrange.SplitSample(keyrange.PostgreSQL, sample, 3)) }, keyrange.ErrCount,
			"keyrange: SplitSample of 3 ranges: more ranges than the sample's 2 distinct keys"},
		{"sample-zero", func() error { return call(keyrange.SplitSample(keyrange.PostgreSQL, sample, 0)) }, keyrange.ErrCount, ""},
		{"sample-unknown-order", func() error { return call(keyrange.SplitSample(keyrange.Order(10), sample, 2)) }, keyrange.ErrOrder, ""},
		{"time-reversed", func() error { return call(keyrange.SplitTime(keyrange.PostgreSQL, t0.Add(time.Hour), t0, 2)) }, keyrange.ErrBounds,
			"keyrange: SplitTime of 2026-01-01T01:00:00Z to 2026-01-01T00:00:00Z: span ends before it starts"},
		{"time-too-many", func() error { return call(keyrange.SplitTime(keyrange.PostgreSQL, t0, t0.Add(6*time.Millisecond), 7)) }, keyrange.ErrCount, ""},
		{"time-zero", func() error { return call(keyrange.SplitTime(keyrange.PostgreSQL, t0, t0.Add(time.Hour), 0)) }, keyrange.ErrCount, ""},
		{"time-clickhouse", func() error { return call(keyrange.SplitTime(keyrange.ClickHouse, t0, t0.Add(time.Hour), 2)) }, keyrange.ErrOrder,
			"keyrange: SplitTime of ClickHouse: order does not sort version 7 UUIDs by time"},
		{"time-sqlserver", func() error { return call(keyrange.SplitTime(keyrange.SQLServer, t0, t0.Add(time.Hour), 2)) }, keyrange.ErrOrder, ""},
		{"time-unknown", func() error { return call(keyrange.SplitTime(keyrange.Order(0), t0, t0.Add(time.Hour), 2)) }, keyrange.ErrOrder, ""},
		// Reversed in byte order, but not in SQL Server's.
		{"predicate-sqlserver-order", pred(keyrange.Range{Order: keyrange.SQLServer,
			Low: uuid.MustParse("ffffffff-0000-0000-0000-000000000001"), High: uuid.MustParse("00000000-0000-0000-0000-000000000002")}, "id"), nil, ""},
		{"predicate-reversed-sqlserver", pred(keyrange.Range{Order: keyrange.SQLServer,
			Low: uuid.MustParse("00000000-0000-0000-0000-000000000002"), High: uuid.MustParse("ffffffff-0000-0000-0000-000000000001")}, "id"),
			keyrange.ErrBounds, ""},
		{"predicate-no-order", pred(keyrange.Range{}, "id"), keyrange.ErrOrder, ""},
		{"column-empty", pred(keyrange.Range{Order: keyrange.PostgreSQL, Low: a, High: b}, ""), keyrange.ErrColumn,
			`keyrange: Predicate of "": invalid column name`},
		{"column-quote", pred(keyrange.Range{Order: keyrange.PostgreSQL, Low: a, High: b}, `id" OR 1=1 --`), keyrange.ErrColumn,
			`keyrange: Predicate of "id\" OR 1=1 --": invalid column name`},
		{"column-backtick", pred(keyrange.Range{Order: keyrange.MySQLText, Low: a, High: b}, "id`"), keyrange.ErrColumn, ""},
		{"column-bracket", pred(keyrange.Range{Order: keyrange.SQLServer, Low: a, High: b}, "id]"), keyrange.ErrColumn, ""},
		{"column-space", pred(keyrange.Range{Order: keyrange.PostgreSQL, Low: a, High: b}, "my id"), keyrange.ErrColumn, ""},
		{"column-dot-end", pred(keyrange.Range{Order: keyrange.PostgreSQL, Low: a, High: b}, "t."), keyrange.ErrColumn, ""},
		{"column-dot-start", pred(keyrange.Range{Order: keyrange.PostgreSQL, Low: a, High: b}, ".id"), keyrange.ErrColumn, ""},
		{"column-dots", pred(keyrange.Range{Order: keyrange.PostgreSQL, Low: a, High: b}, "t..id"), keyrange.ErrColumn, ""},
		{"column-nul", pred(keyrange.Range{Order: keyrange.PostgreSQL, Low: a, High: b}, "id\x00"), keyrange.ErrColumn,
			`keyrange: Predicate of "id\x00": invalid column name`},
		{"column-non-ascii", pred(keyrange.Range{Order: keyrange.PostgreSQL, Low: a, High: b}, "ïd"), keyrange.ErrColumn, ""},
		{"column-long", pred(keyrange.Range{Order: keyrange.PostgreSQL, Low: a, High: b}, strings.Repeat("a", 1025)), keyrange.ErrColumn, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			if !errors.Is(err, tc.want) || (err == nil) != (tc.want == nil) {
				t.Fatalf("error %v; want one matching %v", err, tc.want)
			}
			if tc.msg != "" && err.Error() != tc.msg {
				t.Errorf("error reads %q; want %q", err, tc.msg)
			}
		})
	}
}

// TestSplitBalance checks that random keys spread evenly over Split's
// ranges in every order: 400 000 random version 4 keys (version 1 keys
// with random bits for CassandraTimeUUID) give each of n ranges its share
// ± 10 %, more than 7 standard deviations for n = 64 (under the race
// detector, 50 000 keys ± 25 %, 7 standard deviations). An even split of
// the whole keyspace fails this in the orders that sort by the version or
// variant bits first.
func TestSplitBalance(t *testing.T) {
	total, tolerance := 400_000, 10
	if keyrange.RaceEnabled {
		total, tolerance = 50_000, 25
	}
	r := rand.New(rand.NewPCG(10, 11))
	v4 := make([]uuid.UUID, total)
	v1 := make([]uuid.UUID, total)
	for i := range v4 {
		for j := range v4[i] {
			v4[i][j] = byte(r.Uint32())
		}
		v4[i][8] = v4[i][8]&0x3f | 0x80
		v1[i] = v4[i]
		v4[i][6] = v4[i][6]&0x0f | 0x40
		v1[i][6] = v1[i][6]&0x0f | 0x10
	}
	for _, o := range orders {
		keys := v4
		if o == keyrange.CassandraTimeUUID {
			keys = v1
		}
		sorted := slices.Clone(keys)
		slices.SortFunc(sorted, engineCompare(o))
		for _, n := range []int{2, 7, 64} {
			ranges, err := keyrange.Split(o, n)
			if err != nil {
				t.Fatal(err)
			}
			for i, rg := range ranges {
				lo, _ := slices.BinarySearchFunc(sorted, rg.Low, engineCompare(o))
				hi := total
				if !rg.Last {
					hi, _ = slices.BinarySearchFunc(sorted, rg.High, engineCompare(o))
				}
				if got, want := hi-lo, total/n; got < want*(100-tolerance)/100 || got > want*(100+tolerance)/100 {
					t.Errorf("Split(%v, %d): range %d (%v) holds %d of %d random keys; want %d ± %d %%", o, n, i, rg, got, total, want, tolerance)
				}
			}
		}
	}
}
