package uuid

import (
	"crypto/rand"
	"encoding/binary"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// GeneratorOptions configures a [Generator]. A zero field means the
// default.
type GeneratorOptions struct {
	// Now is the clock; nil means the system clock. The default reads the
	// wall clock once a second and the cheaper monotonic clock in between.
	Now func() time.Time

	// Rand is the source of random bits; nil means crypto/rand, read in
	// buffered chunks. Reads from a caller's Rand are serialised.
	Rand io.Reader

	// Node supplies the node of version 1 and 2 UUIDs; nil means
	// [HardwareNode]. Setting it also makes version 6 UUIDs use it (and the
	// generator's clock sequence) instead of random values.
	Node NodeSource

	// StateFile, if not empty, is the path of a file through which all
	// processes on the host that name the same path share the state of
	// version 1 UUIDs (and of version 6 UUIDs made with a Node source): the
	// last timestamp, the clock sequence and the node, as RFC 4122,
	// Section 4.2.1 describes. Each process reserves blocks of timestamps
	// under a file lock, so two processes never hand out the same
	// timestamp, clock sequence and node, even with the same clock. The
	// file is opened on first use; it must be a regular file on a local
	// file system (a symbolic link as its last element is refused). If it
	// cannot be opened or locked, or the platform lacks flock(2), the
	// Generator's v1 and v6 methods return that error. See the README for
	// its format.
	StateFile string

	// StateFileMode is the permission of a state file the Generator
	// creates, before the umask; 0 means 0600.
	StateFileMode os.FileMode
}

// A Generator makes UUIDs of the clock- and random-based versions. It owns
// the state those versions share: Gregorian ticks, clock sequence and node
// for versions 1, 2 and 6, and the millisecond counter of version 7.
//
// The zero value is ready to use, with the system clock, crypto/rand and
// the hardware node. A Generator is safe for concurrent use. It must not be
// copied after first use; pass a *Generator.
type Generator struct {
	now       func() time.Time
	rand      io.Reader
	nodes     NodeSource
	statePath string
	stateMode os.FileMode

	// The state file is opened once; its store and error are kept.
	storeOnce sync.Once
	store     stateStore
	storeErr  error

	// Node lookup happens once; its result and error are kept.
	nodeOnce sync.Once
	nodeID   [6]byte
	nodeErr  error

	// mu guards the Gregorian state of versions 1, 2 and 6.
	mu        sync.Mutex
	started   bool
	lastNow   uint64 // last clock reading, in ticks
	lastTicks uint64 // last timestamp handed out for v1 and v6
	last6     uint64 // last v6 timestamp, which never goes back
	seq       uint16 // clock sequence, 14 bits
	dceHigh   uint64 // timestamp >> 32 of the last v2
	dceCount  uint8  // v2 UUIDs made with dceHigh
	dceSeq    uint8  // random start of the v2 clock sequence
	blockEnd  uint64 // end of the timestamps reserved in the state file
	blockSize uint64 // timestamps to reserve next

	// v7 is the last reserved v7 key: Unix milliseconds << 16 | counter.
	// It has a cache line to itself, as every v7 UUID writes it.
	_  [64]byte
	v7 atomic.Uint64
	_  [64]byte

	// base anchors the system clock: a wall reading and its monotonic
	// reading, refreshed once a second.
	base atomic.Pointer[clockBase]

	randMu  sync.Mutex // serialises reads of a caller's rand, into scratch
	scratch [64]byte   // so that callers' buffers never escape to it

	// shards hold crypto/rand bytes read ahead, allocated on first use.
	shardsOnce sync.Once
	shards     *[randShards]randShard
}

// defaultGenerator serves the package-level functions.
var defaultGenerator Generator

// NewGenerator returns a Generator with the given options.
func NewGenerator(opts GeneratorOptions) *Generator {
	return &Generator{now: opts.Now, rand: opts.Rand, nodes: opts.Node,
		statePath: opts.StateFile, stateMode: opts.StateFileMode}
}

// Block sizes for a state file: a process reserves minBlock timestamps at
// first and doubles the block each time it uses one up by counting (that
// is, faster than the clock), up to maxBlock, as libuuid's uuidd grows its
// cache. A caller slower than the clock, which the clock overtakes while
// the block is in use, grows it up to clockBlock, a millisecond, so that it
// reserves at most 1000 times a second; after an idle pause it starts over
// at minBlock. Other processes' timestamps may so run up to a block ahead
// of their clocks.
const (
	minBlock   = 64
	maxBlock   = 1 << 18
	clockBlock = ticksPerSecond / 1000
)

// maxAhead is how far, in 100-ns ticks, the v1 and v6 timestamp may run
// ahead of the clock during a burst before the generator waits: one second,
// so a burst of 10 million UUIDs succeeds even with a clock that stands
// still.
const maxAhead = ticksPerSecond

// stallReads is how many times a generator that has run maxAhead ahead
// reads a clock that does not move at all before it takes the clock for
// stopped and moves to a new clock sequence instead of waiting.
const stallReads = 1 << 20

type clockBase struct {
	wall  time.Time // with its monotonic reading
	ticks uint64    // gregorianTicks(wall)
}

// nowTicks reads g's clock as 100-ns Gregorian ticks.
func (g *Generator) nowTicks() uint64 {
	if g.now != nil {
		return gregorianTicks(g.now())
	}
	if b := g.base.Load(); b != nil {
		if d := time.Since(b.wall); 0 <= d && d < time.Second {
			return b.ticks + uint64(d)/100
		}
	}
	t := time.Now()
	b := &clockBase{wall: t, ticks: gregorianTicks(t)}
	g.base.Store(b)
	return b.ticks
}

// nowMillis reads g's clock as Unix milliseconds, clamped to 48 bits.
func (g *Generator) nowMillis() uint64 {
	if g.now != nil {
		return unixMillis(g.now())
	}
	const unixTicks = gregorianToUnixSec * ticksPerSecond
	ticks := g.nowTicks()
	if ticks < unixTicks {
		return 0
	}
	return min((ticks-unixTicks)/(ticksPerSecond/1000), 1<<48-1)
}

// node returns g's node ID, asking the source on first use.
func (g *Generator) node() ([6]byte, error) {
	g.nodeOnce.Do(func() {
		src := g.nodes
		if src == nil {
			src = HardwareNode()
		}
		g.nodeID, g.nodeErr = src.NodeID()
	})
	return g.nodeID, g.nodeErr
}

// start seeds the clock sequence on first use; g.mu is held.
func (g *Generator) start() error {
	if g.started {
		return nil
	}
	var b [3]byte
	if err := g.fillRand(b[:]); err != nil {
		return err
	}
	g.seq = binary.BigEndian.Uint16(b[:]) & 0x3fff
	g.dceSeq = b[2] & 0x3f
	g.started = true
	return nil
}

// nextGregorian returns the timestamp, clock sequence and node for the
// next version 1 UUID or, if v6 is set, version 6 UUID. Version 6
// timestamps never go back: after the clock steps back, the timestamp holds
// at the last value and counts on from there. With a state file, versions
// 1 and 6 share the file's state, whose store owns the clock sequence; a v6
// timestamp is then held back only within the reserved block, so after the
// clock steps back by more than maxAhead, v6 values restart from the clock
// with the next clock sequence rather than risk another process's block.
func (g *Generator) nextGregorian(v6 bool) (ticks uint64, seq uint16, node [6]byte, err error) {
	if !v6 || g.nodes != nil || g.statePath != "" {
		if node, err = g.node(); err != nil {
			return 0, 0, node, err
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if err = g.start(); err != nil {
		return 0, 0, node, err
	}
	if g.statePath == "" {
		ticks = g.advance()
		if v6 {
			ticks = max(ticks, g.last6+1)
			g.last6 = ticks
		}
		return ticks, g.seq, node, nil
	}
	if ticks, err = g.advanceShared(node); err != nil {
		return 0, 0, node, err
	}
	return ticks, g.seq, node, nil
}

// advance returns the next timestamp for versions 1 and 6; g.mu is held.
// Timestamps from one clock sequence never repeat: a tick already used is
// followed by the next one, up to maxAhead past the clock, and then advance
// waits for the clock. A clock that goes backwards starts a new clock
// sequence (RFC 9562, Section 6.1; RFC 4122, Section 4.2.1).
func (g *Generator) advance() uint64 {
	now := g.nowTicks()
	for reads := 0; ; reads++ {
		switch {
		case now < g.lastNow:
			g.seq = (g.seq + 1) & 0x3fff
			g.lastNow, g.lastTicks = now, now
			return now
		case now > g.lastTicks:
			g.lastNow, g.lastTicks = now, now
			return now
		case g.lastTicks-now < maxAhead:
			g.lastNow = now
			g.lastTicks++
			return g.lastTicks
		case reads >= stallReads && now == g.lastNow:
			// The clock has not moved in all this time: it is stopped, not
			// slow. A new clock sequence makes every timestamp new again.
			g.seq = (g.seq + 1) & 0x3fff
			g.lastTicks = now
			return now
		}
		now = g.nowTicks()
	}
}

// advanceShared returns the next timestamp for versions 1 and 6 when g
// shares its state through a file; g.mu is held. Within the process,
// timestamps come from the block reserved last, counted on from the last
// one as advance does; when the block is used up, or the clock has passed
// it or gone backwards, the next block is reserved under the file's lock,
// which also sets the clock sequence (RFC 4122, Sections 4.2.1.1-4.2.1.4).
func (g *Generator) advanceShared(node [6]byte) (uint64, error) {
	g.storeOnce.Do(func() {
		mode := g.stateMode
		if mode == 0 {
			mode = 0o600
		}
		g.store, g.storeErr = openStateFile(g.statePath, mode)
	})
	if g.storeErr != nil {
		return 0, g.storeErr
	}
	now := g.nowTicks()
	// As in advance: wait while the timestamps are maxAhead ahead of a
	// clock that moves; a clock that went back or stopped is the store's
	// to handle, by continuing after the saved timestamp or by moving to
	// the next clock sequence.
	for reads := 0; reads < stallReads && now >= g.lastNow && g.lastTicks >= now+maxAhead; reads++ {
		now = g.nowTicks()
	}
	restart := now < g.lastNow || g.lastTicks >= now+maxAhead
	ticks := max(now, g.lastTicks+1)
	if restart {
		ticks = now
	}
	if ticks >= g.blockEnd || restart {
		switch {
		case g.blockSize == 0:
			g.blockSize = minBlock
		case ticks == g.blockEnd && now < ticks:
			g.blockSize = min(2*g.blockSize, maxBlock) // used up by counting
		case now < g.blockEnd+clockBlock:
			g.blockSize = min(2*g.blockSize, max(clockBlock, g.blockSize)) // overtaken in use
		default:
			g.blockSize = minBlock // idle since the block ended
		}
		start, seq, err := g.store.reserve(ticks, g.blockSize, node, g.randomSeq)
		if err != nil {
			return 0, err
		}
		ticks, g.seq, g.blockEnd = start, seq, start+g.blockSize
	}
	g.lastNow, g.lastTicks = now, ticks
	return ticks, nil
}

// randomSeq returns a random 14-bit clock sequence.
func (g *Generator) randomSeq() (uint16, error) {
	var b [2]byte
	if err := g.fillRand(b[:]); err != nil {
		return 0, err
	}
	return binary.BigEndian.Uint16(b[:]) & 0x3fff, nil
}

// A stateStore is stable storage of version 1 state shared by processes
// (RFC 4122, Section 4.2.1).
type stateStore interface {
	// reserve takes the storage's system-wide lock, reads the saved state,
	// saves the new one, releases the lock, and returns a block of n
	// timestamps [start, start+n), with start >= from, and the clock
	// sequence to use with node. No process using the storage has been or
	// will be given any (timestamp, clock sequence, node) triple in the
	// block. randSeq supplies a clock sequence when there is no usable
	// saved state.
	reserve(from, n uint64, node [6]byte, randSeq func() (uint16, error)) (start uint64, seq uint16, err error)
}

// nextDCE returns the timestamp, 6-bit clock sequence and node for the
// next version 2 UUID. Only the timestamp's high 28 bits survive in the
// layout, so g counts up to 64 UUIDs per value of them and then moves that
// value on by one.
func (g *Generator) nextDCE() (ticks uint64, seq uint8, node [6]byte, err error) {
	if node, err = g.node(); err != nil {
		return 0, 0, node, err
	}
	now := g.nowTicks()
	g.mu.Lock()
	defer g.mu.Unlock()
	if err = g.start(); err != nil {
		return 0, 0, node, err
	}
	switch high := now >> 32; {
	case high > g.dceHigh:
		g.dceHigh, g.dceCount = high, 0
	case g.dceCount == 64:
		g.dceHigh, g.dceCount = g.dceHigh+1, 0
	}
	seq = (g.dceSeq + g.dceCount) & 0x3f
	g.dceCount++
	return g.dceHigh << 32, seq, node, nil
}

// reserveV7 reserves n consecutive v7 keys (Unix milliseconds << 16 |
// counter) greater than every key reserved before and returns the first.
//
// Within a millisecond that has begun, one atomic add does it: the word is
// contended when goroutines on several cores make v7 UUIDs, and an add
// moves its cache line once, where a load followed by a compare-and-swap
// moves it twice. Only when the add finds the keys behind the clock (the
// first UUID of a millisecond) does it start the counter at a random value
// below 2^15 with a compare-and-swap; the keys that add took are skipped,
// never handed out.
func (g *Generator) reserveV7(n uint64) (uint64, error) {
	now := g.nowMillis() << 16
	if first := g.v7.Add(n) - n + 1; first >= now {
		return first, nil
	}
	var b [2]byte
	if err := g.fillRand(b[:]); err != nil {
		return 0, err
	}
	seeded := now | uint64(binary.BigEndian.Uint16(b[:])&0x7fff)
	for {
		last := g.v7.Load()
		if last >= now {
			// Another goroutine started this millisecond first.
			return g.v7.Add(n) - n + 1, nil
		}
		if g.v7.CompareAndSwap(last, seeded+n-1) {
			return seeded, nil
		}
	}
}

// fillRand fills b from g's random source.
func (g *Generator) fillRand(b []byte) error {
	if g.rand == nil {
		fillCrypto(g, b)
		return nil
	}
	g.randMu.Lock()
	defer g.randMu.Unlock()
	for len(b) > 0 {
		n, err := io.ReadFull(g.rand, g.scratch[:min(len(b), len(g.scratch))])
		if err != nil {
			return &randError{err}
		}
		copy(b, g.scratch[:n])
		clear(g.scratch[:n])
		b = b[n:]
	}
	return nil
}

// randError reports a failure of a caller's random source.
type randError struct{ err error }

func (e *randError) Error() string { return "uuid: reading random source: " + e.err.Error() }
func (e *randError) Unwrap() error { return e.err }

// Buffered randomness: each Generator reads crypto/rand 2 KiB at a time
// into one of randShards buffers, which turns a system call (or vDSO call)
// per UUID into one per 2 KiB. A goroutine picks its shard by the address
// of its stack, so it keeps to one buffer, goroutines running at once
// rarely share one, and when they do, TryLock moves on to the next. No
// lock is shared by all goroutines, so generation scales with cores.
const randShards = 8

type randShard struct {
	mu   sync.Mutex
	used int
	b    [2048]byte
	_    [64]byte // keep neighbouring shards off each other's cache lines
}

// fillCrypto fills dst, of at most 2 KiB, from crypto/rand through g's
// buffers. Bytes are wiped as they are handed out, so none is handed out
// twice or kept after use.
func fillCrypto(g *Generator, dst []byte) {
	g.shardsOnce.Do(func() { g.shards = new([randShards]randShard) })
	var mark byte
	hint := uint(uintptr(unsafe.Pointer(&mark)) >> 12) // this goroutine's stack
	s := &g.shards[hint%randShards]
	for i := uint(1); !s.mu.TryLock(); i++ {
		s = &g.shards[(hint+i)%randShards]
		if i == randShards {
			s.mu.Lock() // every shard is busy: wait for one
			break
		}
	}
	if s.used == 0 || s.used+len(dst) > len(s.b) {
		rand.Read(s.b[:])
		s.used = 0
	}
	src := s.b[s.used : s.used+len(dst)]
	copy(dst, src)
	clear(src)
	s.used += len(dst)
	if s.used == len(s.b) {
		s.used = 0 // all used: refill next time
	}
	s.mu.Unlock()
}
