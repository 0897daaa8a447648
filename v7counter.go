package uuid

import (
	"math"
	"sync/atomic"
)

// v7Counter is the state of version 7 UUIDs: the last key reserved, where
// a key is a Unix millisecond timestamp and a 16-bit counter packed as
// [v7Key] packs them (RFC 9562, Section 6.2, Method 1). Keys grow, so the
// UUIDs made from them are strictly increasing across goroutines, unless
// the clock reads a day behind the last key (see reserve). The zero value is ready to use.
type v7Counter struct {
	// last is written by every v7 UUID, so it has a cache line to itself.
	_    [64]byte
	last atomic.Uint64
	_    [56]byte
}

// maxReserve is the most keys one reservation takes; a longer batch
// reserves in several runs.
const maxReserve = 1 << 16

// reserve reserves n (1 to maxReserve) consecutive keys, all greater than
// every key reserved before (but see below), and returns the first. now is the clock in
// Unix milliseconds; seed (15 bits used) is where the counter starts in a
// millisecond that has not begun yet. It returns false when no n keys are
// left below the top of the 48-bit timestamp: the generator is exhausted.
//
// Keys grow while the clock reads at most maxHoldMillis behind the last
// one ([holds]); a clock further behind than that starts the counter
// afresh at its own millisecond, below keys reserved before: order breaks
// once, and the 58 random bits of each UUID keep it unique. So only a
// clock that itself reads the last millisecond exhausts the counter.
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
		if last < floor || !holds(last>>16, now, maxHoldMillis) {
			first = floor | uint64(seed&0x7fff) // a new millisecond, or the clock read wrong before
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

// The generators' version 7 keys pack a Unix millisecond timestamp and a
// 16-bit counter into one integer that orders as the UUIDs do (RFC 9562,
// Section 6.2, Method 1): v7Key packs them, and v7FromKey lays out the UUID
// of a key, with the counter's high 12 bits in rand_a and its low 4 at the
// top of rand_b, above 58 random bits.
func v7Key(ms, counter uint64) uint64 { return ms<<16 | counter }
