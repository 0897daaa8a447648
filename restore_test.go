package uuid

import (
	"errors"
	"math"
	"sync/atomic"
	"testing"
	"time"
)

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

// TestRestoreReseeds makes version 1 and 2 UUIDs and version 6 UUIDs with
// a node through Generators on a fake system clock, moves the wall clock
// against the monotonic clock, and checks that each draws a new clock
// sequence, and a new node where it was random, and repeats nothing.
func TestRestoreReseeds(t *testing.T) {
	for _, tc := range []struct {
		name       string
		node       NodeSource
		randomNode bool
	}{
		{"node=static", StaticNode([6]byte{0x02, 0, 0, 0, 0, 1}), false},
		{"node=random", RandomNode(), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeSystem(rfcTime)
			g := NewGenerator(GeneratorOptions{V6Node: true, Node: tc.node, Rand: &countingRand{}})
			g.clock.sys = f.sys()
			seen := map[UUID]bool{}
			make := func() (v1, v2, v6 UUID) {
				v1, v2, v6 = must(g.NewV1()), must(g.NewV2(DomainPerson, 7)), must(g.NewV6())
				for _, u := range []UUID{v1, v2, v6} {
					if seen[u] {
						t.Fatalf("%v made twice", u)
					}
					seen[u] = true
				}
				return v1, v2, v6
			}
			b1, b2, b6 := make()
			f.advance(3 * time.Second) // no jump: nothing changes
			a1, a2, a6 := make()
			// Version 2 counts its 6-bit clock sequence on within a period.
			if seqOf(a1) != seqOf(b1) || seqOf(a6) != seqOf(b6) || dceSeqOf(a2) != (dceSeqOf(b2)+1)&0x3f || nodeOf(a1) != nodeOf(b1) {
				t.Fatalf("clock sequences or node changed without a jump: %v %v %v, then %v %v %v", b1, b2, b6, a1, a2, a6)
			}
			f.jump(-time.Hour) // a snapshot restored, its clock corrected
			r1, r2, r6 := make()
			if seqOf(r1) == seqOf(a1) || seqOf(r6) == seqOf(a6) || dceSeqOf(r2) == (dceSeqOf(a2)+1)&0x3f {
				t.Errorf("clock sequences kept across the jump: %v %v %v, then %v %v %v", a1, a2, a6, r1, r2, r6)
			}
			if changed := nodeOf(r1) != nodeOf(a1); changed != tc.randomNode {
				t.Errorf("node %x then %x across the jump; want changed = %v", nodeOf(a1), nodeOf(r1), tc.randomNode)
			}
		})
	}
}

// countingRand is a random source whose bytes count up, so that each read
// differs from the one before.
type countingRand struct{ n atomic.Uint64 }

func (r *countingRand) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r.n.Add(1) * 0x9e)
	}
	return len(p), nil
}

func seqOf(u UUID) uint16 {
	s, _ := u.ClockSequence()
	return s
}

func dceSeqOf(u UUID) uint8 {
	_, seq, _, _, _ := v2Fields(u)
	return seq
}

func nodeOf(u UUID) [6]byte {
	n, _ := u.NodeID()
	return n
}

// TestBadReading feeds a Generator one far-future clock reading in a
// stream of sane ones: within one call of the clock being sane again,
// every version makes UUIDs without error, with no repeats, and v6 and v7
// carry the sane time again. A step back of an hour, and a jump forward
// and back of an hour, keep random v6 and v7 strictly increasing, and v6
// with a node unique.
func TestBadReading(t *testing.T) {
	bad := []time.Time{
		time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(5236, 3, 31, 21, 21, 0, 0, time.UTC),
		time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(10890, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Unix(math.MaxInt64-62135596800, 999_999_999), // the largest time.Time
	}
	sane := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	for _, badTime := range bad {
		for _, withNode := range []bool{false, true} {
			t.Run(badTime.Format("2006")+map[bool]string{false: "/v6=random", true: "/v6=node"}[withNode], func(t *testing.T) {
				clock := newWideClock(sane)
				opts := GeneratorOptions{Now: clock.Now, V6Node: withNode}
				if withNode {
					opts.Node = StaticNode([6]byte{0x02, 1, 2, 3, 4, 5})
				}
				g := NewGenerator(opts)
				seen := map[UUID]bool{}
				call := func(when string) {
					for _, f := range []func() (UUID, error){g.NewV1, g.NewV6, g.NewV7} {
						u, err := f()
						if err != nil {
							t.Fatalf("%s: %v", when, err)
						}
						if seen[u] {
							t.Fatalf("%s: %v made twice", when, u)
						}
						seen[u] = true
						if when == "after" && u.Version() != 1 {
							if tm, _ := u.Time(); tm.Before(sane) || tm.After(sane.Add(time.Second)) {
								t.Fatalf("v%d after the bad reading carries %v; want about %v", u.Version(), tm, sane)
							}
						}
					}
				}
				for range 100 {
					call("before")
					clock.Add(time.Microsecond)
				}
				// One bad reading per version, then sane ones.
				now := clock.Now()
				clock.Set(badTime)
				for _, f := range []func() (UUID, error){g.NewV1, g.NewV6, g.NewV7} {
					if u, err := f(); err == nil {
						seen[u] = true
					} else if !errors.Is(err, ErrExhausted) {
						t.Fatal(err)
					}
				}
				clock.Set(now)
				for range 10_000 {
					call("after")
					clock.Add(time.Microsecond)
				}
			})
		}
	}
	t.Run("hour-back-and-forth", func(t *testing.T) {
		clock := newScriptClock(sane)
		g := NewGenerator(GeneratorOptions{Now: clock.Func(), V6Node: true, Node: StaticNode([6]byte{0x02, 1, 2, 3, 4, 5})})
		var v6n, v6r, v7 []UUID
		r := NewGenerator(GeneratorOptions{Now: clock.Func()})
		step := func(n int) {
			for range n {
				v6n = append(v6n, must(g.NewV6()))
				v6r = append(v6r, must(r.NewV6()))
				v7 = append(v7, must(g.NewV7()))
				clock.Add(time.Millisecond)
			}
		}
		step(100)
		clock.Add(time.Hour)
		step(100)
		clock.Add(-time.Hour)
		step(100)
		clock.Add(-time.Hour) // an hour before the start
		step(100)
		checkUnique(t, "v6 with a node", v6n)
		checkIncreasing(t, "v6", v6r)
		checkIncreasing(t, "v7", v7)
	})
}

// wideClock is a clock a test moves by hand, at any instant of time.Time
// (scriptClock's nanoseconds since 1970 reach only the year 2262).
type wideClock struct{ t atomic.Pointer[time.Time] }

func newWideClock(t time.Time) *wideClock {
	c := new(wideClock)
	c.Set(t)
	return c
}

func (c *wideClock) Now() time.Time      { return *c.t.Load() }
func (c *wideClock) Set(t time.Time)     { c.t.Store(&t) }
func (c *wideClock) Add(d time.Duration) { c.Set(c.Now().Add(d)) }

// TestRestoreReseedRetries: when the random source fails just as the
// Generator notices a restore, the new clock sequence is drawn at the next
// call instead, not forgotten.
func TestRestoreReseedRetries(t *testing.T) {
	f := newFakeSystem(rfcTime)
	r := &failingRand{}
	g := NewGenerator(GeneratorOptions{V6Node: true, Node: StaticNode([6]byte{0x02, 0, 0, 0, 0, 1}), Rand: r})
	g.clock.sys = f.sys()
	before := must(g.NewV1())
	f.jump(time.Hour)
	r.fail.Store(true)
	if _, err := g.NewV1(); !errors.Is(err, ErrRandom) {
		t.Fatalf("NewV1 with the random source failing: %v; want ErrRandom", err)
	}
	r.fail.Store(false)
	after := must(g.NewV1())
	if seqOf(after) == seqOf(before) {
		t.Errorf("clock sequence %#x kept across the restore after a failed draw", seqOf(after))
	}
}

// failingRand is countingRand that fails while fail is set.
type failingRand struct {
	countingRand
	fail atomic.Bool
}

func (r *failingRand) Read(p []byte) (int, error) {
	if r.fail.Load() {
		return 0, errors.New("no entropy now")
	}
	return r.countingRand.Read(p)
}
