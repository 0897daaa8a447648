package statefile

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/afb7af96/uuid/internal/gregorian"
)

// historyBound returns the bound the process's history keeps for seq of
// node.
func historyBound(r *Registry, node [6]byte, seq uint16) uint64 {
	var b [1]uint64
	r.bounds(node, []uint16{seq}, b[:])
	return b[0]
}

// TestHistoryForgetsSafely pushes every bound of the history past its
// size: nodes that use more clock sequences than a node's map keeps, more
// of those than keep an array, and more nodes than the history keeps.
// Whatever it forgot, every clock sequence of every node keeps a bound at
// or above what was noted for it, and a clock sequence nobody used has
// none.
func TestHistoryForgetsSafely(t *testing.T) {
	rnd := rand.New(rand.NewPCG(41, 1))
	var r Registry
	type pair struct {
		node [6]byte
		seq  uint16
	}
	noted := map[pair]uint64{}
	used := map[uint16]bool{}
	note := func(node [6]byte, seq uint16, end uint64) {
		r.note(node, seq, end)
		p := pair{node, seq}
		noted[p] = max(noted[p], end)
		used[seq] = true
	}
	wide := func(i int) [6]byte { return [6]byte{0x02, 0xaa, 0, 0, byte(i >> 8), byte(i)} }
	for i := range 3 * HistoryMax {
		// Nodes that use many clock sequences (far readings on many
		// files), more of them than keep arrays, among fresh nodes.
		if i%64 == 0 {
			w := wide(i / 64)
			for range historyRuns + 50 {
				note(w, uint16(rnd.IntN(gregorian.Seqs/2)), 1<<40+rnd.Uint64N(1<<50))
			}
		}
		note([6]byte{0x02, 0xbb, 0, 0, byte(i >> 8), byte(i)}, uint16(rnd.IntN(gregorian.Seqs/2)), 1<<40+rnd.Uint64N(1<<40))
	}
	if n := r.HistoryLen(); n > HistoryMax {
		t.Errorf("the history keeps %d nodes; want at most %d", n, HistoryMax)
	}
	if r.dense > denseMax {
		t.Errorf("%d histories keep arrays; want at most %d", r.dense, denseMax)
	}
	for p, end := range noted {
		if b := historyBound(&r, p.node, p.seq); b < end {
			t.Fatalf("node %x, clock sequence %d: bound %d after the history forgot; noted %d", p.node, p.seq, b, end)
		}
	}
	for seq := uint16(gregorian.Seqs / 2); seq < gregorian.Seqs; seq += 97 {
		if b := historyBound(&r, wide(0), seq); b != 0 && !used[seq] {
			t.Fatalf("clock sequence %d, which no node used, has the bound %d", seq, b)
		}
	}
}

// TestHistoryMemory measures the history's memory at 100 000 nodes: each
// reserves once, and one node in 1 000 uses 300 clock sequences. The
// history's heap must stay within the bound docs/state-file.md states.
func TestHistoryMemory(t *testing.T) {
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	r := new(Registry)
	rnd := rand.New(rand.NewPCG(41, 2))
	for i := range 100_000 {
		node := [6]byte{0x02, 0xcc, 0, byte(i >> 16), byte(i >> 8), byte(i)}
		runs := 1
		if i%1000 == 0 {
			runs = 300
		}
		for range runs {
			r.note(node, uint16(rnd.IntN(gregorian.Seqs)), 1<<56+rnd.Uint64N(1<<40))
		}
	}
	used := heap() - before
	t.Logf("history of 100 000 nodes: %d nodes kept, %d with arrays, %.2f MiB", r.HistoryLen(), r.dense, float64(used)/(1<<20))
	if used > 8<<20 {
		t.Errorf("the history of 100 000 nodes takes %d bytes; want at most 8 MiB", used)
	}
	runtime.KeepAlive(r)
}
