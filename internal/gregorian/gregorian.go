// Package gregorian is the uniqueness rule of version 1 UUIDs, and of
// version 6 UUIDs with a node: which timestamp and clock sequence come
// next for one node. It holds plain state transitions that take the
// clock's reading as an argument and read no clock, random source, file or
// lock, so that a Generator in memory, the state file shared by processes
// and the simulator in the tests all run the same code.
//
// The rule keeps three invariants for each node (a [Node]):
//
//  1. Every (timestamp, clock sequence) pair handed out with the clock
//     sequence s is below bound(s): the End of s's run if s is listed in
//     Runs, else Used if s was started in the current lap, else Floor.
//  2. A run is continued, or started, only at or above its clock
//     sequence's bound, and its End is then raised past what it handed
//     out. So no pair is handed out twice, whatever the clock reads.
//  3. Timestamps are handed out at most Ahead past the clock's reading
//     (with the one exception [Node.Take] names), so a wrong reading far
//     in the future raises the bound of the one clock sequence it used,
//     which stays listed (the runs with the highest End are kept), and
//     costs nothing else.
//
// Where a node's state comes from before Take (its slot in a state file,
// the bucket of an evicted node, the process's history, a restart) is
// decided in one place, the state file's Table.start, which keeps two
// more invariants beside these: 4. the state's every bound is at or above
// every bound of every copy that could be used again; 5. a state another
// holder may go on from restarts at a clock sequence of its own
// ([Node.Restart]). Whether a run continues is decided in one place too,
// [Continues], which a holder of a block of a run applies as Take does.
//
// Clock sequences are started in laps: the lap's first, then the next,
// and so on (RFC 9562, Section 6.1: a clock that goes back takes the next
// clock sequence). When all 16384 have been started, a new lap begins
// with Floor raised to Used. Runs is small: the runs dropped from it are
// those with the lowest End, whose bounds go to Used (or Floor), so Used
// and Floor stay at or below what sane clocks read unless more than
// MaxRuns runs were ahead of them at once.
package gregorian

import "github.com/afb7af96/uuid/internal/faults"

// Constants of the rule, in 100-ns ticks (the timestamp of RFC 9562,
// Section 5.1) where they are times.
const (
	TicksPerSecond = 10_000_000
	MaxTicks       = 1<<60 - 1 // the last timestamp the layout holds

	// Ahead is how far timestamps may run ahead of the clock: UUIDs made
	// within one tick are counted into the following ticks (RFC 4122,
	// Section 4.2.1.2) up to one second ahead, so one node makes up to
	// 10 million UUIDs a second.
	Ahead = TicksPerSecond

	// Slack is how far past Ahead a run may end and the caller still wait
	// for the clock rather than take another clock sequence: a burst that
	// reached Ahead on a moving clock waits; a clock that went back by
	// more takes the next clock sequence at once.
	Slack = TicksPerSecond / 100

	// Seqs is the number of clock sequences (14 bits).
	Seqs = 1 << 14

	// MaxRuns is how many runs a Node lists with their own bound.
	MaxRuns = 8
)

// A Run is a clock sequence with a bound of its own.
type Run struct {
	End  uint64 // every timestamp handed out with Seq is below End; 0: no run
	Seq  uint16
	Open bool // the run may be continued; a closed run is a bound only
}

// A Node is the state of one node: its listed runs and the bounds of the
// clock sequences not listed. Its zero value is a node that has handed out
// nothing, with its lap starting at clock sequence 0; [Node.Restart]
// starts it at a random one.
type Node struct {
	Runs  [MaxRuns]Run
	Floor uint64 // bound of the clock sequences neither listed nor started in this lap
	Used  uint64 // bound of those started in this lap and not listed; Used >= Floor
	Lap   uint16 // the lap's first clock sequence
	N     uint16 // clock sequences started in this lap, up to Seqs
	Cur   uint8  // the run used last, a hint that is not saved
}

// A Result says what [Node.Take] did.
type Result uint8

const (
	Done      Result = iota // a block was handed out
	Wait                    // read the clock again and retry
	Exhausted               // no timestamp is left at or below MaxTicks
)

// started reports whether seq was started in the current lap.
func (s *Node) started(seq uint16) bool { return (seq-s.Lap)&(Seqs-1) < s.N }

// Bound returns the bound of seq: every timestamp handed out with seq is
// below it.
func (s *Node) Bound(seq uint16) uint64 {
	if i := s.find(seq); i >= 0 {
		return s.Runs[i].End
	}
	return s.implicit(seq)
}

// implicit returns the bound of seq if it is not listed.
func (s *Node) implicit(seq uint16) uint64 {
	if faults.On(faults.ReuseSeqBelowBound) {
		return 0
	}
	if s.started(seq) {
		return s.Used
	}
	return s.Floor
}

// find returns the index of seq's run, or -1.
func (s *Node) find(seq uint16) int {
	for i := range s.Runs {
		if s.Runs[i].End != 0 && s.Runs[i].Seq == seq {
			return i
		}
	}
	return -1
}

// raiseFloor raises Floor (and Used with it) to b.
func (s *Node) raiseFloor(b uint64) {
	s.Floor = max(s.Floor, b)
	s.Used = max(s.Used, s.Floor)
}

// insert lists r, whose clock sequence is not listed, dropping the run with
// the lowest End if Runs is full; the dropped run's bound goes to Used or
// Floor, whichever covers its clock sequence.
func (s *Node) insert(r Run) int {
	j := -1
	for i := range s.Runs {
		if s.Runs[i].End == 0 {
			j = i
			break
		}
		if j < 0 || s.Runs[i].End < s.Runs[j].End {
			j = i
		}
	}
	if d := s.Runs[j]; d.End != 0 && !faults.On(faults.InsertDropsBound) {
		if s.started(d.Seq) {
			s.Used = max(s.Used, d.End)
		} else {
			s.raiseFloor(d.End)
		}
	}
	s.Runs[j] = r
	return j
}

// Note records that timestamps below end were handed out with seq, as
// another copy of the state knows (a process's own history, a file that
// was rolled back, an evicted node).
func (s *Node) Note(seq uint16, end uint64) {
	if faults.On(faults.NoteIgnored) {
		return
	}
	seq &= Seqs - 1
	if i := s.find(seq); i >= 0 {
		s.Runs[i].End = max(s.Runs[i].End, end)
		return
	}
	if b := s.implicit(seq); end > b {
		s.insert(Run{Seq: seq, End: end})
	}
}

// Near reports whether [Node.Take] may hand out timestamps with seq before
// s changes otherwise: seq is listed in Runs, or is one of the MaxRuns+1
// clock sequences the lap starts next. A holder of bounds that s does not
// know (a process's own history) notes those of the clock sequences that
// are near before each Take, and so need not note the others: noting a
// far reading's run of every round would push the runs with lower bounds
// out of Runs into Floor, and date every clock sequence ahead.
func (s *Node) Near(seq uint16) bool {
	near, m := s.NearSeqs()
	for _, q := range near[:m] {
		if q == seq&(Seqs-1) {
			return true
		}
	}
	return false
}

// NearSeqs returns the clock sequences [Node.Near] reports, the first m
// of near: the listed runs', then those of the MaxRuns+1 the lap starts
// next that are not listed.
func (s *Node) NearSeqs() (near [2*MaxRuns + 1]uint16, m int) {
	for _, r := range s.Runs {
		if r.End != 0 {
			near[m] = r.Seq
			m++
		}
	}
	next := s.Lap + s.N
	if s.N == Seqs {
		next = s.Lap // Take begins a new lap at Lap
	}
	for k := range uint16(MaxRuns + 1) {
		q := (next + k) & (Seqs - 1)
		if s.find(q) < 0 {
			near[m] = q
			m++
		}
	}
	return near, m
}

// Merge raises s so that every bound of s is at or above o's.
func (s *Node) Merge(o *Node) {
	m := max(o.Floor, o.Used)
	if faults.On(faults.MergeBelowUsed) {
		m = o.Floor
	}
	for i := range s.Runs {
		if r := &s.Runs[i]; r.End != 0 {
			r.End = max(r.End, o.Bound(r.Seq))
		}
	}
	s.raiseFloor(m)
	for _, r := range o.Runs {
		if r.End != 0 && r.End > m && !faults.On(faults.MergeDropsRuns) {
			s.Note(r.Seq, r.End)
		}
	}
}

// Restart begins a new lap at seq, with no run open: for a state that
// another holder may share (a clone of the process, a copy of the file),
// which goes on from the clock sequences it started, while s starts from
// seq. Every bound stays as high as it was.
func (s *Node) Restart(seq uint16) {
	for i := range s.Runs {
		s.Runs[i].Open = false
	}
	if !faults.On(faults.RestartKeepsUsed) {
		s.raiseFloor(s.Used)
	}
	s.Lap, s.N = seq&(Seqs-1), 0
}

// Next returns the clock sequence the lap starts next.
func (s *Node) Next() uint16 { return (s.Lap + s.N) & (Seqs - 1) }

// Take hands out the n timestamps from start with the clock sequence seq,
// for the clock reading now:
//   - The open run used last, if its End is within Ahead of now either
//     way, or else the open run with the highest End at most Ahead past
//     now, is continued, at now or at its End, whichever is higher.
//   - Else, if an open run ends no more than Slack past that and the clock
//     has not stopped, Take returns Wait: a burst ran Ahead ahead of a
//     moving clock, which the caller waits for.
//   - Else the lap's next clock sequence starts a new run at now or at its
//     bound, whichever is higher; one whose bound lies more than Ahead past
//     now is passed over, as are the next ones, up to MaxRuns+1 of them.
//   - Else every clock sequence at hand is more than Ahead ahead of the
//     clock: the clock is behind more than MaxRuns runs of the node, or
//     behind the bound the node keeps for the clock sequences it does not
//     list (after a lap, a restart, or a file that lost its state while
//     the node's clocks disagreed). Uniqueness comes first: the open run
//     least ahead continues, or the next clock sequence starts at its
//     bound, ahead of the clock, until the clock catches up.
//
// A block is cut at MaxTicks; Take returns Exhausted if none is left.
func (s *Node) Take(now, n uint64, stopped bool) (start uint64, seq uint16, res Result) {
	// The run used last, while it is within Ahead of the clock either way.
	if c := &s.Runs[s.Cur%MaxRuns]; c.Open && now <= c.End+Ahead {
		if start, ok := Continues(c.End, now); ok {
			if faults.On(faults.ContinueBelowEnd) {
				start = now
			}
			c.End = end(start, n)
			return start, c.Seq, Done
		}
	}
	best, wait := s.best(now)
	if best >= 0 {
		r := &s.Runs[best]
		start = max(now, r.End)
		r.End, s.Cur = end(start, n), uint8(best)
		return start, r.Seq, Done
	}
	if wait && !stopped {
		return 0, 0, Wait
	}
	if s.N == Seqs {
		s.Restart(s.Lap)
	}
	for k := range uint16(MaxRuns + 1) {
		if s.N+k == Seqs {
			break
		}
		seq = (s.Lap + s.N + k) & (Seqs - 1)
		if start = max(now, s.Bound(seq)); start <= now+Ahead {
			s.N += k // those passed over count as started; their bounds stay
			return s.begin(seq, start, n)
		}
	}
	// Every clock sequence at hand is more than Ahead ahead of the clock:
	// continue the open run that is least ahead, or start the one of the
	// next MaxRuns+1 clock sequences whose bound is lowest at that bound,
	// whichever is lower; so a far reading that raised the bound of the
	// lap's next clock sequence (one of a node evicted into the same
	// bucket, or one restarted at the same clock sequence) costs nothing.
	skip, seq, start := s.lowestNext(now)
	if low := s.lowest(start); low >= 0 {
		r := &s.Runs[low]
		start = r.End
		r.End, s.Cur = end(start, n), uint8(low)
		return start, r.Seq, Done
	}
	s.N += skip // those passed over count as started; their bounds stay
	return s.begin(seq, start, n)
}

// lowestNext returns, of the lap's next MaxRuns+1 clock sequences, the
// one whose bound is lowest, how many come before it, and where it would
// start for the clock reading now.
func (s *Node) lowestNext(now uint64) (skip, seq uint16, start uint64) {
	seq = s.Next()
	start = max(now, s.Bound(seq))
	for k := uint16(1); k <= MaxRuns && s.N+k < Seqs; k++ {
		if q := (s.Lap + s.N + k) & (Seqs - 1); max(now, s.Bound(q)) < start {
			skip, seq, start = k, q, max(now, s.Bound(q))
		}
	}
	return skip, seq, start
}

// best returns the index of the open run with the highest End that
// [Continues] for now, or -1, and reports whether an open run [Waits].
func (s *Node) best(now uint64) (best int, wait bool) {
	best = -1
	for i := range s.Runs {
		r := &s.Runs[i]
		if !r.Open {
			continue
		}
		if _, ok := Continues(r.End, now); ok {
			if best < 0 || r.End > s.Runs[best].End {
				best = i
			}
		} else if Waits(r.End, now, false) {
			wait = true
		}
	}
	return best, wait
}

// Continues reports whether a run, every timestamp of which was handed
// out below end, continues for the clock reading now, and at which
// timestamp: at now or at end, whichever is higher, while end is at most
// Ahead past now and the layout has room. It is the one test of
// continuing a run: [Node.Take] applies it to the node's runs, and the
// holder of a block of a run (a process with a state file, which hands
// out the block it reserved from memory) to its block.
func Continues(end, now uint64) (start uint64, ok bool) {
	start = max(now, end)
	return start, (end <= now+Ahead || faults.On(faults.NoAheadClamp)) && start <= MaxTicks
}

// Waits reports whether the holder of a run that ends at end, which does
// not continue for now, reads the clock again rather than take another
// clock sequence: the clock moves, and the run ends no more than Slack
// past Ahead ahead of it (a burst that ran Ahead ahead of a moving clock).
func Waits(end, now uint64, stopped bool) bool {
	return !stopped && end > now+Ahead && end <= now+Ahead+Slack
}

// lowest returns the index of the open run with the lowest End below
// limit, or -1.
func (s *Node) lowest(limit uint64) int {
	low := -1
	for i := range s.Runs {
		if r := &s.Runs[i]; r.Open && r.End <= MaxTicks && r.End < limit && (low < 0 || r.End < s.Runs[low].End) {
			low = i
		}
	}
	return low
}

// end returns the end of n timestamps from start, cut at the layout's end.
func end(start, n uint64) uint64 { return min(start+n, MaxTicks+1) }

// begin starts seq's run at start, or returns Exhausted.
func (s *Node) begin(seq uint16, start, n uint64) (uint64, uint16, Result) {
	if start > MaxTicks {
		return 0, 0, Exhausted
	}
	s.N++
	r := Run{Seq: seq, End: end(start, n), Open: true}
	i := s.find(seq)
	if i >= 0 {
		s.Runs[i] = r
	} else {
		i = s.insert(r)
	}
	s.Cur = uint8(i)
	return start, seq, Done
}
