//go:build unix && !aix && (!solaris || illumos)

package uuid

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/afb7af96/uuid/internal/gregorian"
)

// The process's memory of what it handed out (its history) is bounded:
// these tests push each bound past its size and check that what the
// process forgets still leaves a bound every clock sequence honours.
// go test runs them just past the bounds; in CI (UUID_SOAK_SECONDS set)
// they run at ten times the counts that broke them (issue 41).

// memoryNode returns a node of these tests' own, so that the histories
// other tests of the process left do not meet them: a locally
// administered unicast node whose last bytes are i and a per-test tag.
func memoryNode(tag byte, i int) [6]byte {
	return [6]byte{0x06, tag, byte(i >> 24), byte(i >> 16), byte(i >> 8), byte(i)}
}

// seededRand returns a reproducible random source, so that each restart
// draws another clock sequence, as crypto/rand would, and a failure
// reproduces.
func seededRand(seed byte) *rand.ChaCha8 { return rand.NewChaCha8([32]byte{seed, 41}) }

// restoreInPlace writes saved over the file at path, keeping its inode
// (cp backup state).
func restoreInPlace(t *testing.T, path string, saved []byte) {
	t.Helper()
	if err := os.WriteFile(path, saved, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestStateFileHistoryManySeqs is issue 41's shape 1: node X makes 1 000
// UUIDs on file F, F is saved, X makes 100 000 more; then X is used once
// on each of many other state files, an hour later and each with another
// clock sequence, so that the process's history of X holds more clock
// sequences than it keeps one by one; F is written back in place and X
// makes 100 000 more on it. The run F lists must take its bound from
// what the process forgot: no UUID repeats. (The history kept 256 clock
// sequences a node: 300 files repeated 99 016 of 100 000.)
func TestStateFileHistoryManySeqs(t *testing.T) {
	files := 300
	if soakScale(t) > 1 {
		files = 3_000
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	x := memoryNode(1, 0)
	g := NewGenerator(GeneratorOptions{StateFile: path, Node: StaticNode(x), Rand: constRand{}, Now: fixedClock(rfcTime)})
	defer g.Close()
	all := generate(t, 1000, g.NewV1)
	saved, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	all = append(all, generate(t, 100_000, g.NewV1)...)
	rnd := seededRand(1)
	later := rfcTime.Add(time.Hour)
	for i := range files {
		h := NewGenerator(GeneratorOptions{StateFile: filepath.Join(dir, "other"+strconv.Itoa(i)), Node: StaticNode(x), Rand: rnd, Now: fixedClock(later)})
		all = append(all, must(h.NewV1()))
		h.Close()
		later = later.Add(time.Millisecond)
	}
	restoreInPlace(t, path, saved)
	all = append(all, generate(t, 100_000, g.NewV1)...)
	checkDistinct(t, "a file restored after the history forgot its run", all)
}

// TestStateFileHistoryManyNodes is issue 41's shape 2: as in
// TestStateFileHistoryManySeqs, but with Generators of fresh nodes (one
// per request, as a server may make them) in between instead of other
// files, more than the history keeps nodes of. Evicting a node forgets
// nobody's bounds. (The history started over at 1 024 nodes: 1 100
// fresh nodes repeated 69 992 of 100 000.)
func TestStateFileHistoryManyNodes(t *testing.T) {
	nodes := 1_100
	if soakScale(t) > 1 {
		nodes = 11_000
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	x := memoryNode(2, 0)
	g := NewGenerator(GeneratorOptions{StateFile: path, Node: StaticNode(x), Rand: constRand{}, Now: fixedClock(rfcTime)})
	defer g.Close()
	all := generate(t, 1000, g.NewV1)
	saved, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	all = append(all, generate(t, 100_000, g.NewV1)...)
	rnd := seededRand(2)
	for i := range nodes {
		h := NewGenerator(GeneratorOptions{StateFile: path, Node: StaticNode(memoryNode(3, i)), Rand: rnd, Now: fixedClock(rfcTime)})
		must(h.NewV1())
		h.Close()
	}
	restoreInPlace(t, path, saved)
	all = append(all, generate(t, 100_000, g.NewV1)...)
	checkDistinct(t, "a file restored after the history evicted its node", all)
}

// TestStateFileFarReadingsManyFiles is issue 41's shape 3: node X reads
// its clock far ahead once on each of many new state files (a year and
// more ahead, or past the layout's end), then X on a new file with a sane
// clock. What the process remembers of the far readings costs X the
// clock sequences they used, not its clock: the sane UUIDs are at most a
// second ahead, and none fails with ErrExhausted. (At 260 files they were
// 3.1 years ahead; readings in the year 6000 exhausted X from 258 on.)
func TestStateFileFarReadingsManyFiles(t *testing.T) {
	files := 300
	if soakScale(t) > 1 {
		files = 10_000
	}
	for tag, far := range map[byte]func(i int) time.Time{
		4: func(i int) time.Time { return rfcTime.AddDate(1, 0, 0).Add(time.Duration(i) * 12 * time.Hour) },
		5: func(int) time.Time { return time.Date(6000, 1, 1, 0, 0, 0, 0, time.UTC) },
	} {
		t.Run("far="+far(0).Format("2006"), func(t *testing.T) {
			dir := t.TempDir()
			x := memoryNode(tag, 0)
			rnd := seededRand(tag)
			sane := rfcTime
			for i := range files {
				h := NewGenerator(GeneratorOptions{StateFile: filepath.Join(dir, "far"+strconv.Itoa(i)), Node: StaticNode(x), Rand: rnd, Now: fixedClock(far(i))})
				h.NewV1() // past the layout's end: ErrExhausted
				h.Close()
				sane = sane.Add(time.Millisecond)
			}
			worst := uint64(0)
			for i := range 32 {
				h := NewGenerator(GeneratorOptions{StateFile: filepath.Join(dir, "sane"+strconv.Itoa(i)), Node: StaticNode(x), Rand: rnd, Now: fixedClock(sane)})
				u, err := h.NewV1()
				h.Close()
				if err != nil {
					t.Fatalf("a sane clock on a new file after %d far readings: %v", files, err)
				}
				if ahead := v1Ticks(u) - gregorianTicks(sane); ahead < 1<<63 {
					worst = max(worst, ahead)
				}
				sane = sane.Add(time.Millisecond)
			}
			t.Logf("after %d far readings, a sane clock on new files was at most %v ahead", files, time.Duration(worst*100))
			if worst > gregorian.Ahead {
				t.Errorf("after %d far readings, a sane clock on a new file was %v ahead; want at most 1 s", files, time.Duration(worst*100))
			}
		})
	}
}

// TestStateFileFarReadingsOneWindow: every far reading of node X lands
// in the clock sequences a restart at X's one random clock sequence
// (constRand) would start next, each reading two seconds below the last,
// so that each passes over the ones before it. A new file then restarts
// X there with a sane clock: the restart begins past those clock
// sequences, rather than take the one least ahead, years ahead.
func TestStateFileFarReadingsOneWindow(t *testing.T) {
	dir := t.TempDir()
	x := memoryNode(6, 0)
	far := rfcTime.AddDate(3, 0, 0)
	for i := range 2 * (gregorian.MaxRuns + 1) {
		h := NewGenerator(GeneratorOptions{StateFile: filepath.Join(dir, "far"+strconv.Itoa(i)), Node: StaticNode(x), Rand: constRand{}, Now: fixedClock(far)})
		must(h.NewV1())
		h.Close()
		far = far.Add(-2 * time.Second)
	}
	h := NewGenerator(GeneratorOptions{StateFile: filepath.Join(dir, "sane"), Node: StaticNode(x), Rand: constRand{}, Now: fixedClock(rfcTime)})
	defer h.Close()
	u := must(h.NewV1())
	if ahead := v1Ticks(u) - gregorianTicks(rfcTime); ahead > gregorian.Ahead && ahead < 1<<63 {
		t.Errorf("a sane clock on a new file after far readings in its restart's clock sequences: %v is %v ahead", u, time.Duration(ahead*100))
	}
}
