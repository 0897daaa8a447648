//go:build unix && !aix && (!solaris || illumos)

package uuid

import (
	"errors"
	"os"
	"syscall"
)

// openStateFile opens, creating it with mode if needed (the umask
// applies), the state file at path, whose flock(2) lock is the system-wide
// lock of RFC 4122, Section 4.2.1.
func openStateFile(path string, mode os.FileMode) (stateStore, error) {
	s := &fileStore{path: path, mode: mode}
	if err := s.open(); err != nil {
		return nil, err
	}
	return s, nil
}

// open opens s.path. It does not follow a symbolic link in the last
// element of the path, and it refuses anything but a regular file. The
// lock belongs to the open file, not the process, so two Generators in one
// process that name the same path exclude each other too. The file should
// be on a local file system: over NFS, flock(2) falls back to locks that
// belong to the process.
func (s *fileStore) open() error {
	f, err := os.OpenFile(s.path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, s.mode.Perm())
	if err != nil {
		return stateFileError(s.path, "open", err)
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = errors.New("not a regular file")
	}
	var conn syscall.RawConn
	if err == nil {
		conn, err = f.SyscallConn()
	}
	if err != nil {
		f.Close()
		return stateFileError(s.path, "open", err)
	}
	s.f = f
	s.lock = func() error { return flock(conn, syscall.LOCK_EX) }
	s.unlock = func() error { return flock(conn, syscall.LOCK_UN) }
	return nil
}

// flock applies flock(2) with how to the file behind conn, retrying when
// a signal interrupts the wait.
func flock(conn syscall.RawConn, how int) error {
	var err error
	cerr := conn.Control(func(fd uintptr) {
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
