package uuid

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

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
