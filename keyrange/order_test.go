package keyrange

import (
	"bytes"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/clickhouseuuid"
	"github.com/afb7af96/uuid/cqluuid"
	"github.com/afb7af96/uuid/duckdbuuid"
	"github.com/afb7af96/uuid/mysqluuid"
	"github.com/afb7af96/uuid/sqlserveruuid"
)

// engineKey is each order's Key function, called from its database
// package, the reference that key and uuidAt must agree with.
func engineKey(o Order, u uuid.UUID) [16]byte {
	switch o {
	case PostgreSQL, MySQLText, MySQLBinary:
		return u
	case DuckDB:
		return duckdbuuid.Key(u)
	case ClickHouse:
		return clickhouseuuid.Key(u)
	case SQLServer:
		return sqlserveruuid.Key(u)
	case MySQLSwapped:
		return mysqluuid.Key(u)
	case CassandraUUID:
		return cqluuid.Key(u)
	case CassandraTimeUUID:
		return cqluuid.TimeUUIDKey(u)
	}
	panic("no order " + o.String())
}

func allOrders() []Order {
	var os []Order
	for o := PostgreSQL; o <= lastOrder; o++ {
		os = append(os, o)
	}
	return os
}

// checkInverse checks, for every order, that key is the engine's Key and
// that uuidAt inverts it both ways, at u and at the key equal to u's bytes.
func checkInverse(t *testing.T, u uuid.UUID) {
	t.Helper()
	for _, o := range allOrders() {
		want := engineKey(o, u)
		if got := o.key(u).bytes(); got != want {
			t.Fatalf("%v.key(%v) = %x; Key = %x", o, u, got, want)
		}
		if back := o.uuidAt(fromBytes(want)); back != u {
			t.Fatalf("%v.uuidAt(Key(%v)) = %v", o, u, back)
		}
		k := fromBytes(u)
		if got := engineKey(o, o.uuidAt(k)); got != [16]byte(u) {
			t.Fatalf("Key(%v.uuidAt(%x)) = %x", o, u, got)
		}
	}
}

func TestInverse(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		var u uuid.UUID
		for j := range u {
			u[j] = byte(r.Uint32())
		}
		// Every version nibble, which Cassandra's uuid order treats apart.
		u[6] = u[6]&0x0f | byte(i%16)<<4
		checkInverse(t, u)
	}
	for _, u := range []uuid.UUID{uuid.Nil(), uuid.Max(), uuid.NamespaceDNS()} {
		checkInverse(t, u)
	}
}

func FuzzInverse(f *testing.F) {
	f.Add(make([]byte, 16))               // Nil
	f.Add(bytes.Repeat([]byte{0xff}, 16)) // Max
	v1 := uuid.NamespaceDNS()
	f.Add(v1[:]) // version 1
	f.Fuzz(func(t *testing.T, b []byte) {
		u, err := uuid.FromBytes(b)
		if err != nil {
			return
		}
		checkInverse(t, u)
	})
}

// bigOf returns x as a big.Int.
func bigOf(x u128) *big.Int {
	k := x.bytes()
	return new(big.Int).SetBytes(k[:])
}

// checkSplitBounds checks split's bounds for the PostgreSQL range from low
// up to high (or up if last) against math/big: bound k is
// low + floor(k·w/n).
func checkSplitBounds(t *testing.T, low, high u128, last bool, n int) {
	t.Helper()
	r := Range{Order: PostgreSQL, Low: low.bytes(), High: high.bytes(), Last: last}
	ranges, err := r.Split(n)
	lo := bigOf(low)
	end := bigOf(high)
	if last {
		end = new(big.Int).Lsh(big.NewInt(1), 128)
	}
	w := new(big.Int).Sub(end, lo)
	if n < 1 || n > maxCount || w.Sign() < 0 || n > 1 && w.Cmp(big.NewInt(int64(n))) < 0 {
		if err == nil {
			t.Fatalf("%v.Split(%d) = %v; want an error", r, n, ranges)
		}
		return
	}
	if err != nil {
		t.Fatalf("%v.Split(%d): %v", r, n, err)
	}
	if len(ranges) != n || ranges[0].Low != r.Low || ranges[n-1].Last != last || !last && ranges[n-1].High != r.High {
		t.Fatalf("%v.Split(%d) = %v; want %d ranges from its Low to its end", r, n, ranges, n)
	}
	stride := 1
	if n > 4096 {
		stride = 997 // a prime: every residue of the low bits turns up
	}
	check := func(k int) {
		want := new(big.Int).Mul(w, big.NewInt(int64(k)))
		want.Quo(want, big.NewInt(int64(n)))
		want.Add(want, lo)
		got := new(big.Int).SetBytes(ranges[k].Low[:])
		if got.Cmp(want) != 0 {
			t.Fatalf("%v.Split(%d): range %d starts at %x; want %x", r, n, k, got, want)
		}
	}
	for k := 1; k < n; k += stride {
		check(k)
	}
	if n > 1 {
		check(n - 1)
	}
}

func TestSplitBounds(t *testing.T) {
	max := u128{^uint64(0), ^uint64(0)}
	for _, tc := range []struct {
		name      string
		low, high u128
		last      bool
		n         int
	}{
		{"full-2", u128{}, u128{}, true, 2},
		{"full-3", u128{}, u128{}, true, 3},
		{"full-7", u128{}, u128{}, true, 7},
		{"full-1024", u128{}, u128{}, true, 1024},
		{"full-many", u128{}, u128{}, true, manyRanges()},
		{"to-max-3", u128{}, max, false, 3},
		{"last-key", max, u128{}, true, 1},
		{"last-two-keys", max.sub(u128{0, 1}), u128{}, true, 2},
		{"two-keys", u128{5, 7}, u128{5, 9}, false, 2},
		{"carry", u128{0, ^uint64(0) - 1}, u128{1, 3}, false, 5},
		{"high-half", u128{1 << 63, 0}, u128{}, true, 64},
	} {
		t.Run(tc.name, func(t *testing.T) { checkSplitBounds(t, tc.low, tc.high, tc.last, tc.n) })
	}
}

func FuzzSplitBounds(f *testing.F) {
	f.Add(uint64(0), uint64(0), uint64(0), uint64(0), true, uint32(2))     // halves of the keyspace
	f.Add(uint64(0), uint64(0), ^uint64(0), ^uint64(0), false, uint32(7))  // up to Max, Max excluded
	f.Add(^uint64(0), ^uint64(0)-6, uint64(0), uint64(0), true, uint32(7)) // the last 7 keys
	f.Add(uint64(1), ^uint64(0), uint64(2), uint64(1), false, uint32(3))   // a carry between halves
	f.Add(uint64(5), uint64(0), uint64(5), uint64(3), false, uint32(4))    // fewer keys than ranges
	f.Fuzz(func(t *testing.T, lh, ll, hh, hl uint64, last bool, n uint32) {
		checkSplitBounds(t, u128{lh, ll}, u128{hh, hl}, last, int(n%300))
	})
}

// extract returns the free bits of k (outside f.mask), from the most
// significant down, as a number: the inverse of deposit, bit by bit.
func (f fixedBits) extract(k u128) *big.Int {
	r := new(big.Int)
	for i := 127; i >= 0; i-- {
		m, v := f.mask.lo, k.lo
		if i >= 64 {
			m, v = f.mask.hi, k.hi
		}
		if m>>(i%64)&1 == 0 {
			r.Lsh(r, 1)
			r.Or(r, big.NewInt(int64(v>>(i%64)&1)))
		}
	}
	return r
}

// TestSplitRandomBounds checks Split's bounds bit by bit against math/big:
// range k starts at the UUID of the version o's column holds (4, or 1 for
// CassandraTimeUUID) with the RFC 9562 variant whose rank among that
// version's UUIDs in o's order is floor(2^122·k/n).
func TestSplitRandomBounds(t *testing.T) {
	space := new(big.Int).Lsh(big.NewInt(1), 122)
	for _, o := range allOrders() {
		f := o.randomKeys()
		if got := bits.OnesCount64(f.mask.hi) + bits.OnesCount64(f.mask.lo); got != 6 {
			t.Fatalf("%v: %d fixed bits; want 6", o, got)
		}
		want := uuid.Version(4)
		if o == CassandraTimeUUID {
			want = 1
		}
		for _, n := range []int{2, 3, 7, 64, 1000, manyRanges()} {
			ranges, err := Split(o, n)
			if err != nil {
				t.Fatal(err)
			}
			for k := 1; k < n; k += 1 + n/500 {
				b := ranges[k].Low
				if b.Version() != want || b.Variant() != uuid.VariantRFC9562 {
					t.Fatalf("Split(%v, %d): bound %d is %v, version %d, variant %v", o, n, k, b, b.Version(), b.Variant())
				}
				rank := new(big.Int).Mul(space, big.NewInt(int64(k)))
				rank.Quo(rank, big.NewInt(int64(n)))
				if got := f.extract(o.key(b)); got.Cmp(rank) != 0 {
					t.Fatalf("Split(%v, %d): bound %d (%v) has rank %x; want %x", o, n, k, b, got, rank)
				}
			}
		}
	}
}

// manyRanges is the largest n the tests split into: the most Split
// allows, or fewer under the race detector.
func manyRanges() int {
	if raceEnabled {
		return 4099
	}
	return maxCount
}

// FuzzSplit checks Split(o, n) for any order and n: the ranges follow each
// other without gap from the order's least UUID to no upper bound, each
// bound has the rank floor(2^122·k/n) among the UUIDs of its version
// (math/big), and a probe is in exactly the range the engine's Key puts
// it in.
func FuzzSplit(f *testing.F) {
	f.Add(uint8(1), 2, make([]byte, 16))                 // PostgreSQL halves
	f.Add(uint8(3), 7, bytes.Repeat([]byte{0xff}, 16))   // ClickHouse, Max
	f.Add(uint8(9), 64, bytes.Repeat([]byte{0x80}, 16))  // timeuuid, signed bytes
	f.Add(uint8(7), 199, bytes.Repeat([]byte{0x40}, 16)) // MySQLSwapped
	f.Add(uint8(0), 2, make([]byte, 16))                 // no order
	space := new(big.Int).Lsh(big.NewInt(1), 122)
	f.Fuzz(func(t *testing.T, ob uint8, n int, probe []byte) {
		p, err := uuid.FromBytes(probe)
		if err != nil {
			return
		}
		o := Order(ob % 11)
		n %= 200
		ranges, err := Split(o, n)
		if !o.valid() || n < 1 {
			if err == nil {
				t.Fatalf("Split(%v, %d) = %v; want an error", o, n, ranges)
			}
			return
		}
		if err != nil || len(ranges) != n || ranges[0].Low != o.uuidAt(u128{}) || !ranges[n-1].Last {
			t.Fatalf("Split(%v, %d) = %v, %v", o, n, ranges, err)
		}
		fb := o.randomKeys()
		in := -1
		for k, r := range ranges {
			if k > 0 && (ranges[k-1].High != r.Low || ranges[k-1].Last) {
				t.Fatalf("Split(%v, %d): range %d is %v after %v", o, n, k, r, ranges[k-1])
			}
			// The rank of a few bounds, against math/big.
			if k > 0 && (k <= 2 || k == n/2 || k == n-1) {
				rank := new(big.Int).Mul(space, big.NewInt(int64(k)))
				rank.Quo(rank, big.NewInt(int64(n)))
				if got := fb.extract(o.key(r.Low)); got.Cmp(rank) != 0 {
					t.Fatalf("Split(%v, %d): range %d is %v with rank %x; want rank %x", o, n, k, r, got, rank)
				}
			}
			key := engineKey(o, p)
			low := engineKey(o, r.Low)
			high := engineKey(o, r.High)
			inside := bytes.Compare(key[:], low[:]) >= 0 && (r.Last || bytes.Compare(key[:], high[:]) < 0)
			if inside != r.Contains(p) {
				t.Fatalf("Split(%v, %d): range %d (%v).Contains(%v) = %v; by Key, %v", o, n, k, r, p, r.Contains(p), inside)
			}
			if inside {
				if in >= 0 {
					t.Fatalf("Split(%v, %d): %v is in ranges %d and %d", o, n, p, in, k)
				}
				in = k
			}
		}
		if in < 0 {
			t.Fatalf("Split(%v, %d): %v is in no range", o, n, p)
		}
	})
}
