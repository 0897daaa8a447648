package uuid

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"sync"
)

// The state file holds one fixed-size record, always written whole at
// offset 0 (all integers big-endian):
//
//	offset size field
//	     0    4 magic "UUst"
//	     4    1 format version, 1
//	     5    3 reserved, zero
//	     8    8 end: every timestamp handed out with this clock sequence
//	            and node is below it (100-ns ticks since 1582-10-15)
//	    16    2 clock sequence (14 bits; the top 2 bits are zero)
//	    18    6 node
//	    24    4 reserved, zero
//	    28    4 CRC-32 (IEEE) of bytes 0 to 27
//
// A record of another length, or with a wrong magic, version, reserved
// byte or checksum, is not a saved state: RFC 4122, Section 4.2.1 treats
// it as unavailable, and the next reservation starts a random clock
// sequence and overwrites it.
const (
	recordLen     = 32
	recordMagic   = "UUst"
	recordVersion = 1
)

// Block sizes for a state file: a process reserves minBlock timestamps at
// first and doubles the block each time it uses one up by counting (that
// is, faster than the clock), up to maxBlock, as libuuid's uuidd grows its
// cache. A caller slower than the clock, which the clock overtakes while
// the block is in use, grows it up to clockBlock, a millisecond, so that it
// reserves at most 1000 times a second; after an idle pause it starts over
// at minBlock. A process's timestamps run up to maxAhead ahead of its
// clock, and the bound it saves up to a block further (fileAhead).
const (
	minBlock   = 64
	maxBlock   = 1 << 18
	clockBlock = ticksPerMilli
)

// fileAhead is how far a saved bound may be ahead of a process's clock
// without its clock having gone back: a process hands out timestamps up to
// maxAhead ahead of its clock, from a block that ends at most maxBlock
// after them.
const fileAhead = maxAhead + maxBlock

// sharedState is the Gregorian state of a Generator with a state file: the
// file, opened on first use, and the block of timestamps this process
// reserved in it last, which it hands out from memory.
type sharedState struct {
	path string
	mode os.FileMode

	once  sync.Once
	store stateStore
	err   error

	// The block; the Generator's mutex guards these.
	seq       uint16  // clock sequence of the block
	node      [6]byte // node of the block
	lastNow   uint64  // the clock's reading at the last timestamp
	lastTicks uint64  // the last timestamp handed out
	blockEnd  uint64  // end of the block
	blockSize uint64  // timestamps to reserve next
}

func newSharedState(path string, mode os.FileMode) *sharedState {
	if mode == 0 {
		mode = 0o600
	}
	return &sharedState{path: path, mode: mode}
}

// A stateStore is stable storage of version 1 state shared by processes
// (RFC 4122, Section 4.2.1).
type stateStore interface {
	// reserve takes the storage's system-wide lock, reads the saved state,
	// saves the new one, releases the lock, and returns a block of n
	// timestamps [start, start+n), with start >= from, and the clock
	// sequence and node to use: node, or for a random node possibly the
	// random node saved. No process using the storage has been or will be
	// given any (timestamp, clock sequence, node) triple in the block.
	// randSeq supplies a clock sequence when there is no usable saved
	// state.
	reserve(from, n uint64, node [6]byte, randSeq func() (uint16, error)) (start uint64, seq uint16, used [6]byte, err error)
}

// next returns the next timestamp and clock sequence for the clock reading
// now, as [gregorianState.next] does in memory: within the process,
// timestamps come from the block reserved last, counted on from the last
// one. When the block is used up, or [resume] says the clock went back
// (or stopped: stalled is set), the next block is reserved under the
// file's lock, where resume decides again against the saved state, which
// sets the clock sequence (RFC 4122, Sections 4.2.1.1-4.2.1.4).
// A clock sequence for a state with none saved comes from e.
func (s *sharedState) next(now uint64, stalled bool, node [6]byte, e *entropy) (ticks uint64, seq uint16, used [6]byte, st step, err error) {
	s.once.Do(func() { s.store, s.err = openStateFile(s.path, s.mode) })
	if s.err != nil {
		return 0, 0, node, stepDone, s.err
	}
	ticks, restart := resume(s.lastTicks+1, now, maxAhead)
	if restart && waitForClock(now, s.lastNow, stalled) {
		return 0, 0, node, stepWait, nil // a burst ran maxAhead ahead of a moving clock
	}
	if ticks > maxGregorianTicks {
		return 0, 0, node, stepExhausted, nil
	}
	if ticks >= s.blockEnd || restart {
		switch {
		case s.blockSize == 0:
			s.blockSize = minBlock
		case ticks == s.blockEnd && now < ticks:
			s.blockSize = min(2*s.blockSize, maxBlock) // used up by counting
		case now < s.blockEnd+clockBlock:
			s.blockSize = min(2*s.blockSize, max(clockBlock, s.blockSize)) // overtaken in use
		default:
			s.blockSize = minBlock // idle since the block ended
		}
		start, seq, used, err := s.store.reserve(ticks, s.blockSize, node, e.randomSeq)
		if err != nil {
			return 0, 0, node, stepDone, err
		}
		if start > maxGregorianTicks {
			return 0, 0, node, stepExhausted, nil
		}
		ticks, s.seq, s.node, s.blockEnd = start, seq, used, start+s.blockSize
	}
	s.lastNow, s.lastTicks = now, ticks
	return ticks, s.seq, s.node, stepDone, nil
}

// A stateRecord is the state that RFC 4122, Section 4.2.1 keeps in stable
// storage. It holds a bound rather than the last timestamp used, because
// processes write the timestamp ahead (RFC 4122, Section 4.2.1.3): end is
// the end of the last block of timestamps reserved.
type stateRecord struct {
	end  uint64
	seq  uint16
	node [6]byte
}

// encode returns r in the state file's format.
func (r stateRecord) encode() [recordLen]byte {
	var b [recordLen]byte
	copy(b[0:], recordMagic)
	b[4] = recordVersion
	binary.BigEndian.PutUint64(b[8:], r.end)
	binary.BigEndian.PutUint16(b[16:], r.seq&0x3fff)
	copy(b[18:], r.node[:])
	binary.BigEndian.PutUint32(b[28:], crc32.ChecksumIEEE(b[:28]))
	return b
}

// decodeRecord returns the record in b and reports whether b is exactly
// one valid record. A torn or corrupted write fails the checksum.
func decodeRecord(b []byte) (stateRecord, bool) {
	if len(b) != recordLen ||
		binary.BigEndian.Uint32(b[28:]) != crc32.ChecksumIEEE(b[:28]) ||
		string(b[0:4]) != recordMagic || b[4] != recordVersion ||
		b[5]|b[6]|b[7]|b[24]|b[25]|b[26]|b[27] != 0 {
		return stateRecord{}, false
	}
	r := stateRecord{
		end:  binary.BigEndian.Uint64(b[8:]),
		seq:  binary.BigEndian.Uint16(b[16:]),
		node: [6]byte(b[18:24]),
	}
	return r, r.seq <= 0x3fff
}

// nextBlock returns the start, clock sequence and node of a block of
// timestamps wanted from from, given the saved state (ok is false if there
// was none):
//   - A random node (multicast bit set) gives way to a random node saved in
//     the file, so that every process of the host that shares the file uses
//     one node: otherwise each would see another node's state and restart
//     it.
//   - No saved state, or one for another node: a random clock sequence,
//     from randSeq, and start = from.
//   - Otherwise the saved end bounds every timestamp handed out with the
//     saved clock sequence, and [resume] decides, as it does in memory:
//     continue at from or after the saved end with the saved clock
//     sequence, or, if the clock went back (the saved end is more than
//     fileAhead ahead of from), restart at from with the next one.
//
// The caller saves start plus the block's length, so no (timestamp, clock
// sequence, node) triple is handed out twice, up to the 14 bits of the
// clock sequence: it repeats after 16384 increments, or by chance after a
// random restart.
func nextBlock(saved stateRecord, ok bool, from uint64, node [6]byte, randSeq func() (uint16, error)) (start uint64, seq uint16, used [6]byte, err error) {
	if ok && isRandomNode(node) && isRandomNode(saved.node) {
		node = saved.node
	}
	if !ok || saved.node != node {
		seq, err = randSeq()
		return from, seq & 0x3fff, node, err
	}
	start, nextSeq := resume(saved.end, from, fileAhead)
	if nextSeq {
		return start, (saved.seq + 1) & 0x3fff, node, nil
	}
	return start, saved.seq, node, nil
}

// A fileStore is a [stateStore] kept in a file that every process using
// it opens, as RFC 4122, Section 4.2.1 describes. A reservation takes the
// file's lock, reads the record, writes the new one with a single write at
// offset 0 and releases the lock; the file stays open for the Generator's
// lifetime, and a process that dies loses its lock with its descriptor.
//
// The record is re-read on every reservation, since another process may
// have written it; the volatile copy of RFC 4122, Section 4.2.1.1 is the
// Generator's block. Writes are not synced to the disk: a process that is
// killed has made its write already, into the page cache, which the next
// process reads. Only an operating system crash or a power loss can lose
// writes, those the kernel had not yet written back. The file then holds
// an older record, or an empty or torn one. An empty or torn record fails
// its checksum, so the next reservation starts a random clock sequence, as
// for a state that is unavailable. An older record does no harm while the
// clock runs forward: the timestamps handed out before the crash ran at
// most about two seconds ahead of the clock (maxAhead for a burst, as much
// again for continuing after another process's block, and one block), and
// a host takes longer than that to restart, so after the restart the clock
// is past them all. Only a clock that is also set back across the crash
// can then repeat a triple, unless the record is far enough ahead for the
// clock sequence to change: the exposure RFC 4122, Section 4.2.1.3
// accepts.
//
// A path may come to name another file while the file is open: an editor,
// a configuration tool or a restore from backup replaces it with a copy
// (cp state state.new && mv state.new state). A process that kept locking
// the old file would then exclude nobody, and a process that opens the
// path afresh would read the copied record and hand out what this one
// hands out. So after taking the lock a reservation checks that the path
// still names the locked file, and otherwise opens the path again.
type fileStore struct {
	path   string
	mode   os.FileMode
	f      *os.File
	lock   func() error // takes the file's exclusive lock, waiting for it
	unlock func() error

	mu  sync.Mutex          // makes concurrent reservations wait
	buf [recordLen + 1]byte // one byte more, to notice a longer file
}

// maxReopens bounds how often one reservation opens a path that keeps
// being replaced before it gives up.
const maxReopens = 100

// lockCurrent takes the lock of the file the path names now, reopening
// the path if it names another file than the one s has open.
// After a failed reopen s has no open file, and the next reservation
// tries to open the path again, so a path that was briefly unusable does
// not stop the Generator for good.
func (s *fileStore) lockCurrent() error {
	for range maxReopens {
		if s.f == nil {
			if err := s.open(); err != nil {
				return err
			}
		}
		if err := s.lock(); err != nil {
			return stateFileError(s.path, "lock", err)
		}
		held, err := s.f.Stat()
		if err != nil {
			s.unlock()
			return stateFileError(s.path, "stat", err)
		}
		named, err := os.Lstat(s.path)
		if err == nil && os.SameFile(held, named) {
			return nil
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			s.unlock()
			return stateFileError(s.path, "stat", err)
		}
		// Replaced or removed: the lock guards nothing any more.
		s.unlock()
		s.f.Close()
		s.f = nil
	}
	return stateFileError(s.path, "lock", errReplaced)
}

// errReplaced reports a path that kept naming a new file.
var errReplaced = errors.New("the path kept being replaced while it was locked")

// reserve implements stateStore.
func (s *fileStore) reserve(from, n uint64, node [6]byte, randSeq func() (uint16, error)) (start uint64, seq uint16, used [6]byte, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.lockCurrent(); err != nil {
		return 0, 0, node, err
	}
	defer func() {
		if uerr := s.unlock(); uerr != nil && err == nil {
			start, seq, err = 0, 0, stateFileError(s.path, "unlock", uerr)
		}
	}()
	size, err := s.f.ReadAt(s.buf[:], 0)
	if err != nil && err != io.EOF {
		return 0, 0, node, stateFileError(s.path, "read", err)
	}
	saved, ok := decodeRecord(s.buf[:size])
	if start, seq, node, err = nextBlock(saved, ok, from, node, randSeq); err != nil {
		return 0, 0, node, err
	}
	rec := stateRecord{end: start + n, seq: seq, node: node}.encode()
	if _, err := s.f.WriteAt(rec[:], 0); err != nil {
		return 0, 0, node, stateFileError(s.path, "write", err)
	}
	if size > recordLen {
		if err := s.f.Truncate(recordLen); err != nil {
			return 0, 0, node, stateFileError(s.path, "truncate", err)
		}
	}
	return start, seq, node, nil
}

// stateFileError returns err, from the operation op on the state file at
// path, as a [*StateFileError].
func stateFileError(path, op string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the path and operation are said once, here
	}
	return &StateFileError{Path: path, Op: op, Err: err}
}

// A StateFileError reports a state file (see [GeneratorOptions.StateFile])
// that cannot be used. It reads "uuid: state file <path>: <op>: <cause>"
// and wraps the cause, so errors.Is(err, fs.ErrPermission) works.
type StateFileError struct {
	Path string // the state file's path
	Op   string // what failed: "open", "lock", "read", "write", ...
	Err  error  // why
}

func (e *StateFileError) Error() string {
	return "uuid: state file " + e.Path + ": " + e.Op + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *StateFileError) Unwrap() error { return e.Err }
