package statefile

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"testing"

	"github.com/afb7af96/uuid/internal/gregorian"
)

const t0 = 140_000_000_000_000_000 // a Gregorian time in 2026, in ticks

func noHistory([6]byte, []uint16, []uint64) {}

// format2 returns a format-2 file (the previous version's) with one slot.
func format2(node [6]byte, seq uint16, end uint64, file ID) []byte {
	b := make([]byte, len2)
	copy(b, "UUst\x02")
	binary.BigEndian.PutUint64(b[8:], 1)
	p := b[headerLen:]
	binary.BigEndian.PutUint64(p[0:], 1)
	binary.BigEndian.PutUint64(p[8:], end)
	binary.BigEndian.PutUint16(p[16:], seq)
	copy(p[18:24], node[:])
	binary.BigEndian.PutUint64(p[24:], file.Dev)
	binary.BigEndian.PutUint64(p[32:], file.Ino)
	binary.BigEndian.PutUint32(b[28:], checksum(b))
	return b
}

// format3 returns a format-3 file with one slot.
func format3(node [6]byte, seq uint16, end, high uint64, file ID) []byte {
	b := make([]byte, len3)
	copy(b, "UUst\x03")
	binary.BigEndian.PutUint64(b[8:], 1)
	p := b[headerLen+16*8:]
	binary.BigEndian.PutUint64(p[0:], 1)
	binary.BigEndian.PutUint64(p[8:], end)
	binary.BigEndian.PutUint64(p[24:], high)
	binary.BigEndian.PutUint16(p[32:], seq)
	copy(p[36:42], node[:])
	binary.BigEndian.PutUint64(p[48:], file.Dev)
	binary.BigEndian.PutUint64(p[56:], file.Ino)
	binary.BigEndian.PutUint32(b[28:], checksum(b))
	return b
}

// format4 returns the format-4 file (the previous version's) of the
// table encoded in enc: the one table with version 4.
func format4(enc [tableLen]byte) []byte {
	b := enc[:len4]
	b[4] = 4
	binary.BigEndian.PutUint32(b[28:], checksum(b))
	return b
}

// dual returns a format-5 file with c0 and c1 as its copies, either of
// them nil or short.
func dual(c0, c1 []byte) []byte {
	b := append(make([]byte, 0, fileLen), c0...)
	if c1 == nil {
		return b
	}
	b = append(b, make([]byte, tableLen-len(b))...)
	return append(b, c1...)
}

// TestDecode reads every format the package ever wrote, and its own torn
// and zeroed files as empty; only a file that is clearly someone else's is
// refused.
func TestDecode(t *testing.T) {
	node := [6]byte{0x00, 0x1b, 0x21, 1, 2, 3}
	file := ID{8, 42}
	var v4 Table
	v4.Count = 3
	v4.Slots[2] = Slot{Used: 3, Hits: 1, Node: node, File: file}
	v4.Slots[2].State.Note(0x123, t0)
	enc := v4.Encode()
	v5 := dual(enc[:], nil) // format 5 with one copy written
	old := format4(enc)
	newer := v4
	newer.Count = 9
	newer.Slots[2].State.Note(0x123, t0+100)
	newEnc := newer.Encode()
	rec := make([]byte, len1)
	copy(rec, "UUst\x01")
	binary.BigEndian.PutUint64(rec[8:], t0)
	binary.BigEndian.PutUint16(rec[16:], 0x0777)
	copy(rec[18:24], node[:])
	binary.BigEndian.PutUint32(rec[28:], crc32.ChecksumIEEE(rec[:28]))
	for _, tc := range []struct {
		name    string
		b       []byte
		want    error // nil: read
		empty   bool
		seq     uint16 // the node's clock sequence bounded by end
		end     uint64
		elseEnd uint64 // every other clock sequence is bounded by it
	}{
		{name: "empty", b: nil, empty: true},
		{name: "nuls", b: make([]byte, 4096), empty: true},
		{name: "nuls-short", b: make([]byte, 7), empty: true},
		{name: "torn-magic-1", b: []byte("U"), empty: true},
		{name: "torn-magic-3", b: []byte("UUs"), empty: true},
		{name: "torn-magic-4", b: []byte("UUst"), empty: true},
		{name: "torn-format-4", b: enc[:100], empty: true},
		// A write of a table into a zeroed file, cut in its first bytes,
		// leaves the start of the head and then zeros: no state, never a
		// foreign file (every process refused it for good before).
		{name: "torn-head-over-nuls-1", b: append([]byte("U"), make([]byte, fileLen-1)...), empty: true},
		{name: "torn-head-over-nuls-3", b: append([]byte("UUs"), make([]byte, tableLen-3)...), empty: true},
		{name: "torn-head-over-nuls-4", b: append([]byte("UUst"), make([]byte, 4000)...), empty: true},
		{name: "format-5-copy-1-torn-head", b: dual(enc[:], []byte("UU\x00\x00")), seq: 0x123, end: t0},
		{name: "format-5-copy-1-torn-head-long", b: dual(enc[:], append([]byte("UUs"), make([]byte, tableLen-3)...)), seq: 0x123, end: t0},
		{name: "format-5-copy-0-torn-head", b: dual(append([]byte("UUs"), make([]byte, tableLen-3)...), enc[:]), seq: 0x123, end: t0},
		{name: "format-5-only-copy-1-torn-head", b: dual(make([]byte, tableLen), []byte("UUst")), empty: true},
		{name: "torn-format-2", b: format2(node, 5, t0, file)[:500], empty: true},
		{name: "bad-checksum", b: append(append([]byte(nil), enc[:tableLen-1]...), enc[tableLen-1]^1), empty: true},
		{name: "format-4", b: old, seq: 0x123, end: t0},
		{name: "format-5-copy-0", b: v5, seq: 0x123, end: t0},
		{name: "format-5-copy-1", b: dual(nil, enc[:]), seq: 0x123, end: t0},
		{name: "format-5-newer-1", b: dual(enc[:], newEnc[:]), seq: 0x123, end: t0 + 100},
		{name: "format-5-newer-0", b: dual(newEnc[:], enc[:]), seq: 0x123, end: t0 + 100},
		{name: "format-5-torn-1", b: dual(enc[:], newEnc[:100]), seq: 0x123, end: t0},
		{name: "format-5-torn-0", b: dual(append(newEnc[:1000:1000], enc[1000:]...), enc[:]), seq: 0x123, end: t0},
		{name: "format-5-over-4", b: dual(old, newEnc[:]), seq: 0x123, end: t0 + 100},
		{name: "format-5-over-3", b: dual(format3(node, 0x0abc, t0, t0+5, file), newEnc[:]), seq: 0x123, end: t0 + 100},
		{name: "format-5-torn-over-3", b: dual(format3(node, 0x0abc, t0, t0+5, file), newEnc[:7]), seq: 0x0abc, end: t0 + 5, elseEnd: t0 + 5},
		{name: "format-5-other-copy", b: dual(enc[:], []byte("# not a state file\n")), want: ErrNotStateFile},
		{name: "format-5-too-long", b: append(dual(enc[:], enc[:]), 0), want: ErrNotStateFile},
		{name: "format-1", b: rec, seq: 0x777, end: t0, elseEnd: t0},
		{name: "format-2", b: format2(node, 0x2bcd, t0, file), seq: 0x2bcd, end: t0, elseEnd: t0},
		{name: "format-3", b: format3(node, 0x0abc, t0, t0+5, file), seq: 0x0abc, end: t0 + 5, elseEnd: t0 + 5},
		{name: "text", b: []byte("# not a state file\n"), want: ErrNotStateFile},
		{name: "magic-then-text", b: []byte("UUsx and more"), want: ErrNotStateFile},
		{name: "format-9", b: []byte("UUst\x09\x00\x00\x00"), want: ErrNotStateFile},
		{name: "too-long", b: append(old, 1), want: ErrNotStateFile},
		{name: "one-byte", b: []byte{'x'}, want: ErrNotStateFile},
		{name: "magic-prefix-then-data", b: append([]byte("UU"), 'x', 0, 0), want: ErrNotStateFile},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := Decode(tc.b, file)
			if tc.want != nil {
				if !errors.Is(err, tc.want) {
					t.Fatalf("Decode = %v; want %v", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			i := tab.find(node)
			if tc.empty {
				if i >= 0 || tab.Count != 0 {
					t.Fatalf("Decode = %+v; want an empty table", tab)
				}
				return
			}
			if i < 0 {
				t.Fatalf("Decode: no slot for %x", node)
			}
			st := &tab.Slots[i].State
			if got := st.Bound(tc.seq); got != tc.end {
				t.Errorf("bound of %#x = %d; want %d", tc.seq, got, tc.end)
			}
			if got := st.Bound(tc.seq + 1); got != tc.elseEnd {
				t.Errorf("bound of another clock sequence = %d; want %d", got, tc.elseEnd)
			}
		})
	}
}

// TestLayout pins the offsets docs/state-file.md documents.
func TestLayout(t *testing.T) {
	var tab Table
	tab.Count = 7
	tab.Buckets[1].Floor = 0x0102030405060708
	tab.Slots[0] = Slot{Used: 7, Hits: 3, Node: [6]byte{1, 2, 3, 4, 5, 6}, File: ID{9, 10}}
	tab.Slots[0].State = gregorian.Node{Floor: 11, Used: 12, Lap: 13, N: 14}
	tab.Slots[0].State.Runs[0] = gregorian.Run{End: 15, Seq: 0x2bcd, Open: true}
	b := tab.Encode()
	be := binary.BigEndian
	for _, c := range []struct {
		name string
		got  uint64
		want uint64
	}{
		{"len", uint64(len(b)), 4896},
		{"format", uint64(b[4]), 5},
		{"count", be.Uint64(b[8:]), 7},
		{"bucket 1 floor", be.Uint64(b[32+104:]), 0x0102030405060708},
		{"slot 0 used", be.Uint64(b[1696:]), 7},
		{"slot 0 hits", uint64(be.Uint16(b[1696+8:])), 3},
		{"slot 0 node", uint64(b[1696+10]), 1},
		{"slot 0 inode", be.Uint64(b[1696+24:]), 10},
		{"slot 0 floor", be.Uint64(b[1696+32:]), 11},
		{"slot 0 used bound", be.Uint64(b[1696+40:]), 12},
		{"slot 0 lap", uint64(be.Uint16(b[1696+48:])), 13},
		{"slot 0 started", uint64(be.Uint16(b[1696+50:])), 14},
		{"slot 0 run 0 end", be.Uint64(b[1696+56:]), 15},
		{"slot 0 run 0 seq", uint64(be.Uint16(b[1696+64:])), 0x8000 | 0x2bcd},
		{"checksum", uint64(be.Uint32(b[28:])), uint64(checksum(b[:]))},
	} {
		if c.got != c.want {
			t.Errorf("%s = %#x; want %#x", c.name, c.got, c.want)
		}
	}
}

// TestWrongReadingStaysWithItsNode: a node reads a year ahead (and
// another past the layout's end), then more nodes than the table holds
// come and go: every node that starts later, in any bucket, is dated at
// its own clock and never exhausted.
func TestWrongReadingStaysWithItsNode(t *testing.T) {
	var tab Table
	const year = 365 * 24 * 3600 * gregorian.TicksPerSecond
	reserve := func(node [6]byte, now uint64) (uint64, gregorian.Result) {
		start, _, _, r, err := tab.Apply(Claim{From: now, N: 64, Node: node, RandSeq: uint16(node[5])}, ID{1, 1}, noHistory)
		if err != nil {
			t.Fatal(err)
		}
		return start, r
	}
	bad := [6]byte{0x00, 0x1b, 0x21, 0, 0, 0xbb}
	end := [6]byte{0x00, 0x1b, 0x21, 0, 0, 0xee}
	reserve(bad, t0)
	reserve(bad, t0+year)
	reserve(end, gregorian.MaxTicks)
	now := uint64(t0)
	for i := range 2000 {
		now += 1000
		node := [6]byte{0x00, 0x1b, 0x21, 1, byte(i >> 8), byte(i)}
		start, r := reserve(node, now)
		if r != gregorian.Done || start < now || start > now+gregorian.Ahead {
			t.Fatalf("node %d: start now%+d, result %d", i, int64(start-now), r)
		}
	}
	// The nodes that read wrong come back: their own clocks are sane again.
	for _, node := range [][6]byte{bad, end} {
		if start, r := reserve(node, now); r != gregorian.Done || start > now+gregorian.Ahead {
			t.Errorf("node %x back at a sane clock: start now%+d, result %d", node, int64(start-now), r)
		}
	}
}

// TestSkewedProcessesAndAWrongReading: two processes of one node whose
// clocks are 32 s apart reserve in turn, far more often than there are
// clock sequences, and one of them reads a year ahead once: each stays
// within a second of its clock, and no pair repeats.
func TestSkewedProcessesAndAWrongReading(t *testing.T) {
	var tab Table
	node := [6]byte{0x00, 0x1b, 0x21, 0, 0, 1}
	seen := map[[2]uint64]bool{}
	now := uint64(t0)
	for i := range 100_000 {
		now += 100
		reading := now
		if i%2 == 1 {
			reading += 32 * gregorian.TicksPerSecond
		}
		if i == 5000 {
			reading += 365 * 24 * 3600 * gregorian.TicksPerSecond
		}
		start, seq, _, r, err := tab.Apply(Claim{From: reading, N: 1, Node: node, RandSeq: 7}, ID{1, 1}, noHistory)
		if err != nil || r != gregorian.Done {
			t.Fatalf("call %d: %d, %v", i, r, err)
		}
		if i != 5000 && (start < reading || start > reading+gregorian.Ahead) {
			t.Fatalf("call %d: start reading%+d", i, int64(start-reading))
		}
		k := [2]uint64{start, uint64(seq)}
		if seen[k] {
			t.Fatalf("call %d repeats %d with clock sequence %#x", i, start, seq)
		}
		seen[k] = true
	}
}

// TestCopiedSlotMoves: a slot read from a copy of the file restarts away
// from the clock sequences the copy's processes start next, so a process
// still writing the old file cannot meet it, even with the same random
// clock sequence.
func TestCopiedSlotMoves(t *testing.T) {
	var tab Table
	node := [6]byte{0x00, 0x1b, 0x21, 0, 0, 1}
	old, copied := ID{1, 1}, ID{1, 2}
	_, seq, _, _, _ := tab.Apply(Claim{From: t0, N: 64, Node: node, RandSeq: 7}, old, noHistory)
	cp := tab
	// The old file's process goes on: its run, then a clock going back.
	_, s1, _, _, _ := tab.Apply(Claim{From: t0, N: 64, Node: node}, old, noHistory)
	_, s2, _, _, _ := tab.Apply(Claim{From: t0 - 10*gregorian.TicksPerSecond, N: 64, Node: node}, old, noHistory)
	start, s3, _, _, _ := cp.Apply(Claim{From: t0, N: 64, Node: node, RandSeq: 7}, copied, noHistory)
	if s3 == seq || s3 == s1 || s3 == s2 || start != t0 {
		t.Errorf("the copy's process got %#x at t0%+d; the old file's used %#x, %#x, %#x", s3, int64(start-t0), seq, s1, s2)
	}
}

// TestExhaustedRandomNodeNotAdopted: a random node whose clock read past
// the layout's end until it had nothing left is not taken by the random
// nodes that come after it.
func TestExhaustedRandomNodeNotAdopted(t *testing.T) {
	var tab Table
	bad := [6]byte{0x01, 0, 0, 0, 0, 0xbb}
	for i := 0; ; i++ {
		_, _, _, r, err := tab.Apply(Claim{From: gregorian.MaxTicks, N: 1, Node: bad, Random: true, RandSeq: 3}, ID{1, 1}, noHistory)
		if err != nil {
			t.Fatal(err)
		}
		if r == gregorian.Exhausted {
			break
		}
		if i > gregorian.Seqs {
			t.Fatal("never exhausted")
		}
	}
	for i := range 20 {
		own := [6]byte{0x01, 0, 0, 0, 1, byte(i)}
		start, _, node, r, err := tab.Apply(Claim{From: t0, N: 64, Node: own, Random: true, RandSeq: 5}, ID{1, 1}, noHistory)
		if err != nil || r != gregorian.Done || start < t0 || start > t0+gregorian.Ahead || node == bad {
			t.Fatalf("random node %d: start t0%+d, node %x, result %d, %v", i, int64(start-t0), node, r, err)
		}
	}
}

// memFS is a file system of one file in memory, whose writes can be made
// to fail after some bytes, as a file size limit (EFBIG), a full disk
// (ENOSPC) or a quota (EDQUOT) cuts them.
type memFS struct {
	data []byte
	cut  int  // a write stops after this many bytes; -1: none does
	full bool // the disk is full: a write stops at the end of the file
}

var (
	errLimit   = errors.New("file too large")
	errNoSpace = errors.New("no space left on device")
)

func (m *memFS) Open(string) (File, error)  { return memFile{m}, nil }
func (m *memFS) Lstat(string) (Info, error) { return Info{Mode: 0o600, ID: ID{1, 2}, Links: 1}, nil }
func (f memFile) Stat() (Info, error)       { return f.m.Lstat("") }
func (f memFile) TryLock() (bool, error)    { return true, nil }
func (f memFile) Unlock() error             { return nil }
func (f memFile) Close() error              { return nil }
func (f memFile) Truncate(size int64) error {
	f.m.data = f.m.data[:min(int(size), len(f.m.data))]
	return nil
}
func (f memFile) ReadAt(b []byte, off int64) (int, error) {
	if off >= int64(len(f.m.data)) {
		return 0, io.EOF
	}
	n := copy(b, f.m.data[off:])
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
}

func (f memFile) WriteAt(b []byte, off int64) (int, error) {
	var err error
	if f.m.cut >= 0 && len(b) > f.m.cut {
		b, err = b[:f.m.cut], errLimit
	}
	if f.m.full && int(off)+len(b) > len(f.m.data) {
		b, err = b[:max(0, len(f.m.data)-int(off))], errNoSpace
	}
	if end := int(off) + len(b); end > len(f.m.data) {
		f.m.data = append(f.m.data, make([]byte, end-len(f.m.data))...)
	}
	copy(f.m.data[off:], b)
	return len(b), err
}

type memFile struct{ m *memFS }

// TestCutWrite cuts a reservation's write after every byte count, over
// either copy and over a file of format 4: the call fails with an *Error
// of the write, and the state written before it survives whole, so the
// next reservation of the node continues above everything it handed out.
func TestCutWrite(t *testing.T) {
	node := [6]byte{0x00, 0x1b, 0x21, 1, 2, 3}
	other := [6]byte{0x00, 0x1b, 0x21, 9, 9, 9}
	for _, start := range []string{"copy-0", "copy-1", "format-4"} {
		for n := range tableLen + 1 {
			m := &memFS{cut: -1}
			s := NewStore(m, "state")
			var high uint64
			reserve := func(who [6]byte) error {
				start, _, _, _, err := s.Update(Claim{From: t0, N: 64, Node: who, Stopped: true, RandSeq: 5}, 0, noHistory)
				if err == nil && who == node {
					high = max(high, start+64)
				}
				return err
			}
			switch start {
			case "copy-0":
				reserve(node) // copy 0 holds it; the cut write goes to copy 1
			case "copy-1":
				reserve(node)
				reserve(node)
			case "format-4":
				reserve(node)
				m.data = format4([tableLen]byte(m.data[:tableLen]))
			}
			m.cut = n
			err := reserve(other)
			var fe *Error
			if n < tableLen && (!errors.As(err, &fe) || (fe.Op != "write" && fe.Op != "grow") || !errors.Is(err, errLimit)) {
				t.Fatalf("%s: a write cut after %d bytes: err = %v; want an *Error of the write (or of growing to its length)", start, n, err)
			}
			m.cut = -1
			tab, err := Decode(m.data, ID{1, 2})
			if err != nil {
				t.Fatalf("%s, cut after %d bytes: Decode: %v", start, n, err)
			}
			i := tab.find(node)
			if i < 0 || tab.Slots[i].State.Bound(tab.Slots[i].State.Runs[0].Seq) < high {
				t.Fatalf("%s, cut after %d bytes: the node's state was lost (slot %d)", start, n, i)
			}
		}
	}
}

// TestReturningNodeStartsFromBucket: a node evicted from the table starts
// from its bucket's state when it returns, so it stays above what it
// handed out; a node never evicted starts at its own clock, and so does
// no node of a table of format 4, which kept no filters.
func TestReturningNodeStartsFromBucket(t *testing.T) {
	ahead := uint64(30 * gregorian.TicksPerSecond)
	node := func(i int) [6]byte { return [6]byte{0, 0x1b, byte(i >> 16), byte(i >> 8), byte(i), 1} }
	var tab Table
	for i := range 300 { // more than MaxRuns clock sequences in each bucket
		if _, _, _, _, err := tab.Apply(Claim{From: t0 + ahead, N: 64, Node: node(i), RandSeq: uint16(i)}, ID{}, noHistory); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name    string
		tab     Table
		node    [6]byte
		atClock bool
	}{
		{"returning", tab, node(0), false},
		{"new", tab, node(1 << 20), true},
		{"new-format-4", func() Table { enc := tab.Encode(); t, _ := Decode(format4(enc), ID{}); return t }(), node(1 << 20), false},
	} {
		start, _, _, _, err := c.tab.Apply(Claim{From: t0, N: 64, Node: c.node, RandSeq: 9999}, ID{}, noHistory)
		if err != nil {
			t.Fatal(err)
		}
		if got := start == t0; got != c.atClock {
			t.Errorf("%s: a node 30 s behind the evicted ones starts %v past its clock; want at the clock: %v", c.name, start-t0, c.atClock)
		}
	}
}

// TestFullSizeAtCreation is issue 41's shape 4: a file reaches the
// length of its two copies when it is created or upgraded from an
// earlier format, so a disk that fills up later costs no reservation; a
// file that cannot grow (a format-4 file on a full disk) fails with an
// *Error of the operation "grow" that wraps the disk's error, and keeps
// its state. (Before, format 5 grew at its second write: a full disk
// then failed every reservation from the second on.)
func TestFullSizeAtCreation(t *testing.T) {
	node := [6]byte{0x00, 0x1b, 0x21, 1, 2, 3}
	reserve := func(s *Store, from uint64) (uint64, error) {
		start, _, _, _, err := s.Update(Claim{From: from, N: 64, Node: node, Stopped: true, RandSeq: 5}, 0, noHistory)
		return start, err
	}
	for _, start := range []string{"new", "format-4"} {
		m := &memFS{cut: -1}
		s := NewStore(m, "state")
		if _, err := reserve(s, t0); err != nil {
			t.Fatal(err)
		}
		if start == "format-4" {
			m.data = format4([tableLen]byte(m.data[:tableLen]))
			if _, err := reserve(s, t0); err != nil {
				t.Fatal(err)
			}
		}
		if len(m.data) != fileLen {
			t.Errorf("%s: %d bytes after the first reservation of this format; want %d", start, len(m.data), fileLen)
		}
		m.full = true
		for i := range 100 {
			if _, err := reserve(s, t0+uint64(i)*1000); err != nil {
				t.Fatalf("%s: reservation %d on a full disk: %v", start, i, err)
			}
		}
	}
	// A format-4 file on a disk that is full already cannot grow.
	m := &memFS{cut: -1}
	s := NewStore(m, "state")
	high, err := reserve(s, t0)
	if err != nil {
		t.Fatal(err)
	}
	m.data = format4([tableLen]byte(m.data[:tableLen]))
	m.full = true
	_, err = reserve(s, t0)
	var fe *Error
	if !errors.As(err, &fe) || fe.Op != "grow" || !errors.Is(err, errNoSpace) {
		t.Fatalf("a format-4 file on a full disk: err = %v; want an *Error of the operation grow matching the disk's error", err)
	}
	tab, err := Decode(m.data, ID{1, 2})
	if i := tab.find(node); err != nil || i < 0 || tab.Slots[i].State.Bound(5) < high+64 {
		t.Fatalf("a format-4 file on a full disk lost its state: %v", err)
	}
}

// TestGrowKeepsStaleCopyDead is the simulator's seed 1847 in miniature:
// copy 0 torn by a cut write, then the file cut short inside copy 1 where
// copy 1's bytes were zeros anyway (a crash). No copy is valid, so the
// next table goes to copy 0, and the file grows back to its full length
// first: the zero bytes it grows by make the stale copy 1 whole again,
// and its count must not hide the new table.
func TestGrowKeepsStaleCopyDead(t *testing.T) {
	node := [6]byte{0x00, 0x1b, 0x21, 1, 2, 3}
	other := [6]byte{0x00, 0x1b, 0x21, 4, 5, 6}
	m := &memFS{cut: -1}
	s := NewStore(m, "state")
	for range 3 {
		if _, _, _, _, err := s.Update(Claim{From: t0, N: 64, Node: node, Stopped: true, RandSeq: 5}, 0, noHistory); err != nil {
			t.Fatal(err)
		}
	}
	m.data[100] ^= 0xff                 // copy 0 torn
	m.data = m.data[:fileLen-filterLen] // copy 1 cut in its zero filters
	start, seq, _, _, err := s.Update(Claim{From: t0, N: 64, Node: other, Stopped: true, RandSeq: 9}, 0, noHistory)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Decode(m.data, ID{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if i := tab.find(other); i < 0 || tab.Slots[i].State.Bound(seq) < start+64 {
		t.Fatalf("the table written after the file was cut short is hidden by the stale copy (slot %d)", i)
	}
}
