package uuid

import (
	"crypto/rand"
	"encoding/binary"
	"io"
	"sync"
	"unsafe"
)

// An entropy source hands out random bytes: from crypto/rand, or from a
// caller's reader. Its zero value is crypto/rand.
//
// It keeps no random bytes between calls. A process whose memory is
// snapshotted and restored more than once (VM clones, CRIU, serverless
// snapshot-restore) would hand bytes it kept to every clone; crypto/rand
// asks the kernel, which reseeds after a restore. Speed comes from batches
// instead: a caller that wants many random bytes asks for them at once.
type entropy struct {
	r io.Reader // nil: crypto/rand

	// mu serialises reads of r, which need not be safe for concurrent
	// use, into scratch, so that no caller's buffer escapes to r; scratch
	// is wiped after each read.
	mu      sync.Mutex
	scratch [256]byte
}

// read fills b with random bytes. It fails only if the caller's reader
// does, with an error that matches [ErrRandom] and the reader's error.
func (e *entropy) read(b []byte) error {
	if e.r == nil {
		rand.Read(b) // never fails since Go 1.24; b does not escape
		return nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	for len(b) > 0 {
		n, err := io.ReadFull(e.r, e.scratch[:min(len(b), len(e.scratch))])
		copy(b, e.scratch[:n])
		clear(e.scratch[:n])
		if err != nil {
			return &randError{err}
		}
		b = b[n:]
	}
	return nil
}

// randomSeq returns a random 14-bit clock sequence.
func (e *entropy) randomSeq() (uint16, error) {
	var b [2]byte
	if err := e.read(b[:]); err != nil {
		return 0, err
	}
	return binary.BigEndian.Uint16(b[:]) & 0x3fff, nil
}

// readUUIDs fills the memory of dst with random bytes in one read.
func (e *entropy) readUUIDs(dst []UUID) error {
	if len(dst) == 0 {
		return nil
	}
	return e.read(unsafe.Slice(&dst[0][0], len(dst)*Size))
}
