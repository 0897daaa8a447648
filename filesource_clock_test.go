//go:build unix && !aix && (!solaris || illumos)

package uuid

import (
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/afb7af96/uuid/internal/gregorian"
)

// TestStateFileDriftBound runs a Generator with a state file on a clock
// that stands still, past the 10 million UUIDs a second of timestamps
// holds: none is dated more than a second after the clock. In memory too.
func TestStateFileDriftBound(t *testing.T) {
	n := 200_000 // in CI (UUID_SOAK_SECONDS set), 11 million from a fresh state
	if soakScale(t) > 1 {
		n = 11_000_000
	}
	for _, file := range []bool{false, true} {
		opts := GeneratorOptions{Node: StaticNode(stateNode), Now: fixedClock(rfcTime), Rand: constRand{}}
		if file {
			opts.StateFile = filepath.Join(t.TempDir(), "state")
		}
		g := nearBound(t, opts, 100_000)
		now := gregorianTicks(rfcTime)
		var most uint64
		seqs := map[uint16]bool{}
		for range n {
			u := must(g.NewV1())
			most = max(most, v1Ticks(u)-now)
			s, _ := u.ClockSequence()
			seqs[s] = true
		}
		g.Close()
		t.Logf("file=%v: %d UUIDs on a stopped clock, at most %v ahead, %d clock sequences", file, n, time.Duration(most*100), len(seqs))
		if most > gregorian.Ahead {
			t.Errorf("file=%v: a UUID %v ahead of a stopped clock", file, time.Duration(most*100))
		}
	}
}

// TestStoppedClockLatency runs 128 goroutines on one Generator whose clock
// stands still, past the second of timestamps it holds, in memory and with
// a state file: a waiting call reads the clock at most stallReads times,
// without the lock, so no call waits in proportion to the callers. The log
// reports the slowest call, which with 128 busy goroutines on a few cores
// is the scheduler's time slices (a mutex-protected counter shows the same),
// so only the clock reads are asserted.
func TestStoppedClockLatency(t *testing.T) {
	const workers = 128
	each := 2_000 // in CI (UUID_SOAK_SECONDS set), 100 000: 12.8 million in all, from a fresh state
	if soakScale(t) > 1 && !raceEnabled {
		each = 100_000
	}
	for _, file := range []bool{false, true} {
		var reads atomic.Int64
		opts := GeneratorOptions{Node: StaticNode(stateNode), Rand: constRand{}, Now: func() time.Time { reads.Add(1); return rfcTime }}
		{ // one caller first: the clock reads of each call
			if file {
				opts.StateFile = filepath.Join(t.TempDir(), "alone")
			}
			g := nearBound(t, opts, 1000)
			var most int64
			for range workers * each {
				before := reads.Load()
				must(g.NewV1())
				most = max(most, reads.Load()-before)
			}
			g.Close()
			if most > stallReads+2 {
				t.Errorf("file=%v: a call read the stopped clock %d times", file, most)
			}
			reads.Store(0)
		}
		if file {
			opts.StateFile = filepath.Join(t.TempDir(), "state")
		}
		g := nearBound(t, opts, 1000)
		var wg sync.WaitGroup
		slowest := make([]time.Duration, workers)
		began := time.Now()
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range each {
					t0 := time.Now()
					if _, err := g.NewV1(); err != nil {
						t.Error(err)
						return
					}
					slowest[w] = max(slowest[w], time.Since(t0))
				}
			}()
		}
		wg.Wait()
		g.Close()
		calls := int64(workers * each)
		t.Logf("file=%v: %d calls in %v, slowest %v, %.2f clock reads a call", file, calls, time.Since(began).Round(time.Millisecond), slices.Max(slowest), float64(reads.Load())/float64(calls))
		if r := reads.Load(); r > 2*calls {
			t.Errorf("file=%v: %d clock reads for %d calls; waiting calls spin", file, r, calls)
		}
	}
}
