package uuid

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/afb7af96/uuid/internal/gregorian"
)

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
	if os.Geteuid() != 0 && flockMissing == nil { // without flock(2) the open fails first
		dir := t.TempDir()
		os.Chmod(dir, 0o500)
		defer os.Chmod(dir, 0o700)
		_, err = NewGenerator(GeneratorOptions{StateFile: filepath.Join(dir, "s")}).NewV1()
		if !errors.Is(err, fs.ErrPermission) {
			t.Errorf("unwritable directory: %v; want fs.ErrPermission", err)
		}
	}
}

// TestFillV7Batches checks a batch longer than one reservation, and that
// its random bits are the bytes the source gave, in order.
func TestFillV7Batches(t *testing.T) {
	t.Parallel()
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
		src := make([]byte, 8*n)
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
			off += 8 * run
		}
	}
}

// TestGeneratorVectors reproduces the time-based and random vectors through
// a Generator with injected clock, random source and node. (RFC 9562 A.6's
// rand_a, 0xcc3, has its top bit set, which NewV7's counter never starts
// with, so v7 vectors are checked through v7Layout in TestVectors only.)
func TestGeneratorVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		if v.kind != "v1" && v.kind != "v6" {
			continue
		}
		t.Run(v.name(), func(t *testing.T) {
			ticks, seq := v.hexKey(t, "ticks"), uint16(v.hexKey(t, "seq"))
			var rnd [3]byte
			binary.BigEndian.PutUint16(rnd[:], seq)
			g := NewGenerator(GeneratorOptions{
				Now:    fixedClock(gregorianTime(ticks)),
				Rand:   bytes.NewReader(rnd[:]),
				V6Node: true,
				Node:   StaticNode(node48(t, v.keys["node"])),
			})
			newFn := g.NewV1
			if v.kind == "v6" {
				newFn = g.NewV6
			}
			got, err := newFn()
			if err != nil || got != MustParse(v.text) {
				t.Errorf("%s with injected sources = %v, %v; want %s", v.kind, got, err, v.text)
			}
		})
	}
	g := NewGenerator(GeneratorOptions{Rand: bytes.NewReader([]byte("\x91\x91\x08\xf7\x52\xd1\x33\x20\x5b\xac\xf8\x47\xdb\x41\x48\xa8"))})
	if got, err := g.NewV4(); err != nil || got != MustParse("919108f7-52d1-4320-9bac-f847db4148a8") {
		t.Errorf("NewV4 with RFC 9562 A.3's random bytes = %v, %v", got, err)
	}
}

// checkIncreasing fails unless ids is strictly increasing.
func checkIncreasing(t *testing.T, what string, ids []UUID) {
	t.Helper()
	for i := 1; i < len(ids); i++ {
		if ids[i-1].Compare(ids[i]) >= 0 {
			t.Fatalf("%s: value %d %v is not greater than value %d %v", what, i, ids[i], i-1, ids[i-1])
		}
	}
}

// checkUnique fails if ids holds a duplicate; it sorts ids.
func checkUnique(t *testing.T, what string, ids []UUID) {
	t.Helper()
	slices.SortFunc(ids, UUID.Compare)
	for i := 1; i < len(ids); i++ {
		if ids[i-1] == ids[i] {
			t.Fatalf("%s: duplicate %v", what, ids[i])
		}
	}
}

func generate(t *testing.T, n int, f func() (UUID, error)) []UUID {
	t.Helper()
	ids := make([]UUID, n)
	for i := range ids {
		u, err := f()
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = u
	}
	return ids
}

// TestFrozenClock makes many UUIDs of each time-based version from a
// clock that never moves: all unique, v6 and v7 strictly increasing.
func TestFrozenClock(t *testing.T) {
	n := 100_000 // in CI (UUID_SOAK_SECONDS set), a million
	if soakScale(t) > 1 {
		n = 1_000_000
	}
	g := NewGenerator(GeneratorOptions{Now: fixedClock(rfcTime), V6Node: true, Node: StaticNode([6]byte{1, 2, 3, 4, 5, 6})})
	v1 := generate(t, n, g.NewV1)
	v6 := generate(t, n, g.NewV6)
	v7 := generate(t, n, g.NewV7)
	checkIncreasing(t, "v6", v6)
	checkIncreasing(t, "v7", v7)
	checkUnique(t, "v1", v1)
	// The timestamps ran ahead of the frozen clock by one tick per UUID.
	last, _ := v6[n-1].Time()
	if want := rfcTime.Add(time.Duration(2*n-1) * 100); !last.Equal(want) {
		t.Errorf("last v6 time = %v; want %v", last, want)
	}
	// v7 carried counter overflow into the timestamp (RFC 9562, Section 6.2),
	// by at most one millisecond per 32768 UUIDs.
	last, _ = v7[n-1].Time()
	if ahead := last.Sub(rfcTime); ahead < 0 || ahead > time.Duration(n/32768+1)*time.Millisecond {
		t.Errorf("last v7 time is %v ahead of the frozen clock", ahead)
	}
}

// TestClockStepsBack steps the clock back an hour and forward a year: v1
// stays unique with a new clock sequence, as does v6 with a node, which
// shares its state; v7 keeps increasing.
func TestClockStepsBack(t *testing.T) {
	clock := newScriptClock(rfcTime)
	g := NewGenerator(GeneratorOptions{Now: clock.Func(), V6Node: true, Node: StaticNode([6]byte{1, 2, 3, 4, 5, 6})})
	var v1, v6, v7 []UUID
	step := func(n int) {
		for range n {
			v1 = append(v1, must(g.NewV1()))
			v6 = append(v6, must(g.NewV6()))
			v7 = append(v7, must(g.NewV7()))
			clock.Add(50 * time.Nanosecond)
		}
	}
	step(1000)
	seqBefore, _ := v1[len(v1)-1].ClockSequence()
	clock.Add(-time.Hour)
	step(1000)
	seqAfter, _ := v1[len(v1)-1].ClockSequence()
	if seqAfter != (seqBefore+1)&0x3fff {
		t.Errorf("clock sequence after stepping back = %#x; want %#x", seqAfter, (seqBefore+1)&0x3fff)
	}
	if t1, _ := v1[len(v1)-1].Time(); t1.After(rfcTime) {
		t.Errorf("v1 after stepping back carries %v; want the clock's time", t1)
	}
	clock.Add(365 * 24 * time.Hour)
	step(1000)
	if t7, _ := v7[len(v7)-1].Time(); t7.Before(rfcTime.Add(364 * 24 * time.Hour)) {
		t.Errorf("v7 after jumping forward carries %v", t7)
	}
	checkUnique(t, "v6", slices.Clone(v6))
	checkIncreasing(t, "v7", slices.Clone(v7))
	checkUnique(t, "v1", v1)
}

func must(u UUID, err error) UUID {
	if err != nil {
		panic(err)
	}
	return u
}

// TestConcurrentGenerators runs 8 goroutines on one Generator whose clock
// a ninth goroutine moves back and forth: the union is unique, and each
// goroutine's v6 and v7 sequences strictly increase.
func TestConcurrentGenerators(t *testing.T) {
	t.Parallel()
	const workers, each = 8, 5000
	clock := newScriptClock(rfcTime)
	g := NewGenerator(GeneratorOptions{Now: clock.Func()})
	stop := make(chan struct{})
	var moved sync.WaitGroup
	moved.Add(1)
	go func() {
		defer moved.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
				runtime.Gosched() // nothing preempts a spin under js/wasm and wasip1
			}
			switch i % 100 {
			case 0:
				clock.Add(-time.Second)
			default:
				clock.Add(time.Microsecond)
			}
			runtime.Gosched() // js/wasm does not preempt: let the workers run
		}
	}()
	results := make([][3][]UUID, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				results[w][0] = append(results[w][0], must(g.NewV1()))
				results[w][1] = append(results[w][1], must(g.NewV6()))
				results[w][2] = append(results[w][2], must(g.NewV7()))
			}
		}()
	}
	wg.Wait()
	close(stop)
	moved.Wait()
	var all []UUID
	for w := range workers {
		checkIncreasing(t, "v6 of one goroutine", results[w][1])
		checkIncreasing(t, "v7 of one goroutine", results[w][2])
		for _, r := range results[w] {
			all = append(all, r...)
		}
	}
	checkUnique(t, "all", all)
}

// TestPackageGeneratorsConcurrent checks the default generator from 8
// goroutines with the real clock.
func TestPackageGeneratorsConcurrent(t *testing.T) {
	const workers, each = 8, 5000
	results := make([][]UUID, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				results[w] = append(results[w], NewV7(), NewV6(), NewV1(), NewV4())
			}
		}()
	}
	wg.Wait()
	var all []UUID
	for _, r := range results {
		var v6, v7 []UUID
		for _, u := range r {
			switch u.Version() {
			case 6:
				v6 = append(v6, u)
			case 7:
				v7 = append(v7, u)
			}
		}
		checkIncreasing(t, "v6", v6)
		checkIncreasing(t, "v7", v7)
		all = append(all, r...)
	}
	checkUnique(t, "all", all)
}

// TestV7NotAheadOfClock generates as fast as it can with the real clock:
// no v7 UUID may carry a time more than 1 ms after the clock's.
func TestV7NotAheadOfClock(t *testing.T) {
	g := new(Generator)
	var ids [256]UUID
	for range 400 {
		for i := range ids {
			ids[i] = must(g.NewV7())
		}
		now := time.Now()
		for _, u := range ids {
			if ts, _ := u.Time(); ts.Sub(now) > time.Millisecond {
				t.Fatalf("v7 time %v is %v ahead of the clock", ts, ts.Sub(now))
			}
		}
	}
}

// TestV1BurstStallsThenWaits puts the generator a full gregorian.Ahead ahead of a
// slow clock: NewV1 must wait for the clock rather than go further ahead.
func TestV1BurstStallsThenWaits(t *testing.T) {
	base := gregorianTicks(rfcTime)
	var reads atomic.Int64
	g := NewGenerator(GeneratorOptions{
		Now:  func() time.Time { return gregorianTime(base + uint64(reads.Add(1)) - 1) },
		Node: StaticNode([6]byte{1}),
	})
	seq0, _ := must(g.NewV1()).ClockSequence() // reads the clock once: base
	memState(g).mu.Lock()
	openRun(g).End = base + 2 + gregorian.Ahead // the next clock reading, base+1, is gregorian.Ahead behind the last
	memState(g).mu.Unlock()
	u := must(g.NewV1())
	ticks := v1Ticks(u)
	if seq, _ := u.ClockSequence(); ticks != base+gregorian.Ahead+2 || seq != seq0 {
		t.Errorf("after the stall: ticks = base+%d, seq %#x; want base+%d, %#x", ticks-base, seq, gregorian.Ahead+2, seq0)
	}
	// The clock had to reach lastTicks+1-gregorian.Ahead before NewV1 returned.
	if n := reads.Load(); n < 3 {
		t.Errorf("clock read %d times; NewV1 did not wait", n)
	}
}

// openRun returns the open run of g's state in memory with the highest
// end; the caller holds its lock.
func openRun(g *Generator) *gregorian.Run {
	var best *gregorian.Run
	for i, r := range memState(g).state.Runs {
		if r.Open && (best == nil || r.End > best.End) {
			best = &memState(g).state.Runs[i]
		}
	}
	return best
}

// TestV1StoppedClock runs the generator gregorian.Ahead ahead of a clock that
// never moves: after stallReads reads it takes a new clock sequence
// instead of waiting forever.
func TestV1StoppedClock(t *testing.T) {
	g := NewGenerator(GeneratorOptions{Now: fixedClock(rfcTime), V6Node: true, Node: StaticNode([6]byte{1})})
	first := must(g.NewV1())
	memState(g).mu.Lock()
	openRun(g).End += gregorian.Ahead
	memState(g).mu.Unlock()
	u := must(g.NewV1())
	s0, _ := first.ClockSequence()
	s1, _ := u.ClockSequence()
	if s1 != (s0+1)&0x3fff || v1Ticks(u) != v1Ticks(first) {
		t.Errorf("stopped clock: %v after %v; want the same time with the next clock sequence", u, first)
	}
}

// TestV1ClockBackAndForth runs the generator gregorian.Ahead ahead of a clock
// that goes back and forth by one tick and never on: it counts as stopped,
// and NewV1 takes a new clock sequence rather than wait for ever.
func TestV1ClockBackAndForth(t *testing.T) {
	base := gregorianTicks(rfcTime)
	var reads int
	g := NewGenerator(GeneratorOptions{
		Now:  func() time.Time { reads++; return gregorianTime(base + uint64(reads%2)) },
		Node: StaticNode([6]byte{1}),
	})
	first := must(g.NewV1())
	memState(g).mu.Lock()
	openRun(g).End = base + gregorian.Ahead + 2
	memState(g).mu.Unlock()
	u := must(g.NewV1())
	s0, _ := first.ClockSequence()
	if s1, _ := u.ClockSequence(); s1 == s0 || v1Ticks(u) > base+1 {
		t.Errorf("clock back and forth: %v after %v; want the clock's time with another clock sequence", u, first)
	}
}

func TestV2(t *testing.T) {
	g := NewGenerator(GeneratorOptions{Now: fixedClock(rfcTime), V6Node: true, Node: StaticNode([6]byte{1, 2, 3, 4, 5, 6})})
	ids := generate(t, 200, func() (UUID, error) { return g.NewV2(DomainGroup, 4242) })
	for _, u := range ids {
		d, _ := u.Domain()
		id, _ := u.LocalID()
		node, _ := u.NodeID()
		if u.Version() != 2 || d != DomainGroup || id != 4242 || node != [6]byte{1, 2, 3, 4, 5, 6} {
			t.Fatalf("NewV2 = %v: version %d, domain %v, id %d, node %x", u, u.Version(), d, id, node)
		}
		if ts, _ := u.Time(); ts.After(rfcTime.Add(3*430*time.Second)) || ts.Before(rfcTime.Add(-430*time.Second)) {
			t.Fatalf("NewV2 time %v too far from %v", ts, rfcTime)
		}
	}
	checkUnique(t, "v2", ids)
}

func TestAtConstructors(t *testing.T) {
	at := time.Date(2030, 1, 2, 3, 4, 5, 600_000_700, time.UTC)
	for _, tc := range []struct {
		u    UUID
		ver  Version
		want time.Time
	}{
		{NewV1At(at), 1, at.Truncate(100)},
		{NewV6At(at), 6, at.Truncate(100)},
		// 700 ns into the millisecond is fraction 700·4096/10⁶ = 2.87, so
		// 2, which reads back as its first nanosecond: ⌈2·10⁶/4096⌉ = 489.
		{NewV7At(at), 7, at.Truncate(time.Millisecond).Add(489)},
	} {
		got, ok := tc.u.Time()
		if tc.u.Version() != tc.ver || !ok || !got.Equal(tc.want) {
			t.Errorf("v%d At(%v): %v has time %v; want %v", tc.ver, at, tc.u, got, tc.want)
		}
	}
	if node, _ := NewV6At(at).NodeID(); node[0]&1 == 0 {
		t.Errorf("NewV6At node %x lacks the multicast bit", node)
	}
	// Clamped at the ends of each range.
	if got, _ := NewV7At(time.Unix(-1, 0)).Time(); got.UnixMilli() != 0 {
		t.Errorf("NewV7At(before 1970) time = %v", got)
	}
	if got := v7Millis(NewV7At(time.Date(12000, 1, 1, 0, 0, 0, 0, time.UTC))); got != 1<<48-1 {
		t.Errorf("NewV7At(year 12000) ms = %#x", got)
	}
	if got := gregorianTicks(time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC)); got != 0 {
		t.Errorf("gregorianTicks(1500) = %d", got)
	}
}

func TestFillV7(t *testing.T) {
	g := NewGenerator(GeneratorOptions{Now: fixedClock(rfcTime)})
	first := must(g.NewV7())
	ids := make([]UUID, 3000)
	if err := g.FillV7(ids); err != nil {
		t.Fatal(err)
	}
	checkIncreasing(t, "FillV7", append([]UUID{first}, ids...))
	if next := must(g.NewV7()); next.Compare(ids[len(ids)-1]) <= 0 {
		t.Errorf("NewV7 after FillV7 = %v, not after %v", next, ids[len(ids)-1])
	}
	if err := g.FillV7(nil); err != nil {
		t.Errorf("FillV7(nil) = %v", err)
	}
	pkg := make([]UUID, 100)
	FillV7(pkg)
	checkIncreasing(t, "package FillV7", pkg)
}

// TestV6RandomNode checks v6's defaults: a random clock sequence and a
// random multicast node per UUID.
func TestV6RandomNode(t *testing.T) {
	nodes := map[[6]byte]bool{}
	for range 100 {
		u := NewV6()
		node, _ := u.NodeID()
		if node[0]&1 == 0 {
			t.Fatalf("NewV6 node %x lacks the multicast bit", node)
		}
		nodes[node] = true
	}
	if len(nodes) < 99 {
		t.Errorf("100 NewV6 UUIDs used only %d nodes", len(nodes))
	}
}

var errBroken = errors.New("broken source")

type brokenReader struct{}

type brokenNode struct{}

// v1Ticks returns the timestamp of a version 1 UUID.
func v1Ticks(u UUID) uint64 {
	ticks, _, _ := v1Fields(u)
	return ticks
}

// v7Millis returns the Unix milliseconds of a version 7 UUID.
func v7Millis(u UUID) uint64 {
	ms, _, _ := v7Fields(u)
	return ms
}

// memState returns the Gregorian source of g, a Generator without a state
// file.
func memState(g *Generator) *memoryGregorian {
	g.init()
	return g.greg.(*memoryGregorian)
}

// TestBadReading feeds a Generator one far-future clock reading in a
// stream of sane ones: within one call of the clock being sane again,
// every version makes UUIDs without error, with no repeats, and v6 and v7
// carry the sane time again. A step back of an hour, and a jump forward
// and back of an hour, keep random v6 and v7 strictly increasing, and v6
// with a node unique.
func TestBadReading(t *testing.T) {
	t.Parallel()
	bad := []time.Time{
		time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(5236, 3, 31, 21, 21, 0, 0, time.UTC),
		time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(10890, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Unix(math.MaxInt64-62135596800, 999_999_999), // the largest time.Time
	}
	sane := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	for _, badTime := range bad {
		for _, withNode := range []bool{false, true} {
			t.Run(badTime.Format("2006")+map[bool]string{false: "/v6=random", true: "/v6=node"}[withNode], func(t *testing.T) {
				clock := newWideClock(sane)
				opts := GeneratorOptions{Now: clock.Now, V6Node: withNode}
				if withNode {
					opts.Node = StaticNode([6]byte{0x02, 1, 2, 3, 4, 5})
				}
				g := NewGenerator(opts)
				seen := map[UUID]bool{}
				call := func(when string) {
					for _, f := range []func() (UUID, error){g.NewV1, g.NewV6, g.NewV7} {
						u, err := f()
						if err != nil {
							t.Fatalf("%s: %v", when, err)
						}
						if seen[u] {
							t.Fatalf("%s: %v made twice", when, u)
						}
						seen[u] = true
						if when == "after" && u.Version() != 1 {
							if tm, _ := u.Time(); tm.Before(sane) || tm.After(sane.Add(time.Second)) {
								t.Fatalf("v%d after the bad reading carries %v; want about %v", u.Version(), tm, sane)
							}
						}
					}
				}
				for range 100 {
					call("before")
					clock.Add(time.Microsecond)
				}
				// One bad reading per version, then sane ones.
				now := clock.Now()
				clock.Set(badTime)
				for _, f := range []func() (UUID, error){g.NewV1, g.NewV6, g.NewV7} {
					if u, err := f(); err == nil {
						seen[u] = true
					} else if !errors.Is(err, ErrExhausted) {
						t.Fatal(err)
					}
				}
				clock.Set(now)
				for range 10_000 {
					call("after")
					clock.Add(time.Microsecond)
				}
			})
		}
	}
	t.Run("hour-back-and-forth", func(t *testing.T) {
		clock := newScriptClock(sane)
		g := NewGenerator(GeneratorOptions{Now: clock.Func(), V6Node: true, Node: StaticNode([6]byte{0x02, 1, 2, 3, 4, 5})})
		var v6n, v6r, v7 []UUID
		r := NewGenerator(GeneratorOptions{Now: clock.Func()})
		step := func(n int) {
			for range n {
				v6n = append(v6n, must(g.NewV6()))
				v6r = append(v6r, must(r.NewV6()))
				v7 = append(v7, must(g.NewV7()))
				clock.Add(time.Millisecond)
			}
		}
		step(100)
		clock.Add(time.Hour)
		step(100)
		clock.Add(-time.Hour)
		step(100)
		clock.Add(-time.Hour) // an hour before the start
		step(100)
		checkUnique(t, "v6 with a node", v6n)
		checkIncreasing(t, "v6", v6r)
		checkIncreasing(t, "v7", v7)
	})
}

// TestAlternatingGenerators makes v1 and v6 UUIDs with a node from
// Generators whose clock alternates or stands still, in memory and with
// a state file: none repeats. The state file's runs are shorter, as each
// call reserves; CI runs them as long as the memory runs.
func TestAlternatingGenerators(t *testing.T) {
	t.Parallel()
	for _, state := range []string{"memory", "file"} {
		if state == "file" && flockMissing != nil {
			continue
		}
		n := 34_000 * soakScale(t) // past 2×16384 in memory
		if state == "file" {
			n = 1_000
			if soakScale(t) > 1 {
				n = 100_000
			}
		}
		for _, c := range clockShapes {
			if state == "file" && soakScale(t) == 1 && c.step != 0 && c.step != 3*time.Second && c.step != 48*time.Hour {
				continue // CI runs them all
			}
			t.Run("state="+state+"/clock="+c.name, func(t *testing.T) {
				t.Parallel()
				var i int
				now := func() time.Time { i++; return gregorianTime(c.ticks(i)) }
				opts := GeneratorOptions{Now: now, Node: StaticNode([6]byte{0x02, 0, 0, 0, 0, 1}), V6Node: true}
				if state == "file" {
					opts.StateFile = filepath.Join(t.TempDir(), "state")
				}
				g := NewGenerator(opts)
				defer g.Close()
				for _, v := range []func() (UUID, error){g.NewV1, g.NewV6} {
					seen := make(map[UUID]bool, n)
					for k := range n {
						u, err := v()
						if err != nil {
							t.Fatal(err)
						}
						if seen[u] {
							t.Fatalf("call %d repeats %v", k, u)
						}
						seen[u] = true
					}
				}
			})
		}
	}
}

// panickyNode panics at its first NodeID, then answers.
type panickyNode struct{ calls int }

// flakyNode fails until it has been asked fails times.
type flakyNode struct{ calls, fails int }

// TestNodeSourceRecovers: a NodeSource that panics leaves the Generator as
// it was, and the next call asks again; one that fails is asked again
// once a second of the Generator's clock has passed, not at every call.
func TestNodeSourceRecovers(t *testing.T) {
	for _, state := range []string{"memory", "file"} {
		if state == "file" && flockMissing != nil {
			continue
		}
		t.Run("state="+state+"/panic", func(t *testing.T) {
			opts := GeneratorOptions{Now: fixedClock(rfcTime), Node: &panickyNode{}, V6Node: true}
			if state == "file" {
				opts.StateFile = filepath.Join(t.TempDir(), "state")
			}
			g := NewGenerator(opts)
			defer g.Close()
			func() {
				defer func() { recover() }()
				g.NewV1()
			}()
			for _, f := range []func() (UUID, error){g.NewV1, g.NewV6} {
				u, err := f()
				if node, _ := u.NodeID(); err != nil || node != [6]byte{0x02, 9, 9, 9, 9, 9} {
					t.Fatalf("after the panic: %v (node %x), %v; want the source's node", u, node, err)
				}
			}
		})
		t.Run("state="+state+"/error", func(t *testing.T) {
			clock := newScriptClock(rfcTime)
			src := &flakyNode{fails: 1}
			opts := GeneratorOptions{Now: clock.Func(), Node: src}
			if state == "file" {
				opts.StateFile = filepath.Join(t.TempDir(), "state")
			}
			g := NewGenerator(opts)
			defer g.Close()
			for range 100 {
				if _, err := g.NewV1(); !errors.Is(err, errBroken) {
					t.Fatalf("NewV1 with a failed source: %v; want %v", err, errBroken)
				}
				clock.Add(time.Millisecond)
			}
			if src.calls != 1 {
				t.Fatalf("a failed source was asked %d times within 100 ms; want once", src.calls)
			}
			clock.Add(time.Second)
			if u, err := g.NewV1(); err != nil || nodeOf(u) != [6]byte{0x02, 8, 8, 8, 8, 8} {
				t.Fatalf("NewV1 a second later = %v, %v; want the source's node", u, err)
			}
		})
	}
}

func (brokenReader) Read([]byte) (int, error) { return 0, errBroken }

func (brokenNode) NodeID() ([6]byte, error) { return [6]byte{}, errBroken }
