package statefile

import (
	"github.com/afb7af96/uuid/internal/faults"
	"hash/crc32"

	"github.com/afb7af96/uuid/internal/gregorian"
)

// A Claim is what a process asks of the table: a block of N timestamps for
// its node at the clock reading From.
type Claim struct {
	From, N uint64
	Node    [6]byte
	Random  bool // Node is random: use the table's newest random node
	Fresh   bool // the process may have been cloned: restart at RandSeq
	Stopped bool // the process's clock has stopped (see gregorian.Node.Take)

	// A random clock sequence for a restart, drawn before the lock was
	// taken so that no caller's Rand runs under it, or why it could not be.
	RandSeq uint16
	RandErr error
}

// Apply applies the uniqueness rule ([gregorian.Node.Take]) to c's node
// in t, the table read from the file file, and returns the block's start,
// clock sequence and node; t then holds the slot to save. hist merges
// into a node's state what this process handed out with it.
//
// What Apply adds to the rule is the choice of node: a random node gives
// way to the newest random node in the table, so that the processes of a
// host without a MAC address share one node and one slot, unless c is
// Fresh or that node has nothing left (its clock read the end of the
// layout's range). [Table.start] decides the state the rule starts from.
func (t *Table) Apply(c Claim, file ID, hist History) (start uint64, seq uint16, node [6]byte, res gregorian.Result, err error) {
	if c.Random && !c.Fresh {
		if i := t.newestRandom(); i >= 0 && t.Slots[i].Node != c.Node {
			saved := *t
			start, seq, node, res, err = t.take(c, t.Slots[i].Node, file, hist)
			if res != gregorian.Exhausted {
				return start, seq, node, res, err
			}
			*t = saved // a node whose clock read the end of time: keep one's own
		}
	}
	return t.take(c, c.Node, file, hist)
}

// take applies the rule to node's state as [Table.start] decides it, and
// saves the state in its slot.
func (t *Table) take(c Claim, node [6]byte, file ID, hist History) (start uint64, seq uint16, _ [6]byte, res gregorian.Result, err error) {
	i, s, err := t.start(c, node, file, hist)
	if err != nil {
		return 0, 0, node, 0, err
	}
	start, seq, res = s.State.Take(c.From, c.N, c.Stopped)
	if res != gregorian.Done {
		return 0, 0, node, res, nil
	}
	s.File = file
	t.write(i, s)
	return start, seq, node, res, nil
}

// start is the one place that decides the state [gregorian.Node.Take]
// starts from for node, and the slot i it will be saved in. It keeps two
// invariants, beside the rule's three (package gregorian):
//
//  4. Every bound of the state is at or above every bound, for node, of
//     every copy of its state that could be used again: the slot; the
//     node's bucket (what the nodes evicted into it handed out), if its
//     filter says node may have been evicted into it; and the process's
//     history (hist), for every clock sequence Take may use next.
//  5. A state that another holder may go on from restarts at a clock
//     sequence of its own (gregorian.Node.Restart, which keeps every
//     bound): a clone of the process (c.Fresh: a restore the clock
//     noticed, or a new random node), and a slot read from a copy of the
//     file, whose writers go on from the lap they were in. The restart
//     begins where the next Take need not run ahead of the clock, if the
//     bounds allow ([restartAt]).
//
// The cases:
//   - A node without a slot takes an empty one, or evicts the least
//     recently used (see [Table.victim]), whose state is merged into its
//     bucket and whose node is added to the bucket's filter; the new slot
//     starts from its own bucket's state if its filter says the node may
//     have been evicted before (else from nothing), restarted at c's
//     random clock sequence.
//   - A Fresh claim restarts the slot at c's random clock sequence.
//   - A slot written to another file (a copy moved over the path, a
//     backup restored by a rename) restarts at c's random clock sequence,
//     but at least copyGap away from the clock sequences the copy's lap
//     was about to start; processes that read the same copy part by their
//     random clock sequences.
//   - Then the process's own history of the node is merged in, so that a
//     file rolled back (a backup restored in place) cannot hand the
//     process what it handed out already.
func (t *Table) start(c Claim, node [6]byte, file ID, hist History) (int, Slot, error) {
	i := t.find(node)
	var s Slot
	switch {
	case i < 0:
		if c.RandErr != nil {
			return 0, s, c.RandErr
		}
		i = t.victim()
		if v := &t.Slots[i]; v.Used != 0 && !faults.On(faults.DropEvictionMerge) {
			t.Buckets[bucket(v.Node)].Merge(&v.State)
			t.leave(v.Node)
		}
		s = Slot{Node: node}
		if t.mayHaveLeft(node) && !faults.On(faults.NewSlotSkipsBucket) { // a node that returns, as far as one can tell
			s.State = t.Buckets[bucket(node)]
		}
		s.State.Restart(restartAt(s.State, node, c.RandSeq, restartTries, c.From, hist))
	case c.Fresh || (t.Slots[i].File != file && !faults.On(faults.CopiedSlotContinues)):
		if c.RandErr != nil {
			return 0, s, c.RandErr
		}
		s = t.Slots[i]
		seq, tries := c.RandSeq, restartTries
		if !c.Fresh { // clear of where the copy's lap goes on, whatever restartAt tries
			off := copyGap + c.RandSeq%(gregorian.Seqs-2*copyGap)
			seq = s.State.Next() + off
			tries = min(tries, 1+(gregorian.Seqs-copyGap-int(off)-(gregorian.MaxRuns+1))/(gregorian.MaxRuns+1))
		}
		s.State.Restart(restartAt(s.State, node, seq, max(tries, 1), c.From, hist))
	default:
		s = t.Slots[i]
	}
	merge(&s.State, node, hist)
	return i, s, nil
}

// A History gives, for each of seqs of node, a bound at or above every
// timestamp that a holder other than the table (the process) handed out
// with them (0: none), in bounds. A process's [Registry] is one.
type History func(node [6]byte, seqs []uint16, bounds []uint64)

// restartTries bounds the laps' starts [Table.restartAt] tries.
const restartTries = 64

// restartAt returns the clock sequence a restart of st begins its lap at:
// seq, or, if every clock sequence the lap would start next has a bound
// (st's own or hist's) over Ahead past the clock reading now, the first
// of the following laps' starts, MaxRuns+1 apart and at most tries of
// them, where one has not. So a process's far readings (more than MaxRuns
// of them in a row, which the history keeps) do not date a restart ahead
// of a sane clock. A restart may begin anywhere: every bound is kept.
func restartAt(st gregorian.Node, node [6]byte, seq uint16, tries int, now uint64, hist History) uint16 {
	var seqs [gregorian.MaxRuns + 1]uint16
	var bounds [gregorian.MaxRuns + 1]uint64
	for k := range tries {
		r := seq + uint16(k*len(seqs))
		trial := st
		trial.Restart(r)
		for j := range seqs {
			seqs[j] = (r + uint16(j)) & (gregorian.Seqs - 1)
		}
		hist(node, seqs[:], bounds[:])
		for j, q := range seqs {
			if max(trial.Bound(q), bounds[j]) <= now+gregorian.Ahead {
				return r & (gregorian.Seqs - 1)
			}
		}
	}
	return seq
}

// merge notes in st hist's bounds of node for the clock sequences the
// next Take may use ([gregorian.Node.Near]); the others are noted when
// they come near, before a later Take.
func merge(st *gregorian.Node, node [6]byte, hist History) {
	near, m := st.NearSeqs()
	var bounds [len(near)]uint64
	hist(node, near[:m], bounds[:m])
	for k, seq := range near[:m] {
		if bounds[k] != 0 {
			st.Note(seq, bounds[k])
		}
	}
}

// copyGap is how far from a copied slot's next clock sequence a process
// that reads the copy restarts.
const copyGap = 64

// bucket returns the bucket of node's state once it is evicted.
func bucket(node [6]byte) int { return int(crc32.ChecksumIEEE(node[:]) % Buckets) }

// filterBits returns the bits of node in its bucket's filter of evicted
// nodes: four of its 512, from an FNV-1a hash of the node, which is
// independent of the CRC-32 that picks the bucket.
func filterBits(node [6]byte) [4]uint16 {
	h := uint64(14695981039346656037)
	for _, c := range node {
		h = (h ^ uint64(c)) * 1099511628211
	}
	var bits [4]uint16
	for i := range bits {
		bits[i] = uint16(h>>(9*i)) % (8 * filterLen)
	}
	return bits
}

// leave records in its bucket's filter that node was evicted.
func (t *Table) leave(node [6]byte) {
	f := &t.Left[bucket(node)]
	for _, b := range filterBits(node) {
		f[b/8] |= 1 << (b % 8)
	}
}

// mayHaveLeft reports whether node may have been evicted into its bucket:
// false means it certainly was not, and need not start from the bucket's
// state, which only the nodes evicted into it have used. A filter that
// more than about a hundred nodes have left fills up, and then a new node
// starts from the bucket's state as a returning one does.
func (t *Table) mayHaveLeft(node [6]byte) bool {
	f := &t.Left[bucket(node)]
	for _, b := range filterBits(node) {
		if f[b/8]&(1<<(b%8)) == 0 {
			return false
		}
	}
	return true
}

// write saves s in slot i as the newest.
func (t *Table) write(i int, s Slot) {
	t.Count++
	s.Used = t.Count
	s.Hits = min(s.Hits, 0xfffe) + 1
	t.Slots[i] = s
}

// find returns the index of node's slot, or -1.
func (t *Table) find(node [6]byte) int {
	for i := range t.Slots {
		if s := &t.Slots[i]; s.Used != 0 && s.Node == node {
			return i
		}
	}
	return -1
}

// IsRandom reports whether node is a random one: its multicast bit is set
// (RFC 9562, Section 6.10).
func IsRandom(node [6]byte) bool { return node[0]&1 != 0 }

// newestRandom returns the index of the most recently written slot of a
// random node, or -1.
func (t *Table) newestRandom() int {
	best := -1
	for i := range t.Slots {
		if s := &t.Slots[i]; s.Used != 0 && IsRandom(s.Node) && (best < 0 || s.Used > t.Slots[best].Used) {
			best = i
		}
	}
	return best
}

// victim returns the index of the slot a new node takes: an empty one,
// else the least recently used of the nodes that reserved only once, else
// the least recently used of all. So a node that reserves again and again
// keeps its slot however many nodes that reserve once (a Generator per
// request with a fresh node) come and go.
func (t *Table) victim() int {
	best, once := -1, -1
	for i := range t.Slots {
		s := &t.Slots[i]
		switch {
		case s.Used == 0:
			return i
		case s.Hits <= 1 && (once < 0 || s.Used < t.Slots[once].Used):
			once = i
		}
		if best < 0 || s.Used < t.Slots[best].Used {
			best = i
		}
	}
	if once >= 0 {
		return once
	}
	return best
}
