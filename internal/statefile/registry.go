package statefile

import (
	"github.com/afb7af96/uuid/internal/faults"
	"sync"
	"time"

	"github.com/afb7af96/uuid/internal/gregorian"
)

// A Registry holds a process's open state files by path: the Generators
// of a process that name one path share one [Shared], so one descriptor,
// while one of them holds it. An entry is dropped when the last holder
// releases it, so memory is bounded by the paths in use.
//
// The Registry also keeps what the process reserved, by file and node (its
// history), for the life of the process: it is what lets a process never
// repeat its own UUIDs when a file loses what it wrote (removed, emptied,
// torn, rolled back by a backup restored in place or replaced by an older
// copy). A file is known by its identity (device and inode) once opened,
// so one file under two names (dir/state, dir/./state, a symbolic link to
// dir) has one history; and by the path too, so that a file replaced under
// its name (a backup restored by a rename) still knows what the process
// handed out through that name. It is bounded: past HistoryMax entries it
// starts over, and only the files then remember what it forgot.
type Registry struct {
	FS    FS
	mu    sync.Mutex
	paths map[string]*Shared

	histMu sync.Mutex
	hist   map[histKey]*history
}

// A histKey names a history: a file, by its identity or by the path the
// process named it by (then id is zero), and a node. Each file keeps its
// own, so that one file's clocks do not weigh on another's.
type histKey struct {
	id   ID
	path string
	node [6]byte
}

// A Shared is a state file's path as one process uses it: one [Store],
// whose lock serialises the process's reservations; the file's lock
// excludes other processes.
type Shared struct {
	reg   *Registry
	path  string
	mu    sync.Mutex
	store Store
	refs  int
}

// HistoryMax bounds the nodes a Registry's history keeps.
const HistoryMax = 1024

// Acquire returns the process's Shared for path, with one more reference.
func (r *Registry) Acquire(path string) *Shared {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.paths[path]
	if s == nil {
		if r.paths == nil {
			r.paths = make(map[string]*Shared)
		}
		s = &Shared{reg: r, path: path, store: Store{fs: r.FS, path: path}}
		r.paths[path] = s
	}
	s.mu.Lock()
	s.refs++
	s.mu.Unlock()
	return s
}

// Len returns the number of paths in use.
func (r *Registry) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.paths)
}

// HistoryLen returns the number of nodes the history keeps.
func (r *Registry) HistoryLen() int {
	r.histMu.Lock()
	defer r.histMu.Unlock()
	return len(r.hist)
}

// Release drops a reference; after the last it closes the file and drops
// the entry.
func (s *Shared) Release() error {
	s.reg.mu.Lock()
	defer s.reg.mu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refs--; s.refs > 0 {
		return nil
	}
	if s.reg.paths[s.path] == s {
		delete(s.reg.paths, s.path)
	}
	return s.store.Close()
}

// Reserve reserves a block for c ([Store.Reserve]) and records it in the
// history.
func (s *Shared) Reserve(c Claim, wait time.Duration) (start uint64, seq uint16, node [6]byte, res gregorian.Result, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	start, seq, node, res, err = s.store.Reserve(c, wait, s.history)
	if err != nil || res != gregorian.Done {
		return start, seq, node, res, err
	}
	end := min(start+c.N, gregorian.MaxTicks+1)
	s.reg.note(histKey{path: s.path, node: node}, seq, end)
	s.reg.note(histKey{id: s.store.id, node: node}, seq, end)
	return start, seq, node, res, nil
}

// history merges into n what the process handed out with node through
// this path and on the file the store has open, under whatever name.
func (s *Shared) history(node [6]byte, n *gregorian.Node) {
	s.reg.merge(histKey{path: s.path, node: node}, n)
	if !faults.On(faults.HistoryByPathOnly) {
		s.reg.merge(histKey{id: s.store.id, node: node}, n)
	}
}

// A history is what a process handed out with one node: a bound for each
// clock sequence it used, up to historyRuns of them, and a floor for the
// ones it forgot.
type history struct {
	ends  map[uint16]uint64
	floor uint64
}

// historyRuns bounds the clock sequences a history keeps for a node.
const historyRuns = 256

// merge records in n what the process handed out under k, with the clock
// sequences that the next [gregorian.Node.Take] may use ([gregorian.Node.Near]):
// the history is merged before every reservation, so the others are
// noted when they come near, and far readings of earlier rounds, which
// the history keeps, cost the node no more than the file would.
func (r *Registry) merge(k histKey, n *gregorian.Node) {
	r.histMu.Lock()
	defer r.histMu.Unlock()
	h := r.hist[k]
	if h == nil || faults.On(faults.NoHistoryMerge) {
		return
	}
	n.Above(h.floor)
	for seq, end := range h.ends {
		if n.Near(seq) { // the others are noted when they come near
			n.Note(seq, end)
		}
	}
}

// note records in the history k that timestamps below end were handed
// out with seq.
func (r *Registry) note(k histKey, seq uint16, end uint64) {
	if faults.On(faults.NoHistoryNote) {
		return
	}
	r.histMu.Lock()
	defer r.histMu.Unlock()
	h := r.hist[k]
	if h == nil {
		if r.hist == nil || len(r.hist) >= HistoryMax {
			r.hist = make(map[histKey]*history)
		}
		h = &history{ends: make(map[uint16]uint64)}
		r.hist[k] = h
	}
	if _, ok := h.ends[seq]; !ok && len(h.ends) >= historyRuns {
		low := seq
		for s, e := range h.ends { // forget the lowest
			if _, ok := h.ends[low]; !ok || e < h.ends[low] {
				low = s
			}
		}
		h.floor = max(h.floor, h.ends[low])
		delete(h.ends, low)
	}
	h.ends[seq] = max(h.ends[seq], end)
}
