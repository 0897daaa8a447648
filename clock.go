package uuid

import (
	"sync/atomic"
	"time"
)

// A clock tells a Generator the time: an injected func, or the system
// clock. Its zero value is the system clock.
//
// The system clock is read as a wall reading plus the time the monotonic
// clock has run since: time.Now reads both clocks, time.Since only the
// cheaper monotonic one. The wall reading is taken again once a second, so
// the clock follows steps of the wall clock within a second, and a
// reading is never stale: each is taken when it is asked for.
type clock struct {
	now  func() time.Time // nil: the system clock
	base atomic.Pointer[clockBase]
}

type clockBase struct {
	wall  time.Time // with its monotonic reading
	ticks uint64    // gregorianTicks(wall)
}

// ticks reads the clock as 100-ns Gregorian ticks.
func (c *clock) ticks() uint64 {
	if c.now != nil {
		return gregorianTicks(c.now())
	}
	if b := c.base.Load(); b != nil {
		if d := time.Since(b.wall); 0 <= d && d < time.Second {
			return min(b.ticks+uint64(d)/100, maxGregorianTicks)
		}
	}
	t := time.Now()
	b := &clockBase{wall: t, ticks: gregorianTicks(t)}
	c.base.Store(b)
	return b.ticks
}

// millis reads the clock as Unix milliseconds.
func (c *clock) millis() uint64 {
	if c.now != nil {
		return unixMillis(c.now())
	}
	return ticksToUnixMillis(c.ticks())
}
