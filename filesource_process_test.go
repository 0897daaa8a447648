//go:build unix && !aix && (!solaris || illumos)

package uuid

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestStateFileProcesses runs processes at once (in CI four, each making
// 250 000), each making version 1 UUIDs through one state file, with the
// same node and, in the hard case, a clock frozen at the same instant in
// all of them: the UUIDs must be unique. With the frozen clock the processes
// continue after each other's blocks, so they all keep the clock sequence
// the first one drew.
func TestStateFileProcesses(t *testing.T) {
	t.Parallel()
	procs := 2 // in CI (UUID_SOAK_SECONDS set), 4
	if soakScale(t) > 1 {
		procs = 4
	}
	count := 20_000 // in CI (UUID_SOAK_SECONDS set), 250 000
	if soakScale(t) > 1 {
		count = 250_000
	}
	for _, tc := range []struct {
		name   string
		frozen time.Time
	}{
		{"clock=frozen", rfcTime},
		{"clock=real", time.Time{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "state")
			hs := startHelpers(t, procs, "v1", count, tc.frozen, path, filepath.Join(dir, "out"), nil)
			all := waitHelpers(t, hs, count)
			seq := -1
			if !tc.frozen.IsZero() {
				seq = stateSeq
			}
			checkStateUUIDs(t, "children", all, seq)
			checkDistinct(t, "children", all)
			// The slot covers every timestamp handed out.
			r := slotOf(t, path, stateNode)
			for _, u := range all {
				s, _ := u.ClockSequence()
				if s == r.seq && v1Ticks(u) >= r.end {
					t.Fatalf("record %+v does not cover %v", r, u)
				}
			}
		})
	}
}

// TestStateFileLock makes processes (in CI four) reserve one timestamp at a
// time from one state file with a frozen clock, so that reservations
// contend for the lock all the time: no two reservations get the same
// timestamp and clock sequence. TestStoreLockContention in
// internal/statefile does the same with two open files in one process.
func TestStateFileLock(t *testing.T) {
	t.Parallel()
	count := 1_000 // in CI (UUID_SOAK_SECONDS set), 25 000
	if soakScale(t) > 1 {
		count = 25_000
	}
	t.Run("processes", func(t *testing.T) {
		dir := t.TempDir()
		procs := 2 // in CI (UUID_SOAK_SECONDS set), 4
		if soakScale(t) > 1 {
			procs = 4
		}
		hs := startHelpers(t, procs, "reserve", count, rfcTime, filepath.Join(dir, "state"), filepath.Join(dir, "out"), nil)
		all := waitHelpers(t, hs, count)
		checkStateUUIDs(t, "reservations", all, stateSeq)
		checkDistinct(t, "reservations", all)
	})
}

// TestStateFileKill kills, with SIGKILL, a process that is making UUIDs
// through a state file with a frozen clock, and then runs another on the
// same file and clock: nothing the second makes equals anything the first
// wrote out before it died.
func TestStateFileKill(t *testing.T) {
	t.Parallel()
	before, after := 10_000, 30_000 // in CI (UUID_SOAK_SECONDS set), ten times more
	if soakScale(t) > 1 {
		before, after = 100_000, 300_000
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	h, r, buf := startReading(t, path, before)
	if err := h.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	rest, err := io.ReadAll(r) // what the child wrote before it died
	if err != nil {
		t.Fatal(err)
	}
	if err := h.cmd.Wait(); err == nil || h.cmd.ProcessState.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("first child: %v, want killed by SIGKILL\n%s", err, &h.output)
	}
	first := readUUIDs(t, append(buf, rest...))

	second := waitHelpers(t, startHelpers(t, 1, "v1", after, rfcTime, path, filepath.Join(dir, "out"), nil), after)
	all := append(first, second...)
	checkStateUUIDs(t, "both children", all, stateSeq)
	checkDistinct(t, "both children", all)
}

// TestStateFileReplaced replaces the state file with a copy of itself, as
// an editor, a configuration tool or a restore from backup does, while a
// first child makes v1 UUIDs through it, then starts a second child on the
// path. With the clock frozen at one instant in both, any reservation the
// first child made from the replaced file would repeat the second child's
// UUIDs; it must notice the replacement and move to the new file.
func TestStateFileReplaced(t *testing.T) {
	t.Parallel()
	before, second := 5_000, 20_000 // in CI (UUID_SOAK_SECONDS set), ten times more
	if soakScale(t) > 1 {
		before, second = 50_000, 200_000
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	a, r, buf := startReading(t, path, before)
	// Drain the first child while the second runs, so it never blocks.
	rest := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		rest <- b
	}()

	// cp state state.new && mv state.new state
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path+".new", b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".new", path); err != nil {
		t.Fatal(err)
	}

	ids := waitHelpers(t, startHelpers(t, 1, "v1", second, rfcTime, path, filepath.Join(dir, "out"), nil), second)
	if err := a.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	first := readUUIDs(t, append(buf, <-rest...))
	a.cmd.Wait()
	all := append(first, ids...)
	// The copy's slot names the file it was copied from, so the second
	// child does not trust it: it restarts above it.
	checkStateUUIDs(t, "both children", all, -1)
	checkDistinct(t, "both children", all)
}
