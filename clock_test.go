package uuid

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var rfcTime = time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)

// fixedClock returns a clock that always says t.
func fixedClock(t time.Time) func() time.Time { return func() time.Time { return t } }

// scriptClock is a clock a test moves by hand; it is safe for concurrent use.
type scriptClock struct{ ns atomic.Int64 }

func newScriptClock(t time.Time) *scriptClock {
	c := new(scriptClock)
	c.ns.Store(t.UnixNano())
	return c
}
func (c *scriptClock) Now() time.Time         { return time.Unix(0, c.ns.Load()).UTC() }
func (c *scriptClock) Add(d time.Duration)    { c.ns.Add(int64(d)) }
func (c *scriptClock) Set(t time.Time)        { c.ns.Store(t.UnixNano()) }
func (c *scriptClock) Func() func() time.Time { return c.Now }

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
				Now:  fixedClock(gregorianTime(ticks)),
				Rand: bytes.NewReader(rnd[:]),
				Node: StaticNode(node48(t, v.keys["node"])),
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

// TestFrozenClock makes a million UUIDs of each time-based version from a
// clock that never moves: all unique, v6 and v7 strictly increasing.
func TestFrozenClock(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	g := NewGenerator(GeneratorOptions{Now: fixedClock(rfcTime), Node: StaticNode([6]byte{1, 2, 3, 4, 5, 6})})
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
// stays unique with a new clock sequence, v6 and v7 keep increasing.
func TestClockStepsBack(t *testing.T) {
	clock := newScriptClock(rfcTime)
	g := NewGenerator(GeneratorOptions{Now: clock.Func(), Node: StaticNode([6]byte{1, 2, 3, 4, 5, 6})})
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
	checkIncreasing(t, "v6", slices.Clone(v6))
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
			}
			switch i % 100 {
			case 0:
				clock.Add(-time.Second)
			default:
				clock.Add(time.Microsecond)
			}
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

// TestV1BurstStallsThenWaits puts the generator a full maxAhead ahead of a
// slow clock: NewV1 must wait for the clock rather than go further ahead.
func TestV1BurstStallsThenWaits(t *testing.T) {
	base := gregorianTicks(rfcTime)
	var reads atomic.Int64
	g := NewGenerator(GeneratorOptions{
		Now:  func() time.Time { return gregorianTime(base + uint64(reads.Add(1)) - 1) },
		Node: StaticNode([6]byte{1}),
	})
	must(g.NewV1()) // reads the clock once: base
	memState(g).mu.Lock()
	memState(g).state.end = base + 2 + maxAhead // the next clock reading, base+1, is maxAhead behind the last
	memState(g).mu.Unlock()
	seq0 := memState(g).state.seq
	u := must(g.NewV1())
	ticks := v1Ticks(u)
	if ticks != base+maxAhead+2 || memState(g).state.seq != seq0 {
		t.Errorf("after the stall: ticks = base+%d, seq %#x; want base+%d, %#x", ticks-base, memState(g).state.seq, maxAhead+2, seq0)
	}
	// The clock had to reach lastTicks+1-maxAhead before NewV1 returned.
	if n := reads.Load(); n < 3 {
		t.Errorf("clock read %d times; NewV1 did not wait", n)
	}
}

// TestV1StoppedClock runs the generator maxAhead ahead of a clock that
// never moves: after stallReads reads it takes a new clock sequence
// instead of waiting forever.
func TestV1StoppedClock(t *testing.T) {
	g := NewGenerator(GeneratorOptions{Now: fixedClock(rfcTime), Node: StaticNode([6]byte{1})})
	first := must(g.NewV1())
	memState(g).mu.Lock()
	memState(g).state.end += maxAhead
	memState(g).mu.Unlock()
	u := must(g.NewV1())
	s0, _ := first.ClockSequence()
	s1, _ := u.ClockSequence()
	if s1 != (s0+1)&0x3fff || v1Ticks(u) != v1Ticks(first) {
		t.Errorf("stopped clock: %v after %v; want the same time with the next clock sequence", u, first)
	}
}

func TestV2(t *testing.T) {
	g := NewGenerator(GeneratorOptions{Now: fixedClock(rfcTime), Node: StaticNode([6]byte{1, 2, 3, 4, 5, 6})})
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
		{NewV7At(at), 7, at.Truncate(time.Millisecond)},
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

func (brokenReader) Read([]byte) (int, error) { return 0, errBroken }

type brokenNode struct{}

func (brokenNode) NodeID() ([6]byte, error) { return [6]byte{}, errBroken }

// TestSourceErrors checks that a failing caller source surfaces as an
// error from every method that uses it.
func TestSourceErrors(t *testing.T) {
	g := NewGenerator(GeneratorOptions{Rand: brokenReader{}, Node: StaticNode([6]byte{1})})
	for name, f := range map[string]func() (UUID, error){
		"NewV1": g.NewV1, "NewV4": g.NewV4, "NewV6": g.NewV6, "NewV7": g.NewV7,
		"NewV2": func() (UUID, error) { return g.NewV2(DomainOrg, 1) },
	} {
		if _, err := f(); !errors.Is(err, errBroken) {
			t.Errorf("%s with a failing Rand = %v; want it to wrap the source's error", name, err)
		}
	}
	if err := g.FillV7(make([]UUID, 3)); !errors.Is(err, errBroken) {
		t.Errorf("FillV7 with a failing Rand = %v", err)
	}
	g = NewGenerator(GeneratorOptions{Node: brokenNode{}})
	for range 2 { // the error is kept for later calls
		if _, err := g.NewV1(); !errors.Is(err, errBroken) {
			t.Errorf("NewV1 with a failing Node = %v", err)
		}
	}
	g = NewGenerator(GeneratorOptions{Rand: io.LimitReader(bytes.NewReader(make([]byte, 100)), 5)})
	if _, err := g.NewV4(); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("NewV4 with a short Rand = %v", err)
	}
}

func TestNodeSources(t *testing.T) {
	id, err := HardwareNode().NodeID()
	if err != nil || id == ([6]byte{}) {
		t.Errorf("HardwareNode() = %x, %v", id, err)
	}
	a, _ := RandomNode().NodeID()
	b, _ := RandomNode().NodeID()
	if a[0]&1 == 0 || b[0]&1 == 0 || a == b {
		t.Errorf("RandomNode() = %x, %x; want distinct multicast nodes", a, b)
	}
	if s, _ := StaticNode([6]byte{9, 8, 7, 6, 5, 4}).NodeID(); s != [6]byte{9, 8, 7, 6, 5, 4} {
		t.Errorf("StaticNode = %x", s)
	}
	u := NewV1()
	node, _ := u.NodeID()
	if hw, _ := defaultGenerator.greg.nodeID(); node != hw {
		t.Errorf("NewV1 node %x; want the default generator's %x", node, hw)
	}
}

// bitBalance fails unless each listed bit is set in 45–55% of ids.
func bitBalance(t *testing.T, what string, ids []UUID, random func(bit int) bool) {
	t.Helper()
	var counts [128]int
	for _, u := range ids {
		for bit := range 128 {
			if u[bit/8]&(0x80>>(bit%8)) != 0 {
				counts[bit]++
			}
		}
	}
	checked := 0
	for bit, c := range counts {
		if !random(bit) {
			continue
		}
		checked++
		if frac := float64(c) / float64(len(ids)); frac < 0.45 || frac > 0.55 {
			t.Errorf("%s: bit %d set in %.3f of values", what, bit, frac)
		}
	}
	if checked == 0 {
		t.Fatalf("%s: no bits checked", what)
	}
}

// TestRandomBits checks each random bit of v4 and of v7's random field
// over 100 000 values, so a zeroed or constant field is caught.
func TestRandomBits(t *testing.T) {
	const n = 100_000
	v4 := make([]UUID, n)
	v7 := make([]UUID, n)
	for i := range n {
		v4[i], v7[i] = NewV4(), NewV7()
	}
	bitBalance(t, "v4", v4, func(bit int) bool { return bit/4 != 12 && bit != 64 && bit != 65 })
	bitBalance(t, "v7 random", v7, func(bit int) bool { return bit >= 70 })
	for _, u := range v4[:100] {
		if u.Version() != 4 || u.Variant() != VariantRFC9562 {
			t.Fatalf("NewV4() = %v", u)
		}
	}
}

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
