package uuid

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"encoding/hex"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// v7FracVector is a line of testdata/v7frac.txt: an instant and the first
// 64 bits of the version 7 UUID that Go 1.27's uuid.NewV7 made at it.
type v7FracVector struct {
	line  int
	at    time.Time
	first [8]byte
}

func loadV7FracVectors(t *testing.T) []v7FracVector {
	t.Helper()
	f, err := os.Open("testdata/v7frac.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []v7FracVector
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ts, hx, ok := strings.Cut(line, " ")
		at, err := time.Parse(time.RFC3339Nano, ts)
		b, err2 := hex.DecodeString(hx)
		if !ok || err != nil || err2 != nil || len(b) != 8 {
			t.Fatalf("testdata/v7frac.txt:%d: bad line %q", n, line)
		}
		vs = append(vs, v7FracVector{n, at, [8]byte(b)})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(vs) < 10 {
		t.Fatalf("testdata/v7frac.txt has %d vectors", len(vs))
	}
	return vs
}

// TestV7FracVectors checks the version 7 layout against the UUIDs Go 1.27's
// uuid.NewV7 made at known instants (testdata/v7frac.txt): the first UUID
// of a Generator whose clock reads the instant, and NewV7At of it, have
// the same first 64 bits, and Time reads the instant back to 1/4096 ms.
// PostgreSQL 18's uuidv7() computes the same bits (generate_uuidv7 in
// src/backend/utils/adt/uuid.c); the formula is checked independently
// here too.
func TestV7FracVectors(t *testing.T) {
	for _, v := range loadV7FracVectors(t) {
		t.Run(v.at.Format("20060102T150405.000000000"), func(t *testing.T) {
			// The formula of Go's std and PostgreSQL 18, spelled out.
			sec, nsec := uint64(v.at.Unix()), uint64(v.at.Nanosecond())
			ms, frac := sec*1000+nsec/1_000_000, nsec%1_000_000*4096/1_000_000
			want := ms<<16 | 0x7000 | frac
			if got := binary.BigEndian.Uint64(v.first[:]); got != want {
				t.Fatalf("line %d: std's first 64 bits %#016x; the formula gives %#016x", v.line, got, want)
			}
			g := NewGenerator(GeneratorOptions{Now: fixedClock(v.at)})
			for name, u := range map[string]UUID{"Generator.NewV7": must(g.NewV7()), "NewV7At": NewV7At(v.at)} {
				if [8]byte(u[:8]) != v.first || u.Version() != 7 || u.Variant() != VariantRFC9562 {
					t.Errorf("line %d: %s at %v = %v; want first 64 bits %x", v.line, name, v.at, u, v.first)
				}
				if got, ok := u.Time(); !ok || !within4096(got, v.at) {
					t.Errorf("line %d: %s at %v: Time() = %v, %v", v.line, name, v.at, got, ok)
				}
			}
			if u := v7Layout(ms, uint16(frac), 0); [8]byte(u[:8]) != v.first {
				t.Errorf("line %d: v7Layout(%#x, %#x, 0) = %v; want first 64 bits %x", v.line, ms, frac, u, v.first)
			}
		})
	}
}

// TestV7FracClock checks that the system clock's readings, a base plus
// monotonic time, give the fraction time.Now's reading would.
func TestV7FracClock(t *testing.T) {
	var c clock
	for i := range 2000 {
		before := unixMillis12(time.Now())
		got := c.millis12()
		after := unixMillis12(time.Now())
		// A millisecond of slew either way, as TestSystemClock allows.
		if got+4096 < before || got > after+4096 {
			t.Fatalf("reading %d: %#x outside [%#x, %#x] by more than a millisecond", i, got, before, after)
		}
	}
}

// TestV7Linearizable runs goroutines on one Generator and checks the
// order guarantee as a caller sees it: a UUID returned before another call
// began is less than that call's UUID. Each call takes a ticket before it
// starts and after it returns. With a clock that stands still, every UUID
// comes from the counter, which carries into the fraction, and the last
// one is no further ahead of the clock than 16 UUIDs per 1/4096 ms allow.
func TestV7Linearizable(t *testing.T) {
	at := time.Date(2026, 11, 28, 10, 0, 0, 123_456_789, time.UTC)
	for _, tc := range []struct {
		name string
		now  func() time.Time
	}{
		{"clock=fixed", fixedClock(at)},
		{"clock=system", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := NewGenerator(GeneratorOptions{Now: tc.now})
			const workers, each = 8, 2000
			type call struct {
				start, end uint64
				u          UUID
			}
			var ticket atomic.Uint64
			calls := make([][]call, workers)
			var wg sync.WaitGroup
			for w := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range each {
						c := call{start: ticket.Add(1)}
						if i%10 == 9 { // a FillV7 now and then, of 3
							var b [3]UUID
							if err := g.FillV7(b[:]); err != nil {
								t.Error(err)
								return
							}
							c.u = b[0]
							c.end = ticket.Add(1)
							calls[w] = append(calls[w], c, call{c.start, c.end, b[1]}, call{c.start, c.end, b[2]})
							continue
						}
						c.u = must(g.NewV7())
						c.end = ticket.Add(1)
						calls[w] = append(calls[w], c)
					}
				}()
			}
			wg.Wait()
			all := slices.Concat(calls...)
			byEnd := slices.SortedFunc(slices.Values(all), func(a, b call) int { return cmp.Compare(a.end, b.end) })
			maxBefore := make([]UUID, len(byEnd)) // greatest UUID among byEnd[:i+1]
			for i, c := range byEnd {
				maxBefore[i] = c.u
				if i > 0 && maxBefore[i-1].Compare(c.u) > 0 {
					maxBefore[i] = maxBefore[i-1]
				}
			}
			for _, c := range all {
				// The calls that returned before c began.
				n, _ := slices.BinarySearchFunc(byEnd, c.start, func(a call, s uint64) int { return cmp.Compare(a.end, s) })
				if n > 0 && maxBefore[n-1].Compare(c.u) >= 0 {
					t.Fatalf("%v was returned before the call that made %v began", maxBefore[n-1], c.u)
				}
			}
			checkUnique(t, "all", slices.Collect(func(yield func(UUID) bool) {
				for _, c := range all {
					if !yield(c.u) {
						return
					}
				}
			}))
			if tc.now == nil {
				return
			}
			// 16 keys per 1/4096 ms, from a start below 8 in the clock's.
			last := maxBefore[len(maxBefore)-1]
			ms, frac, _ := v7Fields(last)
			ahead := ms<<fracBits | uint64(frac) - unixMillis12(at)
			if n := uint64(len(all)); ahead > (n+7)/16 {
				t.Errorf("%d UUIDs at one clock reading end %d 1/4096 ms ahead; want at most %d", n, ahead, (n+7)/16)
			}
		})
	}
}

// FuzzV7Time checks that the time of a version 7 UUID reads back its
// clock reading to 1/4096 ms, for NewV7At and a Generator's first UUID,
// and that the fraction is the one Go's std and PostgreSQL 18 compute.
func FuzzV7Time(f *testing.F) {
	f.Add(int64(0), int64(0))                      // the epoch
	f.Add(int64(1645557742), int64(797_608))       // RFC 9562, Appendix A.6: rand_a 0xcc3
	f.Add(int64(1645557742), int64(797_607))       // one nanosecond earlier: 0xcc2
	f.Add(int64(1764324000), int64(999_999_999))   // the last nanosecond of a second
	f.Add(int64(1764324000), int64(244))           // 244 ns: still fraction 0
	f.Add(int64(1764324000), int64(245))           // 245 ns: fraction 1
	f.Add(int64(maxUnixMillis/1000), int64(655e6)) // the last millisecond
	f.Add(int64(-1), int64(0))                     // before 1970: clamped
	// One Generator, its clock set and its version 7 state cleared for
	// each input, so that each UUID is a fresh Generator's first.
	var at time.Time
	g := NewGenerator(GeneratorOptions{Now: func() time.Time { return at }})
	f.Fuzz(func(t *testing.T, sec, nsec int64) {
		at = time.Unix(sec, nsec%1e9).UTC()
		g.v7.last.Store(0)
		inRange := at.Unix() >= 0 && at.Unix() <= maxUnixMillis/1000 &&
			uint64(at.Unix())*1000+uint64(at.Nanosecond())/1e6 <= maxUnixMillis
		for _, u := range []UUID{NewV7At(at), must(g.NewV7())} {
			got, ok := u.Time()
			if !ok || u.Version() != 7 {
				t.Fatalf("%v at %v: Time() = %v, %v", u, at, got, ok)
			}
			if unixMillis12(got) != unixMillis12(at) {
				t.Fatalf("%v at %v: Time() = %v, which is not the same 1/4096 ms", u, at, got)
			}
			if !inRange {
				continue
			}
			if !within4096(got, at) {
				t.Fatalf("%v at %v: Time() = %v, not within 1/4096 ms before", u, at, got)
			}
			s, ns := uint64(at.Unix()), uint64(at.Nanosecond())
			if want := (s*1000+ns/1e6)<<16 | 0x7000 | ns%1e6*4096/1e6; binary.BigEndian.Uint64(u[:8]) != want {
				t.Fatalf("%v at %v: first 64 bits %x; want %#016x", u, at, u[:8], want)
			}
		}
	})
}
