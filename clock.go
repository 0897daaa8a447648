package uuid

import (
	"sync/atomic"
	"time"
)

// A clock tells a Generator the time: an injected func, or the system
// clock. Its zero value is the system clock.
//
// The system clock is read as a wall reading plus the time the monotonic
// clock has run since: time.Now reads both clocks, the monotonic clock
// alone is cheaper. The wall reading is taken again once a second, so the
// clock follows steps of the wall clock within a second, and a reading is
// never stale: each is taken when it is asked for.
//
// Taking the wall reading again also compares the two clocks: when the
// wall clock has moved by more than a second (or a thousandth of the time
// elapsed, what a slewing NTP client may do) against the monotonic clock,
// the clock's era advances. That is what a process restored from a memory
// snapshot sees once its wall clock is corrected, since the monotonic
// clock stood still while the snapshot lay on disk; an NTP step looks the
// same. The Gregorian state then draws a new clock sequence (see
// [Generator]). An injected clock has one reading only, so its era
// never advances.
type clock struct {
	now  func() time.Time // nil: the system clock
	sys  systemTime       // the system clock's two readings
	base atomic.Pointer[clockBase]
	eras atomic.Uint32 // wall-clock jumps seen so far
}

// systemTime reads the wall and monotonic clocks. Its zero value reads the
// real ones; tests set its fields to move the wall clock against the
// monotonic one.
type systemTime struct {
	wall func() time.Time     // nil: time.Now
	mono func() time.Duration // nil: time since monoStart
}

// monoStart is the origin of the real monotonic readings.
var monoStart = time.Now()

func (s *systemTime) monotonic() time.Duration {
	if s.mono != nil {
		return s.mono()
	}
	return time.Since(monoStart)
}

// both returns the wall clock and the monotonic clock, read together.
func (s *systemTime) both() (time.Time, time.Duration) {
	if s.wall != nil {
		return s.wall(), s.mono()
	}
	t := time.Now()
	return t, t.Sub(monoStart)
}

// A clockBase is a wall reading, converted once ([timeBase]), and the
// monotonic reading taken with it.
type clockBase struct {
	timeBase
	mono time.Duration
}

func newClockBase(t time.Time) *clockBase { return &clockBase{timeBase: newTimeBase(t)} }

// jumped reports whether the wall clock moved against the monotonic clock
// between the bases b and next by more than a slewing clock would.
func (b *clockBase) jumped(next *clockBase) bool {
	mono := next.mono - b.mono
	drift := next.wall.Round(0).Sub(b.wall.Round(0)) - mono
	return drift > time.Second+mono/1000 || -drift > time.Second+mono/1000
}

// ticks reads the clock as 100-ns Gregorian ticks.
func (c *clock) ticks() uint64 {
	if c.now != nil {
		return gregorianTicks(c.now())
	}
	b, d := c.read()
	return b.ticksAfter(d)
}

// millis12 reads the clock as Unix milliseconds with 12 fraction bits.
func (c *clock) millis12() uint64 {
	if c.now != nil {
		return unixMillis12(c.now())
	}
	b, d := c.read()
	return b.millis12After(d)
}

// era returns how many times the wall clock has been seen to jump against
// the monotonic clock.
func (c *clock) era() uint32 { return c.eras.Load() }

// read returns the system clock's base and the time the monotonic clock
// has run since it, taking a new base once a second.
func (c *clock) read() (*clockBase, time.Duration) {
	old := c.base.Load()
	if old != nil {
		if d := c.sys.monotonic() - old.mono; 0 <= d && d < time.Second {
			return old, d
		}
	}
	wall, mono := c.sys.both()
	b := newClockBase(wall)
	b.mono = mono
	if old != nil && old.jumped(b) {
		c.eras.Add(1)
	}
	c.base.Store(b)
	return b, 0
}
