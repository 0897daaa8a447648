package uuid

import (
	"encoding/binary"
	"errors"
	"io"
	"os"
	"sync"
	"time"
)

// GeneratorOptions configures a [Generator]. A zero field means the
// default.
type GeneratorOptions struct {
	// Now is the clock; nil means the system clock. The default reads the
	// wall clock once a second and the cheaper monotonic clock in between.
	Now func() time.Time

	// Rand is the source of random bits; nil means crypto/rand, read afresh
	// for each UUID or batch. Reads from a caller's Rand are serialised.
	// A Rand that reads ahead, such as bufio.NewReaderSize(rand.Reader,
	// 4096), is faster but trades away safety across snapshots: a process
	// restored twice from one memory snapshot (VM clones, CRIU, serverless
	// snapshot-restore) hands the same buffered bytes, and so the same
	// UUIDs, to both clones. Use [FillV4] and [FillV7] for speed instead.
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
	// Generator's v1 and v6 methods return a [*StateFileError]. See the
	// README for its format.
	StateFile string

	// StateFileMode is the permission of a state file the Generator
	// creates, before the umask; 0 means 0600.
	StateFileMode os.FileMode
}

// A Generator makes UUIDs of the clock- and random-based versions. It
// composes the parts those versions need: a clock, an entropy source, a
// node source, the Gregorian state of versions 1, 2 and 6 (in memory, or
// shared through a state file) and the counter of version 7.
//
// The zero value is ready to use, with the system clock, crypto/rand and
// the hardware node. A Generator is safe for concurrent use. It must not be
// copied after first use; pass a *Generator.
type Generator struct {
	clock   clock
	entropy entropy
	nodes   NodeSource   // nil: HardwareNode
	shared  *sharedState // nil: no state file
	v6Node  bool         // v6 uses the node and clock sequence, not random ones

	// The node is asked for once; its answer and error are kept.
	nodeOnce sync.Once
	nodeID   [6]byte
	nodeErr  error

	// mu guards the Gregorian state of versions 1, 2 and 6.
	mu     sync.Mutex
	seeded bool // greg.seq and dce.seq hold their random starts
	greg   gregorianState
	v6     v6Hold
	dce    dceState

	v7 v7Counter
}

// defaultGenerator serves the package-level functions.
var defaultGenerator Generator

// NewGenerator returns a Generator with the given options. Whether version
// 6 UUIDs carry the node and clock sequence or random ones is decided here,
// once: they do if opts.Node is set.
func NewGenerator(opts GeneratorOptions) *Generator {
	g := &Generator{
		clock:   clock{now: opts.Now},
		entropy: entropy{r: opts.Rand},
		nodes:   opts.Node,
		v6Node:  opts.Node != nil,
	}
	if opts.StateFile != "" {
		g.shared = newSharedState(opts.StateFile, opts.StateFileMode)
	}
	return g
}

// ErrExhausted is returned by a [Generator] whose layout has no new value
// left: its clock reads at or past the last timestamp a layout holds
// (5236-03-31 for versions 1 and 6, 10889-08-02 for version 7) and the
// counters and clock sequences that stretch that last timestamp are used
// up. The Generator never hands out a repeated or smaller value instead.
// The package-level functions, which cannot return an error, panic with
// it; with the system clock that cannot happen before the year 5236.
var ErrExhausted = errors.New("uuid: generator exhausted: no new value fits the layout")

// orPanic returns u, or panics with err: the package-level functions use the
// default generator, whose sources cannot fail, so err is ErrExhausted.
func orPanic(u UUID, err error) UUID {
	if err != nil {
		panic(err)
	}
	return u
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

// seed draws the random starts of the clock sequences on first use; g.mu
// is held.
func (g *Generator) seed() error {
	if g.seeded {
		return nil
	}
	var b [3]byte
	if err := g.entropy.read(b[:]); err != nil {
		return err
	}
	g.greg.seq = binary.BigEndian.Uint16(b[:]) & 0x3fff
	g.dce.seq = b[2] & 0x3f
	g.seeded = true
	return nil
}

// nextGregorian returns the timestamp, clock sequence and, if withNode is
// set, the node of the next version 1 or 6 UUID. The state comes from the
// state file, if g has one and withNode is set, or else from memory; v6
// applies the rule that version 6 timestamps never go back, which with a
// state file holds within the reserved block (see [Generator.NewV6]).
func (g *Generator) nextGregorian(withNode, v6 bool) (ticks uint64, seq uint16, node [6]byte, err error) {
	if withNode {
		if node, err = g.node(); err != nil {
			return 0, 0, node, err
		}
	}
	file := withNode && g.shared != nil
	g.mu.Lock()
	defer g.mu.Unlock()
	if err = g.seed(); err != nil {
		return 0, 0, node, err
	}
	now := g.clock.ticks()
	for reads := 0; ; reads++ {
		var st step
		if file {
			ticks, seq, node, st, err = g.shared.next(now, reads >= stallReads, node, &g.entropy)
			if err != nil {
				return 0, 0, node, err
			}
		} else {
			ticks, seq, st = g.greg.next(now, reads >= stallReads)
		}
		switch st {
		case stepWait:
			now = g.clock.ticks()
			continue
		case stepExhausted:
			return 0, 0, node, ErrExhausted
		}
		break
	}
	if v6 && !file {
		var ok bool
		if ticks, ok = g.v6.take(ticks); !ok {
			return 0, 0, node, ErrExhausted
		}
	}
	return ticks, seq, node, nil
}

// nextDCE returns the timestamp, 6-bit clock sequence and node for the
// next version 2 UUID.
func (g *Generator) nextDCE() (ticks uint64, seq uint8, node [6]byte, err error) {
	if node, err = g.node(); err != nil {
		return 0, 0, node, err
	}
	now := g.clock.ticks()
	g.mu.Lock()
	defer g.mu.Unlock()
	if err = g.seed(); err != nil {
		return 0, 0, node, err
	}
	ticks, seq, ok := g.dce.next(now)
	if !ok {
		return 0, 0, node, ErrExhausted
	}
	return ticks, seq, node, nil
}

// reserveV7 reserves n consecutive version 7 keys, greater than all keys
// reserved before, for the clock's current millisecond; seed starts the
// counter if that millisecond has not begun.
func (g *Generator) reserveV7(n uint64, seed uint16) (uint64, error) {
	key, ok := g.v7.reserve(g.clock.millis(), n, seed)
	if !ok {
		return 0, ErrExhausted
	}
	return key, nil
}
