package uuid

import (
	"math"
	"sync/atomic"
)

// v7Counter is the state of version 7 UUIDs: the last key reserved, where
// a key is a Unix millisecond timestamp and a 16-bit counter packed as
// [v7Key] packs them (RFC 9562, Section 6.2, Method 1). Keys only grow,
// so the UUIDs made from them are strictly increasing across goroutines,
// whatever the clock does. The zero value is ready to use.
type v7Counter struct {
	// last is written by every v7 UUID, so it has a cache line to itself.
	_    [64]byte
	last atomic.Uint64
	_    [56]byte

	// nearTop is set once keys reach addLimit. It is read by every
	// reservation but written once, so its cache line stays shared.
	nearTop atomic.Bool
	_       [63]byte
}

// addLimit is where reservations stop adding blindly. An add cannot be
// undone, so one that ran past the top of the 64 bits would wrap the key
// round to small values. Below addLimit every add leaves headroom of 2^56
// keys, more than all the adds that can be in flight when nearTop is set
// (each takes at most maxReserve keys), so none wraps; at and above it,
// reservations compare and swap, which never wraps. The slow path covers
// the last 2^40 milliseconds (about 35 years) before 10889-08-02.
const addLimit = math.MaxUint64 - 1<<56

// maxReserve is the most keys one reservation takes; a longer batch
// reserves in several runs.
const maxReserve = 1 << 16

// reserve reserves n (1 to maxReserve) consecutive keys, all greater than
// every key reserved before, and returns the first. now is the clock in
// Unix milliseconds; seed (15 bits used) is where the counter starts in a
// millisecond that has not begun yet. It returns false when no n keys are
// left below the top of the 48-bit timestamp: the generator is exhausted.
//
// Within a millisecond that has begun, one atomic add does it: the word is
// contended when goroutines on several cores make v7 UUIDs, and an add
// moves its cache line once, where a load followed by a compare-and-swap
// moves it twice. Only when the add finds the keys behind the clock (the
// first UUID of a millisecond), or near the top, does it compare and swap;
// the keys that add took are skipped, never handed out.
func (c *v7Counter) reserve(now, n uint64, seed uint16) (uint64, bool) {
	floor := v7Key(now, 0)
	if !c.nearTop.Load() {
		last := c.last.Add(n)
		if first := last - n + 1; last < addLimit && first >= floor {
			return first, true
		}
		if last >= addLimit {
			c.nearTop.Store(true)
		}
	}
	for {
		last := c.last.Load()
		first := last + 1
		if last < floor {
			first = floor | uint64(seed&0x7fff) // a new millisecond
		}
		if last == math.MaxUint64 || first > math.MaxUint64-(n-1) {
			return 0, false
		}
		if c.last.CompareAndSwap(last, first+n-1) {
			if first+n-1 >= addLimit {
				c.nearTop.Store(true)
			}
			return first, true
		}
	}
}
