package statefile

import (
	"cmp"
	"slices"
	"sync"
	"time"

	"github.com/afb7af96/uuid/internal/faults"

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
// whichever file the name comes to name. It is bounded, and what it
// forgets leaves a bound: it keeps HistoryMax nodes, each with the bound
// of every clock sequence it used (one by one up to historyRuns of them,
// then in an array of all 16384, for up to denseMax nodes at once); a
// node it evicts raises, for each clock sequence, the one lost bound of
// that clock sequence, which every node honours. So the process never
// hands out again what it handed out, whatever it forgot; and a far
// reading costs its node the clock sequence it used, not its clock (once
// evicted, that clock sequence of every node).
type Registry struct {
	FS    FS
	mu    sync.Mutex
	paths map[string]*Shared

	filesMu sync.Mutex
	files   map[ID]*openFile

	histMu sync.Mutex
	hist   map[[6]byte]*history
	lost   *[gregorian.Seqs]uint64 // bounds of the nodes hist evicted, by clock sequence
	dense  int                     // histories in hist that keep every clock sequence
	notes  uint64                  // reservations noted
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

// Reserve reserves a block for c: it serialises the process's
// reservations on the path, updates the file ([Store.Update]) with the
// process's history merged into the node's state, and records the block
// in the history.
func (s *Shared) Reserve(c Claim, wait time.Duration) (start uint64, seq uint16, node [6]byte, res gregorian.Result, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	start, seq, node, res, err = s.store.Update(c, wait, s.history)
	if err != nil || res != gregorian.Done {
		return start, seq, node, res, err
	}
	end := min(start+c.N, gregorian.MaxTicks+1)
	s.reg.note(s.histKey(node), seq, end)
	return start, seq, node, res, nil
}

// history fills bounds with the process's bound for each of seqs of node:
// what it handed out with node on any file under any name ([History]).
func (s *Shared) history(node [6]byte, seqs []uint16, bounds []uint64) {
	s.reg.bounds(s.histKey(node), seqs, bounds)
}

// histKey returns the key of node's history: the node, whatever the path.
func (s *Shared) histKey(node [6]byte) [6]byte {
	if faults.On(faults.HistoryByPathOnly) {
		node[0] ^= byte(len(s.path)) // a history for each spelling of the path
	}
	return node
}

// A history is what a process handed out with one node: the bound of
// each clock sequence it used, in ends while it used up to historyRuns of
// them, then in all, one for each clock sequence (for up to denseMax
// nodes at once).
type history struct {
	ends map[uint16]uint64
	all  *[gregorian.Seqs]uint64
	used uint64 // the registry's count of notes when the node was noted last
	hits uint32 // reservations noted, up to the largest uint32
}

// Bounds of the history: the clock sequences a node's history keeps in
// its map, and the nodes whose histories keep every clock sequence.
const (
	historyRuns = 256
	denseMax    = 16
)

// bound returns the bound the history h (nil: a node the history does
// not keep) holds for seq, with what the process forgot: every timestamp
// the process handed out with seq and h's node is below it.
func (r *Registry) bound(h *history, seq uint16) uint64 {
	b := uint64(0)
	switch {
	case h == nil:
	case h.all != nil:
		b = h.all[seq]
	default:
		b = h.ends[seq]
	}
	if r.lost != nil {
		b = max(b, r.lost[seq])
	}
	return b
}

// bounds fills bounds with the bound the history k keeps for each of
// seqs (0: none).
func (r *Registry) bounds(k [6]byte, seqs []uint16, bounds []uint64) {
	r.histMu.Lock()
	defer r.histMu.Unlock()
	h := r.hist[k]
	for i, seq := range seqs {
		bounds[i] = 0
		if !faults.On(faults.NoHistoryMerge) {
			bounds[i] = r.bound(h, seq&(gregorian.Seqs-1))
		}
	}
}

// note records in the history k that timestamps below end were handed
// out with seq.
func (r *Registry) note(k [6]byte, seq uint16, end uint64) {
	if faults.On(faults.NoHistoryNote) {
		return
	}
	seq &= gregorian.Seqs - 1
	r.histMu.Lock()
	defer r.histMu.Unlock()
	h := r.hist[k]
	if h == nil {
		if r.hist == nil {
			r.hist = make(map[[6]byte]*history)
		}
		if len(r.hist) >= HistoryMax {
			r.evict(max(1, HistoryMax/4), func(h *history) bool { return true })
		}
		h = &history{ends: make(map[uint16]uint64)}
		r.hist[k] = h
	}
	r.notes++
	h.used, h.hits = r.notes, min(h.hits, 1<<32-2)+1
	if h.all != nil {
		h.all[seq] = max(h.all[seq], end)
		return
	}
	if _, ok := h.ends[seq]; !ok && len(h.ends) >= historyRuns {
		r.densify(h)
		h.all[seq] = max(h.all[seq], end)
		return
	}
	h.ends[seq] = max(h.ends[seq], end)
}

// densify moves h's bounds from its map to an array of every clock
// sequence, first evicting the least recently noted node whose history
// has one if denseMax have.
func (r *Registry) densify(h *history) {
	if r.dense >= denseMax {
		r.evict(1, func(h *history) bool { return h.all != nil })
	}
	h.all = new([gregorian.Seqs]uint64)
	for seq, e := range h.ends {
		h.all[seq] = e
	}
	h.ends = nil
	r.dense++
}

// evict forgets n of the nodes whose histories match: first those that
// reserved once (a Generator per request with a fresh node), then the
// least recently noted. Their bounds raise the lost bounds, which every
// node honours: evicting a node forgets nothing of the others, and the
// node itself, if it comes back, stays above what it handed out.
func (r *Registry) evict(n int, match func(*history) bool) {
	type entry struct {
		k    [6]byte
		once bool
		used uint64
	}
	var all []entry
	for k, h := range r.hist {
		if match(h) {
			all = append(all, entry{k, h.hits <= 1, h.used})
		}
	}
	slices.SortFunc(all, func(a, b entry) int {
		if a.once != b.once {
			if a.once {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.used, b.used)
	})
	if r.lost == nil {
		r.lost = new([gregorian.Seqs]uint64)
	}
	for _, e := range all[:min(n, len(all))] {
		h := r.hist[e.k]
		if h.all != nil {
			for seq, b := range h.all {
				r.lost[seq] = max(r.lost[seq], b)
			}
			r.dense--
		}
		for seq, b := range h.ends {
			r.lost[seq] = max(r.lost[seq], b)
		}
		delete(r.hist, e.k)
	}
}
