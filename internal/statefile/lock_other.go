//go:build !unix || aix || (solaris && !illumos)

package statefile

import "os"

// This platform has no flock(2), which state files use as the system-wide
// lock of RFC 4122, Section 4.2.1, so opening one fails with
// [ErrNoFileLocks]. It never falls back to state kept in the process
// alone, which would break the guarantee a state file
// makes.

const openFlags = os.O_RDWR | os.O_CREATE

var flockMissing = ErrNoFileLocks

type fileLock struct{ _ any }

func (fileLock) try() (bool, error) { return false, ErrNoFileLocks }

func (fileLock) release() error { return nil }

func fileIdentity(os.FileInfo) (ID, uint64) { return ID{}, 1 }
