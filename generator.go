package uuid

import (
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/afb7af96/uuid/internal/gregorian"
)

// GeneratorOptions configures a [Generator]. A zero field means the
// default.
type GeneratorOptions struct {
	// Now is the clock; nil means the system clock. A Generator with an
	// injected clock cannot notice a restore from a memory snapshot (see
	// [Generator]).
	Now func() time.Time

	// Rand is the source of random bits; nil means crypto/rand. A
	// Generator reads it for each UUID or batch, keeps none of its bytes
	// for later, and never reads it from two goroutines at once, so it
	// need not be safe for concurrent use. A Rand that reads ahead, such
	// as bufio.NewReaderSize(rand.Reader, 4096), is faster, but every clone
	// of a memory snapshot hands out the same buffered bytes, and so the
	// same UUIDs (see [Generator]); [FillV4] and [FillV7] are fast without
	// that cost.
	Rand io.Reader

	// Node supplies the node of version 1 and 2 UUIDs, and of version 6
	// UUIDs if V6Node is set; nil means [HardwareNode].
	Node NodeSource

	// V6Node makes version 6 UUIDs carry the node from Node and share the
	// clock sequence and timestamps of version 1, with the guarantee of
	// [Generator.NewV1], through the StateFile if there is one. When it is
	// false, each version 6 UUID gets a random clock sequence and a random
	// multicast node, as RFC 9562 recommends, whatever Node says.
	V6Node bool

	// StateFile, if not empty, is the path of a file through which the
	// processes of the host that name the same path share the state of
	// version 1 UUIDs (and of version 6 UUIDs with V6Node), as RFC 4122,
	// Section 4.2.1 describes: together they then never hand out a
	// (timestamp, clock sequence, node) triple twice, as one Generator
	// never does alone. Close the Generator when done with it.
	//
	// The file's lock keeps processes apart; the state it keeps for each
	// node, up to 16 at a time, keeps clocks that go back, stop or read
	// wrong from repeating a triple; the file identity saved with it
	// catches a copy moved over the path; and each process's memory of
	// what it handed out catches a file removed, emptied or rolled back, so
	// the process never repeats itself. A random node ([RandomNode], or
	// [HardwareNode] on a host without a MAC address) gives way to the
	// random node the file saved last, so that such processes share one.
	//
	// The file is created with permission 0600 if it does not exist; to
	// share it between users, create it empty beforehand with the owner
	// and permission wanted. It must be a regular file with one link on a
	// local file system, and empty or written by this package (a file this
	// package left torn or zeroed counts as empty): a symbolic link as its
	// last element, and any other file, is refused with [ErrNotStateFile]
	// and left as it is. Where the file cannot be used, including on
	// platforms without flock(2) ([ErrNoFileLocks]), [Generator.NewV1],
	// and [Generator.NewV6] with V6Node, return a [*StateFileError]; no
	// other method touches the file. The repository's docs/state-file.md
	// describes the rule in full, the format, and what the file cannot
	// survive.
	StateFile string

	// StateFileLockWait is how long a reservation waits for the state
	// file's lock before it fails with a [*StateFileError] that matches
	// os.ErrDeadlineExceeded; 0 means 2 seconds, and a negative value
	// means not to wait. Anyone who can open the file can take its lock,
	// so a bound keeps such a neighbour from stopping the Generator for
	// good; while a call waits, the Generator's other versions (2, 4, 7,
	// and 6 without V6Node) go on.
	StateFileLockWait time.Duration
}

// A Generator makes UUIDs of the clock- and random-based versions 1, 2,
// 4, 6 and 7: versions 4 and 7 from fresh random bits, versions 1 and 6
// from its clock, a clock sequence and a node, never handing out a
// (timestamp, clock sequence, node) triple twice and, but for the one
// exception [Generator.NewV1] names, never dating one more than a second
// after its clock. [Generator.NewV1], [Generator.NewV6]
// and [Generator.NewV7] state what each guarantees. The package-level
// functions use a default Generator.
//
// The zero value is ready to use, with the system clock, crypto/rand and
// the hardware node; [NewGenerator] sets others, and a state file through
// which the processes of a host share the state of version 1 (close such
// a Generator when done). A Generator is safe for concurrent use. It must
// not be copied after first use; pass a *Generator.
//
// A Generator keeps no random bits for later UUIDs, but keeps the clock
// sequences of versions 1 and 2 (and 6 with [GeneratorOptions.V6Node]):
// clones of a process restored from one memory snapshot share them until
// each notices the restore. The repository's docs/versions.md ("Snapshots
// and clones") says when a clone notices and what to do where it cannot.
type Generator struct {
	// A Generator composes the parts the versions need: a clock, an
	// entropy source, a Gregorian source for versions 1 and 6 with a node
	// (in memory, or shared through a state file), the state of version 2,
	// the hold of version 6 without a node, and the counter of version 7.
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
		f := newFileGregorian(opts.StateFile, opts.StateFileLockWait, nodes, &sharedFiles)
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

// Close releases the Generator's state file, if it has one;
// [Generator.NewV1], and [Generator.NewV6] with [GeneratorOptions.V6Node],
// then return [ErrClosed], and the other methods go on working. Closing a Generator without
// a state file does nothing. The Generators of one process that name the
// same path share one open file, which stays open while one of them is
// neither closed nor garbage collected.
func (g *Generator) Close() error {
	g.init()
	return g.greg.close()
}

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
	now, stopped := g.clock.ticks(), false
	for {
		ticks, seq, node, st, err := g.greg.next(now, g.clock.era(), stopped, &g.entropy)
		switch {
		case err != nil:
			return 0, 0, node, err
		case st == gregorian.Wait:
			now, stopped = g.waitForClock(now)
			continue
		case st == gregorian.Exhausted:
			return 0, 0, node, ErrExhausted
		}
		return ticks, seq, node, nil
	}
}

// waitForClock reads the clock until it moves past last, at most
// stallReads times, holding no lock, and returns its reading and whether
// it did not move on throughout (stopped: it stood still, or went back
// and forth). It does not yield between reads: with many callers a yield
// can cost a whole round of the scheduler, and the reads are bounded, so
// no caller waits on another. As each wait needs the clock past the last,
// and the rule waits only for a clock at most Slack behind, a call waits
// a bounded time.
func (g *Generator) waitForClock(last uint64) (now uint64, stopped bool) {
	for range stallReads {
		if now = g.clock.ticks(); now > last {
			return now, false
		}
	}
	return last, true
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
// reserved before, for the clock's current 1/4096 ms; seed starts the
// counter if that 1/4096 ms has not begun.
func (g *Generator) reserveV7(n uint64, seed uint16) (uint64, error) {
	key, ok := g.v7.reserve(g.clock.millis12(), n, seed)
	if !ok {
		return 0, ErrExhausted
	}
	return key, nil
}
