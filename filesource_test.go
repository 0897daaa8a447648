//go:build unix && !aix && (!solaris || illumos)

package uuid

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/afb7af96/uuid/internal/gregorian"
	"github.com/afb7af96/uuid/internal/statefile"
)

// blockingRand blocks each read until it is released.
type blockingRand struct {
	entered chan struct{}
	release chan struct{}
}

func (b *blockingRand) Read(p []byte) (int, error) {
	b.entered <- struct{}{}
	<-b.release
	clear(p)
	return len(p), nil
}

// TestStateFileRandNotUnderLock: a Generator whose Rand blocks while it
// reserves does not hold the state file's lock, so another Generator on
// the file, in this process or another, goes on meanwhile.
func TestStateFileRandNotUnderLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	r := &blockingRand{entered: make(chan struct{}), release: make(chan struct{})}
	stuck := NewGenerator(GeneratorOptions{StateFile: path, Now: fixedClock(rfcTime), Rand: r, Node: StaticNode(stateNode)})
	defer stuck.Close()
	done := make(chan error)
	go func() {
		_, err := stuck.NewV1()
		done <- err
	}()
	<-r.entered // stuck is in its Rand, on its way to a reservation
	other := NewGenerator(stateOptions(path, rfcTime))
	defer other.Close()
	if _, err := other.NewV1(); err != nil {
		t.Fatalf("NewV1 of another Generator while one's Rand blocks: %v", err)
	}
	if lockHeld(t, path) {
		t.Error("the state file's lock is held while a Rand blocks")
	}
	close(r.release)
	for {
		select {
		case r.entered <- struct{}{}:
			continue
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		}
		break
	}
}

// openFiles returns how many descriptors the process has open, or skips
// the test where that cannot be told.
func openFiles(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd")
	}
	return len(entries)
}

// TestStateFileDroppedGenerators makes many Generators on one state file,
// each with a fresh node, and drops them without Close: the process holds
// one descriptor for them all, and its memory of what they reserved stays
// bounded. In CI (UUID_SOAK_SECONDS set) it makes 100 000.
func TestStateFileDroppedGenerators(t *testing.T) {
	n := 3 * statefile.HistoryMax / 2
	if soakScale(t) > 1 {
		n = 100_000
	}
	path := filepath.Join(t.TempDir(), "state")
	before := openFiles(t)
	var all []UUID
	for i := range n {
		node := [6]byte{0x02, 0x10, byte(i >> 24), byte(i >> 16), byte(i >> 8), byte(i)}
		g := NewGenerator(GeneratorOptions{StateFile: path, Now: fixedClock(rfcTime), Node: StaticNode(node)})
		all = append(all, must(g.NewV1()))
	}
	if got := openFiles(t); got > before+1 {
		t.Errorf("%d descriptors open after %d dropped Generators; %d before", got, n, before)
	}
	if kept := sharedFiles.HistoryLen(); kept > statefile.HistoryMax {
		t.Errorf("the history keeps %d paths and nodes; want at most %d", kept, statefile.HistoryMax)
	}
	checkDistinct(t, "dropped Generators", all)
	runtime.GC()
}

// TestStateFileFreshNodesMemory makes a Generator per request with a
// fresh node, as a server may, and checks the heap after GC stays small.
// It runs in CI (UUID_SOAK_SECONDS set) with UUID_FRESH_NODES (default a
// million) Generators; go test runs 2 000.
func TestStateFileFreshNodesMemory(t *testing.T) {
	n := 2_000
	if soakScale(t) > 1 {
		n = 1_000_000
		if v, err := strconv.Atoi(os.Getenv("UUID_FRESH_NODES")); err == nil && v > 0 {
			n = v
		}
	}
	path := filepath.Join(t.TempDir(), "state")
	began := time.Now()
	for i := range n {
		node := [6]byte{0x02, 0x20, byte(i >> 24), byte(i >> 16), byte(i >> 8), byte(i)}
		g := NewGenerator(GeneratorOptions{StateFile: path, Node: StaticNode(node)})
		must(g.NewV1())
		g.Close()
	}
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	t.Logf("%d Generators with fresh nodes in %v: heap after GC %.1f MB", n, time.Since(began).Round(time.Millisecond), float64(m.HeapAlloc)/1e6)
	if m.HeapAlloc > 16<<20 {
		t.Errorf("heap after GC %d bytes; want at most 16 MiB", m.HeapAlloc)
	}
}

// TestStateFilePathsFreed uses many state files, one Generator each, and
// closes them: the process keeps nothing per path, so the heap after GC
// is where it started (within 5 MB) and no path stays registered. In CI
// (UUID_SOAK_SECONDS set) it uses 100 000 paths; go test uses 300.
func TestStateFilePathsFreed(t *testing.T) {
	n := 300
	if soakScale(t) > 1 {
		n = 100_000
	}
	dir := t.TempDir()
	heap := func() int64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	node := StaticNode([6]byte{0x02, 0x30, 0, 0, 0, 1})
	before, paths := heap(), sharedFiles.Len()
	for i := range n {
		path := filepath.Join(dir, strconv.Itoa(i))
		g := NewGenerator(GeneratorOptions{StateFile: path, Node: node})
		must(g.NewV1())
		if err := g.Close(); err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
	}
	after := heap()
	t.Logf("%d paths used and closed: heap after GC %+.1f MB", n, float64(after-before)/1e6)
	if d := after - before; d > 5e6 || d < -5e6 {
		t.Errorf("heap moved by %d bytes after %d paths; want within 5 MB", d, n)
	}
	if got := sharedFiles.Len(); got != paths {
		t.Errorf("%d paths registered after closing them all; want %d", got, paths)
	}
}

// TestStateFileOneFileTwoNames is issue 33's case 2: one process, one
// node, a stopped clock; a Generator on dir/state makes 1 000 UUIDs, the
// file is saved, a Generator on another name of the same file (dir/./state,
// or through a symbolic link to dir) makes 100 000, the saved bytes are
// written back in place, and the first Generator makes 100 000 more. The
// process knows the file by its identity, not its name, so none repeats.
func TestStateFileOneFileTwoNames(t *testing.T) {
	for _, other := range []string{"dot", "symlink"} {
		t.Run(other, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "state")
			alias := dir + "/./state"
			if other == "symlink" {
				link := filepath.Join(t.TempDir(), "link")
				if err := os.Symlink(dir, link); err != nil {
					t.Skip(err)
				}
				alias = filepath.Join(link, "state")
			}
			g1 := NewGenerator(stateOptions(path, rfcTime))
			defer g1.Close()
			all := generate(t, 1000, g1.NewV1)
			saved, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			g2 := NewGenerator(stateOptions(alias, rfcTime))
			all = append(all, generate(t, 100_000, g2.NewV1)...)
			g2.Close()
			if err := os.WriteFile(path, saved, 0o600); err != nil { // in place
				t.Fatal(err)
			}
			all = append(all, generate(t, 100_000, g1.NewV1)...)
			checkDistinct(t, "one file under two names", all)
		})
	}
}

// TestStateFileReplacedUnderAnotherName is the simulator's seed 86 in
// miniature: one process, one node, a stopped clock and a constant random
// source (so every restart draws the same clock sequence). A Generator on
// dir/state makes 1 000 UUIDs; the file is removed, or replaced by a new
// empty file through a rename, and a Generator on another name of the path
// (dir/./state, or through a symbolic link to dir) makes 1 000 more on the
// new file. Neither that name nor the new file has a history of its own:
// the process's history applies whatever the name and the file, so none
// repeats.
func TestStateFileReplacedUnderAnotherName(t *testing.T) {
	for _, c := range []struct{ other, change string }{
		{"dot", "remove"}, {"dot", "rename"}, {"symlink", "remove"}, {"symlink", "rename"},
	} {
		t.Run(c.other+"/"+c.change, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "state")
			alias := dir + "/./state"
			if c.other == "symlink" {
				link := filepath.Join(t.TempDir(), "link")
				if err := os.Symlink(dir, link); err != nil {
					t.Skip(err)
				}
				alias = filepath.Join(link, "state")
			}
			g1 := NewGenerator(stateOptions(path, rfcTime))
			defer g1.Close()
			all := generate(t, 1000, g1.NewV1)
			var err error
			if c.change == "remove" {
				err = os.Remove(path)
			} else if err = os.WriteFile(path+".new", nil, 0o600); err == nil {
				err = os.Rename(path+".new", path)
			}
			if err != nil {
				t.Fatal(err)
			}
			g2 := NewGenerator(stateOptions(alias, rfcTime))
			defer g2.Close()
			all = append(all, generate(t, 1000, g2.NewV1)...)
			checkDistinct(t, "a replaced file under another name", all)
		})
	}
}

// TestStateFileFreshNodesClockBack is issue 33's case 4: a Generator per
// request, each with a fresh node, on one state file and a clock that
// runs, evicts nodes into the table's buckets; then the clock is set back
// 30 s. A new node, which never handed out anything, is dated by its own
// clock, not by what the evicted nodes of its bucket handed out.
func TestStateFileFreshNodesClockBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	now := rfcTime
	clock := func() time.Time { return now }
	var r [8]byte
	fresh := func(i int) NodeSource {
		binary.BigEndian.PutUint64(r[:], uint64(i)*0x9e3779b97f4a7c15)
		return StaticNode([6]byte{r[0] &^ 1, r[1], r[2], r[3], r[4], r[5]})
	}
	request := func(i int) uint64 {
		g := NewGenerator(GeneratorOptions{StateFile: path, Node: fresh(i), Now: clock})
		defer g.Close()
		u, err := g.NewV1()
		if err != nil {
			t.Fatal(err)
		}
		return v1Ticks(u)
	}
	for i := range 300 {
		request(i)
		now = now.Add(time.Millisecond)
	}
	now = now.Add(-30 * time.Second)
	worst := uint64(0)
	for i := range 32 {
		if ahead := request(1000+i) - gregorianTicks(now); ahead < 1<<63 {
			worst = max(worst, ahead)
		}
		now = now.Add(time.Millisecond)
	}
	t.Logf("after the clock went back 30 s, new nodes were at most %v ahead", time.Duration(worst*100))
	if worst > gregorian.Ahead {
		t.Errorf("a new node's UUID was dated %v ahead of its clock; want at most 1 s", time.Duration(worst*100))
	}
}

// TestStoppedClockSlowestCall is issue 33's latency bound: 32 goroutines,
// each with a Generator, on a clock that stands still, with one state file
// and then in memory, in one run. The slowest call with the file must be
// at most 10 times the slowest in memory (or 20 ms, under which a loaded
// machine's scheduler decides alone); under the race detector, whose
// instrumentation weighs on the file's reads and checksums far more than
// on memory, it only logs them. UUID_SOAK_SECONDS=N makes each goroutine
// call N times as often.
func TestStoppedClockSlowestCall(t *testing.T) {
	const workers = 32
	each := 4_000 * soakScale(t)
	slowest := func(path string) time.Duration {
		var wg sync.WaitGroup
		worst := make([]time.Duration, workers)
		for w := range workers {
			g := NewGenerator(GeneratorOptions{StateFile: path, Node: StaticNode(stateNode), Rand: constRand{}, Now: fixedClock(rfcTime)})
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer g.Close()
				for range each {
					t0 := time.Now()
					if _, err := g.NewV1(); err != nil {
						t.Error(err)
						return
					}
					worst[w] = max(worst[w], time.Since(t0))
				}
			}()
		}
		wg.Wait()
		return slices.Max(worst)
	}
	// Measured in rounds, the file and memory side by side in each: a
	// round passes if the slowest call with a file is at most 10 times the
	// slowest in memory, or within slowFloor, which the scheduler alone can
	// cost a goroutine on a loaded machine (the call itself did not wait).
	// Three failing rounds in a row fail the test.
	const slowFloor = 50 * time.Millisecond
	for round := range 3 {
		file := slowest(filepath.Join(t.TempDir(), "state"))
		mem := slowest("")
		t.Logf("round %d: %d goroutines × %d calls on a stopped clock: slowest call %v with a state file, %v in memory (%.1fx)", round, workers, each, file, mem, float64(file)/float64(mem))
		if file <= 10*mem || file <= slowFloor || raceEnabled { // the race detector's cost is not the file's
			return
		}
	}
	t.Errorf("slowest call with a state file above 10 times the slowest in memory and above %v in three rounds", slowFloor)
}

// TestStateFileFarReadingsForgotten is issue 33's case 3: one process,
// one path, rounds with the file removed before each, and in each round
// one clock reading a year or more ahead (the last past the layout's
// end). The process's history must not date a later Generator of the
// node ahead of a sane clock, or exhaust it.
func TestStateFileFarReadingsForgotten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	sane := rfcTime
	for round := range 16 {
		os.Remove(path)
		far := sane.AddDate(1+round, 0, 0)
		if round == 15 {
			far = time.Date(5300, 1, 1, 0, 0, 0, 0, time.UTC)
		}
		readings := []time.Time{sane, far, sane}
		i := 0
		g := NewGenerator(GeneratorOptions{StateFile: path, Node: StaticNode(stateNode), Now: func() time.Time {
			r := readings[min(i, len(readings)-1)]
			i++
			return r
		}})
		for range 3 {
			g.NewV1() // the far reading past the layout's end fails: ErrExhausted
		}
		g.Close()
		sane = sane.Add(time.Second)
		h := NewGenerator(GeneratorOptions{StateFile: path, Node: StaticNode(stateNode), Now: fixedClock(sane)})
		u, err := h.NewV1()
		h.Close()
		if err != nil {
			t.Fatalf("round %d: a sane clock after far readings: %v", round, err)
		}
		if ahead := v1Ticks(u) - gregorianTicks(sane); ahead > gregorian.Ahead && ahead < 1<<63 {
			t.Fatalf("round %d: a sane clock after far readings: %v is %v ahead", round, u, time.Duration(ahead*100))
		}
	}
}

// TestStateFileGeneratorRecovery checks recovery through a Generator: a
// saved timestamp an hour in the future makes NewV1 use the clock's time
// and the next clock sequence that is not ahead.
func TestStateFileGeneratorRecovery(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	future := gregorianTicks(rfcTime.Add(time.Hour))
	node := memoryNode(0x41, 0) // a node of its own: the process's history of stateNode is the other tests'
	writeTable(t, path, func(tab *statefile.Table) { tab.Count, tab.Slots[0] = 1, slot(future, 0x0100, node) })
	opts := stateOptions(path, rfcTime)
	opts.Node = StaticNode(node)
	g := NewGenerator(opts)
	u, err := g.NewV1()
	if err != nil {
		t.Fatal(err)
	}
	// The next clock sequence at the clock, or, if the process's history
	// has it (what other tests' nodes it evicted handed out), within a
	// second of the clock or one of the few after it.
	seq, _ := u.ClockSequence()
	if ahead := v1Ticks(u) - gregorianTicks(rfcTime); ahead > gregorian.Ahead || seq <= 0x0100 || seq > 0x0100+gregorian.MaxRuns+1 {
		t.Errorf("NewV1 after a slot an hour ahead = %v; want %v or a clock sequence of the next %d", u, v1Layout(gregorianTicks(rfcTime), 0x0101, node), gregorian.MaxRuns+1)
	}
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
	// One clock sequence, whichever the process's history of stateNode
	// (other tests) leaves the first at.
	seq, _ := all[0].ClockSequence()
	checkStateUUIDs(t, "two generators", all, int(seq))
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
	seq, _ := all[0].ClockSequence() // whichever the process's history leaves the first at
	checkStateUUIDs(t, "v1 and v6", all, int(seq))
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

// TestStateFileErrors checks that a state file that cannot be used (here
// a directory) makes NewV1 and NewV6 fail, every time, with the zero UUID
// and the store's error as it is: it names the path and says "uuid: "
// once. TestStoreErrors in internal/statefile checks the store's error
// for every kind of path that cannot be a state file.
func TestStateFileErrors(t *testing.T) {
	path := t.TempDir()
	g := NewGenerator(stateOptions(path, rfcTime))
	for _, f := range []func() (UUID, error){g.NewV1, g.NewV6, g.NewV1} {
		u, err := f()
		prefix := "uuid: state file " + path + ": "
		if err == nil || !strings.HasPrefix(err.Error(), prefix) || u != (UUID{}) {
			t.Fatalf("NewV1 or NewV6 = %v, %v; want an error starting %q", u, err, prefix)
		}
		var se *StateFileError
		if !errors.Is(err, ErrNotStateFile) || !errors.As(err, &se) || se.Path != path {
			t.Errorf("error %v is not a *StateFileError of %s that is ErrNotStateFile", err, path)
		}
		if !strings.Contains(err.Error(), "a directory") || strings.Count(err.Error(), "uuid: ") != 1 {
			t.Errorf("error %q does not name %q once", err, "a directory")
		}
	}
}
