package uuid

import (
	"errors"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/afb7af96/uuid/internal/gregorian"
	"github.com/afb7af96/uuid/internal/statefile"
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

// noHistory is the history of a table or store used alone: none.
func noHistory([6]byte, []uint16, []uint64) {}

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
			var s gregorian.Node
			seen := pairSet{}
			for i := 0; i < n; i++ {
				now := c.ticks(i)
				ticks, seq, r := s.Take(now, 1, true)
				if r != gregorian.Done || ticks > now+gregorian.Ahead {
					t.Fatalf("call %d: %d ticks ahead, result %d", i, ticks-now, r)
				}
				seen.add(t, "memory", i, ticks, seq)
			}
		})
		t.Run("state=table/clock="+c.name, func(t *testing.T) {
			t.Parallel()
			// A block of one per call, as a process reserving again and
			// again, so that the clock sequences wrap.
			var tab statefile.Table
			node := [6]byte{0x02, 0, 0, 0, 0, 1}
			seen := pairSet{}
			for i := 0; i < n; i++ {
				now := c.ticks(i)
				start, seq, _, r, err := tab.Apply(statefile.Claim{From: now, N: 1, Node: node, Stopped: true, RandSeq: 7}, statefile.ID{}, noHistory)
				if err != nil || r != gregorian.Done || start > now+gregorian.Ahead {
					t.Fatalf("call %d: %d ticks ahead, result %d, %v", i, start-now, r, err)
				}
				seen.add(t, "table", i, start, seq)
			}
		})
	}
}

// TestWrongReadingCostsOneSequence: a clock that alternates between now
// and a year ahead, far more often than there are clock sequences, keeps
// two runs, one per reading: timestamps follow each reading and no more
// than two clock sequences are used.
func TestWrongReadingCostsOneSequence(t *testing.T) {
	var s gregorian.Node
	far := gregorianTicks(rfcTime.Add(365 * 24 * time.Hour))
	now := gregorianTicks(rfcTime)
	seqs := map[uint16]bool{}
	for i := range 1 << 15 {
		reading := now + uint64(i)
		if i%2 == 1 {
			reading = far + uint64(i)
		}
		ticks, seq, r := s.Take(reading, 1, true)
		if r != gregorian.Done || ticks < reading || ticks > reading+gregorian.Ahead {
			t.Fatalf("call %d: ticks reading%+d, result %d", i, int64(ticks-reading), r)
		}
		seqs[seq] = true
	}
	if len(seqs) > 2 {
		t.Errorf("%d clock sequences used; want 2", len(seqs))
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
// 100 ns apart or two seconds apart (more than gregorian.Ahead, so every step back
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
	// Through the state alone, far past 16384 step backs.
	var s gregorian.Node
	seen := map[[2]uint64]bool{}
	for i := range 3 * (1 << 14) {
		now := uint64(1 << 40)
		if i%2 == 1 {
			now += 2 * gregorian.Ahead
		}
		ticks, seq, st := s.Take(now, 1, false)
		if st != gregorian.Done {
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
