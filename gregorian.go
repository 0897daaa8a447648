package uuid

import "sync"

// The Gregorian state of versions 1, 2 and 6: which timestamp and clock
// sequence come next. Everything here is a plain state transition that
// takes the clock's reading, now, as an argument and reads no clock,
// random source or lock; the Generator holds the lock and does the reading.

// maxAhead is how far, in 100-ns ticks, timestamps may run ahead of the
// clock during a burst before the generator waits for the clock: one
// second, so a burst of 10 million UUIDs succeeds even with a clock that
// stands still. It is also how far behind a bound the clock may be and
// still count as not having gone back.
const maxAhead = ticksPerSecond

// stallReads is how many times a generator that has run maxAhead ahead
// reads a clock that does not move at all before it takes the clock for
// stopped and moves to a new clock sequence instead of waiting.
const stallReads = 1 << 20

// The uniqueness rule of versions 1 and 6 with a node, in memory and in
// the state file alike ([seqState] enforces it; a slot of the state file
// is a seqState for its node). A (timestamp, clock sequence, node) triple
// is handed out at most once, whatever the clock reads, because:
//
//  1. Timestamps are handed out in runs. A run has one clock sequence, and
//     each of its timestamps is above the one before (a run continues at
//     its end).
//  2. Runs are grouped in epochs. The runs of one epoch have distinct
//     clock sequences: each new run takes the next clock sequence, and an
//     epoch holds at most 16384 runs.
//  3. Every timestamp of an epoch is at or above the epoch's floor, and a
//     new epoch's floor is above every timestamp handed out before it.
//
// The clock only chooses where a run starts: at the clock's reading, or at
// the floor if the clock reads below it. So a clock that goes back, or
// once read wrong far ahead, costs one run and the timestamps follow the
// clock back (the glitch recovery), while clock sequences are left in the
// epoch. Once an epoch's 16384 clock sequences are used, the next epoch
// starts above every timestamp handed out, however far ahead of the clock
// that is: uniqueness comes first.

// resume decides, for a run whose timestamps are all below end, where
// timestamps continue for the clock reading now, and whether a new run
// must start. ahead is how far a run may be ahead of the clock without
// the clock having gone back: maxAhead in memory, fileAhead in the state
// file (RFC 9562, Section 6.1; RFC 4122, Section 4.2.1):
//   - now >= end: the clock is past the run; continue at now.
//   - end-now <= ahead: the clock is behind the run by no more than it may
//     run ahead; continue at end.
//   - end-now > ahead: the clock went back (or end comes from a wrong
//     reading in the future); start a new run at now.
func resume(end, now, ahead uint64) (start uint64, newRun bool) {
	switch {
	case now >= end:
		return now, false
	case end-now <= ahead:
		return end, false
	}
	return now, true
}

// waitForClock reports whether a generator whose timestamps have run
// maxAhead ahead of the clock should wait for the clock to catch up:
// unless the clock went back (by more than maxAhead since lastNow, its
// reading at the last timestamp; a smaller step is a wobble that the wait
// absorbs), or stalled says it has been read stallReads times without
// moving past lastNow, so that it has stopped.
func waitForClock(now, lastNow uint64, stalled bool) bool {
	wentBack := now < lastNow && lastNow-now > maxAhead
	stopped := stalled && now <= lastNow
	return !wentBack && !stopped
}

// A step says what a state transition did.
type step uint8

const (
	stepDone      step = iota // a timestamp was handed out
	stepWait                  // read the clock again and retry
	stepExhausted             // no timestamp is left; see ErrExhausted
)

// seqState is one node's runs and epochs, as the uniqueness rule above
// describes them.
type seqState struct {
	seq   uint16 // clock sequence of the current run, 14 bits
	runs  uint16 // runs of the current epoch after its first
	end   uint64 // the current run's timestamps are below end
	floor uint64 // the current epoch's timestamps are at or above floor
	high  uint64 // every timestamp handed out is below high
}

// plan returns where timestamps continue for the clock reading now, and
// whether a new run must start there; it changes nothing.
func (s *seqState) plan(now, ahead uint64) (start uint64, newRun bool) {
	return resume(s.end, max(now, s.floor), ahead)
}

// take hands out the n timestamps from start, in a new run if newRun
// (which start a new epoch once the epoch's clock sequences are used up),
// and returns where they start and their clock sequence.
func (s *seqState) take(start uint64, newRun bool, n uint64) (uint64, uint16) {
	if newRun {
		if s.runs == 1<<14-1 {
			s.floor, s.runs = s.high, 0
		} else {
			s.runs++
		}
		s.seq = (s.seq + 1) & 0x3fff
	}
	start = max(start, s.floor)
	s.end = start + n
	s.high = max(s.high, s.end)
	return start, s.seq
}

// restart starts a new epoch above every timestamp handed out, with the
// clock sequence seq: for a process that may have been cloned, whose
// clones differ by their random clock sequences.
func (s *seqState) restart(seq uint16) {
	s.seq, s.runs, s.floor, s.end = seq&0x3fff, 0, s.high, s.high
}

// gregorianState is the state of versions 1 and 6 with a node kept in
// memory: a [seqState] and the clock's reading at the last timestamp.
type gregorianState struct {
	seqState
	lastNow uint64 // the clock's reading at the last timestamp handed out
}

// next returns the next timestamp and clock sequence for the clock
// reading now. UUIDs within one tick are counted into the following ticks
// (RFC 4122, Section 4.2.1.2), up to maxAhead ahead of the clock; past
// that next asks for the clock to be read again (stepWait), unless stalled
// is set and the clock has not moved past its reading at the last
// timestamp: then it is stopped, and a new run makes every timestamp new
// again. Below the epoch's floor there is no waiting: the floor stands in
// for the clock.
func (s *gregorianState) next(now uint64, stalled bool) (ticks uint64, seq uint16, st step) {
	start, newRun := s.plan(now, maxAhead)
	if newRun && now >= s.floor && waitForClock(now, s.lastNow, stalled) {
		return 0, 0, stepWait // a burst, not a clock that went back
	}
	if start > maxGregorianTicks && !newRun {
		start, newRun = max(now, s.floor), true // counted past the last tick
	}
	if start > maxGregorianTicks {
		return 0, 0, stepExhausted
	}
	ticks, seq = s.take(start, newRun, 1)
	if ticks > maxGregorianTicks {
		return 0, 0, stepExhausted
	}
	s.lastNow = now
	return ticks, seq, stepDone
}

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

// dceState is the state of version 2 (DCE Security) UUIDs, whose layout
// keeps only the timestamp's high 28 bits (a period of 2^32 ticks, about
// 7m10s) and a 6-bit clock sequence. It hands out the 64 values of each
// period, then moves the period on by one rather than repeat one.
type dceState struct {
	period uint64 // timestamp >> 32 of the last v2 UUID
	count  uint8  // v2 UUIDs made in period
	seq    uint8  // random start of the clock sequence, 6 bits
}

// reseed sets the random start of the clock sequence, and moves on to a
// new period if this one has handed out values, which another start could
// repeat.
func (s *dceState) reseed(seq uint8) {
	s.seq = seq & 0x3f
	if s.count > 0 && s.period < maxGregorianTicks>>32 {
		s.period, s.count = s.period+1, 0
	}
}

// next returns the timestamp and clock sequence of the next v2 UUID for
// the clock reading now, and reports whether one was left.
func (s *dceState) next(now uint64) (ticks uint64, seq uint8, ok bool) {
	switch p := now >> 32; {
	case p > s.period:
		s.period, s.count = p, 0
	case s.count == 64:
		if s.period == maxGregorianTicks>>32 {
			return 0, 0, false
		}
		s.period, s.count = s.period+1, 0
	}
	seq = (s.seq + s.count) & 0x3f
	s.count++
	return s.period << 32, seq, true
}

// A gregorianSource hands out the timestamps, clock sequences and nodes
// of version 1 UUIDs and of version 6 UUIDs with a node: from memory
// ([memoryGregorian]) or from a state file shared by processes
// ([fileGregorian]). A Generator has one, chosen by [NewGenerator]. Each
// guards its own fields.
type gregorianSource interface {
	// next returns the timestamp, clock sequence and node for the clock
	// reading now in the clock's era (see [clock]), or a step other than
	// stepDone: stepWait to read the clock again and retry (stalled says
	// how long it has been read in vain: see [stallReads]), stepExhausted
	// when no timestamp is left. e supplies random clock sequences.
	next(now uint64, era uint32, stalled bool, e *entropy) (ticks uint64, seq uint16, node [6]byte, st step, err error)

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
			n.id = randomNode()
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
	}
	return id, nil
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
// a [gregorianState], with its clock sequence started at random and drawn
// afresh, in a new epoch, in each new era of the clock.
type memoryGregorian struct {
	mu    sync.Mutex
	node  nodeState
	era   eraState
	state gregorianState
}

func newMemoryGregorian(nodes NodeSource) *memoryGregorian {
	return &memoryGregorian{node: nodeState{src: nodes}}
}

func (m *memoryGregorian) next(now uint64, era uint32, stalled bool, e *entropy) (ticks uint64, seq uint16, node [6]byte, st step, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	draw, restored := m.era.due(era)
	if node, err = m.node.get(now, restored); err != nil {
		return 0, 0, node, stepDone, err
	}
	if draw {
		seq, err := e.randomSeq()
		if err != nil {
			return 0, 0, node, stepDone, err
		}
		if restored {
			m.state.restart(seq)
		} else {
			m.state.seq = seq
		}
		m.era.done(era)
	}
	ticks, seq, st = m.state.next(now, stalled)
	return ticks, seq, node, st, nil
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
	state dceState
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
		d.state.reseed(b[0])
		d.era.done(era)
	}
	ticks, seq, ok = d.state.next(now)
	return ticks, seq, node, ok, nil
}
