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

// TestV7CounterAlone drives the v7 counter with explicit clock readings.
func TestV7CounterAlone(t *testing.T) {
	var c v7Counter
	k, ok := c.reserve(1000, 1, 0x1234)
	if !ok || k != v7Key(1000, 0x1234) {
		t.Fatalf("first key = %#x; want ms 1000, counter 0x1234", k)
	}
	if k2, _ := c.reserve(1000, 3, 0x7777); k2 != k+1 {
		t.Fatalf("same millisecond: %#x; want %#x", k2, k+1)
	}
	if k3, _ := c.reserve(999, 1, 0); k3 != k+4 {
		t.Fatalf("clock back: %#x; want %#x", k3, k+4)
	}
	if k4, _ := c.reserve(1001, 1, 0xffff); k4 != v7Key(1001, 0x7fff) {
		t.Fatalf("new millisecond: %#x; want counter seeded below 2^15", k4)
	}
	// At the top of the 48-bit field: the last keys, then exhaustion.
	c = v7Counter{}
	first, ok := c.reserve(maxUnixMillis, 1, 0x7ffe)
	if !ok || first != math.MaxUint64-0x8001 {
		t.Fatalf("last millisecond: %#x, %v", first, ok)
	}
	if _, ok := c.reserve(maxUnixMillis, 0x8002, 0); ok {
		t.Fatal("reserved past the last key")
	}
	if k, ok := c.reserve(maxUnixMillis, 0x8001, 0); !ok || k != first+1 {
		t.Fatalf("the last 0x8001 keys: %#x, %v", k, ok)
	}
	if _, ok := c.reserve(maxUnixMillis, 1, 0); ok {
		t.Fatal("reserved after the last key")
	}
	// The clock back by a day or less: still exhausted, as the keys hold.
	if _, ok := c.reserve(maxUnixMillis-maxHoldMillis, 1, 0); ok {
		t.Fatal("reserved after the last key with the clock a day back")
	}
	// Further back: the last key came from a clock that read wrong, and
	// the counter starts afresh at the clock.
	if k, ok := c.reserve(maxUnixMillis-maxHoldMillis-1, 1, 0x123); !ok || k != v7Key(maxUnixMillis-maxHoldMillis-1, 0x123) {
		t.Fatalf("after the last key with the clock more than a day back: %#x, %v; want a fresh counter", k, ok)
	}
	if k, ok := c.reserve(5, 1, 0x456); !ok || k != v7Key(5, 0x456) {
		t.Fatalf("clock back to 5 ms: %#x, %v; want a fresh counter", k, ok)
	}
	// A step back of a day or less holds the keys.
	if k, ok := c.reserve(5+maxHoldMillis+1, 1, 0x456); !ok || k != v7Key(5+maxHoldMillis+1, 0x456) {
		t.Fatalf("a day on: %#x, %v", k, ok)
	}
	if k, ok := c.reserve(6, 1, 0x789); !ok || k != v7Key(5+maxHoldMillis+1, 0x457) {
		t.Fatalf("a day back: %#x, %v; want the key after the last", k, ok)
	}
	// A batch that does not fit below the top is refused whole, and the
	// keys stay where they were.
	c = v7Counter{}
	c.last.Store(0xffffffffffff1234)
	if k, ok := c.reserve(maxUnixMillis, maxReserve, 0); ok {
		t.Fatalf("reserved %d keys from %#x past the top", maxReserve, k)
	}
	if k, ok := c.reserve(maxUnixMillis, 1, 0x10); !ok || k != 0xffffffffffff1235 {
		t.Fatalf("after a refused batch: %#x, %v; want 0xffffffffffff1235", k, ok)
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
				first, ok := c.reserve(maxUnixMillis, n, 0)
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
		if !errors.Is(err, ErrExhausted) || made < 1<<15 {
			t.Fatalf("at %v: %d values, then %v; want at least 32768, then ErrExhausted", at, made, err)
		}
		if err := g.FillV7(make([]UUID, 2)); !errors.Is(err, ErrExhausted) {
			t.Fatalf("FillV7 after exhaustion = %v", err)
		}
	}
}
