package uuid

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"
)

// The state file is a table of up to tableSlots nodes, each with the
// state RFC 4122, Section 4.2.1 keeps in stable storage for it (the runs
// and epochs of the uniqueness rule: see [seqState]), and what is left of
// nodes evicted from the table. It is written whole at offset 0 (all
// integers big-endian):
//
//	offset size field
//	     0    4 magic "UUst"
//	     4    1 format version, 3
//	     5    3 reserved, zero
//	     8    8 count: reservations written so far
//	    16   12 reserved, zero
//	    28    4 CRC-32 (IEEE) of bytes 0 to 27 and 32 to the end
//	    32  128 evicted: 16 bounds; every timestamp handed out with a node
//	            evicted from the table is below the bound of the node's
//	            bucket (evictBucket)
//	   160   64 slot 0, then slots 1 to 15, each:
//	               0 8 used: the count when the slot was written; 0: empty
//	               8 8 end: the current run's timestamps are below it
//	                   (100-ns ticks since 1582-10-15)
//	              16 8 floor: the current epoch's timestamps are at or above it
//	              24 8 high: every timestamp handed out is below it
//	              32 2 clock sequence of the current run (14 bits)
//	              34 2 runs of the current epoch after its first
//	              36 6 node
//	              42 2 hits: reservations since the node took the slot,
//	                   up to 65535
//	              44 4 reserved, zero
//	              48 8 device and
//	              56 8 inode of the file the slot was written to
//
// A file with another format version is refused ([ErrNotStateFile]).
const (
	recordMagic  = "UUst"
	tableFormat  = 3
	tableSlots   = 16
	evictBuckets = 16
	headerLen    = 32
	slotsAt      = headerLen + evictBuckets*8
	slotLen      = 64
	tableLen     = slotsAt + tableSlots*slotLen
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
// after them, and may have continued after another process's block, which
// ran as far ahead of that process's clock.
const fileAhead = 2 * (maxAhead + maxBlock)

// defaultLockWait is how long a reservation waits for the state file's
// lock when [GeneratorOptions.StateFileLockWait] is zero.
const defaultLockWait = 2 * time.Second

// A fileID names a file: its device and inode. A slot that names another
// file than the one it is read from was copied there, and may be stale.
type fileID struct{ dev, ino uint64 }

// A stateSlot is one node's state in the table.
type stateSlot struct {
	seqState
	used uint64 // the table's count when the slot was written; 0: empty
	hits uint16 // reservations since the node took the slot
	node [6]byte
	file fileID
}

// A stateTable is a state file's content.
type stateTable struct {
	count   uint64
	evicted [evictBuckets]uint64
	slots   [tableSlots]stateSlot
}

// evictBucket returns the bucket of evicted bounds that node falls in.
func evictBucket(node [6]byte) int {
	return int(crc32.ChecksumIEEE(node[:]) % evictBuckets)
}

// encode returns t in the state file's format.
func (t *stateTable) encode() [tableLen]byte {
	var b [tableLen]byte
	copy(b[0:], recordMagic)
	b[4] = tableFormat
	binary.BigEndian.PutUint64(b[8:], t.count)
	for i, e := range t.evicted {
		binary.BigEndian.PutUint64(b[headerLen+8*i:], e)
	}
	for i, s := range t.slots {
		p := b[slotsAt+i*slotLen:]
		binary.BigEndian.PutUint64(p[0:], s.used)
		binary.BigEndian.PutUint64(p[8:], s.end)
		binary.BigEndian.PutUint64(p[16:], s.floor)
		binary.BigEndian.PutUint64(p[24:], s.high)
		binary.BigEndian.PutUint16(p[32:], s.seq&0x3fff)
		binary.BigEndian.PutUint16(p[34:], s.runs&0x3fff)
		copy(p[36:], s.node[:])
		binary.BigEndian.PutUint16(p[42:], s.hits)
		binary.BigEndian.PutUint64(p[48:], s.file.dev)
		binary.BigEndian.PutUint64(p[56:], s.file.ino)
	}
	binary.BigEndian.PutUint32(b[28:], tableSum(b[:]))
	return b
}

// tableSum returns the checksum of an encoded table.
func tableSum(b []byte) uint32 {
	return crc32.Update(crc32.ChecksumIEEE(b[:28]), crc32.IEEETable, b[headerLen:])
}

// ErrNotStateFile is matched, with [errors.Is], by the [*StateFileError]
// of a [GeneratorOptions.StateFile] path that names something this
// package did not write: a symbolic link, a directory, a FIFO or another
// file that is not a regular file, a file with more than one hard link,
// or a file that is not empty and has another magic number or format
// version than a state file, or is longer than one. What the path names
// is left as it was.
var ErrNotStateFile = errors.New("uuid: not a state file")

// decodeTable returns the table in b, the content of a state file:
//   - Empty: no state (a new file, or one truncated).
//   - A table that fails its checksum: no state (a write torn by a crash).
//   - Anything else that is not a table of this format: ErrNotStateFile,
//     and the file must be left alone.
func decodeTable(b []byte) (stateTable, error) {
	var t stateTable
	switch {
	case len(b) == 0:
		return t, nil
	case len(b) < 5 || string(b[:4]) != recordMagic:
		return t, ErrNotStateFile
	case b[4] != tableFormat:
		return t, fmt.Errorf("%w: format version %d", ErrNotStateFile, b[4])
	case len(b) > tableLen:
		return t, ErrNotStateFile
	case len(b) < tableLen || binary.BigEndian.Uint32(b[28:]) != tableSum(b):
		return t, nil // torn
	}
	t.count = binary.BigEndian.Uint64(b[8:])
	for i := range t.evicted {
		t.evicted[i] = binary.BigEndian.Uint64(b[headerLen+8*i:])
	}
	for i := range t.slots {
		p := b[slotsAt+i*slotLen:]
		s := &t.slots[i]
		s.used = binary.BigEndian.Uint64(p[0:])
		s.end = binary.BigEndian.Uint64(p[8:])
		s.floor = binary.BigEndian.Uint64(p[16:])
		s.high = binary.BigEndian.Uint64(p[24:])
		s.seq = binary.BigEndian.Uint16(p[32:]) & 0x3fff
		s.runs = binary.BigEndian.Uint16(p[34:]) & 0x3fff
		s.node = [6]byte(p[36:42])
		s.hits = binary.BigEndian.Uint16(p[42:])
		s.file = fileID{binary.BigEndian.Uint64(p[48:]), binary.BigEndian.Uint64(p[56:])}
	}
	return t, nil
}

// A claim is what a process asks of the table: a block of n timestamps
// wanted from from, for node, given what the process itself knows.
type claim struct {
	from, n uint64
	node    [6]byte
	random  bool   // node is random: use the table's newest random node
	fresh   bool   // trust no slot: the process may have been cloned
	high    uint64 // the process's own timestamps for node are all below high
	file    fileID // the file the table was read from

	// A random clock sequence for a restart, drawn before the lock was
	// taken so that no caller's Rand runs under it, or why it could not be.
	randSeq uint16
	randErr error
}

// reserve applies the uniqueness rule ([seqState]) to t for c, and returns
// the block's start, clock sequence and node; t then holds the slot to
// save:
//   - A random node gives way to the newest random node in the table, so
//     that the processes of a host that share the file use one node and
//     one slot, unless c is fresh.
//   - The node's slot, written to this file and knowing at least what the
//     process knows: the rule decides against it, with fileAhead as the
//     look-ahead, as it does in memory with maxAhead.
//   - No slot (a new node, a lost or emptied file, or a slot evicted from
//     a full table), a slot copied from another file, a slot behind the
//     process's own timestamps (a file restored from a backup), or a
//     fresh claim: a restart, a new epoch with c's random clock sequence,
//     whose floor is above every timestamp the slot, the node's bucket of
//     evicted bounds and the process know of; the block starts at from or
//     at the floor, whichever is higher.
//
// A new node takes an empty slot or, in a full table, the victim (see
// [stateTable.victim]), whose bound goes to its bucket of evicted bounds.
func (t *stateTable) reserve(c claim) (start uint64, seq uint16, node [6]byte, err error) {
	node = c.node
	if c.random && !c.fresh {
		if i := t.newestRandom(); i >= 0 {
			node = t.slots[i].node
		}
	}
	i := t.find(node)
	if i >= 0 && !c.fresh && t.slots[i].file == c.file && t.slots[i].high >= c.high {
		s := t.slots[i]
		start, newRun := s.plan(c.from, fileAhead)
		start, seq = s.take(start, newRun, c.n)
		t.write(i, s)
		return start, seq, node, nil
	}
	if c.randErr != nil {
		return 0, 0, node, c.randErr
	}
	s := stateSlot{node: node, file: c.file}
	s.high = max(c.high, t.evicted[evictBucket(node)])
	if i >= 0 {
		s.high, s.hits = max(s.high, t.slots[i].high), t.slots[i].hits
	} else {
		i = t.victim()
		if v := t.slots[i]; v.used != 0 {
			b := evictBucket(v.node)
			t.evicted[b] = max(t.evicted[b], v.high)
		}
	}
	s.restart(c.randSeq)
	start, seq = s.take(c.from, false, c.n)
	t.write(i, s)
	return start, seq, node, nil
}

// write saves s in slot i as the newest.
func (t *stateTable) write(i int, s stateSlot) {
	t.count++
	s.used = t.count
	s.hits = min(s.hits, 0xfffe) + 1
	t.slots[i] = s
}

// find returns the index of node's slot, or -1.
func (t *stateTable) find(node [6]byte) int {
	for i, s := range t.slots {
		if s.used != 0 && s.node == node {
			return i
		}
	}
	return -1
}

// newestRandom returns the index of the most recently written slot of a
// random node, or -1.
func (t *stateTable) newestRandom() int {
	best := -1
	for i, s := range t.slots {
		if s.used != 0 && isRandomNode(s.node) && (best < 0 || s.used > t.slots[best].used) {
			best = i
		}
	}
	return best
}

// victim returns the index of the slot a new node takes: an empty one,
// else the least recently used of the nodes that reserved only once,
// else the least recently used of all. So a node that reserves again and
// again keeps its slot however many nodes that reserve once (a Generator
// per request with a fresh node) come and go.
func (t *stateTable) victim() int {
	best, once := -1, -1
	for i, s := range t.slots {
		switch {
		case s.used == 0:
			return i
		case s.hits <= 1 && (once < 0 || s.used < t.slots[once].used):
			once = i
		}
		if best < 0 || s.used < t.slots[best].used {
			best = i
		}
	}
	if once >= 0 {
		return once
	}
	return best
}

// A fileStore is the state file, which every process using it opens, as
// RFC 4122, Section 4.2.1 describes. A reservation takes the file's lock,
// reads the table, writes it back with a single write at offset 0 and
// releases the lock; the file stays open while a Generator of the process
// holds it ([sharedFile]), and a process that dies loses its lock with
// its descriptor.
//
// The table is read on every reservation, since another process may have
// written it; the volatile copy of RFC 4122, Section 4.2.1.1 is the
// Generator's block. Writes are not synced to the disk: a process that is
// killed has made its write already, into the page cache, which the next
// process reads. Only an operating system crash or a power loss can lose
// writes, those the kernel had not yet written back. The file then holds
// an older table, or an empty or torn one, which counts as no state. An
// older table does no harm while the clock runs forward: the timestamps
// handed out before the crash ran at most a few seconds ahead of the
// clock, and a host takes longer than that to restart. Only a clock that
// is also set back across the crash can then repeat a triple, unless the
// table is far enough ahead for the clock sequence to change: the exposure
// RFC 4122, Section 4.2.1.3 accepts.
//
// A path may come to name another file while the file is open: an editor,
// a configuration tool or a restore from backup replaces it with a copy
// (cp state state.new && mv state.new state). A process that kept locking
// the old file would then exclude nobody. So after taking the lock a
// reservation checks that the path still names the locked file, and
// otherwise opens the path again; and each slot names the file it was
// written to, so that one read from a copy is not trusted.
type fileStore struct {
	path string

	f    *os.File // nil: open the path at the next reservation
	lock fileLock
	id   fileID
	buf  [tableLen + 1]byte // one byte more, to notice a longer file
}

// maxReopens bounds how often one reservation opens a path that keeps
// being replaced before it gives up.
const maxReopens = 100

// open opens s.path, creating it with permission 0600 if needed, without
// following a symbolic link in its last element, and refuses anything but
// a regular file with one link. The lock belongs to the open file, not
// the process; the Generators of one process that name the path share
// one fileStore (see [sharedFile]). The file should be on a local file
// system: over NFS, flock(2) falls back to locks that belong to the
// process.
func (s *fileStore) open() error {
	if flockMissing != nil {
		return stateFileError(s.path, "open", flockMissing) // and create nothing
	}
	f, err := os.OpenFile(s.path, openFlags, 0o600)
	if err != nil {
		if fi, lerr := os.Lstat(s.path); lerr == nil && !fi.Mode().IsRegular() {
			err = notRegular(fi.Mode()) // the open failed on what is there
		}
		return stateFileError(s.path, "open", err)
	}
	id, err := s.check(f)
	var l fileLock
	if err == nil {
		l, err = newFileLock(f)
	}
	if err != nil {
		f.Close()
		return stateFileError(s.path, "open", err)
	}
	s.f, s.lock, s.id = f, l, id
	return nil
}

// check returns the identity of f, a state file, or an error if it is not
// a regular file with one link.
func (s *fileStore) check(f *os.File) (fileID, error) {
	fi, err := f.Stat()
	if err != nil {
		return fileID{}, err
	}
	if !fi.Mode().IsRegular() {
		return fileID{}, notRegular(fi.Mode())
	}
	id, links := fileIdentity(fi)
	if links > 1 {
		return fileID{}, fmt.Errorf("%w: a file with %d hard links", ErrNotStateFile, links)
	}
	return id, nil
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
	return fmt.Errorf("%w: %s", ErrNotStateFile, what)
}

// lockCurrent takes the lock of the file the path names now, reopening
// the path if it names another file than the one s has open, and waiting
// at most wait for the lock. After a failed reopen s has no open file,
// and the next reservation tries to open the path again, so a path that
// was briefly unusable does not stop the Generator for good.
func (s *fileStore) lockCurrent(wait time.Duration) error {
	deadline := time.Now().Add(wait)
	for range maxReopens {
		if s.f == nil {
			if err := s.open(); err != nil {
				return err
			}
		}
		if err := s.waitLock(deadline); err != nil {
			if err == os.ErrDeadlineExceeded {
				err = &lockHeldError{wait}
			}
			return stateFileError(s.path, "lock", err)
		}
		named, err := os.Lstat(s.path)
		if err == nil && s.sameFile(named) {
			return nil
		}
		s.lock.release()
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return stateFileError(s.path, "stat", err)
		}
		// Replaced or removed: the lock guards nothing any more.
		s.close()
	}
	return stateFileError(s.path, "lock", errReplaced)
}

// A lockHeldError reports a lock that another open file of the state
// file (another process, as a rule) held throughout the wait. It matches
// os.ErrDeadlineExceeded.
type lockHeldError struct{ wait time.Duration }

func (e *lockHeldError) Error() string {
	if e.wait <= 0 {
		return "held by another process"
	}
	return "held by another process throughout a wait of " + e.wait.String()
}

func (e *lockHeldError) Unwrap() error { return os.ErrDeadlineExceeded }

// sameFile reports whether named is the file s has open.
func (s *fileStore) sameFile(named os.FileInfo) bool {
	id, _ := fileIdentity(named)
	return id == s.id
}

// waitLock takes the lock, trying until deadline. It polls rather than
// block in flock(2), so that a process holding the lock for ever (another
// user can take the lock of a file it may read) makes reservations fail
// with os.ErrDeadlineExceeded instead of hang.
func (s *fileStore) waitLock(deadline time.Time) error {
	pause := 20 * time.Microsecond
	for {
		ok, err := s.lock.try()
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

// errReplaced reports a path that kept naming a new file.
var errReplaced = errors.New("uuid: the path kept naming a new file while it was locked")

// reserve applies the reservation rule ([stateTable.reserve]) under the
// file's lock, waiting at most wait for it, and saves the table.
func (s *fileStore) reserve(c claim, wait time.Duration) (start uint64, seq uint16, node [6]byte, err error) {
	if err := s.lockCurrent(wait); err != nil {
		return 0, 0, c.node, err
	}
	defer func() {
		if uerr := s.lock.release(); uerr != nil && err == nil {
			start, seq, err = 0, 0, stateFileError(s.path, "unlock", uerr)
		}
	}()
	size, err := s.f.ReadAt(s.buf[:], 0)
	if err != nil && err != io.EOF {
		return 0, 0, c.node, stateFileError(s.path, "read", err)
	}
	t, err := decodeTable(s.buf[:size])
	if err != nil {
		return 0, 0, c.node, stateFileError(s.path, "read", err)
	}
	c.file = s.id
	if start, seq, node, err = t.reserve(c); err != nil {
		return 0, 0, c.node, err
	}
	b := t.encode()
	if _, err := s.f.WriteAt(b[:], 0); err != nil {
		return 0, 0, c.node, stateFileError(s.path, "write", err)
	}
	return start, seq, node, nil
}

// close closes the file, if it is open.
func (s *fileStore) close() error {
	if s.f == nil {
		return nil
	}
	err := s.f.Close()
	s.f = nil
	return err
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
// and wraps the cause, so errors.Is(err, fs.ErrPermission) works, and so
// do [ErrNotStateFile], [ErrNoFileLocks] and os.ErrDeadlineExceeded
// (another process held the lock throughout
// [GeneratorOptions.StateFileLockWait]).
type StateFileError struct {
	Path string // the state file's path
	Op   string // what failed: "open", "lock", "stat", "read", "write", "unlock" or "close"
	Err  error  // why
}

func (e *StateFileError) Error() string {
	return "uuid: state file " + e.Path + ": " + e.Op + ": " + strings.TrimPrefix(e.Err.Error(), "uuid: ")
}

// Unwrap returns the cause.
func (e *StateFileError) Unwrap() error { return e.Err }

// ErrNoFileLocks is wrapped by the [*StateFileError] of a
// [GeneratorOptions.StateFile] on a platform without flock(2): Windows,
// Plan 9, WebAssembly, AIX and Solaris (illumos has it). It matches
// [errors.ErrUnsupported].
var ErrNoFileLocks error = unsupportedError("uuid: state files need flock(2)")

// unsupportedError is an error that matches [errors.ErrUnsupported]. A
// package-level fmt.Errorf would link fmt's printer into every program
// that imports this package, even one that never opens a state file.
type unsupportedError string

func (e unsupportedError) Error() string { return string(e) + ": " + errors.ErrUnsupported.Error() }
func (e unsupportedError) Unwrap() error { return errors.ErrUnsupported }

// ErrClosed is returned after [Generator.Close] by the methods that use
// the Generator's state file: [Generator.NewV1], and [Generator.NewV6]
// with [GeneratorOptions.V6Node].
var ErrClosed = errors.New("uuid: generator closed")
