package statefile

import (
	"github.com/afb7af96/uuid/internal/faults"
	"sync"
	"time"

	"github.com/afb7af96/uuid/internal/gregorian"
)

// A Registry holds a process's open state files: the Generators of a
// process that name one path share one [Shared], and the Shareds whose
// paths name one file (dir/state, dir/./state, a symbolic link to dir)
// share one descriptor of it, found by the file's identity (device and
// inode) once opened. An entry is dropped when the last holder releases
// it, so memory is bounded by the paths and files in use.
//
// The Registry also keeps what the process reserved, by node (its
// history), for the life of the process: it is what lets a process never
// repeat its own UUIDs when a file loses what it wrote (removed, emptied,
// torn, rolled back by a backup restored in place or replaced by an older
// copy under any of its names). The history is the process's, not a
// file's or a name's, so that it applies whatever the file is called and
// whichever file the name comes to name. It is bounded: past HistoryMax
// nodes it starts over, and only the files then remember what it forgot.
type Registry struct {
	FS    FS
	mu    sync.Mutex
	paths map[string]*Shared

	filesMu sync.Mutex
	files   map[ID]*openFile

	histMu sync.Mutex
	hist   map[histKey]*history
}

// A histKey names a history: a node, and the path's spelling only under
// the planted fault HistoryByPathOnly.
type histKey struct {
	path string
	node [6]byte
}

// An openFile is the process's one descriptor of a file, shared by the
// stores whose paths name it.
type openFile struct {
	mu   sync.Mutex // held with the file's lock: serialises the process's reservations
	f    File
	id   ID
	refs int // stores that have it open
}

// share returns the process's open file of identity id, which f (just
// opened) is a descriptor of, with one more reference; f is closed if the
// process had the file open already.
func (r *Registry) share(f File, id ID) *openFile {
	r.filesMu.Lock()
	defer r.filesMu.Unlock()
	o := r.files[id]
	if o == nil {
		if r.files == nil {
			r.files = make(map[ID]*openFile)
		}
		o = &openFile{f: f, id: id}
		r.files[id] = o
	} else {
		f.Close() // a second descriptor would not exclude the first
	}
	o.refs++
	return o
}

// unshare drops a reference to o; after the last it closes the file.
func (r *Registry) unshare(o *openFile) error {
	r.filesMu.Lock()
	defer r.filesMu.Unlock()
	if o.refs--; o.refs > 0 {
		return nil
	}
	if r.files[o.id] == o {
		delete(r.files, o.id)
	}
	return o.f.Close()
}

// Files returns the number of files the process has open.
func (r *Registry) Files() int {
	r.filesMu.Lock()
	defer r.filesMu.Unlock()
	return len(r.files)
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
		s = &Shared{reg: r, path: path, store: Store{fs: r.FS, path: path, reg: r}}
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
	s.reg.note(s.histKey(node), seq, end)
	return start, seq, node, res, nil
}

// history merges into n what the process handed out with node, on any
// file under any name.
func (s *Shared) history(node [6]byte, n *gregorian.Node) {
	s.reg.merge(s.histKey(node), n)
}

// histKey returns the key of node's history.
func (s *Shared) histKey(node [6]byte) histKey {
	if faults.On(faults.HistoryByPathOnly) {
		return histKey{path: s.path, node: node}
	}
	return histKey{node: node}
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
