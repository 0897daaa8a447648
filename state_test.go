//go:build unix && !aix && (!solaris || illumos)

package uuid

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"testing/iotest"
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
	start, seq, node, res, err := s.Reserve(c, defaultLockWait, noHistory)
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

// TestStateFileRandError checks that a failing random source fails the
// reservation, saves nothing and releases the lock.
func TestStateFileRandError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	s := openStore(path)
	defer s.Close()
	errRand := errors.New("no entropy")
	_, randErr := (&entropy{r: iotest.ErrReader(errRand)}).randomSeq()
	if _, _, _, err := reserveClaim(s, statefile.Claim{From: 1000, N: 64, Node: stateNode, RandErr: randErr}); !errors.Is(err, errRand) || !errors.Is(err, ErrRandom) {
		t.Fatalf("reserve with a failing random source = %v; want %v", err, errRand)
	}
	if b, err := os.ReadFile(path); err != nil || len(b) != 0 {
		t.Fatalf("state file holds %x, %v; want nothing", b, err)
	}
	if lockHeld(t, path) {
		t.Fatal("the state file is still locked after a failed reserve")
	}
	if start, seq, _, err := reserveBlock(s, 1000, 64, stateNode, 7); err != nil || start != 1000 || seq != 7 {
		t.Fatalf("reserve after the failure = %d, %d, %v; want 1000, 7, nil", start, seq, err)
	}
}

// TestStateFileGeneratorRecovery checks recovery through a Generator: a
// saved timestamp an hour in the future makes NewV1 use the clock's time
// and the next clock sequence.
func TestStateFileGeneratorRecovery(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	future := gregorianTicks(rfcTime.Add(time.Hour))
	writeTable(t, path, func(tab *statefile.Table) { tab.Count, tab.Slots[0] = 1, slot(future, 0x0100, stateNode) })
	g := NewGenerator(stateOptions(path, rfcTime))
	u, err := g.NewV1()
	if err != nil {
		t.Fatal(err)
	}
	want := v1Layout(gregorianTicks(rfcTime), 0x0101, stateNode)
	if u != want {
		t.Errorf("NewV1 after a slot an hour ahead = %v; want %v", u, want)
	}
}

// TestStateFileErrors checks that a state file that cannot be used makes
// NewV1 and NewV6 fail, every time, with an error that names the path.
func TestStateFileErrors(t *testing.T) {
	type scenario struct {
		name  string
		setup func(t *testing.T, dir string) string // returns the path
		is    error                                 // the cause, if the platform agrees on it
		says  string                                // what the message names
	}
	scenarios := []scenario{
		{"directory", func(t *testing.T, dir string) string {
			return dir
		}, ErrNotStateFile, "a directory"},
		{"symlink", func(t *testing.T, dir string) string {
			target := filepath.Join(dir, "target")
			if err := os.WriteFile(target, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			link := filepath.Join(dir, "link")
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			return link
		}, ErrNotStateFile, "a symbolic link"},
		{"dangling-symlink", func(t *testing.T, dir string) string {
			link := filepath.Join(dir, "link")
			if err := os.Symlink(filepath.Join(dir, "nothing"), link); err != nil {
				t.Fatal(err)
			}
			return link
		}, ErrNotStateFile, "a symbolic link"},
		{"missing-directory", func(t *testing.T, dir string) string {
			return filepath.Join(dir, "no", "state")
		}, fs.ErrNotExist, ""},
		{"device", func(t *testing.T, dir string) string {
			return os.DevNull
		}, ErrNotStateFile, "a device"},
		{"fifo", func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "fifo")
			if err := syscall.Mkfifo(path, 0o600); err != nil {
				t.Skip(err)
			}
			return path
		}, ErrNotStateFile, "a FIFO"},
	}
	if os.Geteuid() != 0 {
		// Root reads and writes whatever the permissions say.
		scenarios = append(scenarios, scenario{"unreadable", func(t *testing.T, dir string) string {
			path := filepath.Join(dir, "state")
			if err := os.WriteFile(path, nil, 0); err != nil {
				t.Fatal(err)
			}
			return path
		}, fs.ErrPermission, ""})
	}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := sc.setup(t, dir)
			g := NewGenerator(stateOptions(path, rfcTime))
			for _, f := range []func() (UUID, error){g.NewV1, g.NewV6, g.NewV1} {
				u, err := f()
				prefix := "uuid: state file " + path + ": "
				if err == nil || !strings.HasPrefix(err.Error(), prefix) || u != (UUID{}) {
					t.Fatalf("NewV1 or NewV6 = %v, %v; want an error starting %q", u, err, prefix)
				}
				if sc.is != nil && !errors.Is(err, sc.is) {
					t.Errorf("error %v is not %v", err, sc.is)
				}
				if !strings.Contains(err.Error(), sc.says) || strings.Count(err.Error(), "uuid: ") != 1 {
					t.Errorf("error %q does not name %q once", err, sc.says)
				}
			}
			if sc.name == "symlink" {
				if b, _ := os.ReadFile(filepath.Join(dir, "target")); len(b) != 0 {
					t.Errorf("the symlink's target was written: %x", b)
				}
			}
		})
	}
}

// TestStateFileMode checks the permissions of a state file the Generator
// creates, under a permissive umask, and that an existing file, which a
// caller created to share it, keeps its own.
func TestStateFileMode(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	for _, tc := range []struct {
		name     string
		existing os.FileMode // 0: no file yet
		want     os.FileMode
	}{
		{"created", 0, 0o600},
		{"existing", 0o664, 0o664},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state")
			if tc.existing != 0 {
				if err := os.WriteFile(path, nil, tc.existing); err != nil {
					t.Fatal(err)
				}
			}
			g := NewGenerator(stateOptions(path, rfcTime))
			defer g.Close()
			if _, err := g.NewV1(); err != nil {
				t.Fatal(err)
			}
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := fi.Mode(); got != tc.want {
				t.Errorf("mode = %v; want %v", got, tc.want)
			}
		})
	}
}

// TestStateFileProcesses runs processes at once (in CI four, each making
// 250 000), each making version 1 UUIDs through one state file, with the
// same node and, in the hard case, a clock frozen at the same instant in
// all of them: the UUIDs must be unique. With the frozen clock the processes
// continue after each other's blocks, so they all keep the clock sequence
// the first one drew.
func TestStateFileProcesses(t *testing.T) {
	t.Parallel()
	procs := 2 // in CI (UUID_SOAK_SECONDS set), 4
	if soakScale(t) > 1 {
		procs = 4
	}
	count := 20_000 // in CI (UUID_SOAK_SECONDS set), 250 000
	if soakScale(t) > 1 {
		count = 250_000
	}
	for _, tc := range []struct {
		name   string
		frozen time.Time
	}{
		{"clock=frozen", rfcTime},
		{"clock=real", time.Time{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "state")
			hs := startHelpers(t, procs, "v1", count, tc.frozen, path, filepath.Join(dir, "out"), nil)
			all := waitHelpers(t, hs, count)
			seq := -1
			if !tc.frozen.IsZero() {
				seq = stateSeq
			}
			checkStateUUIDs(t, "children", all, seq)
			checkDistinct(t, "children", all)
			// The slot covers every timestamp handed out.
			r := slotOf(t, path, stateNode)
			for _, u := range all {
				s, _ := u.ClockSequence()
				if s == r.seq && v1Ticks(u) >= r.end {
					t.Fatalf("record %+v does not cover %v", r, u)
				}
			}
		})
	}
}

// TestStateFileLock makes processes (in CI four), and then two open files in
// this process, reserve one timestamp at a time from one state file with a
// frozen clock, so that reservations contend for the lock all the time:
// no two reservations get the same timestamp and clock sequence.
func TestStateFileLock(t *testing.T) {
	t.Parallel()
	count := 1_000 // in CI (UUID_SOAK_SECONDS set), 25 000
	if soakScale(t) > 1 {
		count = 25_000
	}
	t.Run("processes", func(t *testing.T) {
		dir := t.TempDir()
		procs := 2 // in CI (UUID_SOAK_SECONDS set), 4
		if soakScale(t) > 1 {
			procs = 4
		}
		hs := startHelpers(t, procs, "reserve", count, rfcTime, filepath.Join(dir, "state"), filepath.Join(dir, "out"), nil)
		all := waitHelpers(t, hs, count)
		checkStateUUIDs(t, "reservations", all, stateSeq)
		checkDistinct(t, "reservations", all)
	})
	t.Run("files", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "state")
		from := gregorianTicks(rfcTime)
		var wg sync.WaitGroup
		got := make([][]UUID, 2)
		errs := make([]error, 2)
		for i := range got {
			s := openStore(path)
			defer s.Close()
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range count {
					start, seq, _, err := reserveBlock(s, from, 1, stateNode, stateSeq)
					if err != nil {
						errs[i] = err
						return
					}
					got[i] = append(got[i], v1Layout(start, seq, stateNode))
				}
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		all := append(got[0], got[1]...)
		checkStateUUIDs(t, "reservations", all, stateSeq)
		checkDistinct(t, "reservations", all)
		if r := slotOf(t, path, stateNode); r.end != from+uint64(len(all)) {
			t.Errorf("saved end %d; want %d, after %d reservations of one", r.end, from+uint64(len(all)), len(all))
		}
	})
}

// TestStateFileKill kills, with SIGKILL, a process that is making UUIDs
// through a state file with a frozen clock, and then runs another on the
// same file and clock: nothing the second makes equals anything the first
// wrote out before it died.
func TestStateFileKill(t *testing.T) {
	t.Parallel()
	before, after := 10_000, 30_000 // in CI (UUID_SOAK_SECONDS set), ten times more
	if soakScale(t) > 1 {
		before, after = 100_000, 300_000
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	h, r, buf := startReading(t, path, before)
	if err := h.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	rest, err := io.ReadAll(r) // what the child wrote before it died
	if err != nil {
		t.Fatal(err)
	}
	if err := h.cmd.Wait(); err == nil || h.cmd.ProcessState.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("first child: %v, want killed by SIGKILL\n%s", err, &h.output)
	}
	first := readUUIDs(t, append(buf, rest...))

	second := waitHelpers(t, startHelpers(t, 1, "v1", after, rfcTime, path, filepath.Join(dir, "out"), nil), after)
	all := append(first, second...)
	checkStateUUIDs(t, "both children", all, stateSeq)
	checkDistinct(t, "both children", all)
}

// TestStateFileGenerators runs two Generators in one process on one state
// file, each with its own open file and so its own lock, concurrently and
// with a frozen clock, past the largest block size.
func TestStateFileGenerators(t *testing.T) {
	n := 20_000 // in CI (UUID_SOAK_SECONDS set), past the largest block
	if soakScale(t) > 1 {
		n = maxBlock + 40_000
	}
	path := filepath.Join(t.TempDir(), "state")
	var wg sync.WaitGroup
	ids := make([][]UUID, 2)
	errs := make([]error, 2)
	for i := range ids {
		g := NewGenerator(stateOptions(path, rfcTime))
		wg.Add(1)
		go func() {
			defer wg.Done()
			ids[i] = make([]UUID, n)
			for j := range ids[i] {
				if ids[i][j], errs[i] = g.NewV1(); errs[i] != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	all := append(ids[0], ids[1]...)
	checkStateUUIDs(t, "two generators", all, stateSeq)
	checkDistinct(t, "two generators", all)
	if lockHeld(t, path) {
		t.Error("the state file is still locked after the last reservation")
	}
}

// TestStateFileClockBack runs two Generators on one state file whose
// clocks are three seconds apart, more than fileAhead, taking turns: every
// time the one behind reserves a block, it finds the saved timestamp too
// far ahead and moves to the next clock sequence (RFC 4122, Section
// 4.2.1), and the one ahead follows it. The UUIDs stay unique.
func TestStateFileClockBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	ahead := NewGenerator(stateOptions(path, rfcTime))
	behind := NewGenerator(stateOptions(path, rfcTime.Add(-3*time.Second)))
	var all []UUID
	for range 50 {
		all = append(all, generate(t, 100, ahead.NewV1)...)
		all = append(all, generate(t, 100, behind.NewV1)...)
	}
	checkStateUUIDs(t, "two clocks", all, -1)
	if s, _ := all[len(all)-1].ClockSequence(); s == stateSeq {
		t.Errorf("clock sequence stayed at %#x; want it moved on", s)
	}
	checkUnique(t, "two clocks", all)
}

// TestStateFileV6 mixes version 1 UUIDs with version 6 UUIDs made with a
// node, which share the state file: converted to version 1, no two are
// equal.
func TestStateFileV6(t *testing.T) {
	g := NewGenerator(stateOptions(filepath.Join(t.TempDir(), "state"), rfcTime))
	var all []UUID
	for range 100 {
		all = append(all, generate(t, 50, g.NewV1)...)
		for _, u := range generate(t, 50, g.NewV6) {
			v1, err := u.ToV1()
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, v1)
		}
	}
	checkStateUUIDs(t, "v1 and v6", all, stateSeq)
	checkUnique(t, "v1 and v6", all)
}

// BenchmarkNewV1State compares version 1 generation with the state kept in
// the process and in a state file, both on the system clock.
func BenchmarkNewV1State(b *testing.B) {
	b.Run("state=memory", func(b *testing.B) {
		g := NewGenerator(GeneratorOptions{Node: StaticNode(stateNode)})
		b.ReportAllocs()
		for b.Loop() {
			g.NewV1()
		}
	})
	b.Run("state=file", func(b *testing.B) {
		g := NewGenerator(GeneratorOptions{Node: StaticNode(stateNode), StateFile: filepath.Join(b.TempDir(), "state")})
		if _, err := g.NewV1(); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			g.NewV1()
		}
	})
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

// TestStateFileReplaced replaces the state file with a copy of itself, as
// an editor, a configuration tool or a restore from backup does, while a
// first child makes v1 UUIDs through it, then starts a second child on the
// path. With the clock frozen at one instant in both, any reservation the
// first child made from the replaced file would repeat the second child's
// UUIDs; it must notice the replacement and move to the new file.
func TestStateFileReplaced(t *testing.T) {
	t.Parallel()
	before, second := 5_000, 20_000 // in CI (UUID_SOAK_SECONDS set), ten times more
	if soakScale(t) > 1 {
		before, second = 50_000, 200_000
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	a, r, buf := startReading(t, path, before)
	// Drain the first child while the second runs, so it never blocks.
	rest := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		rest <- b
	}()

	// cp state state.new && mv state.new state
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".new", b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".new", path); err != nil {
		t.Fatal(err)
	}

	ids := waitHelpers(t, startHelpers(t, 1, "v1", second, rfcTime, path, filepath.Join(dir, "out"), nil), second)
	if err := a.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	first := readUUIDs(t, append(buf, <-rest...))
	a.cmd.Wait()
	all := append(first, ids...)
	// The copy's slot names the file it was copied from, so the second
	// child does not trust it: it restarts above it.
	checkStateUUIDs(t, "both children", all, -1)
	checkDistinct(t, "both children", all)
}

// TestStateFileAllocs pins the allocations of NewV1 with a state file: a
// reservation allocates (it stats the file), but a UUID handed out from the
// reserved block does not.
func TestStateFileAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	g := NewGenerator(GeneratorOptions{StateFile: filepath.Join(t.TempDir(), "state"), Node: StaticNode(stateNode)})
	must(g.NewV1())
	if got := testing.AllocsPerRun(10_000, func() { must(g.NewV1()) }); got != 0 {
		t.Errorf("NewV1 with a state file: %v allocs per UUID; want 0", got)
	}
}

// TestStateFileLockWait holds the state file's lock from another open
// file: NewV1 gives up after StateFileLockWait with an error that matches
// os.ErrDeadlineExceeded, and while it waits the Generator's other
// versions go on.
func TestStateFileLockWait(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	opts := stateOptions(path, rfcTime)
	opts.StateFileLockWait = 100 * time.Millisecond
	g := NewGenerator(opts)
	defer g.Close()
	must(g.NewV1()) // the file exists
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	// Use up the block, so that the next NewV1 must reserve.
	for range maxBlock {
		if _, err := g.NewV1(); err != nil {
			break
		}
	}
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		for {
			if _, err := g.NewV1(); err != nil {
				done <- err
				return
			}
		}
	}()
	others := []func() (UUID, error){g.NewV4, g.NewV7, func() (UUID, error) { return g.NewV2(DomainPerson, 1) }}
	for i, f := range others {
		if _, err := f(); err != nil {
			t.Errorf("version %d while NewV1 waits: %v", i, err)
		}
	}
	select {
	case err := <-done:
		t.Fatalf("NewV1 returned %v before the others ran", err)
	default:
	}
	err = <-done
	if waited := time.Since(start); !errors.Is(err, os.ErrDeadlineExceeded) || waited < opts.StateFileLockWait || waited > 10*opts.StateFileLockWait {
		t.Fatalf("NewV1 with the lock held elsewhere: %v after %v; want os.ErrDeadlineExceeded after about %v", err, waited, opts.StateFileLockWait)
	}
	var se *StateFileError
	if !errors.As(err, &se) || se.Op != "lock" {
		t.Errorf("error %v is not a *StateFileError of the lock", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "held by another process") || !strings.Contains(msg, opts.StateFileLockWait.String()) || !strings.HasPrefix(msg, "uuid: ") {
		t.Errorf("lock wait error %q does not say another process held the lock for %v", msg, opts.StateFileLockWait)
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	if _, err := g.NewV1(); err != nil {
		t.Errorf("NewV1 once the lock is free: %v", err)
	}
}

// TestStateFileClose checks that Close releases the state file's
// descriptor, that v1 and v6 then fail with ErrClosed while the other
// versions go on, and that a process can make and close many more
// Generators than it may hold descriptors.
func TestStateFileClose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	fds := func() int {
		entries, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd")
		}
		return len(entries)
	}
	before := fds()
	for range 50 {
		g := NewGenerator(stateOptions(path, rfcTime))
		must(g.NewV1())
		if err := g.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := g.NewV1(); !errors.Is(err, ErrClosed) {
			t.Fatalf("NewV1 after Close: %v; want ErrClosed", err)
		}
		if _, err := g.NewV6(); !errors.Is(err, ErrClosed) {
			t.Fatalf("NewV6 after Close: %v; want ErrClosed", err)
		}
		if _, err := g.NewV7(); err != nil {
			t.Fatalf("NewV7 after Close: %v", err)
		}
	}
	if after := fds(); after > before+2 {
		t.Errorf("%d descriptors open after closing 50 Generators; %d before", after, before)
	}
	var zero Generator
	if err := zero.Close(); err != nil {
		t.Errorf("Close of a Generator without a state file: %v", err)
	}
	if _, err := zero.NewV1(); err != nil {
		t.Errorf("NewV1 after Close of a Generator without a state file: %v", err)
	}
}

// TestStateFileHardLink refuses a state file with more than one link, as
// for a path an attacker linked to another file, and leaves both alone.
func TestStateFileHardLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "precious")
	content := []byte("do not overwrite\n")
	if err := os.WriteFile(target, content, 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "state")
	if err := os.Link(target, path); err != nil {
		t.Skip(err)
	}
	g := NewGenerator(stateOptions(path, rfcTime))
	if _, err := g.NewV1(); !errors.Is(err, ErrNotStateFile) {
		t.Errorf("NewV1 on a hard link: %v; want ErrNotStateFile", err)
	}
	// An empty file with two links is refused too: it may be anybody's.
	if err := os.WriteFile(target, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := g.NewV1(); !errors.Is(err, ErrNotStateFile) {
		t.Errorf("NewV1 on an empty hard link: %v; want ErrNotStateFile", err)
	}
	if b, _ := os.ReadFile(target); len(b) != 0 {
		t.Errorf("the linked file was written: %q", b)
	}
}

// TestStateFileProcessHistory: a Generator made after another in the same
// process, on a state file that was emptied in between, restarts above
// what the first handed out, however the clock stands, so the process
// repeats nothing.
func TestStateFileProcessHistory(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	var all []UUID
	for range 200 {
		g := NewGenerator(stateOptions(path, rfcTime)) // constRand: every restart draws one clock sequence
		all = append(all, generate(t, 40, g.NewV1)...)
		if err := g.Close(); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, 0); err != nil {
			t.Fatal(err)
		}
	}
	checkUnique(t, "Generators of one process", all)
}

// TestStateFileSharesRandomNode: Generators with random nodes that share a
// state file adopt the first one's node, so they continue each other's
// state instead of restarting it.
func TestStateFileSharesRandomNode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	var nodes [][6]byte
	var all []UUID
	for range 3 {
		g := NewGenerator(GeneratorOptions{StateFile: path, V6Node: true, Node: RandomNode(), Now: fixedClock(rfcTime)})
		ids := generate(t, 1000, g.NewV1)
		n, _ := ids[0].NodeID()
		nodes = append(nodes, n)
		all = append(all, ids...)
	}
	if nodes[0] != nodes[1] || nodes[1] != nodes[2] || !isRandomNode(nodes[0]) {
		t.Errorf("nodes %x; want one random node", nodes)
	}
	checkUnique(t, "three generators", all)
	// A hardware node is never replaced by the file's random one.
	g := NewGenerator(GeneratorOptions{StateFile: path, V6Node: true, Node: StaticNode([6]byte{0x00, 0x1b, 0x21, 1, 2, 3}), Now: fixedClock(rfcTime)})
	if n, _ := must(g.NewV1()).NodeID(); n != [6]byte{0x00, 0x1b, 0x21, 1, 2, 3} {
		t.Errorf("static node replaced by %x", n)
	}
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

// TestStateFileRestoredInPlace restores a backup in place (cp backup
// state keeps the inode) under Generators with random nodes, which take
// the file's random node: a new Generator of the same process repeats
// nothing the process handed out, whichever node the file hands it.
func TestStateFileRestoredInPlace(t *testing.T) {
	for _, nodes := range []NodeSource{RandomNode(), StaticNode(stateNode)} {
		path := filepath.Join(t.TempDir(), "state")
		opts := func() GeneratorOptions {
			return GeneratorOptions{StateFile: path, Node: nodes, Now: fixedClock(rfcTime), Rand: constRand{}}
		}
		g := NewGenerator(opts())
		all := generate(t, 10, g.NewV1)
		backup, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, generate(t, 100_000, g.NewV1)...)
		for range 5 {
			if err := os.WriteFile(path, backup, 0o600); err != nil { // in place
				t.Fatal(err)
			}
			h := NewGenerator(opts())
			all = append(all, generate(t, 1000, h.NewV1)...)
			h.Close()
		}
		g.Close()
		checkDistinct(t, "after restores in place", all)
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

// TestStateFileDriftBound runs a Generator with a state file on a clock
// that stands still, past the 10 million UUIDs a second of timestamps
// holds: none is dated more than a second after the clock. In memory too.
func TestStateFileDriftBound(t *testing.T) {
	n := 200_000 // in CI (UUID_SOAK_SECONDS set), 11 million from a fresh state
	if soakScale(t) > 1 {
		n = 11_000_000
	}
	for _, file := range []bool{false, true} {
		opts := GeneratorOptions{Node: StaticNode(stateNode), Now: fixedClock(rfcTime), Rand: constRand{}}
		if file {
			opts.StateFile = filepath.Join(t.TempDir(), "state")
		}
		g := nearBound(t, opts, 100_000)
		now := gregorianTicks(rfcTime)
		var most uint64
		seqs := map[uint16]bool{}
		for range n {
			u := must(g.NewV1())
			most = max(most, v1Ticks(u)-now)
			s, _ := u.ClockSequence()
			seqs[s] = true
		}
		g.Close()
		t.Logf("file=%v: %d UUIDs on a stopped clock, at most %v ahead, %d clock sequences", file, n, time.Duration(most*100), len(seqs))
		if most > gregorian.Ahead {
			t.Errorf("file=%v: a UUID %v ahead of a stopped clock", file, time.Duration(most*100))
		}
	}
}

// TestStateFileFormat2 starts from a file the previous version wrote
// (format 2) and from a file of NULs: both are read, not refused.
func TestStateFileFormat2(t *testing.T) {
	dir := t.TempDir()
	end := gregorianTicks(rfcTime) + 5000
	f2 := make([]byte, 32+16*48)
	copy(f2, "UUst\x02")
	f2[15] = 1
	p := f2[32:]
	p[7] = 1
	binary.BigEndian.PutUint64(p[8:], end)
	binary.BigEndian.PutUint16(p[16:], 0x0123)
	copy(p[18:24], stateNode[:])
	binary.BigEndian.PutUint32(f2[28:], crc32.Update(crc32.ChecksumIEEE(f2[:28]), crc32.IEEETable, f2[32:]))
	for name, content := range map[string][]byte{"format-2": f2, "nuls": make([]byte, 8192), "torn-header": []byte("UUs")} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, content, 0o600); err != nil {
			t.Fatal(err)
		}
		g := NewGenerator(stateOptions(path, rfcTime))
		u, err := g.NewV1()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if name == "format-2" && v1Ticks(u) < end {
			t.Errorf("%s: %v is below the saved end", name, u)
		}
		g.Close()
		b, _ := os.ReadFile(path)
		const table = 4896 // one copy of format 5's table
		if ok := len(b) >= table && len(b) <= 2*table && (b[4] == 5 || len(b) > table+4 && b[table+4] == 5); !ok {
			t.Errorf("%s: file of %d bytes after a reservation; want a format-5 file", name, len(b))
		}
	}
}

// TestStoppedClockLatency runs 128 goroutines on one Generator whose clock
// stands still, past the second of timestamps it holds, in memory and with
// a state file: a waiting call reads the clock at most stallReads times,
// without the lock, so no call waits in proportion to the callers. The log
// reports the slowest call, which with 128 busy goroutines on a few cores
// is the scheduler's time slices (a mutex-protected counter shows the same),
// so only the clock reads are asserted.
func TestStoppedClockLatency(t *testing.T) {
	const workers = 128
	each := 2_000 // in CI (UUID_SOAK_SECONDS set), 100 000: 12.8 million in all, from a fresh state
	if soakScale(t) > 1 && !raceEnabled {
		each = 100_000
	}
	for _, file := range []bool{false, true} {
		var reads atomic.Int64
		opts := GeneratorOptions{Node: StaticNode(stateNode), Rand: constRand{}, Now: func() time.Time { reads.Add(1); return rfcTime }}
		{ // one caller first: the clock reads of each call
			if file {
				opts.StateFile = filepath.Join(t.TempDir(), "alone")
			}
			g := nearBound(t, opts, 1000)
			var most int64
			for range workers * each {
				before := reads.Load()
				must(g.NewV1())
				most = max(most, reads.Load()-before)
			}
			g.Close()
			if most > stallReads+2 {
				t.Errorf("file=%v: a call read the stopped clock %d times", file, most)
			}
			reads.Store(0)
		}
		if file {
			opts.StateFile = filepath.Join(t.TempDir(), "state")
		}
		g := nearBound(t, opts, 1000)
		var wg sync.WaitGroup
		slowest := make([]time.Duration, workers)
		began := time.Now()
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range each {
					t0 := time.Now()
					if _, err := g.NewV1(); err != nil {
						t.Error(err)
						return
					}
					slowest[w] = max(slowest[w], time.Since(t0))
				}
			}()
		}
		wg.Wait()
		g.Close()
		calls := int64(workers * each)
		t.Logf("file=%v: %d calls in %v, slowest %v, %.2f clock reads a call", file, calls, time.Since(began).Round(time.Millisecond), slices.Max(slowest), float64(reads.Load())/float64(calls))
		if r := reads.Load(); r > 2*calls {
			t.Errorf("file=%v: %d clock reads for %d calls; waiting calls spin", file, r, calls)
		}
	}
}
