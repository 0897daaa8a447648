package uuid

import (
	"sync"
	"time"
)

// fileGregorian is the Gregorian source of a Generator with a state file:
// the block of timestamps this process reserved in the file last, which it
// hands out from memory, and its share of the process's open file. It
// holds no pointer to its Generator, so that a Generator dropped without
// Close can be collected and let go of its share (see [NewGenerator]).
type fileGregorian struct {
	path string
	wait time.Duration // how long a reservation waits for the lock

	mu        sync.Mutex
	file      *sharedFile // nil: acquire it at the next reservation
	node      nodeState
	era       eraState
	fresh     bool    // the next reservation trusts no slot: a restore was noticed
	closed    bool    // Close was called
	reserved  bool    // a block was reserved: seq and blockNode hold
	seq       uint16  // clock sequence of the block
	blockNode [6]byte // node of the block
	lastNow   uint64  // the clock's reading at the last timestamp
	lastTicks uint64  // the last timestamp handed out
	blockEnd  uint64  // end of the block
	blockSize uint64  // timestamps to reserve next
	high      uint64  // every timestamp this Generator handed out is below high
	floor     uint64  // the file moved a block up to floor, above the clock
}

func newFileGregorian(path string, wait time.Duration, nodes NodeSource) *fileGregorian {
	if wait == 0 {
		wait = defaultLockWait
	}
	return &fileGregorian{path: path, wait: max(wait, 0), node: nodeState{src: nodes}}
}

// next returns the next timestamp, clock sequence and node for the clock
// reading now, as [gregorianState.next] does in memory: within the
// process, timestamps come from the block reserved last, counted on from
// the last one. When the block is used up, or [resume] says the clock
// went back (or stopped: stalled is set), or the clock's era changed, the
// next block is reserved under the file's lock, where the uniqueness rule
// ([stateTable.reserve]) decides the start, clock sequence and node. A
// block the file moved above the clock (to a new epoch's floor) stands in
// for the clock, as the floor does in memory.
func (f *fileGregorian) next(now uint64, era uint32, stalled bool, e *entropy) (ticks uint64, seq uint16, node [6]byte, st step, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return 0, 0, node, stepDone, ErrClosed
	}
	_, restored := f.era.due(era)
	if node, err = f.node.get(now, restored); err != nil {
		return 0, 0, node, stepDone, err
	}
	f.era.done(era)
	if restored {
		f.fresh = true // the reservation draws the new clock sequence
	}
	ticks, restart := resume(f.lastTicks+1, max(now, f.floor), maxAhead)
	if restart && now >= f.floor && waitForClock(now, f.lastNow, stalled) {
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
		// A restart's random clock sequence is drawn here, before the
		// host-wide lock is taken, so that no caller's Rand runs under it.
		rseq, rerr := e.randomSeq()
		c := claim{
			from: ticks, n: f.blockSize, node: node, random: f.node.random, fresh: f.fresh,
			high: f.high, randSeq: rseq, randErr: rerr,
		}
		if f.file == nil {
			f.file = acquireFile(f.path)
		}
		start, seq, used, err := f.file.reserve(c, f.wait)
		if err != nil {
			return 0, 0, node, stepDone, err
		}
		if start > maxGregorianTicks {
			return 0, 0, node, stepExhausted, nil
		}
		if start > ticks {
			f.floor = start
		}
		ticks, f.seq, f.blockNode, f.blockEnd = start, seq, used, start+f.blockSize
		f.fresh, f.reserved = false, true
	}
	f.lastNow, f.lastTicks = now, ticks
	f.high = max(f.high, ticks+1)
	return ticks, f.seq, f.blockNode, stepDone, nil
}

// v6 uses the timestamps as they come, as in memory.
func (f *fileGregorian) v6(ticks uint64) (uint64, bool) { return ticks, true }

func (f *fileGregorian) nodeID() ([6]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.node.get(f.node.now, false)
}

// close lets go of the state file; later calls of next return ErrClosed.
func (f *fileGregorian) close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	if f.file == nil {
		return nil
	}
	err := f.file.release()
	f.file = nil
	if err != nil {
		return stateFileError(f.path, "close", err)
	}
	return nil
}

// A sharedFile is a state file's path as one process uses it: one
// [fileStore], so one descriptor, shared by every Generator of the
// process that names the path and holds a reference, and what those
// Generators reserved through it (its history). Its lock serialises the
// process's reservations; the file's lock excludes other processes.
//
// The history lets a Generator that must restart (its node's slot lost,
// evicted, copied or behind) stay above the timestamps other Generators
// of the process handed out, as it stays above its own: a process that
// makes a Generator per request is then one process, not many, to the
// reservation rule. It is bounded: past historyMax nodes it is cleared,
// and the highest bound of the nodes it forgot stands for every node it
// does not know, so that nothing the process handed out is forgotten.
type sharedFile struct {
	mu        sync.Mutex
	store     fileStore
	refs      int // Generators holding the file open
	nodes     map[[6]byte]uint64
	forgotten uint64 // every timestamp of a node not in nodes is below it
}

// historyMax bounds the nodes a sharedFile's history keeps.
const historyMax = 4096

// sharedFiles holds the process's sharedFiles by path. An entry stays
// for the life of the process, with its history; its descriptor is
// closed once no Generator holds it.
var sharedFiles struct {
	mu    sync.Mutex
	paths map[string]*sharedFile
}

// acquireFile returns the process's sharedFile for path, with one more
// reference.
func acquireFile(path string) *sharedFile {
	sharedFiles.mu.Lock()
	defer sharedFiles.mu.Unlock()
	s := sharedFiles.paths[path]
	if s == nil {
		if sharedFiles.paths == nil {
			sharedFiles.paths = make(map[string]*sharedFile)
		}
		s = &sharedFile{store: fileStore{path: path}}
		sharedFiles.paths[path] = s
	}
	s.mu.Lock()
	s.refs++
	s.mu.Unlock()
	return s
}

// release drops a reference, and closes the file after the last.
func (s *sharedFile) release() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refs--; s.refs > 0 {
		return nil
	}
	return s.store.close()
}

// reserve reserves a block for c, adding to c what the process reserved
// for c's node, and records the block in the history.
func (s *sharedFile) reserve(c claim, wait time.Duration) (start uint64, seq uint16, node [6]byte, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h, ok := s.nodes[c.node]; ok {
		c.high = max(c.high, h)
	} else {
		c.high = max(c.high, s.forgotten)
	}
	start, seq, node, err = s.store.reserve(c, wait)
	if err != nil {
		return 0, 0, node, err
	}
	if s.nodes == nil {
		s.nodes = make(map[[6]byte]uint64)
	}
	if _, ok := s.nodes[node]; !ok && len(s.nodes) >= historyMax {
		for _, h := range s.nodes {
			s.forgotten = max(s.forgotten, h)
		}
		clear(s.nodes)
	}
	s.nodes[node] = max(s.nodes[node], s.forgotten, start+c.n)
	return start, seq, node, nil
}
