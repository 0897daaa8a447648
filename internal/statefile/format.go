package statefile

import (
	"encoding/binary"
	"hash/crc32"
	"strconv"

	"github.com/afb7af96/uuid/internal/faults"
	"github.com/afb7af96/uuid/internal/gregorian"
)

// The state file holds two copies of a table of up to Slots nodes, each
// with its state under the uniqueness rule (a [gregorian.Node]), and, in
// Buckets, what is left of the nodes evicted from the table. Each copy
// carries a count of the reservations written; a reader takes the valid
// copy with the higher count, and a writer writes the other copy, so a
// write that is cut short (a crash, a file size limit, a full disk) harms
// only the older copy and the newest state survives, as LMDB keeps two
// meta pages. Copy 0 is at offset 0, copy 1 at offset tableLen; a copy
// (all integers big-endian):
//
//	offset size field
//	     0    4 magic "UUst"
//	     4    1 format version, 5
//	     5    3 reserved, zero
//	     8    8 count: reservations written so far
//	    16   12 reserved, zero
//	    28    4 CRC-32 (IEEE) of bytes 0 to 27 and 32 to the end
//	    32 1664 buckets: 16 node states (below); every timestamp handed
//	            out with a node evicted from the table is within the
//	            bounds of the state of the node's bucket
//	  1696  136 slot 0, then slots 1 to 15, each:
//	               0   8 used: the count when the slot was written; 0: empty
//	               8   2 hits: reservations since the node took the slot
//	              10   6 node
//	              16   8 device and
//	              24   8 inode of the file the slot was written to
//	              32 104 the node's state
//	  3872   64 the filter of bucket 0, then of buckets 1 to 15: a Bloom
//	            filter (512 bits, 4 per node) of the nodes evicted into
//	            the bucket, so that a node never evicted (a new one) does
//	            not start from the bucket's state
//
// A node state (104 bytes): floor (8), used (8), the lap's first clock
// sequence (2), the clock sequences started in the lap (2), 4 reserved
// bytes, then 8 runs of 10 bytes: end (8; 0: no run) and the clock
// sequence (2), whose top bit says the run is open. Times are 100-ns
// ticks since 1582-10-15. Format 4 was one such table without the
// filters, alone at offset 0, with version 4.
const (
	magic     = "UUst"
	format    = 5
	Slots     = 16
	Buckets   = 16
	headerLen = 32
	nodeLen   = 24 + gregorian.MaxRuns*10
	slotLen   = 32 + nodeLen
	slotsAt   = headerLen + Buckets*nodeLen
	filterLen = 64
	filtersAt = slotsAt + Slots*slotLen
	tableLen  = filtersAt + Buckets*filterLen
	fileLen   = 2 * tableLen // the two copies
)

// Lengths of the earlier formats, which are read and written back as
// format 5: format 1 was one 32-byte record, format 2 a table of 16
// 48-byte slots, format 3 a table of 16 64-byte slots after 16 evicted
// bounds, format 4 one copy of format 5's table without the filters.
const (
	len1 = 32
	len2 = headerLen + 16*48
	len3 = headerLen + 16*8 + 16*64
	len4 = filtersAt
)

// maxLen is the longest a state file of any format is.
const maxLen = max(fileLen, len1, len2, len3, len4)

// A Slot is one node's state in the table.
type Slot struct {
	Used  uint64 // the table's count when the slot was written; 0: empty
	Hits  uint16
	Node  [6]byte
	File  ID // the file the slot was written to
	State gregorian.Node
}

// A Table is a state file's content.
type Table struct {
	Count   uint64
	Buckets [Buckets]gregorian.Node
	Left    [Buckets][filterLen]byte // filters of the nodes evicted into each bucket
	Slots   [Slots]Slot
}

// Encode returns t in the state file's format.
func (t *Table) Encode() [tableLen]byte {
	var b [tableLen]byte
	copy(b[0:], magic)
	b[4] = format
	binary.BigEndian.PutUint64(b[8:], t.Count)
	for i := range t.Buckets {
		putNode(b[headerLen+i*nodeLen:], &t.Buckets[i])
	}
	for i := range t.Slots {
		s := &t.Slots[i]
		p := b[slotsAt+i*slotLen:]
		binary.BigEndian.PutUint64(p[0:], s.Used)
		binary.BigEndian.PutUint16(p[8:], s.Hits)
		copy(p[10:16], s.Node[:])
		binary.BigEndian.PutUint64(p[16:], s.File.Dev)
		binary.BigEndian.PutUint64(p[24:], s.File.Ino)
		putNode(p[32:], &s.State)
	}
	for i := range t.Left {
		copy(b[filtersAt+i*filterLen:], t.Left[i][:])
	}
	binary.BigEndian.PutUint32(b[28:], checksum(b[:]))
	return b
}

func putNode(p []byte, n *gregorian.Node) {
	binary.BigEndian.PutUint64(p[0:], n.Floor)
	binary.BigEndian.PutUint64(p[8:], n.Used)
	binary.BigEndian.PutUint16(p[16:], n.Lap)
	binary.BigEndian.PutUint16(p[18:], n.N)
	for i, r := range n.Runs {
		q := p[24+10*i:]
		seq := r.Seq & (gregorian.Seqs - 1)
		if r.Open {
			seq |= 1 << 15
		}
		binary.BigEndian.PutUint64(q[0:], r.End)
		binary.BigEndian.PutUint16(q[8:], seq)
	}
}

func getNode(p []byte) gregorian.Node {
	n := gregorian.Node{
		Floor: binary.BigEndian.Uint64(p[0:]),
		Used:  binary.BigEndian.Uint64(p[8:]),
		Lap:   binary.BigEndian.Uint16(p[16:]) & (gregorian.Seqs - 1),
		N:     min(binary.BigEndian.Uint16(p[18:]), gregorian.Seqs),
	}
	n.Used = max(n.Used, n.Floor)
	for i := range n.Runs {
		q := p[24+10*i:]
		seq := binary.BigEndian.Uint16(q[8:])
		n.Runs[i] = gregorian.Run{End: binary.BigEndian.Uint64(q[0:]), Seq: seq & (gregorian.Seqs - 1), Open: seq&(1<<15) != 0}
		if n.Runs[i].End == 0 {
			n.Runs[i] = gregorian.Run{}
		}
	}
	return n
}

// checksum returns the checksum of an encoded table of formats 2 to 4.
func checksum(b []byte) uint32 {
	if faults.On(faults.AcceptTornCopy) {
		return binary.BigEndian.Uint32(b[28:]) // whatever the table says
	}
	return crc32.Update(crc32.ChecksumIEEE(b[:28]), crc32.IEEETable, b[headerLen:])
}

// Decode returns the newest table in b, the content of the file id (see
// [decode]).
func Decode(b []byte, id ID) (Table, error) {
	t, _, err := decode(b, id)
	return t, err
}

// decode returns the newest table in b, the content of the file id, and
// the copy it came from (0 or 1; -1 if none did), so that the next write
// goes to the other copy:
//   - Empty, all zero bytes (what some file systems leave after a crash),
//     or a write of the magic number cut short over zero bytes ([blank]):
//     no state.
//   - Format 5: the valid copy with the higher count. A copy too short,
//     failing its checksum, or blank (a write torn by a crash or a limit)
//     counts as none. Copy 0 may still hold a table of an earlier format,
//     which format 5's first write left in place.
//   - A table of format 1 to 4 alone: read as format 5 from copy 0.
//   - Anything else: ErrNotStateFile, and the file must be left alone.
func decode(b []byte, id ID) (Table, int, error) {
	if len(b) > tableLen && len(b) <= fileLen && blank(b[tableLen:]) {
		b = b[:tableLen] // copy 1 unwritten, or torn in its first bytes
	}
	if blank(b) {
		return Table{}, -1, nil
	}
	if !isDual(b) {
		return decodeSingle(b, id)
	}
	return decodeDual(b, id)
}

// decodeSingle decodes a file that holds one table: of an earlier format,
// or format 5's copy 0 alone.
func decodeSingle(b []byte, id ID) (Table, int, error) {
	if v := formatLen(b[min(4, len(b)-1)]); len(b) > 4 && v != 0 && v < len(b) && len(b) <= fileLen && allZero(b[v:]) {
		b = b[:v] // a crash extended the file by the second copy, unwritten
	}
	t, ok, err := decodeOne(b, id)
	if !ok {
		return t, -1, err
	}
	return t, 0, err
}

// decodeDual decodes a file of format 5 with both copies begun.
func decodeDual(b []byte, id ID) (Table, int, error) {
	if len(b) > fileLen {
		return Table{}, -1, notStateFile("longer than a file of format " + strconv.Itoa(format))
	}
	c0, c1 := b[:min(len(b), tableLen)], b[min(len(b), tableLen):]
	if !blank(c1) && !hasPrefix(c1, magic+string(rune(format))) {
		return Table{}, -1, notStateFile("a second copy of another format")
	}
	if !blank(c0) && !hasPrefix(c0, magic) {
		return Table{}, -1, ErrNotStateFile
	}
	if len(c0) > 4 {
		if v := formatLen(c0[4]); v != 0 && v < len(c0) && allZero(c0[v:]) {
			c0 = c0[:v] // an earlier format, not yet written over
		}
	}
	// The valid copy with the higher count: the copy whose head says the
	// higher count is checked first, and the other only if it is not
	// valid, so a reservation checks and parses one copy as a rule.
	first, second := 0, 1
	if count(c1) > count(c0) || faults.On(faults.SkipGenerationCheck) {
		first, second = 1, 0
	}
	copies := [2][]byte{c0, c1}
	if t, ok, _ := decodeOne(copies[first], id); ok {
		return t, first, nil
	}
	if t, ok, _ := decodeOne(copies[second], id); ok {
		return t, second, nil
	}
	return Table{}, -1, nil
}

// headCount returns the highest count the head of a copy of this format
// in the file b says, whether or not the copy is whole, or 0 (a count no
// write of this package reaches, which a scribble may say, counts as 0).
func headCount(b []byte) uint64 {
	n := uint64(0)
	for _, c := range [2][]byte{b[:min(len(b), tableLen)], b[min(len(b), tableLen):]} {
		if len(c) >= 16 && string(c[:5]) == magic+string(rune(format)) {
			if k := binary.BigEndian.Uint64(c[8:]); k < 1<<62 {
				n = max(n, k)
			}
		}
	}
	return n
}

// count returns the count a copy's head says, which holds if the copy is
// valid: 1 for format 1, which kept none, and 0 for a copy too short.
func count(c []byte) uint64 {
	switch {
	case len(c) < 16:
		return 0
	case c[4] == 1:
		return 1
	}
	return binary.BigEndian.Uint64(c[8:])
}

// blank reports whether b holds no table and no sign of another program's
// data: it is all zero bytes, or the start of a table's head (the magic
// number and format version) cut short by a crash or a limit over zero
// bytes, which a write of a table into an empty or zeroed file leaves.
func blank(b []byte) bool {
	head := magic + string(rune(format))
	n := 0
	for n < len(b) && n < len(head) && b[n] == head[n] {
		n++
	}
	return n < len(head) && allZero(b[n:])
}

// isDual reports whether b is a file of format 5: copy 0 says so, or copy
// 1 begins as one does.
func isDual(b []byte) bool {
	head := magic + string(rune(format))
	if len(b) >= len(head) && string(b[:len(head)]) == head {
		return true
	}
	return len(b) > tableLen && !allZero(b[tableLen:]) && hasPrefix(b[tableLen:], head)
}

// hasPrefix reports whether b begins with p, or with as much of p as b
// holds (a write torn in p).
func hasPrefix(b []byte, p string) bool {
	n := min(len(b), len(p))
	return string(b[:n]) == p[:n]
}

// decodeOne returns the one table in b, and reports whether it holds one;
// a table that is torn (too short, failing its checksum) holds none.
func decodeOne(b []byte, id ID) (t Table, ok bool, err error) {
	n := min(len(b), len(magic))
	switch {
	case blank(b):
		return t, false, nil
	case string(b[:n]) != magic[:n]:
		return t, false, ErrNotStateFile
	case len(b) <= len(magic):
		return t, false, nil // torn in the magic number
	}
	want := formatLen(b[4])
	switch {
	case want == 0:
		return t, false, notStateFile("format version " + strconv.Itoa(int(b[4])))
	case len(b) > want:
		return t, false, notStateFile("longer than a table of format " + strconv.Itoa(int(b[4])))
	case len(b) < want:
		return t, false, nil // torn
	case b[4] == 1:
		if binary.BigEndian.Uint32(b[28:]) != crc32.ChecksumIEEE(b[:28]) {
			return t, false, nil
		}
	case binary.BigEndian.Uint32(b[28:]) != checksum(b):
		return t, false, nil
	}
	if b[4] < 4 {
		return upgrade(b, id), true, nil
	}
	if b[4] == 4 {
		defer t.unknownLeft() // format 4 kept no filters
	} else {
		for i := range t.Left {
			t.Left[i] = [filterLen]byte(b[filtersAt+i*filterLen:])
		}
	}
	t.Count = binary.BigEndian.Uint64(b[8:])
	for i := range t.Buckets {
		t.Buckets[i] = getNode(b[headerLen+i*nodeLen:])
	}
	for i := range t.Slots {
		p := b[slotsAt+i*slotLen:]
		t.Slots[i] = Slot{
			Used:  binary.BigEndian.Uint64(p[0:]),
			Hits:  binary.BigEndian.Uint16(p[8:]),
			Node:  [6]byte(p[10:16]),
			File:  ID{binary.BigEndian.Uint64(p[16:]), binary.BigEndian.Uint64(p[24:])},
			State: getNode(p[32:]),
		}
	}
	return t, true, nil
}

// formatLen returns the length of a file of format f, or 0 for a format
// this package never wrote.
func formatLen(f byte) int {
	switch f {
	case 1:
		return len1
	case 2:
		return len2
	case 3:
		return len3
	case 4:
		return len4
	case format:
		return tableLen
	}
	return 0
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// upgrade returns the table of an earlier format, whose checksum holds.
// Each slot's clock sequence continues below its end, and every other
// clock sequence of the node, of which the earlier formats kept nothing
// more, is taken to be used below the highest bound the slot knows.
func upgrade(b []byte, id ID) Table {
	var t Table
	old := func(i int, used uint64, seq uint16, node []byte, end, high uint64, file ID) {
		if used == 0 {
			return
		}
		s := Slot{Used: used, Hits: 2, Node: [6]byte(node), File: file}
		seq &= gregorian.Seqs - 1
		s.State.Floor, s.State.Used = max(end, high), max(end, high)
		s.State.Runs[0] = gregorian.Run{Seq: seq, End: max(end, high), Open: end != 0}
		s.State.Lap = seq + 1
		t.Slots[i] = s
	}
	be := binary.BigEndian
	switch b[4] {
	case 1:
		t.Count = 1
		old(0, 1, be.Uint16(b[16:]), b[18:24], be.Uint64(b[8:]), 0, id)
	case 2:
		t.Count = be.Uint64(b[8:])
		for i := range 16 {
			p := b[headerLen+i*48:]
			old(i, be.Uint64(p), be.Uint16(p[16:]), p[18:24], be.Uint64(p[8:]), 0, ID{be.Uint64(p[24:]), be.Uint64(p[32:])})
		}
	case 3:
		t.Count = be.Uint64(b[8:])
		for i := range t.Buckets {
			e := be.Uint64(b[headerLen+8*i:])
			t.Buckets[i].Floor, t.Buckets[i].Used = e, e
		}
		for i := range 16 {
			p := b[headerLen+16*8+i*64:]
			old(i, be.Uint64(p), be.Uint16(p[32:]), p[36:42], be.Uint64(p[8:]), be.Uint64(p[24:]), ID{be.Uint64(p[48:]), be.Uint64(p[56:])})
		}
	}
	t.unknownLeft()
	return t
}

// unknownLeft fills the filter of every bucket that holds a state, of a
// format that kept no filters: any node may have been evicted into it.
func (t *Table) unknownLeft() {
	for i := range t.Buckets {
		if t.Buckets[i] != (gregorian.Node{}) {
			for j := range t.Left[i] {
				t.Left[i][j] = 0xff
			}
		}
	}
}
