//go:build unix && !aix && (!solaris || illumos)

package uuid

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

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
