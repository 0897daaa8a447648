package uuid

// The simulator's file system and scheduler (see sim_test.go). The file
// system is one for the whole simulated host: names that point at inodes,
// directories that are symbolic links to others, flock(2) locks as the
// kernel gives them. Each process sees it through its own simProcFS, so
// that the simulator knows who performs each operation.
//
// A lock belongs to an open file description, not to a process or a
// thread: a lock call through a description that holds the lock succeeds
// at once, so two threads of one process that share a descriptor are not
// excluded by it (only the process's own mutex serialises them), and an
// unlock through it lets go for both. A lock call may fail, as on NFS
// without its lock daemon (ENOLCK) or a file system without flock
// (ENOTSUP): some seeds fail a share of lock calls, and the actor may take
// the locks away altogether for a while.
//
// The threads whose calls a step runs (one or two per process) each run in
// a goroutine of their own, but only one at a time: every operation on the
// file system (open, stat, lock, read, write, truncate, unlock, close)
// first hands the turn back to the scheduler, which picks, from the seed,
// which thread goes on next. So reservations interleave at every
// operation, deterministically, and the production code runs as it is. A
// lock that another open file description holds blocks its taker until the
// holder lets go; a thread whose process's mutex another thread holds is
// not picked until it is let go (see simMutexes); a process may crash at
// any operation, with all its threads, and a write may be cut at any byte,
// with an error (a file size limit, a full disk) or by a crash.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"reflect"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/afb7af96/uuid/internal/statefile"
)

// simFS is the simulated host's file system.
type simFS struct {
	w       *sim
	names   map[string]*simInode // by canonical path
	links   map[string]string    // directories that are symbolic links: path → target
	nextIno uint64
	full    bool  // the disk is full: writes fail, cut at a random byte
	noLocks error // if not nil, every lock call fails with it (NFS without lockd)
}

type simInode struct {
	ino    uint64
	data   []byte
	holder *simFile   // the open file description that holds the lock
	taker  *simRunner // the thread whose lock call took it last
	gone   int        // the event at which the path stopped naming it; 0: never
	// The path then named a file rolled back (not a copy of this one).
	goneRollback bool
}

// A simFile is an open file description of one process.
type simFile struct {
	p      *simProc
	inode  *simInode
	closed bool
}

// Errors of the simulated file system, as a limit or a full disk returns.
var (
	errSimFileTooLarge = errors.New("file too large (EFBIG)")
	errSimNoSpace      = errors.New("no space left on device (ENOSPC)")
	errSimDead         = errors.New("the process is dead")
	errSimNoLocks      = errors.New("no locks available (ENOLCK)")
	// ENOTSUP matches errors.ErrUnsupported, as syscall.Errno's does.
	errSimLockUnsupported = fmt.Errorf("operation not supported (ENOTSUP): %w", errors.ErrUnsupported)
)

// simCrash unwinds a process that dies in the middle of a call.
type simCrash struct{ op string }

// resolve returns the canonical spelling of path: "." elements dropped,
// and a directory that is a symbolic link replaced by its target.
func (s *simFS) resolve(path string) string {
	var parts []string
	for _, e := range strings.Split(path, "/") {
		if e != "" && e != "." {
			parts = append(parts, e)
		}
	}
	dir := "/" + strings.Join(parts[:len(parts)-1], "/")
	if t, ok := s.links[dir]; ok {
		dir = t
	}
	return dir + "/" + parts[len(parts)-1]
}

func (s *simFS) newInode(data []byte) *simInode {
	s.nextIno++
	return &simInode{ino: s.nextIno, data: data}
}

func infoOf(in *simInode) statefile.Info {
	return statefile.Info{Mode: 0o600, ID: statefile.ID{Dev: 1, Ino: in.ino}, Links: 1}
}

// simProcFS is the file system as one process sees it.
type simProcFS struct {
	fs *simFS
	p  *simProc
}

func (v *simProcFS) Open(path string) (statefile.File, error) {
	v.fs.w.point(v.p, "open")
	if v.p.dead {
		return nil, errSimDead
	}
	name := v.fs.resolve(path)
	in := v.fs.names[name]
	if in == nil {
		in = v.fs.newInode(nil)
		v.fs.names[name] = in
	}
	f := &simFile{p: v.p, inode: in}
	v.p.files = append(v.p.files, f)
	return f, nil
}

func (v *simProcFS) Lstat(path string) (statefile.Info, error) {
	v.fs.w.point(v.p, "lstat")
	if v.p.dead {
		return statefile.Info{}, errSimDead
	}
	in := v.fs.names[v.fs.resolve(path)]
	if in == nil {
		return statefile.Info{}, &fs.PathError{Op: "lstat", Path: path, Err: fs.ErrNotExist}
	}
	return infoOf(in), nil
}

// locked checks that f holds its file's lock for the operation op, and
// that the thread that runs took it: another thread of the process that
// took it through the same description since is not excluded by it.
func (f *simFile) locked(op string) {
	w := f.p.w
	switch in := f.inode; {
	case in.holder != f:
		w.violate("lock", "process %d: %s of inode %d without holding its lock", f.p.id, op, in.ino)
	case in.taker != w.running:
		w.violate("lock", "process %d: %s of inode %d while another of its threads holds the lock through the same open file description, which flock does not exclude", f.p.id, op, in.ino)
	}
}

func (f *simFile) ReadAt(b []byte, off int64) (int, error) {
	f.p.w.point(f.p, "read")
	if f.p.dead || f.closed {
		return 0, errSimDead
	}
	f.locked("read")
	if len(f.inode.data) > 0 && f.inode.data[0] == '#' {
		f.p.w.thread().sawErr = true // the actor's foreign file: the call may fail
	}
	if off >= int64(len(f.inode.data)) {
		return 0, io.EOF
	}
	n := copy(b, f.inode.data[off:])
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
}

func (f *simFile) WriteAt(b []byte, off int64) (int, error) {
	w := f.p.w
	cut, crash, err := w.point(f.p, "write"), false, error(nil)
	if f.p.dead || f.closed {
		return 0, errSimDead
	}
	f.locked("write")
	n := len(b)
	switch {
	case cut:
		n, crash = w.r.IntN(len(b)+1), true // the process dies in the write
		if simWithout["cuts"] {
			n = len(b)
		}
	case f.p.limit >= 0 && int(off)+len(b) > f.p.limit:
		n, err = max(0, min(len(b), f.p.limit-int(off))), errSimFileTooLarge
	case w.fs.full:
		n, err = w.r.IntN(len(b)), errSimNoSpace
	}
	if end := int(off) + n; n > 0 && end > len(f.inode.data) { // a write of nothing leaves the size
		f.inode.data = append(f.inode.data, make([]byte, end-len(f.inode.data))...)
	}
	if n > 0 {
		copy(f.inode.data[off:], b[:n])
	}
	r := w.thread()
	if in := f.inode; in.gone != 0 && in.gone < r.lockedAt {
		// The path named another file (or none) when the lock was taken:
		// the store was to notice it after the lock and open the path
		// again. A lock of a file nobody else opens excludes nobody.
		w.violate("lock", "process %d: write to inode %d, locked at event %d, which the path had stopped naming at event %d: its lock excludes nobody", f.p.id, in.ino, r.lockedAt, in.gone)
	}
	if n == len(b) {
		r.copy = append(r.copy[:0], b...) // what the reservation decided, for the ahead check
	}
	r.writes++
	// The actor may have replaced the file since the lock.
	r.wrote, r.orphan, r.erased = w.events, f.inode.gone, f.inode.goneRollback
	if r.orphan == 0 && w.lastRollback > r.lockedAt {
		// The actor rolled the file back in place between this
		// reservation's lock and its write (it takes no lock): the write
		// may be lost under the copy the rollback made newer.
		r.orphan, r.erased = w.lastRollback, true
	}
	if err != nil {
		r.sawErr = true
		w.logf("process %d: write of %d bytes at %d cut at %d: %v", f.p.id, len(b), off, n, err)
	}
	if crash {
		w.die(f.p, fmt.Sprintf("write, cut at byte %d of %d", n, len(b)))
	}
	return n, err
}

func (f *simFile) Truncate(size int64) error {
	f.p.w.point(f.p, "truncate")
	if f.p.dead || f.closed {
		return errSimDead
	}
	f.locked("truncate")
	f.inode.data = f.inode.data[:min(int(size), len(f.inode.data))]
	return nil
}

func (f *simFile) Stat() (statefile.Info, error) {
	f.p.w.point(f.p, "stat")
	if f.p.dead || f.closed {
		return statefile.Info{}, errSimDead
	}
	return infoOf(f.inode), nil
}

// TryLock takes the lock as flock(2) does: at once if f's open file
// description holds it already (whichever thread took it), else waiting
// while another description holds it (in the simulation the lock comes
// free between the polls of the production code, which is one of the
// outcomes a real host has). It fails as the seed decides.
func (f *simFile) TryLock() (bool, error) {
	w := f.p.w
	w.point(f.p, "lock")
	if f.p.dead || f.closed {
		return false, errSimDead
	}
	if err := w.lockFails(); err != nil {
		w.thread().sawErr = true // the call may fail
		w.logf("process %d: lock of inode %d: %v", f.p.id, f.inode.ino, err)
		return false, err
	}
	r := w.running
	for h := f.inode.holder; h != nil && h != f; h = f.inode.holder {
		if r == nil || r.p != f.p {
			return false, nil
		}
		r.lockOn = f.inode
		w.yield(r)
		r.lockOn = nil
		if f.p.dead {
			return false, errSimDead
		}
	}
	f.inode.holder, f.inode.taker = f, r
	w.thread().lockedAt = w.events
	return true, nil
}

// lockFails returns the error of a lock call that fails, or nil.
func (s *sim) lockFails() error {
	switch {
	case s.fs.noLocks != nil:
		return s.fs.noLocks
	case s.lockErrRate > 0 && s.r.IntN(1000) < s.lockErrRate:
		if s.r.IntN(2) == 0 {
			return errSimNoLocks
		}
		return errSimLockUnsupported
	}
	return nil
}

// Unlock lets go of the lock if f's description holds it, whichever
// thread took it.
func (f *simFile) Unlock() error {
	f.p.w.point(f.p, "unlock")
	if f.p.dead || f.closed {
		return errSimDead
	}
	if f.inode.holder == f {
		f.inode.holder, f.inode.taker = nil, nil
	}
	return nil
}

func (f *simFile) Close() error {
	f.p.w.point(f.p, "close")
	if f.p.dead || f.closed {
		return errSimDead
	}
	f.release()
	return nil
}

// release closes f: its lock goes with it.
func (f *simFile) release() {
	f.closed = true
	if f.inode.holder == f {
		f.inode.holder, f.inode.taker = nil, nil
	}
	for i, g := range f.p.files {
		if g == f {
			f.p.files = append(f.p.files[:i], f.p.files[i+1:]...)
			break
		}
	}
}

// A simRunner is one thread of a process, running its calls in a step
// in a goroutine of its own.
type simRunner struct {
	p      *simProc
	path   string    // the spelling its Generator names the file by; "" in memory
	turn   chan bool // true: go on; false: give up, the seed failed
	fn     func()
	done   bool
	lockOn *simInode // waits for this file's lock
	call   simCall   // what its calls saw
	two    bool      // its process runs another thread in the step
	// With two: the other thread, whether r holds a mutex of the
	// process, and whether the other holds one r may take.
	other            *simRunner
	holding, blocked bool
}

// runConcurrently runs fns, one per thread of the processes ps (a process
// may be listed twice, for two threads; paths[i] is the spelling thread i
// names the file by), interleaved at every operation on the file system
// in an order drawn from the seed.
func (s *sim) runConcurrently(ps []*simProc, paths []string, fns []func()) {
	var rs []*simRunner
	first := map[*simProc]*simRunner{}
	for i, p := range ps {
		r := &simRunner{p: p, path: paths[i], turn: make(chan bool), fn: fns[i]}
		if q := first[p]; q != nil {
			r.two, q.two, r.other, q.other = true, true, q, r
		}
		first[p] = r
		rs = append(rs, r)
	}
	for _, r := range rs {
		go s.runner(r)
	}
	defer func() { s.running, s.holds = nil, nil }()
	for {
		var ready []*simRunner
		waiting := 0
		for _, r := range rs {
			switch {
			case r.done:
			case r.p.dead: // it ends at its next turn
				ready = append(ready, r)
			case r.lockOn != nil && r.lockOn.holder != nil && !r.lockOn.holder.closed:
				waiting++
			case r.two && r.blocked && !r.other.done:
				waiting++
			default:
				ready = append(ready, r)
			}
		}
		if len(ready) == 0 && waiting == 0 {
			return
		}
		if len(ready) == 0 || s.failed != nil {
			if s.failed == nil {
				s.violate("deadlock", "every call waits for a lock: %s", s.holders(rs))
			}
			for _, r := range rs {
				if !r.done {
					s.running = r
					r.turn <- false // it parks for good
					<-s.back
				}
			}
			return
		}
		r := ready[s.r.IntN(len(ready))]
		s.running = r
		r.turn <- true
		<-s.back
		s.running = nil
	}
}

// holders describes who holds the locks the runners wait for.
func (s *sim) holders(rs []*simRunner) string {
	var b strings.Builder
	for _, r := range rs {
		if r.lockOn != nil {
			fmt.Fprintf(&b, "process %d waits for inode %d, held by process %d; ", r.p.id, r.lockOn.ino, r.lockOn.holder.p.id)
		}
		if r.two && r.blocked {
			fmt.Fprintf(&b, "a thread of process %d waits for a mutex its other thread holds; ", r.p.id)
		}
	}
	return b.String()
}

// runner runs r's call when the scheduler first picks it.
func (s *sim) runner(r *simRunner) {
	defer func() {
		switch v := recover().(type) {
		case nil, simCrash:
		default:
			s.violate("panic", "process %d panics: %v\n%s", r.p.id, v, debug.Stack())
		}
		if r.two && !r.p.dead {
			s.attribute(r)
		}
		r.done = true
		s.back <- struct{}{}
	}()
	if !<-r.turn {
		s.park(r)
	}
	if r.p.dead { // another thread of its process crashed
		return
	}
	r.fn()
}

// yield hands the turn back to the scheduler and waits to be picked again.
// A thread whose process died meanwhile (another of its threads crashed)
// ends there.
func (s *sim) yield(r *simRunner) {
	if r.two {
		s.attribute(r)
	}
	s.back <- struct{}{}
	if !<-r.turn {
		s.park(r)
	}
	if r.p.dead {
		s.crash(r, "another thread")
	}
}

// park ends r for good without unwinding it through the production code,
// whose deferred calls would go on as if the process lived: for a seed
// that failed (the goroutine stays parked, as the threads of a dead
// process would), and for a thread whose unwinding might wait for a mutex
// the other thread of its process holds.
func (s *sim) park(r *simRunner) {
	r.done = true
	s.back <- struct{}{}
	select {}
}

// crash ends r, whose process died: it unwinds to runner (the production
// code's deferred unlocks run, and find the process dead), unless the
// other thread of the process holds a mutex a deferred call might take.
func (s *sim) crash(r *simRunner, op string) {
	if r.two && r.other.holding {
		s.park(r)
	}
	panic(simCrash{op})
}

// point is where p performs the operation op on the file system: the
// scheduler may run another thread first, and p may crash there. For a
// write it reports whether p dies in the middle of it instead.
func (s *sim) point(p *simProc, op string) (crashInWrite bool) {
	r := s.running
	if r == nil || r.p != p || p.dead {
		return false // outside a call: a kill or a clone closing files
	}
	s.yield(r)
	s.events++
	if p.id != 0 && s.crashRate > 0 && s.r.IntN(1000) < s.crashRate {
		if op == "write" && s.r.IntN(2) == 0 {
			return true
		}
		s.die(p, op)
	}
	return false
}

// die ends p in the middle of a call: its descriptors and locks go, and
// its other thread ends at its next turn.
func (s *sim) die(p *simProc, op string) {
	p.dead = true
	for len(p.files) > 0 {
		p.files[0].release()
	}
	s.crash(s.running, op)
}

// Two threads of one process share its registry, whose mutexes the
// production code holds across operations on the file system (the
// mutex of the descriptor the process's stores share, from the file's
// lock to its unlock; a path's; the registry's own while a descriptor is
// closed). A goroutine blocked on one would never hand the turn back, so
// the scheduler does not pick a thread while the other thread of its
// process holds a mutex it may take: each mutex's state is read when a
// thread hands the turn back (only the thread that runs changes them), and
// put down to that thread if it is held and not held by the other.

// A simMutex is a mutex of a process's registry, and the path whose
// Shared holds it ("" for the mutexes every thread may take).
type simMutex struct {
	m    *sync.Mutex
	path string
}

// simRegistryLayout is where statefile.Registry keeps its mutexes: the
// indexes of its mutex fields, and of its maps of pointers to structs
// with the indexes of those structs' mutex fields. It is found by type,
// so that a mutex the production code adds is seen.
type simRegistryLayout struct {
	mutexes []int
	maps    []simMapLayout
}

type simMapLayout struct {
	field   int
	mutexes []int
	byPath  bool // keyed by path: a Shared, whose mutex only its path's threads take
}

var simRegistry = sync.OnceValue(func() simRegistryLayout {
	mutexType := reflect.TypeFor[sync.Mutex]()
	mutexesOf := func(t reflect.Type) []int {
		var is []int
		for i := range t.NumField() {
			if t.Field(i).Type == mutexType {
				is = append(is, i)
			}
		}
		return is
	}
	t := reflect.TypeFor[statefile.Registry]()
	l := simRegistryLayout{mutexes: mutexesOf(t)}
	for i := range t.NumField() {
		if f := t.Field(i).Type; f.Kind() == reflect.Map && f.Elem().Kind() == reflect.Pointer && f.Elem().Elem().Kind() == reflect.Struct {
			if ms := mutexesOf(f.Elem().Elem()); len(ms) > 0 {
				l.maps = append(l.maps, simMapLayout{i, ms, f.Key().Kind() == reflect.String})
			}
		}
	}
	return l
})

// simMutexes returns the mutexes of reg: its own, and those of the values
// of its maps (the Shared of each path, the open file of each identity).
func simMutexes(reg *statefile.Registry) []simMutex {
	l := simRegistry()
	v := reflect.ValueOf(reg).Elem()
	addr := func(v reflect.Value, i int) *sync.Mutex {
		return (*sync.Mutex)(unsafe.Pointer(v.Field(i).UnsafeAddr()))
	}
	var ms []simMutex
	for _, i := range l.mutexes {
		ms = append(ms, simMutex{m: addr(v, i)})
	}
	for _, m := range l.maps {
		for it := v.Field(m.field).MapRange(); it.Next(); {
			e := it.Value()
			if e.IsNil() {
				continue
			}
			path := ""
			if m.byPath {
				path = it.Key().String()
			}
			for _, i := range m.mutexes {
				ms = append(ms, simMutex{addr(e.Elem(), i), path})
			}
		}
	}
	return ms
}

// attribute records, when the thread r hands the turn back or ends (only
// a thread of r's process changes the state of its mutexes), which of
// its process's mutexes each of its two threads holds, and whether the
// other holds one that r may take, or r one the other may take.
func (s *sim) attribute(r *simRunner) {
	if r.p.reg == nil {
		return
	}
	if s.holds == nil {
		s.holds = map[*sync.Mutex]*simRunner{}
	}
	o := r.other
	r.holding, r.blocked, o.holding, o.blocked = false, false, false, false
	for _, m := range simMutexes(r.p.reg) {
		if m.m.TryLock() {
			m.m.Unlock()
			delete(s.holds, m.m)
			continue
		}
		h, w := r, o // who holds m, who waits if it takes m
		if s.holds[m.m] == o && !o.done {
			h, w = o, r
		}
		s.holds[m.m], h.holding = h, true
		if m.path == "" || m.path == w.path {
			w.blocked = true
		}
	}
}

// TestSimLocks checks the simulated flock(2) against the kernel's rules:
// a lock belongs to an open file description, so a second description
// of the file, even in the same process, is excluded, and a lock call
// through the holding description succeeds; an unlock or a close through
// it lets go; a lock call that fails takes nothing.
func TestSimLocks(t *testing.T) {
	s := &sim{r: rand.New(rand.NewPCG(1, 2))}
	s.fs = &simFS{w: s, names: map[string]*simInode{}, links: map[string]string{"/var/lib/link": "/var/lib/app"}}
	p := &simProc{w: s, id: 1}
	p.fs = &simProcFS{fs: s.fs, p: p}
	open := func(path string) *simFile {
		f, err := p.fs.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		return f.(*simFile)
	}
	a, b := open(simPath), open("/var/lib/link/uuid.state")
	if a.inode != b.inode {
		t.Fatal("two spellings of the path name two files")
	}
	try := func(f *simFile, want bool, what string) {
		t.Helper()
		if ok, err := f.TryLock(); ok != want || err != nil {
			t.Errorf("%s: TryLock() = %v, %v; want %v, nil", what, ok, err, want)
		}
	}
	try(a, true, "the first description")
	try(b, false, "a second description of the file, in the same process")
	try(a, true, "the holding description again")
	if err := a.Unlock(); err != nil {
		t.Fatal(err)
	}
	try(b, true, "the second description once the first let go")
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	try(a, true, "the first description once the holder closed")
	a.Unlock()
	for _, e := range []error{errSimNoLocks, errSimLockUnsupported} {
		s.fs.noLocks = e
		if ok, err := a.TryLock(); ok || err != e || a.inode.holder != nil {
			t.Errorf("with lock calls failing with %v: TryLock() = %v, %v, holder %v", e, ok, err, a.inode.holder)
		}
	}
	if !errors.Is(errSimLockUnsupported, errors.ErrUnsupported) {
		t.Error("ENOTSUP does not match errors.ErrUnsupported, as syscall.ENOTSUP does")
	}
}
