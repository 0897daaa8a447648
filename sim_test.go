package uuid

// A deterministic simulator of processes that share a state file, after
// the deterministic simulation testing of FoundationDB and TigerBeetle.
// Everything a process touches is simulated from one seed: the file
// system (inodes, names spelled several ways, directories that are
// symbolic links, flock(2) locks held by open file descriptions, lock
// calls that fail, writes cut by a size limit, a full disk or a crash;
// simfs_test.go), each process's clock, random source and node, crashes
// at any operation, clones that copy the process's memory and descriptors
// (simclone_test.go), and an outside actor who replaces, restores,
// truncates, deletes, tears or scribbles on the file, or takes the locks
// away. The calls of several processes, and of two threads of one
// process, run at once, each in a goroutine of its own, interleaved by a
// scheduler drawn from the seed at every operation on the file system. Processes run the production code (Generator,
// fileGregorian, statefile.Registry, statefile.Store, gregorian.Node)
// unchanged. The checks (simcheck_test.go), each named in a failure:
//   - repeat: no (timestamp, clock sequence, node) triple twice, except
//     across processes for a triple that a rollback the actor performed
//     erased from the file (the exposure docs/state-file.md lists); each
//     erased triple excuses one repeat;
//   - forgot: the file's bounds cover every triple handed out from a
//     block reserved since the actor last rolled the file back (so an
//     evicted node that returns, a cut write or a lost update is seen
//     even when no repeat happens to follow);
//   - lock: the file is read and written only under its lock, by the
//     thread whose lock call took it (a second thread's lock call through
//     the same open file description succeeds, as flock's does, so only
//     the process's own mutex keeps it out), never after the path had
//     stopped naming the file when the lock was taken (such a lock
//     excludes nobody), and no lock is held outside a call; deadlock: no
//     call waits for ever;
//   - liveness: a call whose clock read sane succeeds whenever the file
//     is usable and nothing failed its writes;
//   - ahead: such a call's timestamp is within a second of its clock,
//     unless the state its block's reservation wrote shows the node
//     behind every clock sequence it could use, each more than a second
//     ahead (the exception docs/state-file.md names, whichever of its
//     cases led there), and the block began no higher than the highest
//     of those bounds or a second past the highest sane reading so far;
//   - descriptors: a process holds at most one descriptor per file,
//     however it names it;
//   - panic: the production code does not panic.
//
// go test runs 20 seeds of 100 steps, and every seed listed in
// testdata/simulator-seeds.txt; UUID_SIM_SEEDS and UUID_SIM_STEPS run more
// (CI: 10 000 seeds of 100 steps). A failing seed prints its schedule.

import (
	"bufio"

	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/afb7af96/uuid/internal/statefile"
)

// A simClock is one process's clock: the simulated time, skewed, and
// misbehaving as its kind says.
type simClock struct {
	w       *sim
	kind    string // run, frozen, back, alternate
	skew    time.Duration
	frozen  time.Time
	oddity  time.Time  // one reading at this time (far ahead, past the end), then sane
	now     *time.Time // the simulated time
	stepped time.Duration
}

// Now reads the clock for the thread that runs; what the call saw (how
// many readings, the latest, whether one was wrong) is the thread's.
func (c *simClock) Now() time.Time {
	r := c.w.thread()
	r.reads++
	var t time.Time
	switch {
	case !c.oddity.IsZero():
		t, c.oddity, r.insane = c.oddity, time.Time{}, true
	case c.kind == "frozen":
		t = c.frozen
	case c.kind == "alternate" && r.reads%2 == 1:
		t = c.now.Add(c.skew + 3*time.Second)
		r.insane, r.flipped = true, true
	default:
		// A running clock moves a microsecond per reading within a step.
		t = c.now.Add(c.skew - c.stepped + time.Duration(r.reads)*time.Microsecond)
	}
	r.last = max(r.last, gregorianTicks(t))
	return t
}

// A simCall is what one thread of a process saw: the readings of its
// clock in the call it makes, and its operations on the file system.
// Two threads of one process share the process's clock and descriptors,
// but each call is checked against what its own thread did.
type simCall struct {
	reads    int
	last     uint64 // the latest reading, in ticks
	insane   bool   // a reading of this call was not sane
	flipped  bool   // a reading of this call went 3 s ahead and back
	writes   int    // writes so far
	wrote    int    // the event of the latest write
	lockedAt int    // the event at which it took the lock last
	orphan   int    // if not 0, that write went to a file the path no longer named since this event
	erased   bool   // and the path then named a file rolled back
	sawErr   bool   // the call met a write or lock call that failed, or the actor's foreign file
	copy     []byte // the copy of the table its latest whole write wrote, as written
}

// thread returns the state of the thread that runs.
func (s *sim) thread() *simCall {
	if s.running != nil {
		return &s.running.call
	}
	return &s.idle
}

// simNode draws random nodes from the process's seeded source.
type simNode struct{ r *rand.Rand }

func (n simNode) NodeID() ([6]byte, error) {
	var id [6]byte
	v := n.r.Uint64()
	for i := range id {
		id[i] = byte(v >> (8 * i))
	}
	id[0] |= 1
	return id, nil
}

func (simNode) drawsAtRandom() {}

// simRand is a process's random source. A weak one (a caller's Rand is
// any io.Reader) gives only as many values as weak says, so that
// uniqueness through the file is seen not to rest on random clock
// sequences that happen to differ.
type simRand struct {
	r    *rand.Rand
	weak int // 0: full; else the number of values each byte takes
}

func (s simRand) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(s.r.Uint32())
		if s.weak > 0 {
			p[i] %= byte(s.weak)
		}
	}
	return len(p), nil
}

// A simProc is a process: its clock, its view of the file system, its
// registry of open files (and history), its Generators, and how it picks
// nodes.
type simProc struct {
	w     *sim
	id    int
	kind  string // static, random, fresh, pool, memory
	node  [6]byte
	clock *simClock
	rand  *rand.Rand
	fs    *simProcFS
	reg   *statefile.Registry
	gens  []*Generator
	fresh int
	limit int        // file size limit in bytes (ulimit -f); -1: none
	weak  int        // its random source's values per byte; 0: all
	files []*simFile // open descriptors
	dead  bool
}

// Spellings of the state file's path: one file, however named.
const simPath = "/var/lib/app/uuid.state"

var simSpellings = []string{simPath, "/var/lib/app/./uuid.state", "/var/lib/link/uuid.state", "/var//lib/app/uuid.state"}

// simPool are the nodes that processes of kind pool take a Generator at a
// time, more than the table holds: they are evicted and come back.
func simPool(i int) [6]byte { return [6]byte{0x00, 0x1b, 0x22, 0, 0, byte(i)} }

const simPoolSize = 24

// newGenerator returns a Generator of p as NewGenerator would make it,
// with p's clock, random source and registry, on one spelling of the path.
func (p *simProc) newGenerator() *Generator {
	var nodes NodeSource = StaticNode(p.node)
	switch p.kind {
	case "random":
		nodes = simNode{p.rand}
	case "pool":
		nodes = StaticNode(simPool(p.w.r.IntN(simPoolSize)))
	case "fresh", "memory": // in memory, a node per Generator: they share nothing
		p.fresh++
		nodes = StaticNode([6]byte{0x02, 0xf0, byte(p.id), byte(p.fresh >> 16), byte(p.fresh >> 8), byte(p.fresh)})
	}
	g := &Generator{clock: clock{now: p.clock.Now}, entropy: entropy{r: simRand{p.rand, p.weak}}, v6Node: true}
	if p.kind == "memory" {
		g.greg = newMemoryGregorian(nodes)
	} else {
		path := simSpellings[p.w.r.IntN(len(simSpellings))]
		if simWithout["spellings"] {
			path = simPath
		}
		g.greg = newFileGregorian(path, -1, nodes, p.reg)
	}
	g.dce.node.src = nodes
	return g
}

// simIssued says who handed out a triple, and when.
type simIssued struct {
	proc, step int
	block      int // the event at which its block was reserved
}

// A simPair is a node and a clock sequence.
type simPair struct {
	node [6]byte
	seq  uint16
}

// A simFailure is a seed's first violation: the check that caught it.
type simFailure struct {
	check, msg string
	step       int
}

// A sim is one seed's world.
type sim struct {
	t           *testing.T
	seed        uint64
	r           *rand.Rand
	fs          *simFS
	back        chan struct{} // the running process hands the turn back
	running     *simRunner    // the thread that has the turn, if any
	idle        simCall       // what a clock read outside a call sees
	now         time.Time
	procs       []*simProc
	nextProc    int
	crashRate   int                        // in 1000 operations
	lockErrRate int                        // lock calls that fail, in 1000
	holds       map[*sync.Mutex]*simRunner // the thread that holds each mutex of a process running two
	actorRate   int                        // in 100 steps
	seen        map[[2]uint64]simIssued
	blockStep   map[*Generator]int
	behind      map[*Generator]bool // the block began where docs/state-file.md lets it run ahead
	highest     uint64              // the highest sane reading of any clock so far
	tainted     map[[6]byte]bool    // nodes with a wrong reading
	lost        bool                // the actor made the file lose or copy its state
	skewLo      map[[6]byte]time.Duration
	skewHi      map[[6]byte]time.Duration
	log         []string
	step        int
	backup      []byte
	failed      *simFailure

	// What the file must know, and what rollbacks erased from it.
	events       int                      // operations on the file system and actions of the actor so far
	lastRollback int                      // event of the actor's latest rollback; -1: none
	issued       map[simPair][]uint64     // timestamps handed out from the file, by node and clock sequence
	known        map[simPair]uint64       // the bound the file must keep: blocks reserved since lastRollback
	erased       map[simPair][]simErasure // what rollbacks erased
	orphans      map[[2]uint64]int        // triples of blocks written to a file the path no longer named: since when
	orphanBlock  map[*Generator]int       // Generators whose block is such
	orphanErased map[*Generator]bool      // and the path then named a file rolled back
	used         map[simUse]bool          // erased triples that excused a repeat
	erasures     int                      // ranges of timestamps the rollbacks erased
	excused      int                      // repeats excused by them
	clones       int                      // repeats between clones in memory
	uuids        int
}

func (s *sim) logf(format string, args ...any) {
	s.log = append(s.log, fmt.Sprintf("%4d ", s.step)+fmt.Sprintf(format, args...))
}

// violate records the seed's first violation; the seed stops at the end
// of the step.
func (s *sim) violate(check, format string, args ...any) {
	if s.failed == nil {
		s.failed = &simFailure{check: check, msg: fmt.Sprintf(format, args...), step: s.step}
		s.logf("VIOLATION (%s): %s", check, s.failed.msg)
	}
}

// simWithout turns features of the simulator off (UUID_SIM_WITHOUT, a
// comma-separated list of spellings, cuts, weak, older: the actor's
// older format, locks: lock calls that fail, threads: two threads of a
// process), to tell which one a failing seed needs.
var simWithout = func() map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Split(os.Getenv("UUID_SIM_WITHOUT"), ",") {
		m[f] = true
	}
	return m
}()

// simTrace logs every block a process reserves (UUID_SIM_TRACE set).
var simTrace = os.Getenv("UUID_SIM_TRACE") != ""

// staticNodes are the nodes processes of kind static share.
var staticNodes = [][6]byte{
	{0x00, 0x1b, 0x21, 0, 0, 1},
	{0x00, 0x1b, 0x21, 0, 0, 2},
	{0x00, 0x1b, 0x21, 0, 0, 3},
}

func (s *sim) startProc(kind string) *simProc {
	s.nextProc++
	p := &simProc{w: s, id: s.nextProc, kind: kind, rand: rand.New(rand.NewPCG(s.r.Uint64(), uint64(s.nextProc))), limit: -1}
	p.node = staticNodes[s.r.IntN(len(staticNodes))]
	if kind == "memory" {
		p.node = [6]byte{0x02, 0xee, 0, 0, 0, byte(p.id)}
	}
	if s.r.IntN(8) == 0 && !simWithout["cuts"] { // under ulimit -f: writes stop at the limit
		p.limit = s.r.IntN(8192)
	}
	if kind != "memory" && s.r.IntN(4) == 0 && !simWithout["weak"] {
		p.weak = 1 + s.r.IntN(2) // a Rand of zeros, or of zeros and ones
	}
	c := &simClock{w: s, kind: "run", now: &s.now}
	switch k := s.r.IntN(12); {
	case k < 5:
	case k < 7:
		c.kind = "frozen"
		c.frozen = s.now.Add(time.Duration(s.r.IntN(1000)) * time.Millisecond)
	case k < 9:
		c.kind = "run"
		c.skew = time.Duration(s.r.Int64N(int64(2*time.Minute))) - time.Minute
	case k < 11:
		c.kind = "back"
	default:
		c.kind = "alternate"
	}
	p.clock = c
	s.noteSkew(p)
	p.fs = &simProcFS{fs: s.fs, p: p}
	p.reg = &statefile.Registry{FS: p.fs}
	p.gens = []*Generator{p.newGenerator()}
	s.procs = append(s.procs, p)
	s.logf("start process %d: %s node %x, clock %s skew %v, file size limit %d, weak random source %d", p.id, kind, p.node, c.kind, c.skew, p.limit, p.weak)
	return p
}

// kill ends p, as a crash does: its memory is gone, and its descriptors
// and locks with it.
func (s *sim) kill(p *simProc) {
	p.dead = true
	for len(p.files) > 0 {
		p.files[0].release()
	}
	s.procs = slices.DeleteFunc(s.procs, func(q *simProc) bool { return q == p })
}

// clone copies p's memory into a new process (a CRIU restore on the same
// host): its Generators, registry and history, and its descriptors, which
// the clone then uses on its own. Both notice the restore, as a Generator
// with the system clock does once the clone's wall clock is corrected.
func (s *sim) clone(p *simProc) {
	if p.weak > 0 {
		// Clones part by their random clock sequences: with a Rand that
		// repeats itself they repeat each other, as GeneratorOptions.Rand
		// warns.
		return
	}
	s.nextProc++
	q := &simProc{w: s, id: s.nextProc, kind: p.kind, node: p.node, limit: p.limit, weak: p.weak, fresh: p.fresh,
		rand: rand.New(rand.NewPCG(s.r.Uint64(), uint64(s.nextProc)))}
	c := *p.clock
	q.clock = &c
	cl := newSimCloner(func(t reflect.Type) bool {
		switch t {
		case reflect.TypeFor[*sim](), reflect.TypeFor[*simFS](), reflect.TypeFor[*simInode]():
			return true
		}
		return false
	})
	cl.mapTo(p, q)
	cl.mapTo(p.clock, q.clock)
	cl.mapTo(p.rand, q.rand)
	q.fs = deepCopy(cl, p.fs)
	q.reg = deepCopy(cl, p.reg)
	q.gens = deepCopy(cl, p.gens)
	for _, v := range cl.made {
		if f, ok := v.Interface().(*simFile); ok && !f.closed {
			q.files = append(q.files, f)
		}
	}
	for i, h := range q.gens {
		g := p.gens[i]
		h.clock.now = q.clock.Now
		h.clock.eras.Store(g.clock.eras.Add(1))
		s.blockStep[h] = s.blockStep[g]
		s.behind[h] = s.behind[g]
	}
	s.procs = append(s.procs, q)
	s.logf("clone process %d as %d", p.id, q.id)
}

// skewKey returns the key under which the clocks of node's processes are
// compared: random nodes are one, as the table makes them, and so are the
// nodes of the pool.
func skewKey(node [6]byte) [6]byte {
	switch {
	case isRandomNode(node):
		return [6]byte{1}
	case node[0] == 0 && node[1] == 0x1b && node[2] == 0x22:
		return [6]byte{2}
	}
	return node
}

// skewed reports whether the processes of node, over the seed, had clocks
// more than a second apart. Once the actor made the file lose or copy its
// state, such a node's state lumps the clock sequences it cannot list
// under one bound, which the slower clocks may be behind (see
// gregorian.Node.Take), so the bound is not checked for it.
func (s *sim) skewed(node [6]byte) bool {
	k := skewKey(node)
	return s.lost && s.skewHi[k]-s.skewLo[k] > time.Second
}

// noteSkew records the offset of p's clock.
func (s *sim) noteSkew(p *simProc) {
	k := p.node
	switch p.kind {
	case "random":
		k = [6]byte{1}
	case "pool":
		k = [6]byte{2}
	}
	d := p.clock.skew
	if p.clock.kind == "frozen" {
		d = p.clock.frozen.Sub(s.now)
	}
	if _, ok := s.skewLo[k]; !ok {
		s.skewLo[k], s.skewHi[k] = d, d
	}
	s.skewLo[k], s.skewHi[k] = min(s.skewLo[k], d), max(s.skewHi[k], d)
}

// foreign reports whether the path names the actor's foreign file, or
// what is left of it (truncated, torn, restored from a backup).
func (s *sim) foreign() bool {
	in := s.fs.names[simPath]
	return in != nil && len(in.data) > 0 && in.data[0] == '#'
}

// act is the outside actor: between steps, or between two operations of
// the processes whose calls run (who take no notice of the file's lock).
func (s *sim) act() {
	s.events++
	in := s.fs.names[simPath]
	before, _ := s.table()
	rollback := false
	defer func() {
		if in != nil && s.fs.names[simPath] != in {
			in.gone, in.goneRollback = s.events, rollback
		}
		if rollback {
			s.rolledBack(before)
		}
		s.lost = s.lost || rollback || s.fs.names[simPath] != in
	}()
	switch k := s.r.IntN(11); k {
	case 0: // cp state state.new && mv state.new state
		if in != nil {
			s.fs.names[simPath] = s.fs.newInode(append([]byte(nil), in.data...))
			s.logf("actor: cp+mv")
		}
	case 1: // a backup, restored later in place
		if in != nil && s.backup == nil {
			s.backup = append([]byte(nil), in.data...)
			s.logf("actor: backup taken")
		} else if in != nil {
			in.data = append(in.data[:0], s.backup...)
			s.backup = nil
			rollback = true
			s.logf("actor: backup restored in place")
		}
	case 2:
		if in != nil {
			in.data = in.data[:0]
			rollback = true
			s.logf("actor: truncate")
		}
	case 3:
		delete(s.fs.names, simPath)
		rollback = true
		s.logf("actor: delete")
	case 4:
		if in != nil && len(in.data) > 0 {
			n := s.r.IntN(len(in.data))
			if s.r.IntN(2) == 0 {
				in.data = in.data[:n] // torn: a prefix
			} else {
				n &^= 511
				clear(in.data[n:]) // torn: NULs where the rest was, from a sector on
			}
			rollback = true
			s.logf("actor: tear at %d", n)
		}
	case 5: // an older format: a format-3 table with one stale slot
		if simWithout["older"] {
			break
		}
		b := make([]byte, 1184)
		copy(b, "UUst\x03")
		p := b[160:]
		p[7] = 1
		copy(p[36:42], staticNodes[0][:])
		p[15], p[31] = 1, 1
		sum := crcTable(b)
		b[28], b[29], b[30], b[31] = byte(sum>>24), byte(sum>>16), byte(sum>>8), byte(sum)
		s.fs.names[simPath] = s.fs.newInode(b)
		rollback = true
		s.logf("actor: an older format's file")
	case 6:
		if !s.foreign() {
			s.fs.names[simPath] = s.fs.newInode([]byte("# not a state file\n"))
			rollback = true // the state is gone with the file
			s.logf("actor: a foreign file")
		}
	case 7:
		if s.foreign() {
			delete(s.fs.names, simPath)
			rollback = true
			s.logf("actor: foreign file removed")
		}
	case 8: // a file of NULs
		s.fs.names[simPath] = s.fs.newInode(make([]byte, 4096))
		rollback = true
		s.logf("actor: a file of NULs")
	case 9:
		s.fs.full = !s.fs.full && !simWithout["cuts"]
		s.logf("actor: disk full %v", s.fs.full)
	case 10: // the file system loses its locks (NFS without lockd), or gets them back
		switch {
		case s.fs.noLocks != nil || simWithout["locks"]:
			s.fs.noLocks = nil
		case s.r.IntN(2) == 0:
			s.fs.noLocks = errSimNoLocks
		default:
			s.fs.noLocks = errSimLockUnsupported
		}
		s.logf("actor: lock calls fail: %v", s.fs.noLocks)
	}
}

// runSim runs one seed for steps steps, and returns its first violation.
func runSim(t *testing.T, seed uint64, steps int) (s *sim) {
	s = &sim{
		t: t, seed: seed, r: rand.New(rand.NewPCG(seed, 0x5eed)), back: make(chan struct{}),
		now:  time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC),
		seen: map[[2]uint64]simIssued{}, lastRollback: -1, blockStep: map[*Generator]int{}, behind: map[*Generator]bool{}, tainted: map[[6]byte]bool{},
		skewLo: map[[6]byte]time.Duration{}, skewHi: map[[6]byte]time.Duration{},
		issued: map[simPair][]uint64{}, known: map[simPair]uint64{}, erased: map[simPair][]simErasure{}, orphans: map[[2]uint64]int{}, orphanBlock: map[*Generator]int{}, orphanErased: map[*Generator]bool{}, used: map[simUse]bool{},
	}
	s.fs = &simFS{w: s, names: map[string]*simInode{}, links: map[string]string{"/var/lib/link": "/var/lib/app"}}
	s.actorRate = s.r.IntN(20) // some seeds have no actor at all
	actorRate := s.actorRate
	s.crashRate = max(0, s.r.IntN(40)-20)
	if s.r.IntN(4) == 0 && !simWithout["locks"] { // lock calls that fail now and then
		s.lockErrRate = 1 + s.r.IntN(50)
	}
	kinds := []string{"static", "static", "random", "fresh", "pool", "memory"}
	for range 2 + s.r.IntN(4) {
		s.startProc(kinds[s.r.IntN(len(kinds))])
	}
	oddities := 2 // far readings per seed
	for s.step = 0; s.step < steps && s.failed == nil; s.step++ {
		s.now = s.now.Add(time.Duration(s.r.IntN(2000)) * time.Microsecond)
		switch k := s.r.IntN(100); {
		case k < actorRate:
			s.act()
		case k < actorRate+3 && len(s.procs) < 8:
			s.startProc(kinds[s.r.IntN(len(kinds))])
		case k < actorRate+5 && len(s.procs) > 1:
			p := s.procs[s.r.IntN(len(s.procs))]
			s.logf("kill process %d", p.id)
			s.kill(p)
		case k < actorRate+6 && len(s.procs) < 8:
			s.clone(s.procs[s.r.IntN(len(s.procs))])
		case k < actorRate+8 && len(s.procs) > 0:
			p := s.procs[s.r.IntN(len(s.procs))]
			p.gens = append(p.gens, p.newGenerator())
			s.logf("process %d: another Generator", p.id)
		case k < actorRate+10 && len(s.procs) > 0:
			s.clockEvent(s.procs[s.r.IntN(len(s.procs))], &oddities)
		default:
			s.calls()
		}
		s.checkStep()
	}
	return s
}

// clockEvent changes p's clock.
func (s *sim) clockEvent(p *simProc, oddities *int) {
	switch c := p.clock; s.r.IntN(4) {
	case 0:
		c.stepped += time.Duration(s.r.Int64N(int64(time.Hour)))
		s.logf("process %d: clock steps back, now %v behind", p.id, c.stepped)
	case 1:
		if *oddities > 0 {
			*oddities--
			c.oddity = s.now.Add(365 * 24 * time.Hour)
			if s.r.IntN(2) == 0 {
				c.oddity = time.Date(6000, 1, 1, 0, 0, 0, 0, time.UTC) // past the layout's end
			}
			s.logf("process %d: clock will read %v once", p.id, c.oddity)
		}
	case 2:
		c.kind, c.frozen = "frozen", c.now.Add(c.skew)
		s.noteSkew(p)
		s.logf("process %d: clock freezes", p.id)
	case 3:
		c.kind = "run"
		s.logf("process %d: clock runs", p.id)
	}
}

// calls runs calls of one to three processes at once, interleaved, and
// now and then the actor among them, then restarts the processes that
// died. A process may run two threads at once, each with a Generator of
// its own: they share the process's registry and, when their paths name
// one file, its descriptor, whose lock does not exclude them.
func (s *sim) calls() {
	if len(s.procs) == 0 {
		s.startProc("static")
		return
	}
	ps := slices.Clone(s.procs)
	s.r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	ps = ps[:min(len(ps), 1+s.r.IntN(3))]
	gens := make([]*Generator, len(ps))
	for i, p := range ps {
		gens[i] = p.gens[s.r.IntN(len(p.gens))]
	}
	if p := ps[0]; s.r.IntN(3) == 0 && p.kind != "memory" && !simWithout["threads"] {
		if len(p.gens) == 1 {
			p.gens = append(p.gens, p.newGenerator())
			s.logf("process %d: another Generator", p.id)
		}
		g := p.gens[s.r.IntN(len(p.gens))]
		for g == gens[0] {
			g = p.gens[s.r.IntN(len(p.gens))]
		}
		ps, gens = append(ps, p), append(gens, g)
		s.logf("process %d: two threads", p.id)
	}
	fns := make([]func(), len(ps))
	paths := make([]string, len(ps))
	for i, p := range ps {
		g := gens[i]
		perRequest := p.kind == "fresh" || p.kind == "pool"
		if perRequest { // a Generator per request
			g = p.newGenerator()
		}
		if f, ok := g.greg.(*fileGregorian); ok {
			paths[i] = f.path
		}
		n := 1 + s.r.IntN(32)
		if s.r.IntN(100*len(ps)) == 0 {
			n = 5_000 // a burst, in one step of 100
		}
		fns[i] = func() {
			for range n {
				if s.failed != nil || !s.call(p, g) {
					break
				}
			}
			if perRequest {
				g.Close()
			}
		}
	}
	if s.r.IntN(100) < s.actorRate { // the actor, in the middle of the calls
		ps, paths, fns = append(ps, &simProc{w: s, limit: -1}), append(paths, ""), append(fns, s.act)
	}
	s.runConcurrently(ps, paths, fns)
	for _, p := range ps {
		if p.dead && slices.Contains(s.procs, p) {
			s.logf("process %d died; restarted", p.id)
			s.kill(p)
			s.startProc(p.kind)
		}
	}
}

// simRegressions returns the seeds kept in testdata/simulator-seeds.txt,
// and those of testdata/fault-seeds.txt (the second column), which catch
// the planted faults and must pass with none planted.
func simRegressions(t *testing.T) []uint64 {
	var seeds []uint64
	for _, file := range []string{"testdata/simulator-seeds.txt", "testdata/fault-seeds.txt"} {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line, _, _ := strings.Cut(sc.Text(), "#")
			fields := strings.Fields(line)
			if file == "testdata/fault-seeds.txt" && len(fields) > 0 {
				fields = fields[1:2] // fault, seed, check
			}
			if len(fields) > 0 {
				n, err := strconv.ParseUint(fields[0], 10, 64)
				if err != nil {
					t.Fatalf("%s: %v", file, err)
				}
				seeds = append(seeds, n)
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(seeds)
	return slices.Compact(seeds)
}

func envInt(t *testing.T, name string, def int) int {
	if v := os.Getenv(name); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			t.Fatalf("%s=%q: want a count", name, v)
		}
		return n
	}
	return def
}

// TestSimulator runs the simulator: the kept seeds, then UUID_SIM_SEEDS
// seeds (default 20, 10 under the race detector) of UUID_SIM_STEPS steps (default 100) from
// UUID_SIM_FIRST (default 1), or the one seed UUID_SIM_SEED. It goes on
// past a failing seed (UUID_SIM_STOP: until that many failed), prints the
// schedule of the first few, and ends with a summary: how many seeds
// failed, by which check.
func TestSimulator(t *testing.T) {
	steps := envInt(t, "UUID_SIM_STEPS", 100)
	seeds := simRegressions(t)
	if v := os.Getenv("UUID_SIM_SEED"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		seeds = []uint64{n}
	} else {
		first := uint64(envInt(t, "UUID_SIM_FIRST", 1))
		n := 20
		if raceEnabled {
			n = 10 // the race detector makes each seed about ten times slower
		}
		for i := range uint64(envInt(t, "UUID_SIM_SEEDS", n)) {
			seeds = append(seeds, first+i)
		}
	}
	stop := envInt(t, "UUID_SIM_STOP", 0) // stop after this many failing seeds
	began := time.Now()
	var (
		ran                                   int
		mu                                    sync.Mutex
		uuids, excused, erased, clones, shown int
		failed                                []uint64
		byCheck                               = map[string]int{}
	)
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(seeds); i += workers {
				mu.Lock()
				enough := stop > 0 && len(failed) >= stop
				mu.Unlock()
				if enough {
					return
				}
				s := runSim(t, seeds[i], steps)
				mu.Lock()
				ran++
				uuids, excused, erased, clones = uuids+s.uuids, excused+s.excused, erased+s.erasures, clones+s.clones
				if f := s.failed; f != nil {
					failed = append(failed, seeds[i])
					byCheck[f.check]++
					if len(failed) <= 200 {
						msg, _, _ := strings.Cut(f.msg, "\n")
						t.Logf("failing seed %d, step %d: %s: %s", seeds[i], f.step, f.check, msg)
					}
					if shown < 3 {
						shown++
						t.Errorf("seed %d, step %d: %s: %s\nschedule:\n%s\nreplay: UUID_SIM_SEED=%d UUID_SIM_STEPS=%d go test -run '^TestSimulator$' .",
							seeds[i], f.step, f.check, f.msg, strings.Join(s.log, "\n"), seeds[i], steps)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	sort.Slice(failed, func(i, j int) bool { return failed[i] < failed[j] })
	var checks []string
	for c, n := range byCheck {
		checks = append(checks, fmt.Sprintf("%s=%d", c, n))
	}
	sort.Strings(checks)
	verdict := "0 violations"
	if len(failed) > 0 {
		verdict = fmt.Sprintf("%d of %d seeds FAILED (checks: %s; seeds: %v)", len(failed), ran, strings.Join(checks, " "), failed[:min(len(failed), 20)])
	}
	t.Logf("%d seeds, %d steps, %d UUIDs in %v: %s; exposures the docs list: %d repeats across processes, each of a triple in one of the %d ranges the actor's rollbacks erased, %d between clones in memory",
		ran, ran*steps, uuids, time.Since(began).Round(time.Millisecond), verdict, excused, erased, clones)
}

// TestSimulatorDeterministic runs seeds twice: the schedule, the UUIDs and
// the verdict depend on the seed alone, so that any failure replays.
func TestSimulatorDeterministic(t *testing.T) {
	for seed := uint64(1); seed <= uint64(min(envInt(t, "UUID_SIM_SEEDS", 8), 20)); seed++ { // CI: 20
		a, b := runSim(t, seed, 100), runSim(t, seed, 100)
		if !slices.Equal(a.log, b.log) || a.uuids != b.uuids || a.excused != b.excused || (a.failed == nil) != (b.failed == nil) {
			t.Errorf("seed %d ran two ways:\n%s\n---\n%s", seed, strings.Join(a.log, "\n"), strings.Join(b.log, "\n"))
		}
	}
}
