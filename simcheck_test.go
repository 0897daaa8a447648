package uuid

// The simulator's checks (see sim_test.go).

import (
	"hash/crc32"
	"time"

	"github.com/afb7af96/uuid/internal/gregorian"
	"github.com/afb7af96/uuid/internal/statefile"
)

// call makes one UUID in p with its Generator g, and checks it. It
// reports whether p may go on.
func (s *sim) call(p *simProc, g *Generator) bool {
	r := s.thread()
	r.reads, r.insane, r.flipped, r.last = 0, false, false, 0
	if p.clock.kind == "back" {
		// A clock set back before every call, by more than a block may
		// run ahead: each call starts a run of its own, and the node's
		// runs overflow into the bound it keeps for those it does not
		// list (gregorian.Node.Used), which merges and restarts must keep.
		p.clock.stepped += time.Duration(1100+s.r.IntN(2000)) * time.Millisecond
	}
	writes := r.writes
	r.sawErr = false
	u, err := g.NewV1()
	// Sane: no reading of this call was wrong, and the clock was never set
	// back. The bound holds for the calls of nodes none of whose processes
	// ever read back and forth: such readings, again and again, cost their
	// node a clock sequence each, and once more than MaxRuns are ahead of
	// a clock, the node's timestamps may run ahead of that clock (see
	// gregorian.Node.Take). A single far reading (two a seed at most)
	// costs its node one clock sequence, and the bound holds after it.
	sane := !r.insane && p.clock.stepped == 0
	if err != nil {
		// A file the library wrote, cut or torn, is never "not a state
		// file": only the actor's foreign file is.
		if sane && !s.foreign() && !r.sawErr && !s.fs.full {
			s.violate("liveness", "process %d (sane clock): %v (the file begins %q)", p.id, err, s.head())
		}
		s.logf("process %d: %v", p.id, err)
		return false
	}
	if simTrace && p.kind == "memory" {
		s.logf("process %d: %v", p.id, u)
	}
	if r.writes != writes {
		s.blockStep[g] = r.wrote // a new block
		s.behind[g] = behindAll(r.copy, u, r.last, s.highest)
		s.orphanBlock[g], s.orphanErased[g] = r.orphan, r.erased
		if simTrace {
			s.logf("process %d: block from %v", p.id, u)
		}
	}
	ticks := v1Ticks(u)
	seq, _ := u.ClockSequence()
	node, _ := u.NodeID()
	if r.flipped {
		s.tainted[node] = true
	}
	if sane && !s.tainted[node] && !s.skewed(node) && ticks > r.last+gregorian.Ahead && !s.behind[g] {
		s.violate("ahead", "process %d: %v is %v ahead of its clock", p.id, u, time.Duration(ticks-r.last)*100)
	}
	if sane {
		s.highest = max(s.highest, r.last)
	}
	k := simKey(ticks, uint16(seq), node)
	block := s.blockStep[g]
	orphan := s.orphanBlock[g]
	if orphan != 0 && s.orphanErased[g] {
		// The actor replaced the file by one rolled back between this
		// block's lock and its write: the file never knew the block, as
		// if the rollback had erased it. (A copy moved over the path
		// knows as much as the file did, and the copy's readers part
		// from its writers: no excuse.)
		s.orphans[k] = orphan
	}
	if prev, dup := s.seen[k]; dup {
		switch {
		case p.kind == "memory" && prev.proc != p.id:
			s.clones++ // clones in memory part at random: 1 in 16384
		case prev.proc != p.id && s.excuse(k, simPair{node, uint16(seq)}, ticks, prev.block, block):
			s.excused++
		default:
			s.violate("repeat", "process %d repeats %v, made by process %d at step %d", p.id, u, prev.proc, prev.step)
		}
	}
	s.seen[k] = simIssued{p.id, s.step, block}
	s.uuids++
	if p.kind != "memory" && orphan == 0 {
		pr := simPair{node, uint16(seq)}
		s.issued[pr] = append(s.issued[pr], ticks)
		if block > s.lastRollback {
			s.known[pr] = max(s.known[pr], ticks+1)
		}
	}
	return true
}

// behindAll reports whether the block that u begins, reserved for the
// clock reading now and written as the table copy, is the exception
// docs/state-file.md names: the clock was behind every clock sequence its
// node could use (its open runs, and the next clock sequences of its lap
// the rule may start), each more than a second ahead of the clock, and
// the block began no higher than the highest of their bounds, or than a
// second past the highest sane reading of any clock in the seed (highest:
// a node that starts from its bucket starts from what the nodes evicted
// into it handed out, dated by their clocks). Whatever put the node there (more
// than MaxRuns runs ahead, a restart that lumped the lap's bounds into
// one, a bucket's state, the process's history, which the written state
// includes) is judged by its effect on the state the reservation wrote,
// not by what the production code says it did.
func behindAll(copy []byte, u UUID, now, highest uint64) bool {
	t, err := statefile.Decode(copy, statefile.ID{})
	if err != nil {
		return false
	}
	node, _ := u.NodeID()
	s16, _ := u.ClockSequence()
	seq, start, lim := uint16(s16), v1Ticks(u), now+gregorian.Ahead
	var st *gregorian.Node
	for i := range t.Slots {
		if sl := &t.Slots[i]; sl.Used != 0 && sl.Node == node {
			st = &sl.State
		}
	}
	if st == nil || start <= lim {
		return false
	}
	low, high := uint64(gregorian.MaxTicks+1), uint64(0)
	note := func(b uint64) {
		low, high = min(low, b), max(high, b)
	}
	for _, r := range st.Runs {
		if r.Open && r.Seq != seq && r.End <= gregorian.MaxTicks {
			if r.End <= lim {
				return false // a run it could continue within a second
			}
			note(r.End)
		}
	}
	// The clock sequences the rule may start next, after the one it took
	// if it started one: all of them too far ahead. (Their bounds are
	// read after the reservation, which can only have raised them.)
	for k := range uint16(gregorian.MaxRuns) {
		q := (st.Next() + k) & (gregorian.Seqs - 1)
		if q == seq {
			continue
		}
		b := st.Bound(q)
		if b <= lim {
			return false
		}
		note(b)
	}
	// It continues the open run least ahead, or starts the lap's next
	// clock sequence at its bound: never past every bound it had to clear
	// nor past what the node's clocks, or those of its bucket, read.
	return start <= high || start == low || start <= highest+gregorian.Ahead
}

func simKey(ticks uint64, seq uint16, node [6]byte) [2]uint64 {
	return [2]uint64{ticks, uint64(seq)<<48 | uint64(node[0])<<40 | uint64(node[1])<<32 | uint64(node[2])<<24 | uint64(node[3])<<16 | uint64(node[4])<<8 | uint64(node[5])}
}

func (p simPair) less(q simPair) bool {
	if p.node != q.node {
		return string(p.node[:]) < string(q.node[:])
	}
	return p.seq < q.seq
}

// fileBound returns the bound the table t keeps for seq of node: the
// node's slot's, or its bucket's if it has none.
func fileBound(t *statefile.Table, p simPair) uint64 {
	for i := range t.Slots {
		if sl := &t.Slots[i]; sl.Used != 0 && sl.Node == p.node {
			return sl.State.Bound(p.seq)
		}
	}
	return t.Buckets[crc32.ChecksumIEEE(p.node[:])%statefile.Buckets].Bound(p.seq)
}

// table returns the table the file holds now; ok is false for a file
// that is not a state file.
func (s *sim) table() (t statefile.Table, ok bool) {
	in := s.fs.names[simPath]
	if in == nil {
		return t, true
	}
	t, err := statefile.Decode(in.data, statefile.ID{})
	return t, err == nil
}

// A simErasure is what a rollback erased of one node and clock sequence:
// the timestamps from lo to hi, which the file knew before it and not
// after, whoever had reserved them; at is the rollback's event.
type simErasure struct {
	lo, hi uint64
	step   int
}

// rolledBack records a rollback by the actor, which turned the table
// before into the one the file holds now: for each node and clock
// sequence handed out, the timestamps the file no longer covers are
// erased, each may be handed out once more by a block reserved after the
// rollback beside one reserved before it, and the file owes nothing from
// before.
func (s *sim) rolledBack(before statefile.Table) {
	t, _ := s.table()
	for pr := range s.issued {
		lo, hi := fileBound(&t, pr), fileBound(&before, pr)
		if lo < hi {
			s.erased[pr] = append(s.erased[pr], simErasure{lo, hi, s.events})
			s.erasures++
		}
	}
	s.lastRollback = s.events
	clear(s.known)
}

// excuse reports whether a rollback explains the repeat of the triple k
// (ticks of the pair pr) handed out from blocks reserved at events a
// and b: one made between the two reservations that erased it. Each rollback
// excuses a triple once.
func (s *sim) excuse(k [2]uint64, pr simPair, ticks uint64, a, b int) bool {
	lo, hi := min(a, b), max(a, b)
	if at, ok := s.orphans[k]; ok && !s.used[simUse{k, -at}] && at < hi {
		s.used[simUse{k, -at}] = true
		return true
	}
	for _, e := range s.erased[pr] {
		if u := (simUse{k, e.step}); e.lo <= ticks && ticks < e.hi && lo < e.step && e.step < hi && !s.used[u] {
			s.used[u] = true
			return true
		}
	}
	return false
}

// A simUse is a triple a rollback excused once.
type simUse struct {
	k    [2]uint64
	step int
}

// checkStep checks what must hold between steps: the file knows what was
// handed out since the last rollback, no lock is held outside a call, and
// each process has at most one descriptor per file.
func (s *sim) checkStep() {
	if s.failed != nil {
		return
	}
	if len(s.known) > 0 && !s.foreign() {
		t, ok := s.table()
		if !ok {
			s.violate("forgot", "the file is no longer a state file")
			return
		}
		var worst *simPair // the lowest pair forgotten, so that the message is the seed's alone
		for pr, end := range s.known {
			if fileBound(&t, pr) < end && (worst == nil || pr.less(*worst)) {
				worst = &pr
			}
		}
		if pr := worst; pr != nil {
			s.violate("forgot", "the file's bound for node %x clock sequence %d is %d, below %d handed out", pr.node, pr.seq, fileBound(&t, *pr), s.known[*pr])
			return
		}
	}
	for _, p := range s.procs {
		open := map[*simInode]int{}
		for _, f := range p.files {
			if f.inode.holder == f {
				s.violate("lock", "process %d holds the lock of inode %d outside a call", p.id, f.inode.ino)
			}
			if open[f.inode]++; open[f.inode] > 1 {
				s.violate("descriptors", "process %d holds %d descriptors of inode %d", p.id, open[f.inode], f.inode.ino)
			}
		}
	}
}

// head returns the first bytes of the file the path names.
func (s *sim) head() []byte {
	if in := s.fs.names[simPath]; in != nil {
		return in.data[:min(len(in.data), 12)]
	}
	return nil
}

// crcTable returns the checksum of a format-3 table.
func crcTable(b []byte) uint32 {
	return crc32.Update(crc32.ChecksumIEEE(b[:28]), crc32.IEEETable, b[32:])
}
