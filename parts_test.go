package uuid

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"math"
	"net"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestResume pins the rule for a clock that went back, which the state in
// memory and the state file share.
func TestResume(t *testing.T) {
	const end = 1_000_000_000
	for _, tc := range []struct {
		name      string
		now       uint64
		ahead     uint64
		wantStart uint64
		wantNext  bool
	}{
		{"clock_past_end", end + 5, maxAhead, end + 5, false},
		{"clock_at_end", end, maxAhead, end, false},
		{"clock_just_behind", end - 1, maxAhead, end, false},
		{"clock_behind_by_maxAhead", end - maxAhead, maxAhead, end, false},
		{"clock_went_back", end - maxAhead - 1, maxAhead, end - maxAhead - 1, true},
		{"clock_at_zero", 0, maxAhead, 0, true},
		{"file_behind_by_fileAhead", end - fileAhead, fileAhead, end, false},
		{"file_went_back", end - fileAhead - 1, fileAhead, end - fileAhead - 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start, next := resume(end, tc.now, tc.ahead)
			if start != tc.wantStart || next != tc.wantNext {
				t.Errorf("resume(end, end%+d) = end%+d, %v; want end%+d, %v",
					int64(tc.now-end), int64(start-end), next, int64(tc.wantStart-end), tc.wantNext)
			}
		})
	}
}

// TestGregorianStateAlone drives the Gregorian state with explicit clock
// readings, no clock and no Generator.
func TestGregorianStateAlone(t *testing.T) {
	const t0 = 1 << 56
	var s gregorianState
	s.seq = 0x1234
	take := func(now uint64, stalled bool) (uint64, uint16, step) {
		t.Helper()
		return s.next(now, stalled)
	}
	if ticks, seq, st := take(t0, false); ticks != t0 || seq != 0x1234 || st != stepDone {
		t.Fatalf("first = %d, %#x, %d", ticks, seq, st)
	}
	// The same reading again counts into the next tick.
	if ticks, seq, _ := take(t0, false); ticks != t0+1 || seq != 0x1234 {
		t.Fatalf("same reading = t0+%d, %#x; want t0+1", ticks-t0, seq)
	}
	// A small step back is counted through with the same clock sequence.
	if ticks, seq, _ := take(t0-100, false); ticks != t0+2 || seq != 0x1234 {
		t.Fatalf("small step back = t0+%d, %#x; want t0+2, same sequence", ticks-t0, seq)
	}
	// A step back by more than maxAhead restarts at the clock with the next
	// clock sequence.
	back := uint64(t0 - 2*maxAhead)
	if ticks, seq, _ := take(back, false); ticks != back || seq != 0x1235 {
		t.Fatalf("step back = %d, %#x; want %d, 0x1235", ticks, seq, back)
	}
	// maxAhead ahead of a clock that moves: wait.
	s.end = back + maxAhead + 2
	if _, _, st := take(back+1, false); st != stepWait {
		t.Fatalf("burst past maxAhead: step %d; want stepWait", st)
	}
	// ... or of a clock that stepped back a little: a wobble, not a clock
	// that went back, so wait too.
	if _, _, st := take(back-5, false); st != stepWait {
		t.Fatalf("burst past maxAhead, clock 5 ticks back: step %d; want stepWait", st)
	}
	// ... and of a clock that stopped: stalled gives a new sequence.
	s.end, s.lastNow = back+maxAhead+2, back+1
	if ticks, seq, st := take(back+1, true); st != stepDone || ticks != back+1 || seq != 0x1236 {
		t.Fatalf("stalled = %d, %#x, %d; want %d, 0x1236", ticks, seq, st, back+1)
	}
}

// oscillate returns a clock that alternates between t and t+d, starting
// at t, one reading per call.
func oscillate(t time.Time, d time.Duration) func() time.Time {
	var n int
	return func() time.Time {
		n++
		if n%2 == 1 {
			return t
		}
		return t.Add(d)
	}
}

// TestOscillatingClock: a clock that alternates between two instants,
// 100 ns apart or two seconds apart (more than maxAhead, so every step back
// changes the clock sequence): 40 000 v1 UUIDs never repeat, although that
// is more than the 16384 clock sequences, and 40 000 v6 UUIDs with a node
// are unique.
func TestOscillatingClock(t *testing.T) {
	for _, d := range []time.Duration{100 * time.Nanosecond, 2 * time.Second} {
		t.Run("amplitude="+d.String(), func(t *testing.T) {
			const n = 40_000
			node := StaticNode([6]byte{0x02, 0, 0, 0, 0, 0x2a})
			g := NewGenerator(GeneratorOptions{Now: oscillate(rfcTime, d), V6Node: true, Node: node})
			checkUnique(t, "v1", generate(t, n, g.NewV1))
			g = NewGenerator(GeneratorOptions{Now: oscillate(rfcTime, d), V6Node: true, Node: node})
			checkUnique(t, "v6", generate(t, n, g.NewV6))
		})
	}
	// Through the state alone: after 16384 step backs the epoch's floor
	// rises above every timestamp handed out.
	var s gregorianState
	seen := map[[2]uint64]bool{}
	for i := range 3 * (1 << 14) {
		now := uint64(1 << 40)
		if i%2 == 1 {
			now += 2 * maxAhead
		}
		ticks, seq, st := s.next(now, false)
		if st != stepDone {
			t.Fatalf("call %d: step %d", i, st)
		}
		if k := [2]uint64{ticks, uint64(seq)}; seen[k] {
			t.Fatalf("call %d repeats timestamp %d with clock sequence %#x", i, ticks, seq)
		} else {
			seen[k] = true
		}
	}
}

// TestGregorianCeiling runs v1 and v6 at the last 60-bit tick: at most
// 16384 v1 UUIDs or v6 UUIDs with a node (one per clock sequence) and one
// random v6 UUID fit, and then
// the Generator returns ErrExhausted, never a repeated or smaller value.
func TestGregorianCeiling(t *testing.T) {
	for _, at := range []time.Time{gregorianTime(maxGregorianTicks), time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)} {
		g := NewGenerator(GeneratorOptions{Now: fixedClock(at), V6Node: true, Node: StaticNode([6]byte{0x02})})
		var v1 []UUID
		var err error
		for len(v1) <= 1<<14 {
			var u UUID
			if u, err = g.NewV1(); err != nil {
				break
			}
			v1 = append(v1, u)
		}
		if !errors.Is(err, ErrExhausted) || len(v1) != 1<<14 {
			t.Fatalf("v1 at %v: %d UUIDs, then %v; want 16384, then ErrExhausted", at, len(v1), err)
		}
		checkUnique(t, "v1 at the ceiling", v1)
		// Exhaustion sticks.
		if _, err := g.NewV1(); !errors.Is(err, ErrExhausted) {
			t.Fatalf("v1 after exhaustion: %v", err)
		}
		// Random v6: one value at the last tick.
		g = NewGenerator(GeneratorOptions{Now: fixedClock(at)})
		u, err := g.NewV6()
		if ts, _ := u.Time(); err != nil || !ts.Equal(gregorianTime(maxGregorianTicks)) {
			t.Fatalf("first v6 at %v = %v (%v), %v", at, u, ts, err)
		}
		if u, err := g.NewV6(); !errors.Is(err, ErrExhausted) {
			t.Fatalf("second v6 at the last tick = %v, %v; want ErrExhausted", u, err)
		}
		// v6 with a node shares v1's state, so one value per clock sequence.
		g = NewGenerator(GeneratorOptions{Now: fixedClock(at), V6Node: true, Node: StaticNode([6]byte{0x02})})
		v6 := generate(t, 1<<14, g.NewV6)
		checkUnique(t, "v6 with a node at the ceiling", v6)
		if u, err := g.NewV6(); !errors.Is(err, ErrExhausted) {
			t.Fatalf("v6 with a node after 16384 at the last tick = %v, %v; want ErrExhausted", u, err)
		}
	}
	// The package-level functions panic with it rather than repeat.
	defer func() {
		if err, _ := recover().(error); !errors.Is(err, ErrExhausted) {
			t.Errorf("orPanic(ErrExhausted) panicked with %v", err)
		}
	}()
	orPanic(UUID{}, ErrExhausted)
}

// TestV7CounterAlone drives the v7 counter with explicit clock readings.
func TestV7CounterAlone(t *testing.T) {
	var c v7Counter
	k, ok := c.reserve(1000, 1, 0x1234)
	if !ok || k != v7Key(1000, 0x1234) {
		t.Fatalf("first key = %#x; want ms 1000, counter 0x1234", k)
	}
	if k2, _ := c.reserve(1000, 3, 0x7777); k2 != k+1 {
		t.Fatalf("same millisecond: %#x; want %#x", k2, k+1)
	}
	if k3, _ := c.reserve(999, 1, 0); k3 != k+4 {
		t.Fatalf("clock back: %#x; want %#x", k3, k+4)
	}
	if k4, _ := c.reserve(1001, 1, 0xffff); k4 != v7Key(1001, 0x7fff) {
		t.Fatalf("new millisecond: %#x; want counter seeded below 2^15", k4)
	}
	// At the top of the 48-bit field: the last keys, then exhaustion.
	c = v7Counter{}
	first, ok := c.reserve(maxUnixMillis, 1, 0x7ffe)
	if !ok || first != math.MaxUint64-0x8001 {
		t.Fatalf("last millisecond: %#x, %v", first, ok)
	}
	if _, ok := c.reserve(maxUnixMillis, 0x8002, 0); ok {
		t.Fatal("reserved past the last key")
	}
	if k, ok := c.reserve(maxUnixMillis, 0x8001, 0); !ok || k != first+1 {
		t.Fatalf("the last 0x8001 keys: %#x, %v", k, ok)
	}
	if _, ok := c.reserve(maxUnixMillis, 1, 0); ok {
		t.Fatal("reserved after the last key")
	}
	// The clock back by a day or less: still exhausted, as the keys hold.
	if _, ok := c.reserve(maxUnixMillis-maxHoldMillis, 1, 0); ok {
		t.Fatal("reserved after the last key with the clock a day back")
	}
	// Further back: the last key came from a clock that read wrong, and
	// the counter starts afresh at the clock.
	if k, ok := c.reserve(maxUnixMillis-maxHoldMillis-1, 1, 0x123); !ok || k != v7Key(maxUnixMillis-maxHoldMillis-1, 0x123) {
		t.Fatalf("after the last key with the clock more than a day back: %#x, %v; want a fresh counter", k, ok)
	}
	if k, ok := c.reserve(5, 1, 0x456); !ok || k != v7Key(5, 0x456) {
		t.Fatalf("clock back to 5 ms: %#x, %v; want a fresh counter", k, ok)
	}
	// A step back of a day or less holds the keys.
	if k, ok := c.reserve(5+maxHoldMillis+1, 1, 0x456); !ok || k != v7Key(5+maxHoldMillis+1, 0x456) {
		t.Fatalf("a day on: %#x, %v", k, ok)
	}
	if k, ok := c.reserve(6, 1, 0x789); !ok || k != v7Key(5+maxHoldMillis+1, 0x457) {
		t.Fatalf("a day back: %#x, %v; want the key after the last", k, ok)
	}
	// A batch that does not fit below the top is refused whole, and the
	// keys stay where they were.
	c = v7Counter{}
	c.last.Store(0xffffffffffff1234)
	if k, ok := c.reserve(maxUnixMillis, maxReserve, 0); ok {
		t.Fatalf("reserved %d keys from %#x past the top", maxReserve, k)
	}
	if k, ok := c.reserve(maxUnixMillis, 1, 0x10); !ok || k != 0xffffffffffff1235 {
		t.Fatalf("after a refused batch: %#x, %v; want 0xffffffffffff1235", k, ok)
	}
}

// TestV7CounterTopConcurrent has goroutines reserve batches of every size
// at the last millisecond until the keys run out: the batches never
// overlap and never wrap round to small keys.
func TestV7CounterTopConcurrent(t *testing.T) {
	var c v7Counter
	c.last.Store(math.MaxUint64 - 1<<20) // a million keys left
	const workers = 4
	got := make([][][2]uint64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := uint64(1 + w); ; n = n*7%maxReserve + 1 {
				first, ok := c.reserve(maxUnixMillis, n, 0)
				if !ok {
					if n == 1 {
						return
					}
					n = 0 // try single keys until none are left
					continue
				}
				got[w] = append(got[w], [2]uint64{first, first + n - 1})
			}
		}()
	}
	wg.Wait()
	var all [][2]uint64
	for _, g := range got {
		all = append(all, g...)
	}
	slices.SortFunc(all, func(a, b [2]uint64) int { return cmp.Compare(a[0], b[0]) })
	for i, r := range all {
		if r[0] < math.MaxUint64-1<<20 || r[1] < r[0] {
			t.Fatalf("batch %#x..%#x wrapped or started below the last keys", r[0], r[1])
		}
		if i > 0 && r[0] <= all[i-1][1] {
			t.Fatalf("batches %#x..%#x and %#x..%#x overlap", all[i-1][0], all[i-1][1], r[0], r[1])
		}
	}
	if last := all[len(all)-1][1]; last != math.MaxUint64 {
		t.Errorf("the keys ran out at %#x, before the last one", last)
	}
}

// TestV7Ceiling makes v7 UUIDs with the clock at and past the last
// millisecond: every value is greater than the one before, until
// ErrExhausted.
func TestV7Ceiling(t *testing.T) {
	for _, at := range []time.Time{unixMillisTime(maxUnixMillis), unixMillisTime(maxUnixMillis - 1), time.Unix(1<<62, 0)} {
		g := NewGenerator(GeneratorOptions{Now: fixedClock(at)})
		var last UUID
		var made int
		var err error
		for made < 200_000 {
			var u UUID
			if u, err = g.NewV7(); err != nil {
				break
			}
			if made > 0 && u.Compare(last) <= 0 {
				t.Fatalf("at %v: value %d %v is not above %v", at, made, u, last)
			}
			last, made = u, made+1
		}
		if !errors.Is(err, ErrExhausted) || made < 1<<15 {
			t.Fatalf("at %v: %d values, then %v; want at least 32768, then ErrExhausted", at, made, err)
		}
		if err := g.FillV7(make([]UUID, 2)); !errors.Is(err, ErrExhausted) {
			t.Fatalf("FillV7 after exhaustion = %v", err)
		}
	}
}

// TestAtClamps checks the …At constructors at both ends of each range and
// far outside it, where converting to nanoseconds would overflow.
func TestAtClamps(t *testing.T) {
	firstG, lastG := gregorianTime(0), gregorianTime(maxGregorianTicks)
	firstU, lastU := time.Unix(0, 0).UTC(), unixMillisTime(maxUnixMillis)
	huge := []time.Time{
		time.Unix(1<<63-1, 0),
		time.Date(292277026596, 12, 4, 15, 30, 7, 999999999, time.UTC),
		time.Unix(1<<62, 0),
	}
	tiny := []time.Time{
		time.Unix(-1<<63, 0),
		time.Time{},
		time.Date(-1_000_000_000, 1, 1, 0, 0, 0, 0, time.UTC),
	}
	type tc struct {
		name string
		at   time.Time
		want [3]time.Time // v1, v6, v7
	}
	cases := []tc{
		{"gregorian_first", firstG, [3]time.Time{firstG, firstG, firstU}},
		{"gregorian_before", firstG.Add(-100), [3]time.Time{firstG, firstG, firstU}},
		{"gregorian_last", lastG, [3]time.Time{lastG, lastG, lastG.Truncate(time.Millisecond)}},
		{"gregorian_after", lastG.Add(time.Hour), [3]time.Time{lastG, lastG, lastG.Add(time.Hour).Truncate(time.Millisecond)}},
		{"unix_first", firstU, [3]time.Time{firstU, firstU, firstU}},
		{"unix_before", firstU.Add(-time.Millisecond), [3]time.Time{firstU.Add(-time.Millisecond), firstU.Add(-time.Millisecond), firstU}},
		{"unix_last", lastU, [3]time.Time{lastG, lastG, lastU}},
		{"unix_after", lastU.Add(time.Millisecond), [3]time.Time{lastG, lastG, lastU}},
	}
	for i, at := range huge {
		cases = append(cases, tc{"huge_" + string(rune('a'+i)), at, [3]time.Time{lastG, lastG, lastU}})
	}
	for i, at := range tiny {
		cases = append(cases, tc{"tiny_" + string(rune('a'+i)), at, [3]time.Time{firstG, firstG, firstU}})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for i, u := range []UUID{NewV1At(c.at), NewV6At(c.at), NewV7At(c.at)} {
				got, _ := u.Time()
				if !got.Equal(c.want[i]) {
					t.Errorf("v%d At(%v) time = %v; want %v", []int{1, 6, 7}[i], c.at, got, c.want[i])
				}
			}
			// A Generator whose clock says c.at clamps the same way.
			for i, v := range []Version{1, 6, 7} {
				g := NewGenerator(GeneratorOptions{Now: fixedClock(c.at), V6Node: true, Node: StaticNode([6]byte{2})})
				f := map[Version]func() (UUID, error){1: g.NewV1, 6: g.NewV6, 7: g.NewV7}[v]
				u, err := f()
				got, _ := u.Time()
				if err != nil || !got.Equal(c.want[i]) && i != 2 {
					t.Errorf("Generator v%d with clock %v = %v (%v), %v; want time %v", []int{1, 6, 7}[i], c.at, u, got, err, c.want[i])
				}
				if i == 2 && (got.Before(c.want[2]) || got.After(c.want[2].Add(time.Millisecond))) {
					t.Errorf("Generator v7 with clock %v has time %v; want %v", c.at, got, c.want[2])
				}
			}
		})
	}
}

// TestHardwareNodeChoice checks which node each list of interfaces gives.
func TestHardwareNodeChoice(t *testing.T) {
	mac := func(s string) net.HardwareAddr {
		hw, err := net.ParseMAC(s)
		if err != nil {
			t.Fatal(err)
		}
		return hw
	}
	ifc := func(name string, flags net.Flags, hw string) net.Interface {
		i := net.Interface{Name: name, Flags: flags}
		if hw != "" {
			i.HardwareAddr = mac(hw)
		}
		return i
	}
	up := net.FlagUp
	for _, tc := range []struct {
		name string
		ifs  []net.Interface
		err  error
		want string // "" for a random multicast node
	}{
		{"universal", []net.Interface{ifc("eth0", up, "00:1b:21:3c:4d:5e")}, nil, "00:1b:21:3c:4d:5e"},
		{"local_skipped", []net.Interface{ifc("docker0", up, "02:42:ac:11:00:02"), ifc("eth1", up, "3c:ec:ef:01:02:03")}, nil, "3c:ec:ef:01:02:03"},
		{"only_local", []net.Interface{ifc("eth0", up, "02:fc:00:00:00:01"), ifc("ifb0", up, "5a:71:d0:00:00:01")}, nil, ""},
		{"multicast", []net.Interface{ifc("x", up, "01:00:5e:00:00:01")}, nil, ""},
		{"zero", []net.Interface{ifc("x", up, "00:00:00:00:00:00")}, nil, ""},
		{"loopback", []net.Interface{ifc("lo", net.FlagLoopback, "00:1b:21:3c:4d:5e")}, nil, ""},
		{"eui64", []net.Interface{ifc("ib0", up, "00:1b:21:ff:fe:3c:4d:5e")}, nil, ""},
		{"no_address", []net.Interface{ifc("tun0", up, "")}, nil, ""},
		{"none", nil, nil, ""},
		{"error", []net.Interface{ifc("eth0", up, "00:1b:21:3c:4d:5e")}, errors.New("no netlink"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := &hardwareNode{interfaces: func() ([]net.Interface, error) { return tc.ifs, tc.err }}
			id, err := h.NodeID()
			if err != nil {
				t.Fatal(err)
			}
			again, _ := h.NodeID()
			switch {
			case again != id:
				t.Errorf("NodeID changed: %x then %x", id, again)
			case tc.want == "" && !isRandomNode(id):
				t.Errorf("NodeID = %x; want a random node with the multicast bit", id)
			case tc.want != "" && net.HardwareAddr(id[:]).String() != tc.want:
				t.Errorf("NodeID = %x; want %s", id, tc.want)
			}
		})
	}
}

// TestStateFileSharesRandomNode: Generators with random nodes that share a
// state file adopt the first one's node, so they continue each other's
// state instead of restarting it.
func TestStateFileSharesRandomNode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	var nodes [][6]byte
	var all []UUID
	for range 3 {
		g := NewGenerator(GeneratorOptions{StateFile: path, V6Node: true, Node: RandomNode(), Now: fixedClock(rfcTime)})
		ids := generate(t, 1000, g.NewV1)
		n, _ := ids[0].NodeID()
		nodes = append(nodes, n)
		all = append(all, ids...)
	}
	if nodes[0] != nodes[1] || nodes[1] != nodes[2] || !isRandomNode(nodes[0]) {
		t.Errorf("nodes %x; want one random node", nodes)
	}
	checkUnique(t, "three generators", all)
	// A hardware node is never replaced by the file's random one.
	g := NewGenerator(GeneratorOptions{StateFile: path, V6Node: true, Node: StaticNode([6]byte{0x00, 0x1b, 0x21, 1, 2, 3}), Now: fixedClock(rfcTime)})
	if n, _ := must(g.NewV1()).NodeID(); n != [6]byte{0x00, 0x1b, 0x21, 1, 2, 3} {
		t.Errorf("static node replaced by %x", n)
	}
}

// TestErrorsMatch checks that every error a Generator returns can be
// matched without its text.
func TestErrorsMatch(t *testing.T) {
	if !errors.Is(ErrNoFileLocks, errors.ErrUnsupported) {
		t.Error("ErrNoFileLocks does not match errors.ErrUnsupported")
	}
	if !errors.Is(&StateFileError{Err: ErrNotStateFile}, ErrNotStateFile) {
		t.Error("a *StateFileError does not match its cause")
	}
	g := NewGenerator(GeneratorOptions{Rand: brokenReader{}})
	_, err := g.NewV4()
	if !errors.Is(err, ErrRandom) || !errors.Is(err, errBroken) {
		t.Errorf("failing Rand: %v; want ErrRandom and the reader's error", err)
	}
	g = NewGenerator(GeneratorOptions{StateFile: t.TempDir()}) // a directory
	_, err = g.NewV1()
	var sfe *StateFileError
	if !errors.As(err, &sfe) || sfe.Op != "open" || sfe.Path == "" {
		t.Errorf("state file that is a directory: %v; want a *StateFileError", err)
	}
	if os.Geteuid() != 0 {
		dir := t.TempDir()
		os.Chmod(dir, 0o500)
		defer os.Chmod(dir, 0o700)
		_, err = NewGenerator(GeneratorOptions{StateFile: filepath.Join(dir, "s")}).NewV1()
		if !errors.Is(err, fs.ErrPermission) {
			t.Errorf("unwritable directory: %v; want fs.ErrPermission", err)
		}
	}
}

// TestFillV4 checks the batch against the same bytes read one UUID at a
// time, and that a failing source leaves nothing behind.
func TestFillV4(t *testing.T) {
	seed := bytes.Repeat([]byte("0123456789abcdefghij"), 100)
	g := NewGenerator(GeneratorOptions{Rand: bytes.NewReader(seed)})
	ids := make([]UUID, 100)
	if err := g.FillV4(ids); err != nil {
		t.Fatal(err)
	}
	one := NewGenerator(GeneratorOptions{Rand: bytes.NewReader(seed)})
	for i, u := range ids {
		if want := must(one.NewV4()); u != want {
			t.Fatalf("FillV4[%d] = %v; want %v", i, u, want)
		}
	}
	g = NewGenerator(GeneratorOptions{Rand: io.LimitReader(bytes.NewReader(seed), 1000)})
	if err := g.FillV4(ids); !errors.Is(err, ErrRandom) || ids[0] != (UUID{}) {
		t.Errorf("FillV4 with a short source: %v, ids[0] = %v; want ErrRandom and zeroed", err, ids[0])
	}
	// A source that fails in the second run of a long FillV7 leaves all of
	// dst zeroed, the first run included.
	g = NewGenerator(GeneratorOptions{Rand: io.LimitReader(bytes.NewReader(make([]byte, 1<<21)), 8*maxReserve+2+100)})
	long := make([]UUID, maxReserve+5000)
	if err := g.FillV7(long); !errors.Is(err, ErrRandom) {
		t.Fatalf("FillV7 with a source that fails in the second run: %v", err)
	}
	for i, u := range long {
		if u != (UUID{}) {
			t.Fatalf("FillV7 failed but left dst[%d] = %v", i, u)
		}
	}
	pkg := make([]UUID, 5000)
	FillV4(pkg)
	checkUnique(t, "package FillV4", pkg)
	for _, u := range pkg {
		if u.Version() != 4 || u.Variant() != VariantRFC9562 {
			t.Fatalf("FillV4 made %v", u)
		}
	}
	bitBalance(t, "FillV4", pkg, func(bit int) bool { return bit/4 != 12 && bit != 64 && bit != 65 })
	FillV4(nil)
}

// TestFillV7Batches checks a batch longer than one reservation, and that
// its random bits are the bytes the source gave, in order.
func TestFillV7Batches(t *testing.T) {
	g := NewGenerator(GeneratorOptions{Now: fixedClock(rfcTime)})
	ids := make([]UUID, 3*maxReserve+5)
	if err := g.FillV7(ids); err != nil {
		t.Fatal(err)
	}
	checkIncreasing(t, "FillV7", ids)
	bitBalance(t, "FillV7 random", ids, func(bit int) bool { return bit >= 70 })
	// The random bits of each UUID are the 8 bytes the source gave for it,
	// in order, for batches of every shape: FillV7 spreads them out in
	// place, from the last UUID down, and a batch longer than maxReserve
	// reads once per run.
	for _, n := range []int{1, 2, 3, 4, 5, 7, 8, 100, maxReserve, maxReserve + 3} {
		src := make([]byte, 8*n+2*(n/maxReserve+1))
		for i := range src {
			src[i] = byte(i*37 + i>>8)
		}
		g := NewGenerator(GeneratorOptions{Now: fixedClock(rfcTime), Rand: bytes.NewReader(src)})
		ids := make([]UUID, n)
		if err := g.FillV7(ids); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		checkIncreasing(t, "FillV7", ids)
		off := 0
		for start := 0; start < n; start += maxReserve {
			run := min(n-start, maxReserve)
			for i := range run {
				_, _, randB := v7Fields(ids[start+i])
				want := binary.BigEndian.Uint64(src[off+8*i:]) >> 6
				if randB&(1<<58-1) != want {
					t.Fatalf("n=%d: FillV7[%d] random bits %#x; want %#x", n, start+i, randB&(1<<58-1), want)
				}
			}
			off += 8*run + 2
		}
	}
}

// TestClockBase checks the system clock's arithmetic, a wall reading plus
// the time the monotonic clock has run since, against the conversions of
// timestamp.go, exactly, at every sub-tick and sub-millisecond offset that
// matters and at the ends of the ranges.
func TestClockBase(t *testing.T) {
	walls := []time.Time{
		time.Unix(0, 0),
		time.Unix(0, 999_999_999),
		time.Unix(-1, 999_999_999),
		rfcTime,
		rfcTime.Add(99),
		rfcTime.Add(999_999),
		time.Date(2026, 11, 23, 12, 0, 0, 123_456_789, time.UTC),
		gregorianTime(0).Add(-time.Second / 2),
		gregorianTime(maxGregorianTicks).Add(-time.Second / 2),
		unixMillisTime(maxUnixMillis).Add(-time.Second / 2),
		unixMillisTime(maxUnixMillis).Add(time.Hour),
	}
	ds := []time.Duration{0, 1, 99, 100, 101, 999_999, 1_000_000, 1_000_001, 123_456_789, time.Second - 1}
	for _, wall := range walls {
		b := newClockBase(wall)
		for _, d := range ds {
			if got, want := b.ticksAfter(d), gregorianTicks(wall.Add(d)); got != want {
				t.Errorf("base %v + %v: ticks %d; want %d", wall, d, got, want)
			}
			if got, want := b.millisAfter(d), unixMillis(wall.Add(d)); got != want {
				t.Errorf("base %v + %v: millis %d; want %d", wall, d, got, want)
			}
		}
	}
}

// TestSystemClock checks the system clock against time.Now: every reading
// lies between the wall readings taken around it, give or take a
// millisecond by which the wall clock may be slewed against the monotonic
// clock within the base's second.
func TestSystemClock(t *testing.T) {
	var c clock
	for i := range 2000 {
		before := time.Now().Add(-time.Millisecond)
		ms, ticks := c.millis(), c.ticks()
		after := time.Now().Add(time.Millisecond)
		if ms < uint64(before.UnixMilli()) || ms > uint64(after.UnixMilli()) {
			t.Fatalf("reading %d: millis %d outside [%d, %d]", i, ms, before.UnixMilli(), after.UnixMilli())
		}
		if ticks < gregorianTicks(before) || ticks > gregorianTicks(after) {
			t.Fatalf("reading %d: ticks %d outside [%d, %d]", i, ticks, gregorianTicks(before), gregorianTicks(after))
		}
	}
}
