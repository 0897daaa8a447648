package statefile

import (
	"errors"
	"github.com/afb7af96/uuid/internal/faults"
	"io"
	"io/fs"
	"os"
	"strconv"
	"time"

	"github.com/afb7af96/uuid/internal/gregorian"
)

// A Store is the state file at one path, which every process using it
// opens, as RFC 4122, Section 4.2.1 describes. A reservation takes the
// file's lock, reads the newest of the file's two copies of the table,
// writes the new table over the other copy with a single write and
// releases the lock; a process that dies loses its lock with
// its descriptor. Writes are not synced: a process that is killed has made
// its write already, into the page cache, which the next process reads.
//
// A path may come to name another file while the file is open (cp state
// state.new && mv state.new state). A process that kept locking the old
// file would exclude nobody, so after taking the lock a reservation checks
// that the path still names the locked file, and otherwise opens the path
// again; each slot names the file it was written to, so that a slot read
// from a copy is not trusted ([Table.start]).
//
// A store of a [Registry] shares the descriptor of the file it opens with
// the process's other stores whose paths name that file.
type Store struct {
	fs   FS
	path string
	reg  *Registry // nil: the store's descriptor is its own
	open *openFile // the shared descriptor, with a registry
	f    File      // nil: open the path at the next reservation
	id   ID
	buf  [maxLen + 1]byte // one byte more, to notice a longer file
}

// maxReopens bounds how often one reservation opens a path that keeps
// being replaced before it gives up.
const maxReopens = 100

// openPath opens the path, refusing anything but a regular file with one
// link; with a registry, it shares the process's descriptor of the file.
func (s *Store) openPath() error {
	f, err := s.fs.Open(s.path)
	if err != nil {
		if fi, lerr := s.fs.Lstat(s.path); lerr == nil && !fi.Mode.IsRegular() {
			err = notRegular(fi.Mode) // the open failed on what is there
		}
		return fileError(s.path, "open", err)
	}
	fi, err := f.Stat()
	switch {
	case err != nil:
	case !fi.Mode.IsRegular():
		err = notRegular(fi.Mode)
	case fi.Links > 1:
		err = notStateFile("a file with " + strconv.FormatUint(fi.Links, 10) + " hard links")
	}
	if err != nil {
		f.Close()
		return fileError(s.path, "open", err)
	}
	s.f, s.id = f, fi.ID
	if s.reg != nil {
		s.open = s.reg.share(f, fi.ID)
		s.f = s.open.f
	}
	return nil
}

// lockProcess takes the process's lock of the open file, which the file's
// lock cannot be: the process's stores of one file share one descriptor.
func (s *Store) lockProcess() {
	if s.open != nil {
		s.open.mu.Lock()
	}
}

// unlock releases the file's lock and the process's.
func (s *Store) unlock() error {
	err := s.f.Unlock()
	if s.open != nil {
		s.open.mu.Unlock()
	}
	return err
}

// lockCurrent takes the lock of the file the path names now, reopening the
// path if it names another file than the one s has open, and waiting at
// most wait for the lock. After a failed reopen s has no open file, and
// the next reservation tries again.
func (s *Store) lockCurrent(wait time.Duration) error {
	deadline := time.Now().Add(wait)
	for range maxReopens {
		if s.f == nil {
			if err := s.openPath(); err != nil {
				return err
			}
		}
		s.lockProcess()
		if faults.On(faults.IgnoreLock) {
			return nil
		}
		if err := s.waitLock(deadline); err != nil {
			if s.open != nil {
				s.open.mu.Unlock()
			}
			if err == os.ErrDeadlineExceeded {
				err = &lockHeldError{wait}
			}
			return fileError(s.path, "lock", err)
		}
		named, err := s.fs.Lstat(s.path)
		if err == nil && (named.ID == s.id || faults.On(faults.NoReopenOnReplace)) {
			return nil
		}
		s.unlock()
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fileError(s.path, "stat", err)
		}
		s.Close() // replaced or removed: the lock guards nothing any more
	}
	return fileError(s.path, "lock", errReplaced)
}

// A lockHeldError reports a lock that another open file of the state file
// (another process, as a rule) held throughout the wait. It matches
// os.ErrDeadlineExceeded.
type lockHeldError struct{ wait time.Duration }

func (e *lockHeldError) Error() string {
	if e.wait <= 0 {
		return "held by another process"
	}
	return "held by another process throughout a wait of " + e.wait.String()
}

func (e *lockHeldError) Unwrap() error { return os.ErrDeadlineExceeded }

// waitLock takes the lock, trying until deadline. It polls rather than
// block, so that a process holding the lock for ever (anyone who can open
// the file can take its lock) makes reservations fail with
// os.ErrDeadlineExceeded instead of hang.
func (s *Store) waitLock(deadline time.Time) error {
	pause := 20 * time.Microsecond
	for {
		ok, err := s.f.TryLock()
		if faults.On(faults.LockErrorIgnored) && err != nil {
			ok, err = true, nil
		}
		if err != nil || ok {
			return err
		}
		if time.Now().After(deadline) {
			return os.ErrDeadlineExceeded
		}
		time.Sleep(pause)
		pause = min(2*pause, 5*time.Millisecond)
	}
}

// Update applies the claim c to the file's table ([Table.Apply]) under the
// file's lock, waiting at most wait for it: it reads the newest copy of
// the table and writes the new table over the other copy.
func (s *Store) Update(c Claim, wait time.Duration, hist History) (start uint64, seq uint16, node [6]byte, res gregorian.Result, err error) {
	if err := s.lockCurrent(wait); err != nil {
		return 0, 0, c.Node, 0, err
	}
	defer func() {
		if uerr := s.unlock(); uerr != nil && err == nil {
			start, seq, res, err = 0, 0, 0, fileError(s.path, "unlock", uerr)
		}
	}()
	if faults.On(faults.UnserialisedStores) && s.open != nil { // the file's lock taken for the process's
		s.open.mu.Unlock()
		defer s.open.mu.Lock() // taken again for unlock to release
	}
	size, err := s.f.ReadAt(s.buf[:], 0)
	if err != nil && err != io.EOF {
		return 0, 0, c.Node, 0, fileError(s.path, "read", err)
	}
	t, from, err := decode(s.buf[:size], s.id)
	if err != nil {
		return 0, 0, c.Node, 0, fileError(s.path, "read", err)
	}
	// The new table outranks every copy's head, whole or not: a copy cut
	// short whose missing bytes were zeros reads as whole again once the
	// file grows back (see grow), and must not hide the new table.
	t.Count = max(t.Count, headCount(s.buf[:size]))
	start, seq, node, res, err = t.Apply(c, s.id, hist)
	if err != nil || res != gregorian.Done {
		return 0, 0, node, res, err
	}
	if err := s.save(&t, size, from); err != nil {
		return 0, 0, c.Node, 0, err
	}
	return start, seq, node, res, nil
}

// save writes t over the copy other than from, in a file of size bytes,
// first growing the file to its full length.
func (s *Store) save(t *Table, size, from int) error {
	at := int64(0) // the copy the table was not read from
	if from == 0 {
		at = tableLen
	}
	if faults.On(faults.WriteOverNewestCopy) {
		at = tableLen - at
	}
	if size < fileLen {
		if err := s.grow(size); err != nil {
			return fileError(s.path, "grow", err)
		}
	}
	b := t.Encode()
	if faults.On(faults.UnlockBeforeWrite) {
		s.f.Unlock()
	}
	if _, err := s.f.WriteAt(b[:], at); err != nil {
		return fileError(s.path, "write", err)
	}
	if size > fileLen { // a longer file of zero bytes: cut to the full length
		if err := s.f.Truncate(fileLen); err != nil {
			return fileError(s.path, "write", err)
		}
	}
	return nil
}

// grow extends the file from size bytes (empty, a table of an earlier
// format alone, or copies cut short) to the length of its two copies with
// zero bytes, which read as no copy, before a table is written: so a file
// reaches its full size when it is created or upgraded, and no later
// write grows it, which a full disk or a quota could then refuse. It never
// writes over a byte the file holds. A copy cut short (a crash, a limit)
// whose missing bytes were zeros reads as whole again once the file grows,
// with the count it had; the table written next has a higher count than
// any copy's head says ([decode]), so such a copy never hides it. If the
// file cannot grow, it keeps what it held (zero bytes may follow) and the
// reservation fails with a *growError that says why.
func (s *Store) grow(size int) error {
	if _, err := s.f.WriteAt(make([]byte, fileLen-size), int64(size)); err != nil {
		return &growError{err}
	}
	return nil
}

// A growError reports a file that could not reach the length of its two
// copies. It unwraps to the operating system's error (syscall.EFBIG,
// syscall.ENOSPC, ...).
type growError struct{ err error }

func (e *growError) Error() string {
	var pe *fs.PathError
	err := e.err
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return "cannot grow to the " + strconv.Itoa(fileLen) + " bytes of its two copies: " + err.Error()
}

func (e *growError) Unwrap() error { return e.err }

// Close closes the file, if it is open (with a registry: lets go of the
// shared descriptor, which the last store to let go closes).
func (s *Store) Close() error {
	if s.f == nil {
		return nil
	}
	var err error
	if s.open != nil {
		err = s.reg.unshare(s.open)
	} else {
		err = s.f.Close()
	}
	s.f, s.open = nil, nil
	return err
}

// NewStore returns the store of the state file at path in fsys, which it
// opens at its first reservation. A process shares one per path through
// its [Registry]; tests use their own.
func NewStore(fsys FS, path string) *Store { return &Store{fs: fsys, path: path} }
