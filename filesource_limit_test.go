//go:build linux || darwin || freebsd

package uuid

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// limitChild is a process of TestStateFileSizeLimit. Its argument is
// "<limit> <count> <path> [<op>]": with its file size limit (RLIMIT_FSIZE,
// as ulimit -f sets it) at limit bytes, or none if limit is 0, it makes
// count version 1 UUIDs on a clock stopped at rfcTime, a Generator per
// 1 000. A limited process writes no results: each of its count calls
// must fail with the *StateFileError of the write (or of growing the file
// to its length; of op alone, if op is given). Go ignores SIGXFSZ, so its
// writes fail with EFBIG.
var _ = registerChild("limit", func(t *testing.T, arg string) {
	f := strings.Fields(arg)
	if len(f) == 3 {
		f = append(f, "")
	}
	if len(f) != 4 {
		t.Fatalf("limit child %q: want <limit> <count> <path> [<op>]", arg)
	}
	op := f[3]
	limit, err1 := strconv.ParseUint(f[0], 10, 64)
	count, err2 := strconv.Atoi(f[1])
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	path := f[2]
	var g *Generator
	next := func(i int) (UUID, error) {
		if i%1000 == 0 {
			if g != nil {
				g.Close()
			}
			g = NewGenerator(stateOptions(path, rfcTime))
		}
		return g.NewV1()
	}
	if limit == 0 {
		writeResults(t, 4096, func(i int) bool { return i < count }, func(i int) (UUID, error) { return next(i) })
		return
	}
	lim := syscall.Rlimit{Cur: limit, Max: limit}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Fatal(err)
	}
	for i := range count {
		u, err := next(i)
		var se *StateFileError
		if !errors.As(err, &se) || (se.Op != "write" && se.Op != "grow") || (op != "" && se.Op != op) || se.Path != path || !errors.Is(err, syscall.EFBIG) {
			t.Fatalf("call %d under a file size limit of %d bytes = %v, %v; want a *StateFileError of the write matching EFBIG", i, limit, u, err)
		}
	}
	os.NewFile(3, "out").Close()
})

// TestStateFileSizeLimit is issue 33's case 1: a process of the node
// whose writes stop at 1 024 bytes (ulimit -f 1) beside good processes of
// the same node, all on one stopped clock and one random source, a
// Generator per 1 000 UUIDs. The limited process's every call fails with
// an error naming the path and the write, and costs the others nothing:
// their UUIDs never repeat (before the file kept two copies of its table,
// a cut write tore the only one and they repeated thousands of times).
func TestStateFileSizeLimit(t *testing.T) {
	good, count, tries := 2, 20_000, 2_000
	if os.Getenv("UUID_SOAK_SECONDS") != "" {
		good, count, tries = 3, 400_000, 40_000
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	specs := []childSpec{{role: "limit", arg: "1024 " + strconv.Itoa(tries) + " " + path, out: filepath.Join(dir, "limited")}}
	for i := range good {
		specs = append(specs, childSpec{role: "limit", arg: "0 " + strconv.Itoa(count) + " " + path, out: filepath.Join(dir, "good"+strconv.Itoa(i))})
	}
	cs, release := startChildren(t, 3*time.Minute, specs...)
	release()
	if err := cs[0].cmd.Wait(); err != nil {
		t.Fatalf("limited process: %v\n%s", err, &cs[0].output)
	}
	all := waitHelpers(t, cs[1:], count)
	checkStateUUIDs(t, "beside a process under a file size limit", all, -1)
	checkDistinct(t, "beside a process under a file size limit", all)
}

// TestStateFileSizeLimitBelowTwoCopies is issue 41's shape 4: under a
// file size limit below the length of the file's two copies (5 to 9 KiB)
// no reservation can keep a copy safe from a cut write, so every call of
// a process fails, from the first, with the *StateFileError of growing
// the file, which says why. (Before, the file grew at its second write:
// 64 UUIDs, then only errors of the write.)
func TestStateFileSizeLimitBelowTwoCopies(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	for _, limit := range []string{"5120", "9216"} {
		cs, release := startChildren(t, time.Minute, childSpec{role: "limit", arg: limit + " 2000 " + path + " grow", out: filepath.Join(dir, "limited")})
		release()
		if err := cs[0].cmd.Wait(); err != nil {
			t.Fatalf("limit %s: %v\n%s", limit, err, &cs[0].output)
		}
	}
}
