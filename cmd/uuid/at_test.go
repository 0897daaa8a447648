package main

import (
	"strconv"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
)

// atOf returns the UUID of version v (1, 6 or 7) that a new Generator
// makes for the time at.
func atOf(t *testing.T, v int, at time.Time) uuid.UUID {
	t.Helper()
	g := new(uuid.Generator)
	u, err := map[int]func(time.Time) (uuid.UUID, error){1: g.NewV1At, 6: g.NewV6At, 7: g.NewV7At}[v](at)
	if err != nil {
		t.Fatalf("Generator.NewV%dAt(%v): %v", v, at, err)
	}
	return u
}

// TestAtRange checks the ranges the command states against the library:
// each end comes back through Time() unchanged, and a step past it is
// clamped to it, so the ends are the layouts' true limits.
func TestAtRange(t *testing.T) {
	tests := []struct {
		name        string
		version     int
		step        time.Duration
		first, last time.Time
	}{
		{"v1", 1, tick, time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC), time.Date(5236, 3, 31, 21, 21, 0, 684697500, time.UTC)},
		{"v6", 6, tick, time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC), time.Date(5236, 3, 31, 21, 21, 0, 684697500, time.UTC)},
		{"v7", 7, time.Millisecond, time.Unix(0, 0).UTC(), time.Date(10889, 8, 2, 5, 31, 50, 655_999_756, time.UTC)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first, last := atRange(tt.version)
			if !first.Equal(tt.first) || !last.Equal(tt.last) {
				t.Fatalf("atRange(%d) = %v, %v; want %v, %v", tt.version, first, last, tt.first, tt.last)
			}
			for _, c := range []struct {
				in, want time.Time
				fits     bool
			}{
				{first, first, true},
				{last, last, true},
				{first.Add(-tt.step), first, false},
				{last.Add(tt.step), last, false},
				{first.Add(tt.step), first.Add(tt.step), true},
				{last.Add(-tt.step), last.Add(-tt.step), true},
			} {
				if got, ok := atOf(t, tt.version, c.in).Time(); !ok || !got.Equal(c.want) {
					t.Errorf("Generator.NewV%dAt(%v).Time() = %v, %v; want %v", tt.version, c.in, got, ok, c.want)
				}
				if _, ok := atRoom(tt.version, c.in); ok != c.fits {
					t.Errorf("atRoom(%d, %v) fits = %v; want %v", tt.version, c.in, ok, c.fits)
				}
			}
		})
	}
}

// TestTimestamps checks the command's conversions against the library's
// at many times, and that times far outside every range are refused.
func TestTimestamps(t *testing.T) {
	times := []time.Time{
		time.Date(1582, 10, 15, 0, 0, 0, 99, time.UTC),
		time.Date(1969, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Unix(0, 0),
		time.Unix(0, 999999),
		time.Date(2022, 2, 22, 19, 22, 22, 123456789, time.UTC),
		time.Date(2022, 2, 22, 14, 22, 22, 5e8, time.FixedZone("", -5*3600)),
		time.Date(5236, 3, 31, 21, 21, 0, 684697599, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
	}
	for _, at := range times {
		if ticks, ok := ticksOf(at); ok {
			if got, _ := atOf(t, 1, at).Time(); !ticksTime(ticks).Equal(got) {
				t.Errorf("ticksTime(ticksOf(%v)) = %v; NewV1At gives %v", at, ticksTime(ticks), got)
			}
		}
		if ms, ok := millisOf(at); ok {
			if got, _ := atOf(t, 7, at).Time(); !fracTime(ms, fracOf(at)).Equal(got) {
				t.Errorf("fracTime(millisOf(%v)) = %v; NewV7At gives %v", at, fracTime(ms, fracOf(at)), got)
			}
		}
	}
	for _, at := range []time.Time{{}, time.Unix(1<<62, 0), time.Unix(-1<<62, 0), time.Unix(1<<63-1, 999999999)} {
		for _, v := range []int{1, 6, 7} {
			if room, ok := atRoom(v, at); ok {
				t.Errorf("atRoom(%d, %v) = %d, true; want false", v, at, room)
			}
		}
	}
}

// TestAtCount checks the rule for -C with --at: v1 and v6 print one tick
// after another with one clock sequence and node; v7 prints strictly
// increasing UUIDs with the time's millisecond first. Every count up to
// the room left before the end of the range prints.
func TestAtCount(t *testing.T) {
	tests := []struct {
		version string
		at      string
		count   int
	}{
		{"-t", "2020-01-01T00:00:00Z", 3000}, // more than a batch
		{"-6", "2020-01-01T00:00:00.00000005Z", 3000},
		{"-t", "1582-10-15T00:00:00Z", 2},
		{"-t", "5236-03-31T21:21:00.6846973Z", 3}, // up to the last tick
		{"-6", "5236-03-31T21:21:00.6846975Z", 1},
		{"-7", "2020-01-01T00:00:00.0009Z", 3000},
		{"-7", "@1577836800", 70000},         // past the keys of one millisecond
		{"-7", "@281474976710.655", 65529},   // the least room from the last millisecond's start
		{"-7", "@281474976710.655999999", 9}, // the least room in the last 1/4096 ms
		{"-7", "@281474976710.654", 65536 + 65529},
		{"-t", "5236-03-31T21:21:00.6846975Z", 0},
	}
	for _, tt := range tests {
		t.Run(tt.version+"_"+tt.at+"_"+strconv.Itoa(tt.count), func(t *testing.T) {
			args := []string{tt.version, "--at", tt.at, "-C", strconv.Itoa(tt.count)}
			version := map[string]int{"-t": 1, "-6": 6, "-7": 7}[tt.version]
			ids := parseLines(t, runOK(t, "", args...), version)
			if len(ids) != tt.count {
				t.Fatalf("uuid %q printed %d UUIDs; want %d", args, len(ids), tt.count)
			}
			if tt.count == 0 {
				return
			}
			at, err := time.Parse(time.RFC3339Nano, tt.at)
			if err != nil {
				c := &config{}
				if err := c.setAt("", tt.at); err != nil {
					t.Fatal(err)
				}
				at = c.at
			}
			if version == 7 {
				ms, _ := millisOf(at)
				if got, _ := ids[0].Time(); !got.Equal(fracTime(ms, fracOf(at))) {
					t.Errorf("first UUID %v has time %v; want %v", ids[0], got, fracTime(ms, fracOf(at)))
				}
				for i := 1; i < len(ids); i++ {
					if ids[i-1].Compare(ids[i]) >= 0 {
						t.Fatalf("line %d: %v does not sort after %v", i+1, ids[i], ids[i-1])
					}
				}
				return
			}
			ticks, _ := ticksOf(at)
			seq, _ := ids[0].ClockSequence()
			node, _ := ids[0].NodeID()
			for i, u := range ids {
				got, _ := u.Time()
				s, _ := u.ClockSequence()
				n, _ := u.NodeID()
				if want := ticksTime(ticks + uint64(i)); !got.Equal(want) || s != seq || n != node {
					t.Fatalf("line %d: %v has time %v, clock sequence %d, node %x; want %v, %d, %x",
						i+1, u, got, s, n, want, seq, node)
				}
			}
		})
	}
}

// TestAtManyDistinct is the shape of the count that found repeats: more v1
// UUIDs at one time than a clock sequence has values, every one distinct.
func TestAtManyDistinct(t *testing.T) {
	const n = 1<<14 + 1000
	const line = len("00000000-0000-0000-0000-000000000000\n")
	for _, v := range []string{"-t", "-6", "-7"} {
		args := []string{v, "--at", "2020-01-01T00:00:00Z", "-C", strconv.Itoa(n)}
		r := runCmd(t, "", args...)
		if r.code != 0 || len(r.stdout) != n*line {
			t.Fatalf("uuid %q: exit %d, %d bytes, stderr %q", args, r.code, len(r.stdout), r.stderr)
		}
		seen := make(map[string]bool, n)
		for i := 0; i < len(r.stdout); i += line {
			seen[r.stdout[i:i+line]] = true
		}
		if len(seen) != n {
			t.Errorf("uuid %q printed %d distinct UUIDs; want %d", args, len(seen), n)
		}
	}
}
