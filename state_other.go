//go:build !unix || aix || (solaris && !illumos)

package uuid

import "os"

// This platform has no flock(2), which state files use as the system-wide
// lock of RFC 4122, Section 4.2.1, so opening one fails with
// [ErrNoFileLocks]. It never falls back to state kept in the process
// alone, which would break the guarantee [GeneratorOptions.StateFile]
// makes.

const openFlags = os.O_RDWR | os.O_CREATE

var flockMissing = ErrNoFileLocks

type fileLock struct{}

func newFileLock(*os.File) (fileLock, error) { return fileLock{}, ErrNoFileLocks }

func (fileLock) try() (bool, error) { return false, ErrNoFileLocks }

func (fileLock) release() error { return nil }

func fileIdentity(os.FileInfo) (fileID, uint64) { return fileID{}, 1 }
