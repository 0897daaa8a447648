//go:build go1.27

// The tests in this file compare version 7 UUIDs with those of Go's
// standard uuid package, new in Go 1.27; a Go 1.27+ toolchain builds them
// (GOTOOLCHAIN=go1.27.0 go test -run V7Std .). std's NewV7 reads
// time.Now, which testing/synctest makes a fake clock that starts at
// 2000-01-01 00:00:00 UTC and moves only by time.Sleep: so std's UUIDs are
// made at instants the test chooses, to the nanosecond.

package uuid_test

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/synctest"
	"time"
	stduuid "uuid"

	"github.com/afb7af96/uuid"
)

// stdAt returns the first 64 bits of std's NewV7 at each instant of ats,
// which must be increasing, at least 1/4096 ms apart (so that std does not
// bump one past the last) and not before 2000-01-01.
func stdAt(t *testing.T, ats []time.Time) [][8]byte {
	var out [][8]byte
	synctest.Test(t, func(t *testing.T) {
		for _, at := range ats {
			for time.Now().Before(at) { // in steps a Duration holds
				time.Sleep(min(at.Sub(time.Now()), 100*365*24*time.Hour))
			}
			if !time.Now().Equal(at) {
				t.Fatalf("the bubble's clock reads %v; want %v", time.Now(), at)
			}
			u := stduuid.NewV7()
			out = append(out, [8]byte(u[:8]))
		}
	})
	return out
}

// TestV7StdFirst64 makes std's NewV7 and a Generator's first UUID at the
// same instants, every 1/4096 ms step boundary of a millisecond and more:
// their first 64 bits are equal.
func TestV7StdFirst64(t *testing.T) {
	base := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	var ats []time.Time
	for ns := 0; ns < 1_000_000; ns += 61 { // 61 ns: several per 244-ns step, every step
		ats = append(ats, base.Add(time.Duration(ns)))
	}
	for _, ns := range []int{999_755, 999_756, 999_999, 1_000_000} {
		ats = append(ats, base.Add(time.Duration(ns)+time.Millisecond))
	}
	// One UUID per 1/4096 ms at most, so std makes each from its clock.
	var spaced []time.Time
	for _, at := range ats {
		if len(spaced) == 0 || at.Sub(spaced[len(spaced)-1])*4096 > time.Millisecond {
			spaced = append(spaced, at)
		}
	}
	std := stdAt(t, spaced)
	for i, at := range spaced {
		g := uuid.NewGenerator(uuid.GeneratorOptions{Now: func() time.Time { return at }})
		u, err := g.NewV7()
		if err != nil || [8]byte(u[:8]) != std[i] {
			t.Fatalf("at %v: Generator.NewV7() = %v, %v; std's first 64 bits %x", at, u, err, std[i])
		}
		if v := uuid.NewV7At(at); [8]byte(v[:8]) != std[i] {
			t.Fatalf("at %v: NewV7At = %v; std's first 64 bits %x", at, v, std[i])
		}
	}
	t.Logf("%d instants: the first 64 bits agree with std's NewV7", len(spaced))
}

// TestV7StdVectors checks testdata/v7frac.txt against std's NewV7 at its
// instants. With UUID_V7FRAC_WRITE=1 it writes the file from std's output
// at the instants listed in it.
func TestV7StdVectors(t *testing.T) {
	raw, err := os.ReadFile("testdata/v7frac.txt")
	if err != nil {
		t.Fatal(err)
	}
	var head []string
	var ats []time.Time
	sc := bufio.NewScanner(strings.NewReader(string(raw)))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			head = append(head, line)
			continue
		}
		ts, _, _ := strings.Cut(line, " ")
		at, err := time.Parse(time.RFC3339Nano, ts)
		if err != nil {
			t.Fatal(err)
		}
		ats = append(ats, at)
	}
	std := stdAt(t, ats)
	if os.Getenv("UUID_V7FRAC_WRITE") == "1" {
		var b strings.Builder
		for _, h := range head {
			b.WriteString(h + "\n")
		}
		for i, at := range ats {
			fmt.Fprintf(&b, "%s %x\n", at.Format(time.RFC3339Nano), std[i])
		}
		if err := os.WriteFile("testdata/v7frac.txt", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	i := 0
	for _, line := range strings.Split(string(raw), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if want := fmt.Sprintf("%s %x", ats[i].Format(time.RFC3339Nano), std[i]); line != want {
			t.Errorf("testdata/v7frac.txt: %q; std's NewV7 gives %q", line, want)
		}
		i++
	}
}
