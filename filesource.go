package uuid

import (
	"sync"
	"time"

	"github.com/afb7af96/uuid/internal/faults"
	"github.com/afb7af96/uuid/internal/gregorian"
	"github.com/afb7af96/uuid/internal/statefile"
)

// Block sizes for a state file: a process reserves minBlock timestamps at
// first and doubles the block each time it uses one up by counting (that
// is, faster than the clock), up to maxBlock, as libuuid's uuidd grows its
// cache. A caller slower than the clock, which the clock overtakes while
// the block is in use, grows it up to clockBlock, a millisecond, so that it
// reserves at most 1000 times a second; after an idle pause it starts over
// at minBlock.
const (
	minBlock   = 64
	maxBlock   = 1 << 18
	clockBlock = ticksPerMilli
)

// defaultLockWait is how long a reservation waits for the state file's
// lock when [GeneratorOptions.StateFileLockWait] is zero.
const defaultLockWait = 2 * time.Second

// sharedFiles holds the process's open state files by path.
var sharedFiles = statefile.Registry{FS: statefile.OS}

// flockMissing is why this platform cannot use state files, or nil.
var flockMissing = statefile.NoLocks()

// fileGregorian is the Gregorian source of a Generator with a state file:
// the block of timestamps this process reserved in the file last, which it
// hands out from memory, and its share of the process's open file. It
// holds no pointer to its Generator, so that a Generator dropped without
// Close can be collected and let go of its share (see [NewGenerator]).
type fileGregorian struct {
	path string
	wait time.Duration // how long a reservation waits for the lock
	reg  *statefile.Registry

	mu        sync.Mutex
	file      *statefile.Shared // nil: acquire it at the next reservation
	node      nodeState
	era       eraState
	fresh     bool    // the next reservation restarts: a restore was noticed
	closed    bool    // Close was called
	reserved  bool    // a block was reserved: the fields below hold
	seq       uint16  // clock sequence of the block
	blockNode [6]byte // node of the block
	last      uint64  // the last timestamp handed out
	blockEnd  uint64  // end of the block
	blockSize uint64  // timestamps to reserve next
}

func newFileGregorian(path string, wait time.Duration, nodes NodeSource, reg *statefile.Registry) *fileGregorian {
	if wait == 0 {
		wait = defaultLockWait
	}
	return &fileGregorian{path: path, wait: max(wait, 0), reg: reg, node: nodeState{src: nodes}}
}

// next returns the next timestamp, clock sequence and node for the clock
// reading now. Within the process, timestamps come from the block reserved
// last, counted on from the last one, up to gregorian.Ahead ahead of the clock;
// a burst that got there waits for a moving clock, as in memory. When the
// block is used up, or the clock went back, stopped or changed its era,
// the next block is reserved under the file's lock, where the uniqueness
// rule decides its start, clock sequence and node.
func (f *fileGregorian) next(now uint64, era uint32, stopped bool, e *entropy) (ticks uint64, seq uint16, node [6]byte, st gregorian.Result, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return 0, 0, node, gregorian.Done, ErrClosed
	}
	_, restored := f.era.due(era)
	if node, err = f.node.get(now, restored); err != nil {
		return 0, 0, node, gregorian.Done, err
	}
	f.era.done(era)
	if restored && !faults.On(faults.NoEraRestart) {
		f.fresh = true // the reservation draws the new clock sequence
	}
	// The block continues as its run would under the rule, within the block.
	ticks, ok := gregorian.Continues(f.last+1, now)
	if f.reserved && !f.fresh {
		switch {
		case ok && (ticks < f.blockEnd || (faults.On(faults.BlockOverrun) && ticks == f.blockEnd)):
			f.last = ticks
			return ticks, f.seq, f.blockNode, gregorian.Done, nil
		case gregorian.Waits(f.last+1, now, stopped):
			return 0, 0, node, gregorian.Wait, nil // a burst ahead of a moving clock
		}
	}
	return f.newBlock(now, ticks, node, stopped, e)
}

// newBlock sizes the next block, reserves it through the process's share
// of the file ([statefile.Shared.Reserve]) and hands out its first
// timestamp.
func (f *fileGregorian) newBlock(now, ticks uint64, node [6]byte, stopped bool, e *entropy) (uint64, uint16, [6]byte, gregorian.Result, error) {
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
	c := statefile.Claim{
		From: now, N: f.blockSize, Node: node, Random: f.node.random, Fresh: f.fresh,
		Stopped: stopped, RandSeq: rseq, RandErr: rerr,
	}
	if faults.On(faults.ClaimShortBlock) {
		c.N /= 2
	}
	if f.file == nil {
		f.file = f.reg.Acquire(f.path)
	}
	start, seq, used, r, err := f.file.Reserve(c, f.wait)
	if err != nil || r != gregorian.Done {
		return 0, 0, node, r, stateFileError(err)
	}
	f.seq, f.blockNode, f.last, f.blockEnd = seq, used, start, min(start+f.blockSize, gregorian.MaxTicks+1)
	f.fresh, f.reserved = false, true
	return start, seq, used, gregorian.Done, nil
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
	err := f.file.Release()
	f.file = nil
	if err != nil {
		return &StateFileError{Path: f.path, Op: "close", Err: err}
	}
	return nil
}
