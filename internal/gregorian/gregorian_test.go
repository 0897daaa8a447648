package gregorian

import (
	"math/rand/v2"
	"testing"
)

const t0 = 1 << 56

// TestTake drives the rule with explicit clock readings.
func TestTake(t *testing.T) {
	var s Node
	s.Restart(0x1234)
	take := func(now uint64, stopped bool) (uint64, uint16, Result) {
		t.Helper()
		return s.Take(now, 1, stopped)
	}
	if ticks, seq, r := take(t0, false); ticks != t0 || seq != 0x1234 || r != Done {
		t.Fatalf("first = %d, %#x, %d", ticks, seq, r)
	}
	// The same reading again counts into the next tick.
	if ticks, seq, _ := take(t0, false); ticks != t0+1 || seq != 0x1234 {
		t.Fatalf("same reading = t0+%d, %#x; want t0+1", ticks-t0, seq)
	}
	// A small step back is counted through with the same clock sequence.
	if ticks, seq, _ := take(t0-100, false); ticks != t0+2 || seq != 0x1234 {
		t.Fatalf("small step back = t0+%d, %#x; want t0+2, same sequence", ticks-t0, seq)
	}
	// A step back by more than Ahead starts the next clock sequence at the clock.
	back := uint64(t0 - 2*Ahead)
	if ticks, seq, _ := take(back, false); ticks != back || seq != 0x1235 {
		t.Fatalf("step back = %d, %#x; want %d, 0x1235", ticks, seq, back)
	}
	// Forward again: the first run continues.
	if ticks, seq, _ := take(t0+5, false); ticks != t0+5 || seq != 0x1234 {
		t.Fatalf("forward again = t0%+d, %#x; want t0+5, 0x1234", int64(ticks-t0), seq)
	}
	// Ahead ahead of a clock that moves: wait; of one that stopped: the
	// next clock sequence, at the clock.
	now := uint64(t0 + 10)
	for i := range s.Runs {
		switch s.Runs[i].Seq {
		case 0x1234:
			s.Runs[i].End = now + Ahead + 1
		case 0x1235:
			s.Runs[i].Open = false // as after a restart
		}
	}
	if _, _, r := take(now, false); r != Wait {
		t.Fatalf("burst past Ahead: result %d; want Wait", r)
	}
	if ticks, seq, r := take(now, true); r != Done || ticks != now || seq != 0x1236 {
		t.Fatalf("stopped = t0%+d, %#x, %d; want t0+10, 0x1236", int64(ticks-t0), seq, r)
	}
}

// TestBounds applies random operations (takes, notes, merges, restarts)
// to a Node and checks the invariant against a full table of what was
// handed out: every clock sequence's bound stays above every timestamp
// handed out with it, so no pair can come round.
func TestBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 40 {
		var s, other Node
		var used [Seqs]uint64 // the end of what was handed out, per clock sequence
		s.Restart(uint16(r.IntN(Seqs)))
		for i := range 2000 {
			now := uint64(t0) + uint64(r.IntN(20))*Ahead/4
			switch k := r.IntN(20); {
			case k == 0:
				s.Restart(uint16(r.IntN(Seqs)))
			case k == 1:
				seq, end := uint16(r.IntN(Seqs)), now+uint64(r.IntN(100))
				other.Note(seq, end)
				used[seq] = max(used[seq], end) // as if another copy handed it out
				s.Merge(&other)
			default:
				start, seq, res := s.Take(now, uint64(1+r.IntN(64)), r.IntN(2) == 0)
				if res != Done {
					continue
				}
				if start < used[seq] {
					t.Fatalf("round %d, op %d: clock sequence %#x at %d, below %d handed out", round, i, seq, start, used[seq])
				}
				used[seq] = s.Bound(seq)
			}
			if i%50 != 0 {
				continue
			}
			for seq := range Seqs {
				if b := s.Bound(uint16(seq)); b < used[seq] {
					t.Fatalf("round %d, op %d: bound of %#x is %d, below %d", round, i, seq, b, used[seq])
				}
			}
		}
	}
}

// TestNear: the clock sequences Take may use next are the listed ones and
// the MaxRuns+1 the lap starts next, also across a lap's end.
func TestNear(t *testing.T) {
	var s Node
	s.Restart(Seqs - 3)
	s.Note(100, 5)
	for _, c := range []struct {
		seq  uint16
		want bool
	}{{Seqs - 3, true}, {Seqs - 1, true}, {0, true}, {MaxRuns - 3, true}, {MaxRuns - 2, false}, {100, true}, {99, false}, {Seqs - 4, false}} {
		if got := s.Near(c.seq); got != c.want {
			t.Errorf("Near(%d) = %v; want %v", c.seq, got, c.want)
		}
	}
}

// TestBehindTakesLowestNext: a clock behind every clock sequence at hand
// starts the one of the next MaxRuns+1 whose bound is lowest, so a far
// reading that raised the bound of the lap's next clock sequence (a node
// evicted into the same bucket that restarted at the same clock sequence)
// does not date the node's UUIDs a year ahead (the simulator's seed 953 at
// 1000 steps: 8760 h ahead).
func TestBehindTakesLowestNext(t *testing.T) {
	const now = uint64(1) << 56
	year := uint64(365*24*3600) * TicksPerSecond
	var s Node
	s.Floor, s.Used = now+15*TicksPerSecond, now+15*TicksPerSecond // the bucket's clocks, 15 s ahead
	s.Runs[0] = Run{Seq: 1, End: now + year}                       // a far reading's bound
	s.Restart(1)
	start, seq, r := s.Take(now, 64, false)
	if r != Done || start != s.Floor || seq == 1 {
		t.Fatalf("Take = now+%d s, %d, %d; want now+15 s, not clock sequence 1", (start-now)/TicksPerSecond, seq, r)
	}
	if s.Bound(1) != now+year || s.Next() != seq+1 || !s.started(1) {
		t.Fatalf("clock sequence 1 must stay started with its bound: bound now+%d, next %d", s.Bound(1)-now, s.Next())
	}
}
