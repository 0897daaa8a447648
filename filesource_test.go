//go:build unix && !aix && (!solaris || illumos)

package uuid

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"
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
	file := slowest(filepath.Join(t.TempDir(), "state"))
	mem := slowest("")
	t.Logf("%d goroutines × %d calls on a stopped clock: slowest call %v with a state file, %v in memory (%.1fx)", workers, each, file, mem, float64(file)/float64(mem))
	if file > 10*mem && file > 20*time.Millisecond && !raceEnabled { // the race detector's cost is not the file's

		t.Errorf("slowest call %v with a state file; want at most 10 times %v, the slowest in memory", file, mem)
	}
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
