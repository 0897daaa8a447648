package uuid

import (
	"errors"
	"os"
	"strconv"
	"testing"
	"time"
)

// soakScale returns how many times longer a test that can run long should
// run: 1 by default, and when UUID_SOAK_SECONDS is set (as CI does) its
// value, at least 2.
func soakScale(t *testing.T) int {
	t.Helper()
	s := os.Getenv("UUID_SOAK_SECONDS")
	if s == "" {
		return 1
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n <= 0 {
		t.Fatalf("UUID_SOAK_SECONDS=%q: want a number of seconds", s)
	}
	return max(2, int(n))
}

// A clockShape is a clock that keeps misbehaving the same way.
type clockShape struct {
	name string
	step time.Duration // the clock alternates between T and T+step; 0: frozen
}

var clockShapes = []clockShape{
	{"frozen", 0},
	{"alternate-100ns", 100 * time.Nanosecond},
	{"alternate-2.1s", 2100 * time.Millisecond},
	{"alternate-3s", 3 * time.Second},
	{"alternate-23h", 23 * time.Hour},
	{"alternate-25h", 25 * time.Hour},
	{"alternate-48h", 48 * time.Hour},
	{"alternate-1y", 365 * 24 * time.Hour},
}

// ticksOf returns the clock readings of shape, as Gregorian ticks, for
// call i.
func (c clockShape) ticks(i int) uint64 {
	t := gregorianTicks(rfcTime)
	if i%2 == 1 {
		t += uint64(c.step / 100)
	}
	return t
}

// pairSet records (timestamp, clock sequence) pairs and reports the
// first that comes round again.
type pairSet map[[2]uint64]bool

func (s pairSet) add(t *testing.T, what string, i int, ticks uint64, seq uint16) {
	t.Helper()
	k := [2]uint64{ticks, uint64(seq)}
	if s[k] {
		t.Fatalf("%s: call %d repeats timestamp %d with clock sequence %#x", what, i, ticks, seq)
	}
	s[k] = true
}

// TestUniquenessRule drives the rule, in memory and in a state file's
// table, with clocks that alternate between two readings or stand
// still, well past the 16384 clock sequences: no pair comes round.
func TestUniquenessRule(t *testing.T) {
	t.Parallel()
	n := 40_000 * soakScale(t) // past 2×16384: the clock sequence wraps
	for _, c := range clockShapes {
		t.Run("state=memory/clock="+c.name, func(t *testing.T) {
			t.Parallel()
			var s gregorianState
			seen := pairSet{}
			for i := 0; i < n; i++ {
				ticks, seq, st := s.next(c.ticks(i), true)
				if st != stepDone {
					t.Fatalf("call %d: step %d", i, st)
				}
				seen.add(t, "memory", i, ticks, seq)
			}
		})
		t.Run("state=table/clock="+c.name, func(t *testing.T) {
			t.Parallel()
			// A block of one per call, as a process reserving again and
			// again, so that the clock sequences wrap.
			var tab stateTable
			node := [6]byte{0x02, 0, 0, 0, 0, 1}
			seen := pairSet{}
			for i := 0; i < n; i++ {
				start, seq, _, err := tab.reserve(claim{from: c.ticks(i), n: 1, node: node, randSeq: 7})
				if err != nil {
					t.Fatal(err)
				}
				seen.add(t, "table", i, start, seq)
			}
		})
	}
}

// TestEpochAboveEverything: once a clock that keeps going back has used
// every clock sequence, timestamps move above every one handed out, even
// far ahead of the clock, rather than follow the clock back.
func TestEpochAboveEverything(t *testing.T) {
	var s gregorianState
	far := gregorianTicks(rfcTime.Add(365 * 24 * time.Hour))
	now := gregorianTicks(rfcTime)
	for i := range 1 << 15 {
		reading := now
		if i%2 == 1 {
			reading = far
		}
		s.next(reading, true)
	}
	ticks, _, st := s.next(now, true)
	if st != stepDone || ticks < far {
		t.Fatalf("after 16384 step backs: ticks %d, step %d; want at least %d", ticks, st, far)
	}
}

func (p *panickyNode) NodeID() ([6]byte, error) {
	if p.calls++; p.calls == 1 {
		panic("node source broke")
	}
	return [6]byte{0x02, 9, 9, 9, 9, 9}, nil
}

func (f *flakyNode) NodeID() ([6]byte, error) {
	if f.calls++; f.calls <= f.fails {
		return [6]byte{}, errBroken
	}
	return [6]byte{0x02, 8, 8, 8, 8, 8}, nil
}

// TestResume pins the rule for a clock that went back, which the state in
// memory and the state file share.
func TestResume(t *testing.T) {
	const end = 1_000_000_000
	for _, tc := range []struct {
		name      string
		now       uint64
		ahead     uint64
		wantStart uint64
		wantNext  bool
	}{
		{"clock_past_end", end + 5, maxAhead, end + 5, false},
		{"clock_at_end", end, maxAhead, end, false},
		{"clock_just_behind", end - 1, maxAhead, end, false},
		{"clock_behind_by_maxAhead", end - maxAhead, maxAhead, end, false},
		{"clock_went_back", end - maxAhead - 1, maxAhead, end - maxAhead - 1, true},
		{"clock_at_zero", 0, maxAhead, 0, true},
		{"file_behind_by_fileAhead", end - fileAhead, fileAhead, end, false},
		{"file_went_back", end - fileAhead - 1, fileAhead, end - fileAhead - 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start, next := resume(end, tc.now, tc.ahead)
			if start != tc.wantStart || next != tc.wantNext {
				t.Errorf("resume(end, end%+d) = end%+d, %v; want end%+d, %v",
					int64(tc.now-end), int64(start-end), next, int64(tc.wantStart-end), tc.wantNext)
			}
		})
	}
}

// TestGregorianStateAlone drives the Gregorian state with explicit clock
// readings, no clock and no Generator.
func TestGregorianStateAlone(t *testing.T) {
	const t0 = 1 << 56
	var s gregorianState
	s.seq = 0x1234
	take := func(now uint64, stalled bool) (uint64, uint16, step) {
		t.Helper()
		return s.next(now, stalled)
	}
	if ticks, seq, st := take(t0, false); ticks != t0 || seq != 0x1234 || st != stepDone {
		t.Fatalf("first = %d, %#x, %d", ticks, seq, st)
	}
	// The same reading again counts into the next tick.
	if ticks, seq, _ := take(t0, false); ticks != t0+1 || seq != 0x1234 {
		t.Fatalf("same reading = t0+%d, %#x; want t0+1", ticks-t0, seq)
	}
	// A small step back is counted through with the same clock sequence.
	if ticks, seq, _ := take(t0-100, false); ticks != t0+2 || seq != 0x1234 {
		t.Fatalf("small step back = t0+%d, %#x; want t0+2, same sequence", ticks-t0, seq)
	}
	// A step back by more than maxAhead restarts at the clock with the next
	// clock sequence.
	back := uint64(t0 - 2*maxAhead)
	if ticks, seq, _ := take(back, false); ticks != back || seq != 0x1235 {
		t.Fatalf("step back = %d, %#x; want %d, 0x1235", ticks, seq, back)
	}
	// maxAhead ahead of a clock that moves: wait.
	s.end = back + maxAhead + 2
	if _, _, st := take(back+1, false); st != stepWait {
		t.Fatalf("burst past maxAhead: step %d; want stepWait", st)
	}
	// ... or of a clock that stepped back a little: a wobble, not a clock
	// that went back, so wait too.
	if _, _, st := take(back-5, false); st != stepWait {
		t.Fatalf("burst past maxAhead, clock 5 ticks back: step %d; want stepWait", st)
	}
	// ... and of a clock that stopped: stalled gives a new sequence.
	s.end, s.lastNow = back+maxAhead+2, back+1
	if ticks, seq, st := take(back+1, true); st != stepDone || ticks != back+1 || seq != 0x1236 {
		t.Fatalf("stalled = %d, %#x, %d; want %d, 0x1236", ticks, seq, st, back+1)
	}
}

// oscillate returns a clock that alternates between t and t+d, starting
// at t, one reading per call.
func oscillate(t time.Time, d time.Duration) func() time.Time {
	var n int
	return func() time.Time {
		n++
		if n%2 == 1 {
			return t
		}
		return t.Add(d)
	}
}

// TestOscillatingClock: a clock that alternates between two instants,
// 100 ns apart or two seconds apart (more than maxAhead, so every step back
// changes the clock sequence): 40 000 v1 UUIDs never repeat, although that
// is more than the 16384 clock sequences, and 40 000 v6 UUIDs with a node
// are unique.
func TestOscillatingClock(t *testing.T) {
	for _, d := range []time.Duration{100 * time.Nanosecond, 2 * time.Second} {
		t.Run("amplitude="+d.String(), func(t *testing.T) {
			const n = 40_000
			node := StaticNode([6]byte{0x02, 0, 0, 0, 0, 0x2a})
			g := NewGenerator(GeneratorOptions{Now: oscillate(rfcTime, d), V6Node: true, Node: node})
			checkUnique(t, "v1", generate(t, n, g.NewV1))
			g = NewGenerator(GeneratorOptions{Now: oscillate(rfcTime, d), V6Node: true, Node: node})
			checkUnique(t, "v6", generate(t, n, g.NewV6))
		})
	}
	// Through the state alone: after 16384 step backs the epoch's floor
	// rises above every timestamp handed out.
	var s gregorianState
	seen := map[[2]uint64]bool{}
	for i := range 3 * (1 << 14) {
		now := uint64(1 << 40)
		if i%2 == 1 {
			now += 2 * maxAhead
		}
		ticks, seq, st := s.next(now, false)
		if st != stepDone {
			t.Fatalf("call %d: step %d", i, st)
		}
		if k := [2]uint64{ticks, uint64(seq)}; seen[k] {
			t.Fatalf("call %d repeats timestamp %d with clock sequence %#x", i, ticks, seq)
		} else {
			seen[k] = true
		}
	}
}

// TestGregorianCeiling runs v1 and v6 at the last 60-bit tick: at most
// 16384 v1 UUIDs or v6 UUIDs with a node (one per clock sequence) and one
// random v6 UUID fit, and then
// the Generator returns ErrExhausted, never a repeated or smaller value.
func TestGregorianCeiling(t *testing.T) {
	for _, at := range []time.Time{gregorianTime(maxGregorianTicks), time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)} {
		g := NewGenerator(GeneratorOptions{Now: fixedClock(at), V6Node: true, Node: StaticNode([6]byte{0x02})})
		var v1 []UUID
		var err error
		for len(v1) <= 1<<14 {
			var u UUID
			if u, err = g.NewV1(); err != nil {
				break
			}
			v1 = append(v1, u)
		}
		if !errors.Is(err, ErrExhausted) || len(v1) != 1<<14 {
			t.Fatalf("v1 at %v: %d UUIDs, then %v; want 16384, then ErrExhausted", at, len(v1), err)
		}
		checkUnique(t, "v1 at the ceiling", v1)
		// Exhaustion sticks.
		if _, err := g.NewV1(); !errors.Is(err, ErrExhausted) {
			t.Fatalf("v1 after exhaustion: %v", err)
		}
		// Random v6: one value at the last tick.
		g = NewGenerator(GeneratorOptions{Now: fixedClock(at)})
		u, err := g.NewV6()
		if ts, _ := u.Time(); err != nil || !ts.Equal(gregorianTime(maxGregorianTicks)) {
			t.Fatalf("first v6 at %v = %v (%v), %v", at, u, ts, err)
		}
		if u, err := g.NewV6(); !errors.Is(err, ErrExhausted) {
			t.Fatalf("second v6 at the last tick = %v, %v; want ErrExhausted", u, err)
		}
		// v6 with a node shares v1's state, so one value per clock sequence.
		g = NewGenerator(GeneratorOptions{Now: fixedClock(at), V6Node: true, Node: StaticNode([6]byte{0x02})})
		v6 := generate(t, 1<<14, g.NewV6)
		checkUnique(t, "v6 with a node at the ceiling", v6)
		if u, err := g.NewV6(); !errors.Is(err, ErrExhausted) {
			t.Fatalf("v6 with a node after 16384 at the last tick = %v, %v; want ErrExhausted", u, err)
		}
	}
	// The package-level functions panic with it rather than repeat.
	defer func() {
		if err, _ := recover().(error); !errors.Is(err, ErrExhausted) {
			t.Errorf("orPanic(ErrExhausted) panicked with %v", err)
		}
	}()
	orPanic(UUID{}, ErrExhausted)
}
