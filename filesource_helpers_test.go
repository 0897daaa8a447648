//go:build unix && !aix && (!solaris || illumos)

package uuid

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/afb7af96/uuid/internal/gregorian"
	"github.com/afb7af96/uuid/internal/statefile"
)

// stateNode is the node of every state file test, in every process.
var stateNode = [6]byte{0x02, 0x00, 0x5e, 0x10, 0x00, 0x01}

// stateSeq is the clock sequence a fresh state gets from constRand.
const stateSeq = 0x5a5a & 0x3fff

// constRand is a random source whose bytes are all 0x5a. Every process and
// Generator in these tests uses it, so a state that is lost, or read
// without the lock, restarts the same clock sequence at the same frozen
// timestamps and shows up as duplicates rather than passing by chance.
type constRand struct{}

func (constRand) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 0x5a
	}
	return len(p), nil
}

// stateOptions returns the options of every state file Generator in these
// tests: the state file at path, a clock frozen at frozen (the system
// clock if frozen is zero), constRand and stateNode.
func stateOptions(path string, frozen time.Time) GeneratorOptions {
	opts := GeneratorOptions{StateFile: path, Rand: constRand{}, Node: StaticNode(stateNode), V6Node: true}
	if !frozen.IsZero() {
		opts.Now = fixedClock(frozen)
	}
	return opts
}

// stateChild is the child of the multi-process state file tests. Its
// argument is "<mode> <count> <clock> <path>": through the state file at
// path, with the clock frozen at clock Unix nanoseconds (or the system
// clock if clock is "real"), it makes count results (0: until killed) of
// mode:
//   - "v1": version 1 UUIDs from a Generator.
//   - "reserve": reservations of one timestamp each, straight from the
//     store, each written as the version 1 UUID of its timestamp and clock
//     sequence. They hit the lock far more often than a Generator does.
var _ = registerChild("state", func(t *testing.T, arg string) {
	f := strings.SplitN(arg, " ", 4)
	if len(f) != 4 {
		t.Fatalf("state child %q: want <mode> <count> <clock> <path>", arg)
	}
	mode, path := f[0], f[3]
	count, err := strconv.Atoi(f[1])
	if err != nil {
		t.Fatal(err)
	}
	var frozen time.Time
	if f[2] != "real" {
		ns, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		frozen = time.Unix(0, ns)
	}
	next := NewGenerator(stateOptions(path, frozen)).NewV1
	if mode == "reserve" {
		s := openStore(path)
		from := gregorianTicks(frozen)
		next = func() (UUID, error) {
			start, seq, _, err := reserveBlock(s, from, 1, stateNode, stateSeq)
			return v1Layout(start, seq, stateNode), err
		}
	}
	// Flushed every 256 UUIDs, so that a killed child has written most.
	writeResults(t, 4096, func(i int) bool { return count == 0 || i < count }, func(int) (UUID, error) { return next() })
})

// startHelpers starts procs state children with mode, count and clock
// (see stateChild) on the state file at path, each writing to the file
// out+<i>, or to w if it is not nil, and lets them all go at once.
func startHelpers(t *testing.T, procs int, mode string, count int, frozen time.Time, path, out string, w *os.File) []*child {
	t.Helper()
	clock := "real"
	if !frozen.IsZero() {
		clock = strconv.FormatInt(frozen.UnixNano(), 10)
	}
	arg := mode + " " + strconv.Itoa(count) + " " + clock + " " + path
	specs := make([]childSpec, procs)
	for i := range specs {
		specs[i] = childSpec{role: "state", arg: arg, w: w}
		if w == nil {
			specs[i].out = out + strconv.Itoa(i)
		}
	}
	cs, release := startChildren(t, 3*time.Minute, specs...)
	release()
	return cs
}

// waitHelpers waits for the children cs and returns what they wrote, in
// order, checking that each wrote count results.
func waitHelpers(t *testing.T, cs []*child, count int) []UUID {
	t.Helper()
	var all []UUID
	for i, c := range cs {
		if err := c.cmd.Wait(); err != nil {
			t.Fatalf("child %d: %v\n%s", i, err, &c.output)
		}
		ids := c.results(t)
		if len(ids) != count {
			t.Fatalf("child %d wrote %d results; want %d", i, len(ids), count)
		}
		all = append(all, ids...)
	}
	return all
}

// checkStateUUIDs fails unless every id is a version 1 UUID with
// stateNode, and, if seq >= 0, with clock sequence seq.
func checkStateUUIDs(t *testing.T, what string, ids []UUID, seq int) {
	t.Helper()
	for i, u := range ids {
		node, _ := u.NodeID()
		s, _ := u.ClockSequence()
		if u.Version() != 1 || node != stateNode || (seq >= 0 && int(s) != seq) {
			t.Fatalf("%s: UUID %d is %v (version %d, node %x, clock sequence %#x); want version 1, node %x, clock sequence %#x",
				what, i, u, u.Version(), node, s, stateNode, seq)
		}
	}
}

// checkDistinct fails if ids holds a duplicate. Unlike checkUnique, it
// takes the same time whatever the order of ids, which matters under the
// race detector for a million UUIDs from several processes.
func checkDistinct(t *testing.T, what string, ids []UUID) {
	t.Helper()
	seen := make(map[UUID]struct{}, len(ids))
	repeats, first := 0, UUID{}
	for _, u := range ids {
		if _, dup := seen[u]; dup {
			if repeats++; repeats == 1 {
				first = u
			}
		}
		seen[u] = struct{}{}
	}
	if repeats > 0 {
		t.Fatalf("%s: %d repeats of %d UUIDs, the first %v", what, repeats, len(ids), first)
	}
}

// openStore returns the store of the state file at path, opened at its
// first reservation.
func openStore(path string) *statefile.Store { return statefile.NewStore(statefile.OS, path) }

// reserveBlock reserves n timestamps from from for node, as a process
// that knows nothing of its own, with seq as the random clock sequence.
func reserveBlock(s *statefile.Store, from, n uint64, node [6]byte, seq uint16) (uint64, uint16, [6]byte, error) {
	return reserveClaim(s, statefile.Claim{From: from, N: n, Node: node, Random: isRandomNode(node), RandSeq: seq & 0x3fff})
}

// reserveClaim reserves c with no history; a rule that asks to wait is
// an error.
func reserveClaim(s *statefile.Store, c statefile.Claim) (uint64, uint16, [6]byte, error) {
	start, seq, node, res, err := s.Update(c, defaultLockWait, noHistory)
	if err == nil && res != gregorian.Done {
		err = fmt.Errorf("reserve: result %d", res)
	}
	return start, seq, node, err
}

// readTable returns the table in the state file at path.
func readTable(t *testing.T, path string) statefile.Table {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := statefile.Decode(b, statefile.ID{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// A slotView is what the tests read of a node's slot: its open run with
// the highest end.
type slotView struct {
	seq uint16
	end uint64
}

// slotOf returns node's slot in the state file at path.
func slotOf(t *testing.T, path string, node [6]byte) slotView {
	t.Helper()
	tab := readTable(t, path)
	for _, s := range tab.Slots {
		if s.Used == 0 || s.Node != node {
			continue
		}
		var v slotView
		for _, r := range s.State.Runs {
			if r.Open && r.End > v.end {
				v = slotView{r.Seq, r.End}
			}
		}
		return v
	}
	t.Fatalf("state file has no slot for node %x", node)
	return slotView{}
}

// lockHeld reports whether some open file holds the lock of the file at
// path, by trying to take it without waiting.
func lockHeld(t *testing.T, path string) bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	switch err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err {
	case nil:
		return false
	case syscall.EWOULDBLOCK:
		return true
	default:
		t.Fatal(err)
		return false
	}
}

// slot returns the slot of a node whose one run, the last started, ends
// at end with clock sequence seq.
func slot(end uint64, seq uint16, node [6]byte) statefile.Slot {
	st := gregorian.Node{Lap: seq, N: 1}
	st.Runs[0] = gregorian.Run{Seq: seq, End: end, Open: true}
	return statefile.Slot{Used: 1, Hits: 2, Node: node, State: st}
}

// writeTable writes to path the table edit makes, with every slot naming
// the file at path, which it creates if needed.
func writeTable(t *testing.T, path string, edit func(tab *statefile.Table)) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	var tab statefile.Table
	edit(&tab)
	for i := range tab.Slots {
		tab.Slots[i].File = statefile.ID{Dev: uint64(st.Dev), Ino: uint64(st.Ino)}
	}
	b := tab.Encode()
	if _, err := f.WriteAt(b[:], 0); err != nil {
		t.Fatal(err)
	}
}

// startReading starts a child that makes v1 UUIDs through the state file
// at path, with the clock frozen at rfcTime, until it is killed, and
// reads its first n UUIDs. It returns the child, the pipe it writes the
// rest to, and the bytes read.
func startReading(t *testing.T, path string, n int) (*child, *os.File, []byte) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	h := startHelpers(t, 1, "v1", 0, rfcTime, path, "", w)[0]
	w.Close()
	buf := make([]byte, 16*n)
	if _, err := io.ReadFull(r, buf); err != nil {
		t.Fatalf("reading the first child's UUIDs: %v\n%s", err, &h.output)
	}
	return h, r, buf
}

// results returns the UUIDs a child wrote to its file, 16 bytes each.
func (c *child) results(t *testing.T) []UUID {
	t.Helper()
	b, err := os.ReadFile(c.out)
	if err != nil {
		t.Fatal(err)
	}
	return readUUIDs(t, b)
}

// readUUIDs returns the UUIDs in b, 16 bytes each.
func readUUIDs(t *testing.T, b []byte) []UUID {
	t.Helper()
	if len(b)%16 != 0 {
		t.Fatalf("output of %d bytes is not a whole number of UUIDs", len(b))
	}
	ids := make([]UUID, len(b)/16)
	for i := range ids {
		ids[i] = UUID(b[16*i:])
	}
	return ids
}

// writeResults writes what next makes, 16 bytes each, through a buffer of
// size bytes to file descriptor 3, for as long as more says, and closes it.
func writeResults(t *testing.T, size int, more func(i int) bool, next func(i int) (UUID, error)) {
	out := os.NewFile(3, "out")
	w := bufio.NewWriterSize(out, size)
	for i := 0; more(i); i++ {
		u, err := next(i)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(u[:]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// nearBound returns a Generator with opts whose timestamps are already
// within ahead ticks of running a second ahead of its frozen clock (at
// rfcTime), in memory or, if opts has a StateFile, in the file; in CI
// (UUID_SOAK_SECONDS set) it returns a fresh Generator, which gets there
// by counting.
func nearBound(t *testing.T, opts GeneratorOptions, ahead uint64) *Generator {
	t.Helper()
	end := gregorianTicks(rfcTime) + gregorian.Ahead - ahead
	if soakScale(t) > 1 {
		return NewGenerator(opts)
	}
	if opts.StateFile != "" {
		writeTable(t, opts.StateFile, func(tab *statefile.Table) { tab.Count, tab.Slots[0] = 1, slot(end, stateSeq, stateNode) })
		return NewGenerator(opts)
	}
	g := NewGenerator(opts)
	must(g.NewV1())
	memState(g).mu.Lock()
	openRun(g).End = end
	memState(g).mu.Unlock()
	return g
}
