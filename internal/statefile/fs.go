// Package statefile is the state file of version 1 UUIDs (RFC 4122,
// Section 4.2.1): its format, the table of nodes it holds, the store that
// reads and writes it under a lock, and the registry that shares one open
// file between the Generators of a process. It works through the [FS]
// and [File] interfaces, so that the operating system ([OS]) and the
// simulator in the tests run the same code; the uniqueness rule itself
// is package gregorian's.
package statefile

import (
	"errors"
	"io/fs"
	"strings"
)

// An ID names a file: its device and inode.
type ID struct{ Dev, Ino uint64 }

// Info is what the store needs of a file's metadata.
type Info struct {
	Mode  fs.FileMode
	ID    ID
	Links uint64
}

// FS is the file system a store works on.
type FS interface {
	// Open opens path for reading and writing, creating it with
	// permission 0600 if it does not exist, without following a symbolic
	// link in its last element.
	Open(path string) (File, error)
	// Lstat describes what path names, without following a symbolic link.
	Lstat(path string) (Info, error)
}

// A File is an open state file.
type File interface {
	ReadAt(b []byte, off int64) (int, error)
	WriteAt(b []byte, off int64) (int, error)
	Truncate(size int64) error
	Stat() (Info, error)
	// TryLock takes the file's exclusive lock if no other open file of it
	// holds it, and reports whether it did.
	TryLock() (bool, error)
	Unlock() error
	Close() error
}

// ErrNotStateFile is wrapped by the error of a path that names something
// other than a state file this package wrote; the file is left as it was.
var ErrNotStateFile = errors.New("uuid: not a state file")

// ErrNoFileLocks is wrapped by the error of a state file on a platform
// without flock(2). It matches errors.ErrUnsupported.
var ErrNoFileLocks error = unsupportedError("uuid: state files need flock(2)")

// unsupportedError is an error that matches [errors.ErrUnsupported]. A
// package-level fmt.Errorf would link fmt's printer into every program
// that imports this package, even one that never opens a state file.
type unsupportedError string

func (e unsupportedError) Error() string { return string(e) + ": " + errors.ErrUnsupported.Error() }
func (e unsupportedError) Unwrap() error { return errors.ErrUnsupported }

// A KindError is an error of a kind (a sentinel it unwraps to) with a
// detail: it reads the kind, then ": " and Detail if that is set. The
// package does without fmt, which would grow every program that imports
// it.
type KindError struct {
	Kind   error
	Detail string
}

func (e *KindError) Error() string {
	if e.Detail == "" {
		return e.Kind.Error()
	}
	return e.Kind.Error() + ": " + e.Detail
}

// Unwrap returns the kind.
func (e *KindError) Unwrap() error { return e.Kind }

// notStateFile returns ErrNotStateFile with detail.
func notStateFile(detail string) error { return &KindError{Kind: ErrNotStateFile, Detail: detail} }

// errReplaced reports a path that kept naming a new file.
var errReplaced = errors.New("uuid: the path kept naming a new file while it was locked")

// An Error reports a state file that cannot be used: the operation that
// failed and why. The root package returns it as its StateFileError,
// which has the same fields.
type Error struct {
	Path string // the state file's path
	Op   string // what failed: "open", "lock", "stat", "read", "grow", "write", "unlock" or "close"
	Err  error  // why
}

// Error reads "uuid: state file <path>: <op>: <cause>".
func (e *Error) Error() string {
	return "uuid: state file " + e.Path + ": " + e.Op + ": " + strings.TrimPrefix(e.Err.Error(), "uuid: ")
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// fileError returns err, from the operation op on the state file at path,
// as an *Error.
func fileError(path, op string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the path and operation are said once, in Error
	}
	return &Error{Path: path, Op: op, Err: err}
}

// notRegular returns the error for a path that names a file of mode m,
// which is not a regular file.
func notRegular(m fs.FileMode) error {
	what := "not a regular file"
	switch {
	case m&fs.ModeSymlink != 0:
		what = "a symbolic link"
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a FIFO"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	}
	return notStateFile(what)
}

// NoLocks returns why this platform cannot use state files
// ([ErrNoFileLocks]), or nil.
func NoLocks() error { return flockMissing }
