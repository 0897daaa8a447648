//go:build unix && !aix && (!solaris || illumos)

package statefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/afb7af96/uuid/internal/gregorian"
)

// fileNode is the node of the tests of this file.
var fileNode = [6]byte{0x02, 0x00, 0x5e, 0x10, 0x00, 0x01}

// fileFrom is the timestamp the tests of this file reserve from: RFC 9562's
// example time of Section A, 2022-02-22 19:22:22 UTC, in 100 ns ticks
// since 1582-10-15.
const fileFrom = 0x1ec9414c232ab00

// reserveFile reserves n timestamps from from for fileNode through s, with
// seq as the random clock sequence and no history.
func reserveFile(s *Store, from, n uint64, seq uint16) (uint64, uint16, error) {
	start, got, _, _, err := s.Update(Claim{From: from, N: n, Node: fileNode, RandSeq: seq}, 0, noHistory)
	return start, got, err
}

// lockedElsewhere reports whether some open file holds the lock of the
// file at path, by trying to take it without waiting.
func lockedElsewhere(t *testing.T, path string) bool {
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

// TestStoreRandError checks that a failing random source fails the
// reservation with its error, saves nothing and releases the lock.
func TestStoreRandError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	s := NewStore(OS, path)
	defer s.Close()
	errRand := errors.New("no entropy")
	if _, _, _, _, err := s.Update(Claim{From: 1000, N: 64, Node: fileNode, RandErr: errRand}, 0, noHistory); !errors.Is(err, errRand) {
		t.Fatalf("reserve with a failing random source = %v; want %v", err, errRand)
	}
	if b, err := os.ReadFile(path); err != nil || len(b) != 0 {
		t.Fatalf("state file holds %x, %v; want nothing", b, err)
	}
	if lockedElsewhere(t, path) {
		t.Fatal("the state file is still locked after a failed reserve")
	}
	if start, seq, err := reserveFile(s, 1000, 64, 7); err != nil || start != 1000 || seq != 7 {
		t.Fatalf("reserve after the failure = %d, %d, %v; want 1000, 7, nil", start, seq, err)
	}
}

// TestStoreErrors checks that a state file that cannot be used fails
// every reservation with an error that names the path.
func TestStoreErrors(t *testing.T) {
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
			s := NewStore(OS, path)
			defer s.Close()
			for range 3 {
				_, _, err := reserveFile(s, fileFrom, 64, 7)
				prefix := "uuid: state file " + path + ": "
				if err == nil || !strings.HasPrefix(err.Error(), prefix) {
					t.Fatalf("reserve = %v; want an error starting %q", err, prefix)
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

// TestStoreFileMode checks the permissions of a state file the store
// creates, under a permissive umask, and that an existing file, which a
// caller created to share it, keeps its own.
func TestStoreFileMode(t *testing.T) {
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
			s := NewStore(OS, path)
			defer s.Close()
			if _, _, err := reserveFile(s, fileFrom, 64, 7); err != nil {
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

// TestStoreRefusesHardLink refuses a state file with more than one link,
// as for a path an attacker linked to another file, and leaves both alone.
func TestStoreRefusesHardLink(t *testing.T) {
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
	s := NewStore(OS, path)
	defer s.Close()
	if _, _, err := reserveFile(s, fileFrom, 64, 7); !errors.Is(err, ErrNotStateFile) {
		t.Errorf("reserve on a hard link: %v; want ErrNotStateFile", err)
	}
	if b, _ := os.ReadFile(target); string(b) != string(content) {
		t.Errorf("the linked file was written: %q", b)
	}
	// An empty file with two links is refused too: it may be anybody's.
	if err := os.WriteFile(target, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := reserveFile(s, fileFrom, 64, 7); !errors.Is(err, ErrNotStateFile) {
		t.Errorf("reserve on an empty hard link: %v; want ErrNotStateFile", err)
	}
	if b, _ := os.ReadFile(target); len(b) != 0 {
		t.Errorf("the linked file was written: %q", b)
	}
}

// TestStoreReadsOlderFiles starts from a file the previous version wrote
// (format 2), from a file of NULs and from a torn header: each is read,
// not refused, and the reservation leaves a format-5 file.
func TestStoreReadsOlderFiles(t *testing.T) {
	dir := t.TempDir()
	end := uint64(fileFrom + 5000)
	for name, content := range map[string][]byte{
		"format-2":    format2(fileNode, 0x0123, end, ID{}),
		"nuls":        make([]byte, 8192),
		"torn-header": []byte("UUs"),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, content, 0o600); err != nil {
			t.Fatal(err)
		}
		s := NewStore(OS, path)
		start, _, err := reserveFile(s, fileFrom, 64, 7)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if name == "format-2" && start < end {
			t.Errorf("%s: reserved from %d, below the saved end %d", name, start, end)
		}
		s.Close()
		b, _ := os.ReadFile(path)
		if ok := len(b) >= tableLen && len(b) <= 2*tableLen && (b[4] == 5 || len(b) > tableLen+4 && b[tableLen+4] == 5); !ok {
			t.Errorf("%s: file of %d bytes after a reservation; want a format-5 file", name, len(b))
		}
	}
}

// TestStoreLockContention makes two stores, each with its own open file
// and so its own lock, on one state file reserve one timestamp at a time
// from the same instant, so that they contend for the lock all the time:
// no two reservations get the same timestamp and clock sequence, and the
// file covers them all. (TestStateFileLock in the root runs the same
// reservations from processes.) With UUID_SOAK_SECONDS set, as in CI,
// each makes 25 000 instead of 1 000.
func TestStoreLockContention(t *testing.T) {
	count := 1_000
	if os.Getenv("UUID_SOAK_SECONDS") != "" {
		count = 25_000
	}
	const seq = 0x5a5a & 0x3fff
	type reservation struct {
		start uint64
		seq   uint16
	}
	path := filepath.Join(t.TempDir(), "state")
	var wg sync.WaitGroup
	got := make([][]reservation, 2)
	errs := make([]error, 2)
	for i := range got {
		s := NewStore(OS, path)
		defer s.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range count {
				start, seq, _, res, err := s.Update(Claim{From: fileFrom, N: 1, Node: fileNode, RandSeq: seq}, 2*time.Second, noHistory)
				if err == nil && res != gregorian.Done {
					err = errors.New("reserve asked to wait")
				}
				if err != nil {
					errs[i] = err
					return
				}
				got[i] = append(got[i], reservation{start, seq})
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	all := append(got[0], got[1]...)
	seen := make(map[reservation]bool, len(all))
	for _, r := range all {
		if r.seq != seq || seen[r] {
			t.Fatalf("reservation %+v: a repeat, or not clock sequence %#x", r, seq)
		}
		seen[r] = true
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Decode(b, ID{})
	if i := tab.find(fileNode); err != nil || i < 0 || tab.Slots[i].State.Bound(seq) != fileFrom+uint64(len(all)) {
		t.Errorf("table after %d reservations of one: %v, slot %d; want the node's clock sequence bounded at %d", len(all), err, i, fileFrom+uint64(len(all)))
	}
}

// countingFS is the operating system's file system, counting the
// descriptors open.
type countingFS struct {
	mu   sync.Mutex
	open int
}

type countedFile struct {
	File
	fs *countingFS
}

func (c *countingFS) Open(path string) (File, error) {
	f, err := OS.Open(path)
	if err == nil {
		c.mu.Lock()
		c.open++
		c.mu.Unlock()
		f = countedFile{f, c}
	}
	return f, err
}

func (c *countingFS) Lstat(path string) (Info, error) { return OS.Lstat(path) }

func (f countedFile) Close() error {
	f.fs.mu.Lock()
	f.fs.open--
	f.fs.mu.Unlock()
	return f.File.Close()
}

func (c *countingFS) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.open
}

// TestRegistryOneDescriptorPerFile reserves through every spelling of one
// path the simulator uses (dir/state, dir/./state, dir//state, through a
// symbolic link to dir), from goroutines at once: the process holds one
// descriptor of the file, whose reservations do not overlap, and none
// once every Shared is released. When the file is replaced under its
// name, the next reservation moves to the new file.
func TestRegistryOneDescriptorPerFile(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "state")
	spellings := []string{path, dir + "/./state", dir + "//state", filepath.Join(link, "state")}
	cfs := &countingFS{}
	r := &Registry{FS: cfs}
	shared := make([]*Shared, len(spellings))
	for i, p := range spellings {
		shared[i] = r.Acquire(p)
	}
	var mu sync.Mutex
	used := map[[2]uint64]bool{} // clock sequence and timestamp
	var wg sync.WaitGroup
	for _, s := range shared {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				start, seq, _, _, err := s.Reserve(Claim{From: fileFrom, N: 8, Node: fileNode, RandSeq: 7, Stopped: true}, 2*time.Second)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				for ts := range uint64(8) {
					k := [2]uint64{uint64(seq), start + ts}
					if used[k] {
						t.Errorf("timestamp %d with clock sequence %d reserved twice", k[1], seq)
					}
					used[k] = true
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if n := cfs.count(); n != 1 {
		t.Errorf("%d descriptors open for %d spellings of one file; want 1", n, len(spellings))
	}
	if n := r.Files(); n != 1 {
		t.Errorf("%d files registered; want 1", n)
	}

	// Replaced under its name: the next reservation opens the new file.
	if err := os.WriteFile(path+".new", nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".new", path); err != nil {
		t.Fatal(err)
	}
	if _, _, _, _, err := shared[1].Reserve(Claim{From: fileFrom, N: 8, Node: fileNode, RandSeq: 7}, 2*time.Second); err != nil {
		t.Fatal(err)
	}
	fi, err := OS.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if shared[1].store.id != fi.ID {
		t.Errorf("after the file was replaced, the store has %v open; want the new file %v", shared[1].store.id, fi.ID)
	}
	if n := r.Files(); n != 2 {
		t.Errorf("%d files registered after the replacement; want 2 (the old one, still open through the other spellings, and the new)", n)
	}
	for _, s := range shared {
		if err := s.Release(); err != nil {
			t.Error(err)
		}
	}
	if n := cfs.count(); n != 0 {
		t.Errorf("%d descriptors open after every Shared was released; want 0", n)
	}
	if n, m := r.Files(), r.Len(); n != 0 || m != 0 {
		t.Errorf("%d files and %d paths registered after every Shared was released; want 0", n, m)
	}
}
