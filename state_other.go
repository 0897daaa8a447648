//go:build !unix || aix || (solaris && !illumos)

package uuid

import (
	"errors"
	"os"
	"runtime"
)

// openStateFile reports that the platform has no flock(2), which state
// files use as the system-wide lock of RFC 4122, Section 4.2.1. It never
// falls back to state kept in the process alone, which would break the
// guarantee [GeneratorOptions.StateFile] makes.
func openStateFile(path string, mode os.FileMode) (stateStore, error) {
	return nil, &StateFileError{Path: path, Op: "open", Err: ErrNoFileLocks}
}

// ErrNoFileLocks is wrapped by the [*StateFileError] of a platform
// without flock(2), such as Windows, Plan 9 and WebAssembly.
var ErrNoFileLocks = errors.New("state files need flock(2), which " + runtime.GOOS + " lacks")

// open reports that the platform has no flock(2).
func (s *fileStore) open() error {
	return &StateFileError{Path: s.path, Op: "open", Err: ErrNoFileLocks}
}
