package uuid

import (
	"sync"

	"github.com/afb7af96/uuid/internal/gregorian"
)

// The Gregorian state of versions 1, 2 and 6: the uniqueness rule is
// package gregorian's ([gregorian.Node]); this file wires it to a
// Generator's clock, entropy and node, in memory, and the state file
// (filesource.go) shares it between processes.

// stallReads is how many times a Generator told to wait reads a clock
// that does not move before it takes the clock for stopped; the rule then
// takes another clock sequence instead of waiting. The reads are made
// without a lock, so waiting callers do not hold each other up.
const stallReads = 64

// v6Hold keeps version 6 timestamps from going back: each is above the
// one before it, so values are strictly increasing. After the clock steps
// back, the timestamp holds and counts on until the clock catches up, up
// to a day ([holds]). Its zero value is ready to use, and it is safe for
// concurrent use.
type v6Hold struct {
	mu   sync.Mutex
	next uint64 // the lowest timestamp still allowed
}

// take returns the timestamp to use for the one proposed, and reports
// whether there was one below the 60-bit ceiling: there is, unless the
// proposed timestamp is itself the last one and has been used.
func (h *v6Hold) take(ticks uint64) (uint64, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if holds(h.next, ticks, maxHoldTicks) {
		ticks = max(ticks, h.next)
	}
	if ticks > maxGregorianTicks {
		return 0, false
	}
	h.next = ticks + 1
	return ticks, true
}

// A gregorianSource hands out the timestamps, clock sequences and nodes
// of version 1 UUIDs and of version 6 UUIDs with a node: from memory
// ([memoryGregorian]) or from a state file shared by processes
// ([fileGregorian]). A Generator has one, chosen by [NewGenerator]. Each
// guards its own fields.
type gregorianSource interface {
	// next returns the timestamp, clock sequence and node for the clock
	// reading now in the clock's era (see [clock]), or a result other
	// than gregorian.Done: Wait to read the clock again and retry
	// (stopped says the clock did not move in stallReads reads: then the
	// source never waits), Exhausted when no timestamp is left. e
	// supplies random clock sequences.
	next(now uint64, era uint32, stopped bool, e *entropy) (ticks uint64, seq uint16, node [6]byte, st gregorian.Result, err error)

	// v6 returns the timestamp a version 6 UUID uses for ticks, which
	// next returned, and reports whether one was left.
	v6(ticks uint64) (uint64, bool)

	// nodeID returns the node the source uses.
	nodeID() ([6]byte, error)

	// close releases what the source holds; later calls of next fail.
	close() error
}

// nodeRetry is how long, in 100-ns ticks of the Generator's clock, a
// failure of a NodeSource is kept before the source is asked again, so
// that a broken source costs at most one call a second.
const nodeRetry = ticksPerSecond

// nodeState is a Gregorian source's node: asked of its NodeSource on first
// use and kept for the source's lifetime. A failure is kept for nodeRetry,
// then the source is asked again; a source that panics leaves nodeState
// as it was. A node drawn at random (by [RandomNode], or by
// [HardwareNode] on a host without a MAC address) is drawn again when the
// process may have been cloned. Its owner's lock guards it.
type nodeState struct {
	src    NodeSource
	asked  bool    // id holds the source's answer
	id     [6]byte // the node
	err    error   // the source's last failure, kept for nodeRetry
	failAt uint64  // the clock's reading at that failure
	now    uint64  // the clock's latest reading
	random bool
}

// get returns the node for the clock reading now, asking the source on
// first use or once a failure is old enough, and drawing a new random node
// if redraw is set and the node is random.
func (n *nodeState) get(now uint64, redraw bool) ([6]byte, error) {
	n.now = now
	if n.asked {
		if redraw && n.random {
			n.id = n.draw()
		}
		return n.id, nil
	}
	if n.err != nil && now >= n.failAt && now-n.failAt < nodeRetry {
		return [6]byte{}, n.err
	}
	id, err := n.src.NodeID() // a panic here leaves n unchanged
	if err != nil {
		n.err, n.failAt = err, now
		return [6]byte{}, err
	}
	n.id, n.err, n.asked = id, nil, true
	switch n.src.(type) {
	case randomNodeSource:
		n.random = true
	case *hardwareNode:
		n.random = isRandomNode(id) // no MAC address: the fallback
	case randomDrawer:
		n.random = true
	}
	return id, nil
}

// A randomDrawer is a NodeSource whose every answer is a new random node,
// as RandomNode's: the simulator's, which draws from a seeded source.
type randomDrawer interface {
	NodeSource
	drawsAtRandom()
}

// draw returns a new random node.
func (n *nodeState) draw() [6]byte {
	if d, ok := n.src.(randomDrawer); ok {
		if id, err := d.NodeID(); err == nil {
			return id
		}
	}
	return randomNode()
}

// eraState notices the clock's era changing (see [clock]) for a source
// that keeps a clock sequence: a new era, or the first use, calls for a
// clock sequence drawn afresh. Its owner's lock guards it.
type eraState struct {
	seeded bool
	era    uint32
}

// due reports whether era calls for a clock sequence drawn afresh, and
// whether that is because the era changed (rather than the first use).
// The owner calls done once it has drawn one, so that a draw that failed
// is tried again.
func (e *eraState) due(era uint32) (draw, restored bool) {
	return !e.seeded || e.era != era, e.seeded && e.era != era
}

// done records that a clock sequence was drawn in era.
func (e *eraState) done(era uint32) { e.seeded, e.era = true, era }

// memoryGregorian is the Gregorian source kept in the process's memory:
// one node's state under the rule, whose lap starts at a random clock
// sequence, drawn afresh in each new era of the clock.
type memoryGregorian struct {
	mu    sync.Mutex
	node  nodeState
	era   eraState
	state gregorian.Node
}

func newMemoryGregorian(nodes NodeSource) *memoryGregorian {
	return &memoryGregorian{node: nodeState{src: nodes}}
}

func (m *memoryGregorian) next(now uint64, era uint32, stopped bool, e *entropy) (ticks uint64, seq uint16, node [6]byte, st gregorian.Result, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	draw, restored := m.era.due(era)
	if node, err = m.node.get(now, restored); err != nil {
		return 0, 0, node, gregorian.Done, err
	}
	if draw {
		seq, err := e.randomSeq()
		if err != nil {
			return 0, 0, node, gregorian.Done, err
		}
		m.state.Restart(seq)
		m.era.done(era)
	}
	ticks, seq, r := m.state.Take(now, 1, stopped)
	return ticks, seq, node, r, nil
}

// v6 uses the timestamps as they come: holding them back from going back
// would hand out timestamps outside the run the uniqueness rule knows of.
func (m *memoryGregorian) v6(ticks uint64) (uint64, bool) { return ticks, true }

func (m *memoryGregorian) nodeID() ([6]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.node.get(m.node.now, false)
}

func (m *memoryGregorian) close() error { return nil }

// dceSource is the state of version 2 UUIDs, kept in memory like
// [memoryGregorian].
type dceSource struct {
	mu    sync.Mutex
	node  nodeState
	era   eraState
	state gregorian.DCE
}

// next returns the timestamp, 6-bit clock sequence and node of the next
// version 2 UUID for the clock reading now in the clock's era, and
// reports whether one was left.
func (d *dceSource) next(now uint64, era uint32, e *entropy) (ticks uint64, seq uint8, node [6]byte, ok bool, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	draw, restored := d.era.due(era)
	if node, err = d.node.get(now, restored); err != nil {
		return 0, 0, node, false, err
	}
	if draw {
		var b [1]byte
		if err := e.read(b[:]); err != nil {
			return 0, 0, node, false, err
		}
		d.state.Reseed(b[0])
		d.era.done(era)
	}
	ticks, seq, ok = d.state.Next(now)
	return ticks, seq, node, ok, nil
}
