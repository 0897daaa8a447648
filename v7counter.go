package uuid

import (
	"math"
	"sync/atomic"
)

// v7Counter is the state of version 7 UUIDs: the last key reserved, where
// a key is a version 7 time (Unix milliseconds with a 12-bit fraction, see
// [unixMillis12]) and a 4-bit counter packed as [v7Key] packs them. Keys
// grow, so the UUIDs made from them are strictly increasing across
// goroutines, unless the clock reads a day behind the last key (see
// reserve). The zero value is ready to use.
type v7Counter struct {
	// last is written by every v7 UUID, so it has a cache line to itself.
	_    [64]byte
	last atomic.Uint64
	_    [56]byte
}

// maxReserve is the most keys one reservation takes; a longer batch
// reserves in several runs.
const maxReserve = 1 << 16

// v7Seed is the mask of the random start of the counter: it starts below
// 8 in each 1/4096 ms that has not begun yet, so at least 9 keys are left
// in it before the counter carries into the fraction.
const v7Seed = 1<<(v7CounterBits-1) - 1

// reserve reserves n (1 to maxReserve) consecutive keys, all greater than
// every key reserved before (but see below), and returns the first. now is
// the clock as Unix milliseconds with 12 fraction bits; seed (3 bits used)
// is where the counter starts in a 1/4096 ms that has not begun yet. It
// returns false when no n keys are left below the top of the 48-bit
// timestamp: the generator is exhausted.
//
// A counter that overflows carries into the fraction, so the key's time
// runs ahead of the clock only while keys are taken faster than 16 per
// 1/4096 ms, and by one 1/4096 ms per 16 keys beyond that; as soon as the
// clock passes the key's time, the next key takes the clock's time again.
//
// Keys grow while the clock reads at most maxHoldMillis behind the last
// one ([holds]); a clock further behind than that starts the counter
// afresh at its own time, below keys reserved before: order breaks once,
// and the 58 random bits of each UUID keep it unique. So only a clock that
// itself reads the last millisecond exhausts the counter.
//
// A compare-and-swap does it, which sees the last key before it writes
// the next, so the word never wraps past the top. (A
// blind atomic add would move the contended cache line once instead of
// twice, but near the top of the 64 bits an add cannot be undone once it
// has wrapped.)
func (c *v7Counter) reserve(now, n uint64, seed uint16) (uint64, bool) {
	floor := v7Key(now, 0)
	for {
		last := c.last.Load()
		first := last + 1
		if last < floor || !holds(last>>(v7CounterBits+fracBits), now>>fracBits, maxHoldMillis) {
			first = floor | uint64(seed&v7Seed) // a new 1/4096 ms, or the clock read wrong before
		} else if last == math.MaxUint64 {
			return 0, false
		}
		if first > math.MaxUint64-(n-1) {
			return 0, false
		}
		if c.last.CompareAndSwap(last, first+n-1) {
			return first, true
		}
	}
}

// v7CounterBits is the width of the counter below the fraction.
const v7CounterBits = 4

// The generators' version 7 keys pack a version 7 time (Unix milliseconds
// with a 12-bit fraction) and a 4-bit counter into one integer that orders
// as the UUIDs do: v7Key packs them, and v7FromKey lays out the UUID of a
// key, with the millisecond in unix_ts_ms, the fraction in rand_a (RFC
// 9562, Section 6.2, Method 3) and the counter at the top of rand_b, above
// 58 random bits (Method 1, below the fraction).
func v7Key(ms12, counter uint64) uint64 { return ms12<<v7CounterBits | counter }
