package uuid

import (
	"cmp"
	"errors"
	"math"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestV7CounterAlone drives the v7 counter with explicit clock readings,
// in Unix milliseconds with 12 fraction bits.
func TestV7CounterAlone(t *testing.T) {
	at := func(ms, frac uint64) uint64 { return ms<<fracBits | frac }
	var c v7Counter
	k, ok := c.reserve(at(1000, 0x123), 1, 0x1234)
	if !ok || k != v7Key(at(1000, 0x123), 4) {
		t.Fatalf("first key = %#x; want ms 1000, fraction 0x123, counter 4 (seed below 8)", k)
	}
	if k2, _ := c.reserve(at(1000, 0x123), 3, 0x7777); k2 != k+1 {
		t.Fatalf("same 1/4096 ms: %#x; want %#x", k2, k+1)
	}
	if k3, _ := c.reserve(at(999, 0xfff), 1, 0); k3 != k+4 {
		t.Fatalf("clock back: %#x; want %#x", k3, k+4)
	}
	if k4, _ := c.reserve(at(1000, 0x124), 1, 0xffff); k4 != v7Key(at(1000, 0x124), 7) {
		t.Fatalf("next 1/4096 ms: %#x; want counter seeded below 8", k4)
	}
	if k5, _ := c.reserve(at(1001, 0), 1, 0x8); k5 != v7Key(at(1001, 0), 0) {
		t.Fatalf("next millisecond: %#x; want fraction 0, counter 0", k5)
	}
	// At the top of the 48-bit field: the last keys, then exhaustion.
	c = v7Counter{}
	first, ok := c.reserve(maxUnixMilli12, 1, 6)
	if !ok || first != math.MaxUint64-9 {
		t.Fatalf("last 1/4096 ms: %#x, %v", first, ok)
	}
	if _, ok := c.reserve(maxUnixMilli12, 10, 0); ok {
		t.Fatal("reserved past the last key")
	}
	if k, ok := c.reserve(maxUnixMilli12, 9, 0); !ok || k != first+1 {
		t.Fatalf("the last 9 keys: %#x, %v", k, ok)
	}
	if _, ok := c.reserve(maxUnixMilli12, 1, 0); ok {
		t.Fatal("reserved after the last key")
	}
	// The clock back by a day or less: still exhausted, as the keys hold.
	if _, ok := c.reserve(at(maxUnixMillis-maxHoldMillis, 0), 1, 0); ok {
		t.Fatal("reserved after the last key with the clock a day back")
	}
	// Further back: the last key came from a clock that read wrong, and
	// the counter starts afresh at the clock.
	if k, ok := c.reserve(at(maxUnixMillis-maxHoldMillis-1, 0xfff), 1, 0x123); !ok || k != v7Key(at(maxUnixMillis-maxHoldMillis-1, 0xfff), 3) {
		t.Fatalf("after the last key with the clock more than a day back: %#x, %v; want a fresh counter", k, ok)
	}
	if k, ok := c.reserve(at(5, 1), 1, 0x456); !ok || k != v7Key(at(5, 1), 6) {
		t.Fatalf("clock back to 5 ms: %#x, %v; want a fresh counter", k, ok)
	}
	// A step back of a day or less holds the keys.
	if k, ok := c.reserve(at(5+maxHoldMillis+1, 2), 1, 0x456); !ok || k != v7Key(at(5+maxHoldMillis+1, 2), 6) {
		t.Fatalf("a day on: %#x, %v", k, ok)
	}
	if k, ok := c.reserve(at(6, 0), 1, 0x789); !ok || k != v7Key(at(5+maxHoldMillis+1, 2), 7) {
		t.Fatalf("a day back: %#x, %v; want the key after the last", k, ok)
	}
	// A batch that does not fit below the top is refused whole, and the
	// keys stay where they were.
	c = v7Counter{}
	c.last.Store(0xffffffffffff1234)
	if k, ok := c.reserve(0xffffffffffff1234>>v7CounterBits, maxReserve, 0); ok {
		t.Fatalf("reserved %d keys from %#x past the top", maxReserve, k)
	}
	if k, ok := c.reserve(0xffffffffffff1234>>v7CounterBits, 1, 0x10); !ok || k != 0xffffffffffff1235 {
		t.Fatalf("after a refused batch: %#x, %v; want 0xffffffffffff1235", k, ok)
	}
}

// TestV7CounterOverflow checks the bound on how far the keys run ahead of
// the clock: a counter that overflows carries into the fraction, one
// 1/4096 ms per 16 keys beyond the first 1/4096 ms, and the next reading
// past the keys' time takes the clock's time again.
func TestV7CounterOverflow(t *testing.T) {
	const now = 1_700_000_000_000<<fracBits | 0xffe // two 1/4096 ms before a millisecond ends
	for _, tc := range []struct {
		name  string
		seed  uint16
		n     uint64 // keys taken with the clock at now
		ahead uint64 // how many 1/4096 ms the last key is past now
	}{
		{"seed0_fits", 0, 16, 0},
		{"seed7_fits", 7, 9, 0},
		{"seed7_carries", 7, 10, 1},
		{"seed0_carries", 0, 17, 1},
		{"seed7_into_next_ms", 7, 9 + 16 + 1, 2},
		{"batch", 3, maxReserve, (3 + maxReserve - 1) / 16},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c v7Counter
			first, ok := c.reserve(now, 1, tc.seed)
			if !ok || first != v7Key(now, uint64(tc.seed&v7Seed)) {
				t.Fatalf("first key %#x, %v; want %#x", first, ok, v7Key(now, uint64(tc.seed)))
			}
			var last uint64
			if tc.n > 1 {
				k, ok := c.reserve(now, tc.n-1, 0)
				if !ok || k != first+1 {
					t.Fatalf("keys 2 to %d start at %#x, %v; want %#x", tc.n, k, ok, first+1)
				}
				last = k + tc.n - 2
			} else {
				last = first
			}
			if ahead := last>>v7CounterBits - now; ahead != tc.ahead {
				t.Errorf("%d keys at one clock reading end %d 1/4096 ms ahead; want %d", tc.n, ahead, tc.ahead)
			}
			if u := v7FromKey(last, 0); u.Compare(v7FromKey(first, 0)) <= 0 {
				t.Errorf("UUID of the last key %v not above the first's", u)
			}
			// The clock reaches the keys' time: the counter runs on; once
			// past it, the keys take the clock's time again.
			if k, _ := c.reserve(last>>v7CounterBits, 1, 5); k != last+1 {
				t.Errorf("clock at the keys' time: %#x; want %#x", k, last+1)
			}
			catchUp := (last + 1) >> v7CounterBits
			if k, _ := c.reserve(catchUp+1, 1, 5); k != v7Key(catchUp+1, 5) {
				t.Errorf("clock past the keys' time: %#x; want %#x", k, v7Key(catchUp+1, 5))
			}
		})
	}
}

// TestV7CounterTopConcurrent has goroutines reserve batches of every size
// at the last millisecond until the keys run out: the batches never
// overlap and never wrap round to small keys.
func TestV7CounterTopConcurrent(t *testing.T) {
	var c v7Counter
	c.last.Store(math.MaxUint64 - 1<<20) // a million keys left
	const workers = 4
	got := make([][][2]uint64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := uint64(1 + w); ; n = n*7%maxReserve + 1 {
				first, ok := c.reserve(maxUnixMilli12, n, 0)
				if !ok {
					if n == 1 {
						return
					}
					n = 0 // try single keys until none are left
					continue
				}
				got[w] = append(got[w], [2]uint64{first, first + n - 1})
			}
		}()
	}
	wg.Wait()
	var all [][2]uint64
	for _, g := range got {
		all = append(all, g...)
	}
	slices.SortFunc(all, func(a, b [2]uint64) int { return cmp.Compare(a[0], b[0]) })
	for i, r := range all {
		if r[0] < math.MaxUint64-1<<20 || r[1] < r[0] {
			t.Fatalf("batch %#x..%#x wrapped or started below the last keys", r[0], r[1])
		}
		if i > 0 && r[0] <= all[i-1][1] {
			t.Fatalf("batches %#x..%#x and %#x..%#x overlap", all[i-1][0], all[i-1][1], r[0], r[1])
		}
	}
	if last := all[len(all)-1][1]; last != math.MaxUint64 {
		t.Errorf("the keys ran out at %#x, before the last one", last)
	}
}

// TestV7Ceiling makes v7 UUIDs with the clock at and past the last
// millisecond: every value is greater than the one before, until
// ErrExhausted.
func TestV7Ceiling(t *testing.T) {
	for _, at := range []time.Time{unixMillisTime(maxUnixMillis), unixMillisTime(maxUnixMillis - 1), time.Unix(1<<62, 0)} {
		g := NewGenerator(GeneratorOptions{Now: fixedClock(at)})
		var last UUID
		var made int
		var err error
		for made < 200_000 {
			var u UUID
			if u, err = g.NewV7(); err != nil {
				break
			}
			if made > 0 && u.Compare(last) <= 0 {
				t.Fatalf("at %v: value %d %v is not above %v", at, made, u, last)
			}
			last, made = u, made+1
		}
		// Keys left: 16 per 1/4096 ms from the clock's on, less a seed
		// below 8; a clock past the end reads the last 1/4096 ms.
		want := int(maxUnixMilli12-min(unixMillis12(at), maxUnixMilli12))*16 + 9
		if !errors.Is(err, ErrExhausted) || made < min(want, 1<<15) {
			t.Fatalf("at %v: %d values, then %v; want at least %d, then ErrExhausted", at, made, err, min(want, 1<<15))
		}
		if err := g.FillV7(make([]UUID, 2)); !errors.Is(err, ErrExhausted) {
			t.Fatalf("FillV7 after exhaustion = %v", err)
		}
	}
}
