package keyrange_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/keyrange"
)

// FuzzRangeSplit splits a range of any order into n and checks that the
// ranges cover it in order, without gap or overlap, none empty, with
// widths that differ by at most one key, and that a probe is in exactly
// one of them exactly when it is in the range.
func FuzzRangeSplit(f *testing.F) {
	f.Add(uint8(1), make([]byte, 16), make([]byte, 16), true, 2, make([]byte, 16))                                      // PostgreSQL halves
	f.Add(uint8(4), []byte(strings.Repeat("\x00", 16)), []byte(strings.Repeat("\xff", 16)), false, 7, make([]byte, 16)) // SQL Server, Max excluded
	f.Add(uint8(9), []byte(strings.Repeat("\x80", 16)), make([]byte, 16), true, 64, []byte(strings.Repeat("\x7f", 16))) // timeuuid, signed bytes
	f.Add(uint8(0), make([]byte, 16), make([]byte, 16), true, 2, make([]byte, 16))                                      // no order
	f.Fuzz(func(t *testing.T, o uint8, lo, hi []byte, last bool, n int, probe []byte) {
		low, err1 := uuid.FromBytes(lo)
		high, err2 := uuid.FromBytes(hi)
		p, err3 := uuid.FromBytes(probe)
		if err1 != nil || err2 != nil || err3 != nil {
			return
		}
		n %= 300
		r := keyrange.Range{Order: keyrange.Order(o), Low: low, High: high, Last: last}
		ranges, err := r.Split(n)
		if err != nil {
			if ranges != nil {
				t.Fatalf("%v.Split(%d) = %v, %v", r, n, ranges, err)
			}
			if !errors.Is(err, keyrange.ErrCount) && !errors.Is(err, keyrange.ErrOrder) && !errors.Is(err, keyrange.ErrBounds) {
				t.Fatalf("%v.Split(%d): %v matches no kind", r, n, err)
			}
			return
		}
		cmp := r.Order.Compare
		if len(ranges) != n || ranges[0].Low != r.Low || ranges[n-1].Last != r.Last || !r.Last && ranges[n-1].High != r.High {
			t.Fatalf("%v.Split(%d) = %v", r, n, ranges)
		}
		in := 0
		for i, s := range ranges {
			if i < n-1 && (s.Last || s.High != ranges[i+1].Low || cmp(s.Low, s.High) >= 0) {
				t.Fatalf("%v.Split(%d): range %d is %v, the next %v", r, n, i, s, ranges[i+1])
			}
			if s.Contains(p) {
				in++
			}
		}
		if want := r.Contains(p); in > 1 || (in == 1) != want {
			t.Fatalf("%v.Split(%d): %v is in %d ranges; in the range: %v", r, n, p, in, want)
		}
	})
}

// FuzzSplitSample checks SplitSample's ranges against the sample: they
// cover the keyspace in order and each holds its share of the sample's
// distinct keys.
func FuzzSplitSample(f *testing.F) {
	f.Add(uint8(1), []byte(strings.Repeat("\x01", 16)+strings.Repeat("\x02", 16)+strings.Repeat("\x03", 16)), 2) // three keys
	f.Add(uint8(3), []byte(strings.Repeat("\xff", 64)), 1)                                                       // duplicates
	f.Add(uint8(8), []byte{}, 1)                                                                                 // empty
	f.Fuzz(func(t *testing.T, o uint8, b []byte, n int) {
		var sample []uuid.UUID
		for len(b) >= 16 {
			u, _ := uuid.FromBytes(b[:16])
			sample = append(sample, u)
			b = b[16:]
		}
		n %= 100
		ranges, err := keyrange.SplitSample(keyrange.Order(o), sample, n)
		if err != nil {
			if !errors.Is(err, keyrange.ErrCount) && !errors.Is(err, keyrange.ErrOrder) && !errors.Is(err, keyrange.ErrSample) {
				t.Fatalf("SplitSample: %v matches no kind", err)
			}
			return
		}
		distinct := map[uuid.UUID]bool{}
		for _, u := range sample {
			distinct[u] = true
		}
		counts := make([]int, n)
		for u := range distinct {
			in := 0
			for i, r := range ranges {
				if r.Contains(u) {
					in++
					counts[i]++
				}
			}
			if in != 1 {
				t.Fatalf("%v is in %d ranges of %v", u, in, ranges)
			}
		}
		for i := range ranges {
			if i < n-1 && (ranges[i].High != ranges[i+1].Low || keyrange.Order(o).Compare(ranges[i].Low, ranges[i].High) >= 0) {
				t.Fatalf("range %d is %v, the next %v", i, ranges[i], ranges[i+1])
			}
			if want := len(distinct) / n; counts[i] < want || counts[i] > want+1 {
				t.Fatalf("range %d holds %d of %d distinct keys; want %d or one more", i, counts[i], len(distinct), want)
			}
		}
	})
}

// FuzzPredicate checks that a column name is either refused with
// ErrColumn or appears, quoted, in a predicate that holds nothing else of
// the caller's.
func FuzzPredicate(f *testing.F) {
	f.Add(uint8(1), "id")            // plain
	f.Add(uint8(4), "dbo.t.id")      // qualified, SQL Server
	f.Add(uint8(3), "id` OR 1=1 --") // an injection attempt, ClickHouse
	f.Add(uint8(1), `id" OR "x"="x`) // an injection attempt, PostgreSQL
	f.Add(uint8(4), "id] OR 1=1 --") // an injection attempt, SQL Server
	f.Add(uint8(6), "t..id")         // an empty part
	f.Fuzz(func(t *testing.T, o uint8, column string) {
		ranges, err := keyrange.Split(keyrange.Order(o%10), 3)
		if err != nil {
			return
		}
		s, err := ranges[1].Predicate(column)
		if err != nil {
			if !errors.Is(err, keyrange.ErrColumn) || s != "" {
				t.Fatalf("Predicate(%q) = %q, %v", column, s, err)
			}
			return
		}
		for _, c := range []byte(column) {
			if !(c == '.' || c == '_' || c == '$' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
				t.Fatalf("Predicate accepted %q, with byte %q", column, c)
			}
		}
		// Take the column's quoted text out: what is left is the same for
		// every name.
		want, err := ranges[1].Predicate("x")
		if err != nil {
			t.Fatal(err)
		}
		q := strings.NewReplacer(`"x"`, "Q", "`x`", "Q", "[x]", "Q").Replace(want)
		if strings.Count(want, "x") != 2 || !strings.Contains(q, "Q") {
			t.Fatalf("Predicate(x) = %s", want)
		}
		open, end := want[0:1], want[2:3]
		quoted := open + strings.ReplaceAll(column, ".", end+"."+open) + end
		if got := strings.ReplaceAll(s, quoted, "Q"); got != q {
			t.Fatalf("Predicate(%q) = %s; want %s with the name", column, s, q)
		}
	})
}
