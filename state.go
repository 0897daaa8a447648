package uuid

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"time"
)

// The state file is a table of up to tableSlots nodes, each with the
// state RFC 4122, Section 4.2.1 keeps in stable storage for it, written
// whole at offset 0 (all integers big-endian):
//
//	offset size field
//	     0    4 magic "UUst"
//	     4    1 format version, 2
//	     5    3 reserved, zero
//	     8    8 count: reservations written so far
//	    16   12 reserved, zero
//	    28    4 CRC-32 (IEEE) of bytes 0 to 27 and 32 to the end
//	    32   48 slot 0, then slots 1 to 15, each:
//	               0 8 used: the count when the slot was written; 0: empty
//	               8 8 end: every timestamp handed out with this clock
//	                   sequence and node is below it (100-ns ticks since
//	                   1582-10-15)
//	              16 2 clock sequence (14 bits; the top 2 bits are zero)
//	              18 6 node
//	              24 8 device and
//	              32 8 inode of the file the slot was written to
//	              40 8 reserved, zero
//
// Version 1 of the format, one 32-byte record for one node, is read as a
// table of that one slot and written back as version 2.
const (
	recordMagic = "UUst"
	tableFormat = 2
	tableSlots  = 16
	headerLen   = 32
	slotLen     = 48
	tableLen    = headerLen + tableSlots*slotLen
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

// DefaultStateFileLockWait is how long a reservation waits for the state
// file's lock when [GeneratorOptions.StateFileLockWait] is zero.
const DefaultStateFileLockWait = 2 * time.Second

// A fileID names a file: its device and inode. A slot that names another
// file than the one it is read from was copied there, and may be stale.
type fileID struct{ dev, ino uint64 }

// A stateSlot is one node's state in the table.
type stateSlot struct {
	used uint64 // the table's count when the slot was written; 0: empty
	end  uint64
	seq  uint16
	node [6]byte
	file fileID
}

// A stateTable is a state file's content.
type stateTable struct {
	count uint64
	slots [tableSlots]stateSlot
}

// encode returns t in the state file's format.
func (t *stateTable) encode() [tableLen]byte {
	var b [tableLen]byte
	copy(b[0:], recordMagic)
	b[4] = tableFormat
	binary.BigEndian.PutUint64(b[8:], t.count)
	for i, s := range t.slots {
		p := b[headerLen+i*slotLen:]
		binary.BigEndian.PutUint64(p[0:], s.used)
		binary.BigEndian.PutUint64(p[8:], s.end)
		binary.BigEndian.PutUint16(p[16:], s.seq&0x3fff)
		copy(p[18:], s.node[:])
		binary.BigEndian.PutUint64(p[24:], s.file.dev)
		binary.BigEndian.PutUint64(p[32:], s.file.ino)
	}
	binary.BigEndian.PutUint32(b[28:], tableSum(b[:]))
	return b
}

// tableSum returns the checksum of an encoded table.
func tableSum(b []byte) uint32 {
	return crc32.Update(crc32.ChecksumIEEE(b[:28]), crc32.IEEETable, b[headerLen:])
}

// ErrNotStateFile is matched, with [errors.Is], by the [*StateFileError]
// of a path that names a file this package did not write: not empty,
// and of another size or with another magic number than a state file, or
// with more than one hard link. The file is left as it was.
var ErrNotStateFile = errors.New("not a state file: refusing to overwrite it")

// decodeTable returns the table in b, the content of the file id:
//   - Empty: no state (a new file, or one truncated).
//   - A table, or a version 1 record, that fails its checksum: no state (a
//     write torn by a crash).
//   - A version 1 record: its one slot, taken to be current.
//   - Anything else: ErrNotStateFile, and the file must be left alone.
func decodeTable(b []byte, id fileID) (stateTable, error) {
	var t stateTable
	switch {
	case len(b) == 0:
		return t, nil
	case len(b) >= 5 && len(b) <= recordLen && string(b[:4]) == recordMagic && b[4] == 1:
		if r, ok := decodeRecord(b); ok { // else torn
			t.count = 1
			t.slots[0] = stateSlot{used: 1, end: r.end, seq: r.seq, node: r.node, file: id}
		}
		return t, nil
	case len(b) > tableLen || len(b) < 5 || string(b[:4]) != recordMagic || b[4] != tableFormat:
		return t, ErrNotStateFile
	case len(b) < tableLen || binary.BigEndian.Uint32(b[28:]) != tableSum(b):
		return t, nil // torn
	}
	t.count = binary.BigEndian.Uint64(b[8:])
	for i := range t.slots {
		p := b[headerLen+i*slotLen:]
		t.slots[i] = stateSlot{
			used: binary.BigEndian.Uint64(p[0:]),
			end:  binary.BigEndian.Uint64(p[8:]),
			seq:  binary.BigEndian.Uint16(p[16:]) & 0x3fff,
			node: [6]byte(p[18:24]),
			file: fileID{binary.BigEndian.Uint64(p[24:]), binary.BigEndian.Uint64(p[32:])},
		}
	}
	return t, nil
}

// The version 1 record: one node's state in 32 bytes, magic "UUst",
// version 1, end, clock sequence, node and a CRC-32 of bytes 0 to 27.
const recordLen = 32

// A stateRecord is a version 1 record.
type stateRecord struct {
	end  uint64
	seq  uint16
	node [6]byte
}

// decodeRecord returns the version 1 record in b and reports whether b is
// exactly one valid record.
func decodeRecord(b []byte) (stateRecord, bool) {
	if len(b) != recordLen ||
		binary.BigEndian.Uint32(b[28:]) != crc32.ChecksumIEEE(b[:28]) ||
		string(b[0:4]) != recordMagic || b[4] != 1 ||
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

// A claim is what a process asks of the table: a block of n timestamps
// wanted from from, for node, given what the process itself knows.
type claim struct {
	from, n uint64
	node    [6]byte
	random  bool   // node is random: use the table's newest random node
	fresh   bool   // trust no slot: the process may have been cloned
	high    uint64 // the process's own timestamps are all below high
	last    uint16 // the clock sequence of the process's last block
	hasLast bool   // last holds; the process has had a block of node
	file    fileID // the file the table was read from
}

// reserve applies the reservation rule to t for c, and returns the block's
// start, clock sequence and node; t then holds the slot to save, and e
// supplies a random clock sequence where one is needed:
//   - A random node gives way to the newest random node in the table, so
//     that the processes of a host that share the file use one node and
//     one slot, unless c is fresh.
//   - The node's slot, written to this file: [resume] decides against it,
//     as it does in memory: continue at from or after the saved end with
//     the saved clock sequence, or, if the clock went back (the saved end
//     is more than fileAhead ahead of from), restart at from with the next
//     clock sequence.
//   - No slot (a new node, a lost or emptied file, or a slot evicted from
//     a full table), a slot copied from another file, or a fresh claim:
//     what other processes of the node have handed out is unknowable, so a
//     random clock sequence, unlike the slot's and the process's own last
//     one, and a start at from, or above everything the process has
//     handed out itself if that is at most a day ahead ([holds]).
//
// A new node takes an empty slot or, in a full table, the least recently
// written one: that node's processes then make a random restart.
func (t *stateTable) reserve(c claim, e *entropy) (start uint64, seq uint16, node [6]byte, err error) {
	node = c.node
	if c.random && !c.fresh {
		if i := t.newestRandom(); i >= 0 {
			node = t.slots[i].node
		}
	}
	i := t.find(node)
	if i >= 0 && !c.fresh && t.slots[i].file == c.file {
		saved := t.slots[i]
		start, nextSeq := resume(saved.end, c.from, fileAhead)
		seq = saved.seq
		if nextSeq {
			seq = (seq + 1) & 0x3fff
		}
		if c.hasLast && seq == c.last && holds(c.high, start, fileAhead) {
			start = max(start, c.high) // the file may have been restored in place
		}
		t.write(i, stateSlot{end: start + c.n, seq: seq, node: node, file: c.file})
		return start, seq, node, nil
	}
	if seq, err = e.randomSeq(); err != nil {
		return 0, 0, node, err
	}
	for (c.hasLast && seq == c.last) || (i >= 0 && seq == t.slots[i].seq) {
		seq = (seq + 1) & 0x3fff
	}
	start = c.from
	if holds(c.high, c.from, maxHoldTicks) {
		start = max(c.from, c.high)
	}
	if i < 0 {
		i = t.victim()
	}
	t.write(i, stateSlot{end: start + c.n, seq: seq, node: node, file: c.file})
	return start, seq, node, nil
}

// write saves s in slot i as the newest.
func (t *stateTable) write(i int, s stateSlot) {
	t.count++
	s.used = t.count
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

// victim returns the index of an empty slot or, if there is none, of the
// least recently written one.
func (t *stateTable) victim() int {
	best := 0
	for i, s := range t.slots {
		if s.used < t.slots[best].used {
			best = i
		}
	}
	return best
}

// A fileStore is the state file, which every process using it opens, as
// RFC 4122, Section 4.2.1 describes. A reservation takes the file's lock,
// reads the table, writes it back with a single write at offset 0 and
// releases the lock; the file stays open until the Generator is closed,
// and a process that dies loses its lock with its descriptor.
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
	mode os.FileMode
	wait time.Duration // how long to wait for the lock

	f    *os.File // nil: open the path at the next reservation
	lock fileLock
	id   fileID
	buf  [tableLen + 1]byte // one byte more, to notice a longer file
}

// maxReopens bounds how often one reservation opens a path that keeps
// being replaced before it gives up.
const maxReopens = 100

// open opens s.path, creating it if needed, without following a symbolic
// link in its last element, and refuses anything but a regular file with
// one link. The lock belongs to the open file, not the process, so two
// Generators in one process that name the same path exclude each other
// too. The file should be on a local file system: over NFS, flock(2)
// falls back to locks that belong to the process.
func (s *fileStore) open() error {
	if flockMissing != nil {
		return stateFileError(s.path, "open", flockMissing) // and create nothing
	}
	f, err := os.OpenFile(s.path, openFlags, s.mode.Perm())
	if err != nil {
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
		return fileID{}, errors.New("not a regular file")
	}
	id, links := fileIdentity(fi)
	if links > 1 {
		return fileID{}, ErrNotStateFile
	}
	return id, nil
}

// lockCurrent takes the lock of the file the path names now, reopening
// the path if it names another file than the one s has open, and waiting
// at most s.wait for the lock. After a failed reopen s has no open file,
// and the next reservation tries to open the path again, so a path that
// was briefly unusable does not stop the Generator for good.
func (s *fileStore) lockCurrent() error {
	deadline := time.Now().Add(s.wait)
	for range maxReopens {
		if s.f == nil {
			if err := s.open(); err != nil {
				return err
			}
		}
		if err := s.waitLock(deadline); err != nil {
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
var errReplaced = errors.New("the path kept being replaced while it was locked")

// reserve applies the reservation rule ([stateTable.reserve]) under the
// file's lock and saves the table.
func (s *fileStore) reserve(c claim, e *entropy) (start uint64, seq uint16, node [6]byte, err error) {
	if err := s.lockCurrent(); err != nil {
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
	t, err := decodeTable(s.buf[:size], s.id)
	if err != nil {
		return 0, 0, c.node, stateFileError(s.path, "read", err)
	}
	c.file = s.id
	if start, seq, node, err = t.reserve(c, e); err != nil {
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
// do [ErrNotStateFile], [ErrNoFileLocks] and os.ErrDeadlineExceeded (the
// lock was not had within [GeneratorOptions.StateFileLockWait]).
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

// ErrNoFileLocks is wrapped by the [*StateFileError] of a platform
// without flock(2), such as Windows, Plan 9 and WebAssembly. It matches
// [errors.ErrUnsupported].
var ErrNoFileLocks error = noFileLocks{}

type noFileLocks struct{}

func (noFileLocks) Error() string        { return "state files need flock(2), which this platform lacks" }
func (noFileLocks) Is(target error) bool { return target == errors.ErrUnsupported }

// ErrClosed is returned by the methods of a [Generator] that use its state
// file after [Generator.Close].
var ErrClosed = errors.New("uuid: generator closed")
