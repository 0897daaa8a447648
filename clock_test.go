package uuid

import (
	"sync/atomic"
	"testing"
	"time"
)

var rfcTime = time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)

// fixedClock returns a clock that always says t.
func fixedClock(t time.Time) func() time.Time { return func() time.Time { return t } }

// scriptClock is a clock a test moves by hand; it is safe for concurrent use.
type scriptClock struct{ ns atomic.Int64 }

func newScriptClock(t time.Time) *scriptClock {
	c := new(scriptClock)
	c.ns.Store(t.UnixNano())
	return c
}

func (c *scriptClock) Now() time.Time { return time.Unix(0, c.ns.Load()).UTC() }

func (c *scriptClock) Add(d time.Duration) { c.ns.Add(int64(d)) }

func (c *scriptClock) Set(t time.Time) { c.ns.Store(t.UnixNano()) }

func (c *scriptClock) Func() func() time.Time { return c.Now }

// TestSystemClock checks the system clock against time.Now: every reading
// lies between the wall readings taken around it, give or take a
// millisecond by which the wall clock may be slewed against the monotonic
// clock within the base's second.
func TestSystemClock(t *testing.T) {
	var c clock
	for i := range 2000 {
		before := time.Now().Add(-time.Millisecond)
		ms, ticks := c.millis12()>>fracBits, c.ticks()
		after := time.Now().Add(time.Millisecond)
		if ms < uint64(before.UnixMilli()) || ms > uint64(after.UnixMilli()) {
			t.Fatalf("reading %d: millis %d outside [%d, %d]", i, ms, before.UnixMilli(), after.UnixMilli())
		}
		if ticks < gregorianTicks(before) || ticks > gregorianTicks(after) {
			t.Fatalf("reading %d: ticks %d outside [%d, %d]", i, ticks, gregorianTicks(before), gregorianTicks(after))
		}
	}
}

// fakeSystem is a system clock whose wall and monotonic readings a test
// moves by hand, together or apart; it is safe for concurrent use.
type fakeSystem struct {
	wall, mono atomic.Int64 // nanoseconds
}

func newFakeSystem(t time.Time) *fakeSystem {
	f := new(fakeSystem)
	f.wall.Store(t.UnixNano())
	return f
}

func (f *fakeSystem) sys() systemTime {
	return systemTime{
		wall: func() time.Time { return time.Unix(0, f.wall.Load()) },
		mono: func() time.Duration { return time.Duration(f.mono.Load()) },
	}
}

// advance moves both clocks on by d.
func (f *fakeSystem) advance(d time.Duration) {
	f.wall.Add(int64(d))
	f.mono.Add(int64(d))
}

// jump moves the wall clock alone by d, as a restored snapshot's clock
// does once it is corrected, and then both by two seconds, so that the
// clock takes a new base and sees it.
func (f *fakeSystem) jump(d time.Duration) {
	f.wall.Add(int64(d))
	f.advance(2 * time.Second)
}

// TestClockEras checks when the system clock's era advances: on a jump of
// the wall clock against the monotonic clock in either direction, and not
// while the two run together or drift apart as a slewing clock does.
func TestClockEras(t *testing.T) {
	f := newFakeSystem(rfcTime)
	c := clock{sys: f.sys()}
	c.ticks()
	for _, step := range []struct {
		name    string
		move    func()
		wantEra uint32
	}{
		{"together", func() { f.advance(10 * time.Second) }, 0},
		{"within-a-second", func() { f.advance(500 * time.Millisecond) }, 0},
		{"slewed-500ppm-for-an-hour", func() { f.wall.Add(int64(time.Hour + 1800*time.Millisecond)); f.mono.Add(int64(time.Hour)) }, 0},
		{"forward-an-hour", func() { f.jump(time.Hour) }, 1},
		{"back-a-minute", func() { f.jump(-time.Minute) }, 2},
		{"forward-two-seconds", func() { f.jump(2 * time.Second) }, 3},
		{"together-again", func() { f.advance(3 * time.Second) }, 3},
	} {
		step.move()
		got := c.ticks()
		if want := gregorianTicks(time.Unix(0, f.wall.Load())); got != want {
			t.Errorf("%s: ticks %d; want %d", step.name, got, want)
		}
		if e := c.era(); e != step.wantEra {
			t.Errorf("%s: era %d; want %d", step.name, e, step.wantEra)
		}
	}
}

// wideClock is a clock a test moves by hand, at any instant of time.Time
// (scriptClock's nanoseconds since 1970 reach only the year 2262).
type wideClock struct{ t atomic.Pointer[time.Time] }

func newWideClock(t time.Time) *wideClock {
	c := new(wideClock)
	c.Set(t)
	return c
}

func (c *wideClock) Now() time.Time { return *c.t.Load() }

func (c *wideClock) Set(t time.Time) { c.t.Store(&t) }

func (c *wideClock) Add(d time.Duration) { c.Set(c.Now().Add(d)) }
