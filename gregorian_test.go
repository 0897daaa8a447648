package uuid

import (
	"errors"
	"os"
	"path/filepath"
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
	n := 40_000 * soakScale(t) // past 2×16384: the clock sequence wraps
	for _, c := range clockShapes {
		t.Run("state=memory/clock="+c.name, func(t *testing.T) {
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

// TestAlternatingGenerators makes v1 and v6 UUIDs with a node from
// Generators whose clock alternates or stands still, in memory and with
// a state file: none repeats. The state file's runs are shorter, as each
// call reserves; CI runs them as long as the memory runs.
func TestAlternatingGenerators(t *testing.T) {
	for _, state := range []string{"memory", "file"} {
		if state == "file" && flockMissing != nil {
			continue
		}
		n := 34_000 * soakScale(t) // past 2×16384 in memory
		if state == "file" {
			n = 1_000
			if soakScale(t) > 1 {
				n = 100_000
			}
		}
		for _, c := range clockShapes {
			if state == "file" && soakScale(t) == 1 && c.step != 0 && c.step != 3*time.Second && c.step != 48*time.Hour {
				continue // CI runs them all
			}
			t.Run("state="+state+"/clock="+c.name, func(t *testing.T) {
				var i int
				now := func() time.Time { i++; return gregorianTime(c.ticks(i)) }
				opts := GeneratorOptions{Now: now, Node: StaticNode([6]byte{0x02, 0, 0, 0, 0, 1}), V6Node: true}
				if state == "file" {
					opts.StateFile = filepath.Join(t.TempDir(), "state")
				}
				g := NewGenerator(opts)
				defer g.Close()
				for _, v := range []func() (UUID, error){g.NewV1, g.NewV6} {
					seen := make(map[UUID]bool, n)
					for k := range n {
						u, err := v()
						if err != nil {
							t.Fatal(err)
						}
						if seen[u] {
							t.Fatalf("call %d repeats %v", k, u)
						}
						seen[u] = true
					}
				}
			})
		}
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

// panickyNode panics at its first NodeID, then answers.
type panickyNode struct{ calls int }

func (p *panickyNode) NodeID() ([6]byte, error) {
	if p.calls++; p.calls == 1 {
		panic("node source broke")
	}
	return [6]byte{0x02, 9, 9, 9, 9, 9}, nil
}

// flakyNode fails until it has been asked fails times.
type flakyNode struct{ calls, fails int }

func (f *flakyNode) NodeID() ([6]byte, error) {
	if f.calls++; f.calls <= f.fails {
		return [6]byte{}, errBroken
	}
	return [6]byte{0x02, 8, 8, 8, 8, 8}, nil
}

// TestNodeSourceRecovers: a NodeSource that panics leaves the Generator as
// it was, and the next call asks again; one that fails is asked again
// once a second of the Generator's clock has passed, not at every call.
func TestNodeSourceRecovers(t *testing.T) {
	for _, state := range []string{"memory", "file"} {
		if state == "file" && flockMissing != nil {
			continue
		}
		t.Run("state="+state+"/panic", func(t *testing.T) {
			opts := GeneratorOptions{Now: fixedClock(rfcTime), Node: &panickyNode{}, V6Node: true}
			if state == "file" {
				opts.StateFile = filepath.Join(t.TempDir(), "state")
			}
			g := NewGenerator(opts)
			defer g.Close()
			func() {
				defer func() { recover() }()
				g.NewV1()
			}()
			for _, f := range []func() (UUID, error){g.NewV1, g.NewV6} {
				u, err := f()
				if node, _ := u.NodeID(); err != nil || node != [6]byte{0x02, 9, 9, 9, 9, 9} {
					t.Fatalf("after the panic: %v (node %x), %v; want the source's node", u, node, err)
				}
			}
		})
		t.Run("state="+state+"/error", func(t *testing.T) {
			clock := newScriptClock(rfcTime)
			src := &flakyNode{fails: 1}
			opts := GeneratorOptions{Now: clock.Func(), Node: src}
			if state == "file" {
				opts.StateFile = filepath.Join(t.TempDir(), "state")
			}
			g := NewGenerator(opts)
			defer g.Close()
			for range 100 {
				if _, err := g.NewV1(); !errors.Is(err, errBroken) {
					t.Fatalf("NewV1 with a failed source: %v; want %v", err, errBroken)
				}
				clock.Add(time.Millisecond)
			}
			if src.calls != 1 {
				t.Fatalf("a failed source was asked %d times within 100 ms; want once", src.calls)
			}
			clock.Add(time.Second)
			if u, err := g.NewV1(); err != nil || nodeOf(u) != [6]byte{0x02, 8, 8, 8, 8, 8} {
				t.Fatalf("NewV1 a second later = %v, %v; want the source's node", u, err)
			}
		})
	}
}
