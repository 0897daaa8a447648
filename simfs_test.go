package uuid

// The simulator's file system and scheduler (see sim_test.go). The file
// system is one for the whole simulated host: names that point at inodes,
// directories that are symbolic links to others, flock(2) locks held by
// open file descriptions. Each process sees it through its own simProcFS,
// so that the simulator knows who performs each operation.
//
// The processes whose calls a step runs each run in a goroutine of their
// own, but only one at a time: every operation on the file system (open,
// stat, lock, read, write, truncate, unlock, close) first hands the turn
// back to the scheduler, which picks, from the seed, which process goes on
// next. So reservations interleave at every operation, deterministically,
// and the production code runs as it is. A lock that another open file
// holds blocks its taker until the holder lets go; a process may crash at
// any operation, and a write may be cut at any byte, with an error (a file
// size limit, a full disk) or by a crash.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"runtime/debug"
	"strings"

	"github.com/afb7af96/uuid/internal/statefile"
)

// simFS is the simulated host's file system.
type simFS struct {
	w       *sim
	names   map[string]*simInode // by canonical path
	links   map[string]string    // directories that are symbolic links: path → target
	nextIno uint64
	full    bool // the disk is full: writes fail, cut at a random byte
}

type simInode struct {
	ino    uint64
	data   []byte
	holder *simFile // the open file that holds the lock
	gone   int      // the event at which the path stopped naming it; 0: never
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
)

// simCrash unwinds a process that dies in the middle of a call.
type simCrash struct{ op string }

// simAbort unwinds a process when the seed has already failed.
type simAbort struct{}

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

// locked checks that f holds its file's lock for the operation op.
func (f *simFile) locked(op string) {
	if f.inode.holder != f {
		f.p.w.violate("lock", "process %d: %s of inode %d without holding its lock", f.p.id, op, f.inode.ino)
	}
}

func (f *simFile) ReadAt(b []byte, off int64) (int, error) {
	f.p.w.point(f.p, "read")
	if f.p.dead || f.closed {
		return 0, errSimDead
	}
	f.locked("read")
	if len(f.inode.data) > 0 && f.inode.data[0] == '#' {
		f.p.sawErr = true // the actor's foreign file: the call may fail
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
	if n == len(b) {
		f.p.copy = append(f.p.copy[:0], b...) // what the reservation decided, for the ahead check
	}
	f.p.writes++
	// The actor may have replaced the file since the lock.
	f.p.wrote, f.p.orphan, f.p.erased = w.events, f.inode.gone, f.inode.goneRollback
	if f.p.orphan == 0 && w.lastRollback > f.p.lockedAt {
		// The actor rolled the file back in place between this
		// reservation's lock and its write (it takes no lock): the write
		// may be lost under the copy the rollback made newer.
		f.p.orphan, f.p.erased = w.lastRollback, true
	}
	if err != nil {
		f.p.sawErr = true
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

// TryLock takes the lock, waiting while another open file holds it: in
// the simulation the lock comes free between the polls of the production
// code, which is one of the outcomes a real host has.
func (f *simFile) TryLock() (bool, error) {
	w := f.p.w
	w.point(f.p, "lock")
	if f.p.dead || f.closed {
		return false, errSimDead
	}
	for h := f.inode.holder; h != nil && h != f; h = f.inode.holder {
		r := f.p.runner
		if r == nil {
			return false, nil
		}
		r.lockOn = f.inode
		w.yield(r)
		r.lockOn = nil
		if f.p.dead {
			return false, errSimDead
		}
	}
	f.inode.holder = f
	f.p.lockedAt = w.events
	return true, nil
}

func (f *simFile) Unlock() error {
	f.p.w.point(f.p, "unlock")
	if f.p.dead || f.closed {
		return errSimDead
	}
	if f.inode.holder == f {
		f.inode.holder = nil
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
		f.inode.holder = nil
	}
	for i, g := range f.p.files {
		if g == f {
			f.p.files = append(f.p.files[:i], f.p.files[i+1:]...)
			break
		}
	}
}

// A simRunner is one process's call in a step, run in its own goroutine.
type simRunner struct {
	p      *simProc
	turn   chan bool // true: go on; false: give up, the seed failed
	fn     func()
	done   bool
	lockOn *simInode // waits for this file's lock
}

// runConcurrently runs fns, one per process, interleaved at every
// operation on the file system in an order drawn from the seed.
func (s *sim) runConcurrently(ps []*simProc, fns []func()) {
	var rs []*simRunner
	for i, p := range ps {
		r := &simRunner{p: p, turn: make(chan bool), fn: fns[i]}
		p.runner = r
		rs = append(rs, r)
		go s.runner(r)
	}
	defer func() {
		for _, p := range ps {
			p.runner = nil
		}
	}()
	for {
		var ready []*simRunner
		waiting := 0
		for _, r := range rs {
			switch {
			case r.done:
			case r.lockOn != nil && r.lockOn.holder != nil && !r.lockOn.holder.closed:
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
					r.turn <- false
					<-s.back
				}
			}
			return
		}
		r := ready[s.r.IntN(len(ready))]
		r.turn <- true
		<-s.back
	}
}

// holders describes who holds the locks the runners wait for.
func (s *sim) holders(rs []*simRunner) string {
	var b strings.Builder
	for _, r := range rs {
		if r.lockOn != nil {
			fmt.Fprintf(&b, "process %d waits for inode %d, held by process %d; ", r.p.id, r.lockOn.ino, r.lockOn.holder.p.id)
		}
	}
	return b.String()
}

// runner runs r's call when the scheduler first picks it.
func (s *sim) runner(r *simRunner) {
	defer func() {
		switch v := recover().(type) {
		case nil, simCrash, simAbort:
		default:
			s.violate("panic", "process %d panics: %v\n%s", r.p.id, v, debug.Stack())
		}
		r.done = true
		s.back <- struct{}{}
	}()
	if !<-r.turn {
		panic(simAbort{})
	}
	r.fn()
}

// yield hands the turn back to the scheduler and waits to be picked again.
func (s *sim) yield(r *simRunner) {
	s.back <- struct{}{}
	if !<-r.turn {
		panic(simAbort{})
	}
}

// point is where p performs the operation op on the file system: the
// scheduler may run another process first, and p may crash there. For a
// write it reports whether p dies in the middle of it instead.
func (s *sim) point(p *simProc, op string) (crashInWrite bool) {
	r := p.runner
	if r == nil || p.dead {
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

// die ends p in the middle of a call: its descriptors and locks go.
func (s *sim) die(p *simProc, op string) {
	p.dead = true
	for len(p.files) > 0 {
		p.files[0].release()
	}
	panic(simCrash{op})
}
