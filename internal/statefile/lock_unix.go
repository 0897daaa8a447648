//go:build unix && !aix && (!solaris || illumos)

package statefile

import (
	"os"
	"syscall"
)

// openFlags opens a state file for reading and writing, creating it, and
// not following a symbolic link in the last element of its path.
const openFlags = os.O_RDWR | os.O_CREATE | syscall.O_NOFOLLOW

// flockMissing is nil: this platform has flock(2).
var flockMissing error

// A fileLock is the flock(2) lock of an open file, the system-wide lock of
// RFC 4122, Section 4.2.1.
type fileLock struct{ conn syscall.RawConn }

// try takes the exclusive lock if no other open file holds it, and reports
// whether it did.
func (l fileLock) try() (bool, error) {
	err := l.flock(syscall.LOCK_EX | syscall.LOCK_NB)
	if err == syscall.EWOULDBLOCK {
		return false, nil
	}
	return err == nil, err
}

// release releases the lock.
func (l fileLock) release() error { return l.flock(syscall.LOCK_UN) }

// flock applies flock(2) with how, retrying when a signal interrupts it.
func (l fileLock) flock(how int) error {
	var err error
	cerr := l.conn.Control(func(fd uintptr) {
		for {
			if err = syscall.Flock(int(fd), how); err != syscall.EINTR {
				return
			}
		}
	})
	if cerr != nil {
		return cerr
	}
	return err
}

// fileIdentity returns the device and inode of a file, and its number of
// hard links.
func fileIdentity(fi os.FileInfo) (ID, uint64) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return ID{}, 1
	}
	return ID{uint64(st.Dev), uint64(st.Ino)}, uint64(st.Nlink)
}
