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
	exact  bool      // the fields below hold, and wall is a second clear of each range's ends
	ticks  uint64    // gregorianTicks(wall)
	subTk  uint64    // nanoseconds of wall past ticks
	millis uint64    // unixMillis(wall)
	subMs  uint64    // nanoseconds of wall past millis
}

// newClockBase returns the base of a wall reading t.
func newClockBase(t time.Time) *clockBase {
	b := &clockBase{wall: t, ticks: gregorianTicks(t), millis: unixMillis(t)}
	b.exact = t.Unix() >= 0 && b.ticks <= maxGregorianTicks-ticksPerSecond && b.millis <= maxUnixMillis-1000
	if b.exact {
		ns := uint64(t.Nanosecond())
		b.subTk, b.subMs = ns%100, ns%1e6
	}
	return b
}

// ticksAfter returns gregorianTicks(b.wall.Add(d)), for d below a second.
func (b *clockBase) ticksAfter(d time.Duration) uint64 {
	if !b.exact {
		return gregorianTicks(b.wall.Add(d))
	}
	return b.ticks + (b.subTk+uint64(d))/100
}

// millisAfter returns unixMillis(b.wall.Add(d)), for d below a second.
func (b *clockBase) millisAfter(d time.Duration) uint64 {
	if !b.exact {
		return unixMillis(b.wall.Add(d))
	}
	return b.millis + (b.subMs+uint64(d))/1e6
}

// ticks reads the clock as 100-ns Gregorian ticks.
func (c *clock) ticks() uint64 {
	if c.now != nil {
		return gregorianTicks(c.now())
	}
	b, d := c.read()
	return b.ticksAfter(d)
}

// millis reads the clock as Unix milliseconds.
func (c *clock) millis() uint64 {
	if c.now != nil {
		return unixMillis(c.now())
	}
	b, d := c.read()
	return b.millisAfter(d)
}

// read returns the system clock's base and the time the monotonic clock
// has run since it, taking a new base once a second.
func (c *clock) read() (*clockBase, time.Duration) {
	if b := c.base.Load(); b != nil {
		if d := time.Since(b.wall); 0 <= d && d < time.Second {
			return b, d
		}
	}
	b := newClockBase(time.Now())
	c.base.Store(b)
	return b, 0
}
