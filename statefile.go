package uuid

import (
	"os"
	"sync"
	"time"
)

// fileGregorian is the Gregorian source of a Generator with a state file:
// the file's store, and the block of timestamps this process reserved in
// it last, which it hands out from memory. It is given its store and its
// source of random clock sequences when it is made.
type fileGregorian struct {
	store fileStore
	rand  *entropy

	mu        sync.Mutex
	node      nodeState
	era       eraState
	fresh     bool    // the next reservation trusts no slot: a restore was noticed
	closed    bool    // Close was called
	reserved  bool    // a block was reserved: seq and node hold
	seq       uint16  // clock sequence of the block
	blockNode [6]byte // node of the block
	lastNow   uint64  // the clock's reading at the last timestamp
	lastTicks uint64  // the last timestamp handed out
	blockEnd  uint64  // end of the block
	blockSize uint64  // timestamps to reserve next
	high      uint64  // every timestamp this process handed out is below high
}

func newFileGregorian(path string, mode os.FileMode, wait time.Duration, e *entropy, nodes NodeSource) *fileGregorian {
	if mode == 0 {
		mode = 0o600
	}
	if wait == 0 {
		wait = DefaultStateFileLockWait
	}
	return &fileGregorian{
		store: fileStore{path: path, mode: mode, wait: max(wait, 0)},
		rand:  e,
		node:  nodeState{src: nodes},
	}
}

// next returns the next timestamp, clock sequence and node for the clock
// reading now, as [gregorianState.next] does in memory: within the
// process, timestamps come from the block reserved last, counted on from
// the last one. When the block is used up, or [resume] says the clock
// went back (or stopped: stalled is set), or the clock's era changed, the
// next block is reserved under the file's lock, where the reservation
// rule ([stateTable.reserve]) decides the start, clock sequence and node.
func (f *fileGregorian) next(now uint64, era uint32, stalled bool) (ticks uint64, seq uint16, node [6]byte, st step, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return 0, 0, node, stepDone, ErrClosed
	}
	_, restored := f.era.due(era)
	f.era.done(era)
	if restored {
		f.fresh = true // the reservation draws the new clock sequence
	}
	if node, err = f.node.get(restored); err != nil {
		return 0, 0, node, stepDone, err
	}
	ticks, restart := resume(f.lastTicks+1, now, maxAhead)
	if restart && waitForClock(now, f.lastNow, stalled) {
		return 0, 0, node, stepWait, nil // a burst ran maxAhead ahead of a moving clock
	}
	if ticks > maxGregorianTicks {
		return 0, 0, node, stepExhausted, nil
	}
	if ticks >= f.blockEnd || restart || f.fresh || !f.reserved {
		switch {
		case f.blockSize == 0:
			f.blockSize = minBlock
		case ticks == f.blockEnd && now < ticks:
			f.blockSize = min(2*f.blockSize, maxBlock) // used up by counting
		case now < f.blockEnd+clockBlock:
			f.blockSize = min(2*f.blockSize, max(clockBlock, f.blockSize)) // overtaken in use
		default:
			f.blockSize = minBlock // idle since the block ended
		}
		c := claim{
			from: ticks, n: f.blockSize, node: node, random: f.node.random, fresh: f.fresh,
			high: f.high, last: f.seq, hasLast: f.reserved && f.blockNode == node,
		}
		history.recall(f.store.path, &c)
		start, seq, used, err := f.store.reserve(c, f.rand)
		if err != nil {
			return 0, 0, node, stepDone, err
		}
		history.record(f.store.path, used, start+f.blockSize, seq)
		if start > maxGregorianTicks {
			return 0, 0, node, stepExhausted, nil
		}
		ticks, f.seq, f.blockNode, f.blockEnd = start, seq, used, start+f.blockSize
		f.fresh, f.reserved = false, true
	}
	f.lastNow, f.lastTicks = now, ticks
	f.high = max(f.high, ticks+1)
	return ticks, f.seq, f.blockNode, stepDone, nil
}

// v6 uses the timestamps as they come: with a state file, holding them
// could reach into another process's block.
func (f *fileGregorian) v6(ticks uint64) (uint64, bool) { return ticks, true }

func (f *fileGregorian) nodeID() ([6]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.node.get(false)
}

// close closes the state file; later calls of next return ErrClosed.
func (f *fileGregorian) close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	if err := f.store.close(); err != nil {
		return stateFileError(f.store.path, "close", err)
	}
	return nil
}

// history is what the Generators of this process have reserved through
// each state file's path, per node: so that a Generator that must restart at random
// (its node's slot lost, evicted or stale) stays above the timestamps
// that other Generators of the process handed out, as it stays above its
// own. A process that makes a Generator per request is then one process,
// not many, to the reservation rule.
var history processHistory

type processHistory struct {
	mu    sync.Mutex
	nodes map[historyKey]nodeHistory
}

type historyKey struct {
	path string
	node [6]byte
}

type nodeHistory struct {
	high uint64 // every timestamp reserved for the node is below high
	last uint16 // the clock sequence of the last block
}

// recall adds to c what the process reserved through path for c's node.
func (h *processHistory) recall(path string, c *claim) {
	h.mu.Lock()
	defer h.mu.Unlock()
	n, ok := h.nodes[historyKey{path, c.node}]
	if !ok {
		return
	}
	c.high = max(c.high, n.high)
	if !c.hasLast {
		c.last, c.hasLast = n.last, true
	}
}

// record notes a block reserved through path for node, ending at end,
// with seq.
func (h *processHistory) record(path string, node [6]byte, end uint64, seq uint16) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.nodes == nil {
		h.nodes = make(map[historyKey]nodeHistory)
	}
	k := historyKey{path, node}
	h.nodes[k] = nodeHistory{high: max(h.nodes[k].high, end), last: seq}
}
