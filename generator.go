package uuid

import (
	"errors"
	"io"
	"runtime"
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

	// Node supplies the node of version 1 and 2 UUIDs, and of version 6
	// UUIDs if V6Node is set; nil means [HardwareNode].
	Node NodeSource

	// V6Node makes version 6 UUIDs carry the node from Node and share the
	// clock sequence and timestamps of version 1, with its guarantee (see
	// [Generator.NewV1]) and, with a StateFile, through the file. When it
	// is false, each version 6 UUID gets a random clock sequence and a
	// random multicast node, as RFC 9562 recommends, whatever Node says.
	V6Node bool

	// StateFile, if not empty, is the path of a file through which all
	// processes on the host that name the same path share the state of
	// version 1 UUIDs (and of version 6 UUIDs if V6Node is set): for each
	// node (up to 16 at a time), the clock sequence and the timestamps
	// handed out with it, as RFC 4122, Section 4.2.1 describes, so that
	// no two processes hand out the same timestamp, clock sequence and
	// node, even with the same clock. The file is created with permission
	// 0600 if it does not exist; to share it between users, create it
	// empty beforehand with the permission wanted. It must be a regular
	// file with one link on a local file system (a symbolic link as its
	// last element is refused), empty or written by this package: any
	// other file is refused ([ErrNotStateFile]) and left as it is. The
	// Generators of one process that name the same path share one open
	// file. If it cannot be opened or locked, or the platform lacks
	// flock(2), the Generator's v1 and v6-with-node methods return a
	// [*StateFileError]. See the README for its format and for what the
	// file can and cannot survive.
	StateFile string

	// StateFileLockWait is how long a reservation waits for the state
	// file's lock before it fails with a [*StateFileError] that matches
	// os.ErrDeadlineExceeded; 0 means 2 seconds, and a negative value
	// means not to wait. Anyone who can open the file can take its lock,
	// so a bound keeps such a neighbour from stopping the Generator for
	// good; while a call waits, the Generator's other versions (v2, v4,
	// v7, and v6 without V6Node) go on.
	StateFileLockWait time.Duration
}

// A Generator makes UUIDs of the clock- and random-based versions. It
// composes the parts those versions need: a clock, an entropy source, a
// Gregorian source for versions 1 and 6 with a node (in memory, or shared
// through a state file), the state of version 2, the hold of version 6
// without a node, and the counter of version 7.
//
// Between calls a Generator keeps: the clock sequence of versions 1, 2 and
// 6 with a node, and their node when it was drawn at random; the last
// timestamps of versions 1, 2 and 6; the last key of version 7. It keeps
// no random bits for later UUIDs. A process cloned from a memory snapshot
// (VM clones, CRIU, serverless restore) therefore starts every clone with
// the same clock sequence and random node: until the clone notices the
// restore, its version 1, 2 and 6-with-a-node UUIDs can equal another
// clone's made at the same 100-ns tick. With the system clock a Generator
// notices a restore when the wall clock jumps against the monotonic clock,
// as it does once a restored clone's clock is corrected, and draws a new
// clock sequence (and random node) from crypto/rand then. Versions 4 and
// 7 and version 6 without a node draw their random bits for each UUID and
// differ across clones at once.
//
// The zero value is ready to use, with the system clock, crypto/rand and
// the hardware node. A Generator is safe for concurrent use. It must not be
// copied after first use; pass a *Generator.
type Generator struct {
	clock   clock
	entropy entropy
	v6Node  bool // v6 uses the node and clock sequence, not random ones

	once sync.Once
	greg gregorianSource // versions 1 and 6 with a node
	dce  dceSource       // version 2
	v6   v6Hold          // version 6 without a node
	v7   v7Counter
}

// defaultGenerator serves the package-level functions.
var defaultGenerator Generator

// NewGenerator returns a Generator with the given options.
func NewGenerator(opts GeneratorOptions) *Generator {
	g := &Generator{
		clock:   clock{now: opts.Now},
		entropy: entropy{r: opts.Rand},
		v6Node:  opts.V6Node,
	}
	nodes := opts.Node
	if nodes == nil {
		nodes = HardwareNode()
	}
	if opts.StateFile != "" {
		f := newFileGregorian(opts.StateFile, opts.StateFileLockWait, nodes)
		g.greg = f
		// A Generator dropped without Close lets go of its share of the
		// open file when it is collected; f holds no pointer to g.
		runtime.AddCleanup(g, func(f *fileGregorian) { f.close() }, f)
	} else {
		g.greg = newMemoryGregorian(nodes)
	}
	g.dce.node.src = nodes
	return g
}

// init sets up a zero Generator on first use: in memory, with the
// hardware node.
func (g *Generator) init() {
	g.once.Do(func() {
		if g.greg == nil {
			nodes := HardwareNode()
			g.greg = newMemoryGregorian(nodes)
			g.dce.node.src = nodes
		}
	})
}

// Close releases the Generator's state file, if it has one; its v1 and
// v6-with-node methods then return [ErrClosed], and the others go on
// working. Closing a Generator without a state file does nothing. The
// file stays open while a Generator of the process that uses it is
// neither closed nor garbage collected.
func (g *Generator) Close() error {
	g.init()
	return g.greg.close()
}

// ErrExhausted is returned by a [Generator] whose clock reads at or past
// the last timestamp a layout holds (5236-03-31 for versions 1 and 6,
// 10889-08-02 for version 7) once the counters and clock sequences that
// stretch that last timestamp are used up. The Generator never hands out a
// repeated value instead. Only the clock's current reading counts: after
// a wrong reading in the far future, the Generator makes UUIDs again as
// soon as the clock reads sane (see [Generator.NewV7]). The package-level
// functions, which cannot return an error, panic with it; with the system
// clock that cannot happen before the year 5236.
var ErrExhausted = errors.New("uuid: generator exhausted: no new value fits the layout")

// orPanic returns u, or panics with err: the package-level functions use the
// default generator, whose sources cannot fail, so err is ErrExhausted.
func orPanic(u UUID, err error) UUID {
	if err != nil {
		panic(err)
	}
	return u
}

// exhausted returns ticks, or ErrExhausted if ok is false.
func exhausted(ticks uint64, ok bool) (uint64, error) {
	if !ok {
		return 0, ErrExhausted
	}
	return ticks, nil
}

// nextGregorian returns the timestamp, clock sequence and node of the next
// version 1 UUID, or version 6 UUID with a node, from g's Gregorian source.
func (g *Generator) nextGregorian() (ticks uint64, seq uint16, node [6]byte, err error) {
	g.init()
	now := g.clock.ticks()
	for reads := 0; ; reads++ {
		ticks, seq, node, st, err := g.greg.next(now, g.clock.era(), reads >= stallReads, &g.entropy)
		switch {
		case err != nil:
			return 0, 0, node, err
		case st == stepWait:
			now = g.clock.ticks()
			continue
		case st == stepExhausted:
			return 0, 0, node, ErrExhausted
		}
		return ticks, seq, node, nil
	}
}

// nextDCE returns the timestamp, 6-bit clock sequence and node for the
// next version 2 UUID.
func (g *Generator) nextDCE() (ticks uint64, seq uint8, node [6]byte, err error) {
	g.init()
	ticks, seq, node, ok, err := g.dce.next(g.clock.ticks(), g.clock.era(), &g.entropy)
	if err == nil && !ok {
		err = ErrExhausted
	}
	return ticks, seq, node, err
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
