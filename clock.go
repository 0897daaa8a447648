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
	wall   time.Time // with its monotonic reading
	ticks  uint64    // gregorianTicks(wall)
	subTk  uint64    // nanoseconds of wall past ticks
	millis uint64    // unixMillis(wall), if unixOK
	subMs  uint64    // nanoseconds of wall past millis, if unixOK
	unixOK bool      // wall is within the range of Unix milliseconds
}

// ticks reads the clock as 100-ns Gregorian ticks.
func (c *clock) ticks() uint64 {
	if c.now != nil {
		return gregorianTicks(c.now())
	}
	b, d := c.read()
	return min(b.ticks+(b.subTk+uint64(d))/100, maxGregorianTicks)
}

// millis reads the clock as Unix milliseconds.
func (c *clock) millis() uint64 {
	if c.now != nil {
		return unixMillis(c.now())
	}
	b, d := c.read()
	if !b.unixOK {
		return ticksToUnixMillis(min(b.ticks+(b.subTk+uint64(d))/100, maxGregorianTicks))
	}
	return min(b.millis+(b.subMs+uint64(d))/1e6, maxUnixMillis)
}

// read returns the system clock's base and the time the monotonic clock
// has run since it, taking a new base once a second.
func (c *clock) read() (*clockBase, time.Duration) {
	if b := c.base.Load(); b != nil {
		if d := time.Since(b.wall); 0 <= d && d < time.Second {
			return b, d
		}
	}
	t := time.Now()
	b := &clockBase{wall: t, ticks: gregorianTicks(t), subTk: uint64(t.Nanosecond()) % 100, millis: unixMillis(t)}
	if b.unixOK = t.Unix() >= 0 && b.millis < maxUnixMillis; b.unixOK {
		b.subMs = uint64(t.Nanosecond()) % 1e6
	}
	c.base.Store(b)
	return b, 0
}
