package main

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/afb7af96/uuid"
)

// The timestamps --at can set. Versions 1 and 6 count 100-ns ticks since
// 1582-10-15 00:00:00 UTC in 60 bits (RFC 9562, Section 5.1); version 7
// counts Unix milliseconds in 48 bits (RFC 9562, Section 5.7) and, as the
// library makes it, 1/4096 ms in the 12 bits after them (Section 6.2,
// Method 3). The library
// clamps a time outside these to their ends, which would print the same
// UUID for every time past them, so the command refuses such times.
const (
	ticksPerSecond     = 10_000_000
	gregorianToUnixSec = 12_219_292_800 // seconds from 1582-10-15 to 1970-01-01
	maxTicks           = 1<<60 - 1
	maxMillis          = 1<<48 - 1

	// v7PerFrac is how many keys a v7 generator has in each 1/4096 ms: a
	// 4-bit counter follows the fraction (see uuid.NewV7); v7Room is how
	// many it leaves in the 1/4096 ms it starts, as the counter starts
	// below 8.
	v7PerFrac = 16
	v7Room    = v7PerFrac - 7
)

// tick is one step of the v1 and v6 timestamp.
const tick = 100 * time.Nanosecond

// ticksOf returns t as 100-ns ticks since 1582-10-15, and false if the
// 60-bit timestamp cannot hold it. It reads t.Unix(), which is exact for
// every time.Time, and checks it before any arithmetic that could overflow.
func ticksOf(t time.Time) (uint64, bool) {
	sec := t.Unix()
	if sec < -gregorianToUnixSec || sec > maxTicks/ticksPerSecond-gregorianToUnixSec {
		return 0, false
	}
	ticks := uint64(sec+gregorianToUnixSec)*ticksPerSecond + uint64(t.Nanosecond())/100
	return ticks, ticks <= maxTicks
}

// ticksTime returns the UTC time of a count of ticks since 1582-10-15.
func ticksTime(ticks uint64) time.Time {
	return time.Unix(int64(ticks/ticksPerSecond)-gregorianToUnixSec, int64(ticks%ticksPerSecond)*100).UTC()
}

// millisOf returns t as milliseconds since 1970-01-01, and false if the
// 48-bit timestamp cannot hold it.
func millisOf(t time.Time) (uint64, bool) {
	sec := t.Unix()
	if sec < 0 || sec > maxMillis/1000 {
		return 0, false
	}
	ms := uint64(sec)*1000 + uint64(t.Nanosecond())/1e6
	return ms, ms <= maxMillis
}

// millisTime returns the UTC time of a count of Unix milliseconds.
func millisTime(ms uint64) time.Time { return time.UnixMilli(int64(ms)).UTC() }

// fracOf returns the 12-bit fraction of t's millisecond, as Go's
// uuid.NewV7 and PostgreSQL 18's uuidv7() compute it.
func fracOf(t time.Time) uint64 { return uint64(t.Nanosecond()) % 1e6 * 4096 / 1e6 }

// fracTime returns the first instant of the 1/4096 ms frac of the
// millisecond ms, as uuid.UUID.Time reads it.
func fracTime(ms, frac uint64) time.Time {
	return millisTime(ms).Add(time.Duration((frac*1e6 + 4095) / 4096))
}

// atRange returns the first and last instants the timestamp of version v
// (1, 6 or 7) holds.
func atRange(v int) (first, last time.Time) {
	if v == 7 {
		return millisTime(0), fracTime(maxMillis, 4095)
	}
	return ticksTime(0), ticksTime(maxTicks)
}

// atRoom returns how many distinct UUIDs of version v (1, 6 or 7) -C can
// print from the time t, and false if v cannot hold t at all. Versions 1
// and 6 take one tick per UUID, up to the last tick; version 7 takes one
// counter value per UUID, from a start below 8 in t's 1/4096 ms, up to
// the last counter value of the last 1/4096 ms.
func atRoom(v int, t time.Time) (uint64, bool) {
	if v == 7 {
		ms, ok := millisOf(t)
		return ((maxMillis-ms)*4096+4095-fracOf(t))*v7PerFrac + v7Room, ok
	}
	ticks, ok := ticksOf(t)
	return maxTicks - ticks + 1, ok
}

// atHelp is the usage text of --at, with the ranges the layouts hold.
func atHelp() string {
	v1First, v1Last := atRange(1)
	v7First, v7Last := atRange(7)
	return "the time of a v1, v6 or v7 UUID: RFC 3339, such as\n" +
		"2022-02-22T19:22:22Z or 2022-02-22T14:22:22.5-05:00, or\n" +
		"@ and Unix seconds, such as @1645557742.5 (for any year);\n" +
		"v1 and v6 hold " + v1First.Format(time.RFC3339Nano) + "\n" +
		"to " + v1Last.Format(time.RFC3339Nano) + ",\n" +
		"v7 " + v7First.Format(time.RFC3339Nano) + " to " + v7Last.Format(time.RFC3339Nano) + ".\n" +
		"With -C N, the N UUIDs are distinct (see below)"
}

// setAt reads --at: RFC 3339, or "@" and Unix seconds with up to nine
// decimals, as GNU date -d takes them, which can state any year.
func (c *config) setAt(_, val string) (err error) {
	c.atText = val
	sec, unix := strings.CutPrefix(val, "@")
	whole, frac, _ := strings.Cut(sec, ".")
	s, err1 := strconv.ParseInt(whole, 10, 64)
	ns, err2 := strconv.ParseUint((frac + "000000000")[:9], 10, 64) // no sign
	if c.at = time.Unix(s, int64(ns)); strings.HasPrefix(whole, "-") {
		c.at = time.Unix(s, -int64(ns))
	}
	if !unix {
		c.at, err = time.Parse(time.RFC3339Nano, val)
	}
	if err != nil || unix && (err1 != nil || err2 != nil || len(frac) > 9) {
		return errors.New("want RFC 3339 (2022-02-22T19:22:22Z) or @ and Unix seconds (@1645557742.5)")
	}
	return nil
}

// checkAt reports a --at time that version v cannot hold, or a count of
// UUIDs that do not fit between it and the last time v holds.
func (c *config) checkAt() error {
	v := c.version
	first, last := atRange(v)
	room, ok := atRoom(v, c.at)
	if !ok {
		return usagef("--at %s is outside the times v%d holds: %s to %s", clip(c.atText, false), v,
			first.Format(time.RFC3339Nano), last.Format(time.RFC3339Nano))
	}
	if c.count > room {
		return usagef("-C %d: only %d distinct v%d UUIDs fit from --at %s to %s, the last time v%d holds",
			c.count, room, v, clip(c.atText, false), last.Format(time.RFC3339Nano), v)
	}
	return nil
}

// atFiller returns the function that fills batches of UUIDs of version v
// (1, 6 or 7) from the time t on, every UUID distinct from the others:
//
//   - v1 and v6: one tick per UUID, t's tick first, with one clock sequence
//     and node (v1: the generator's node; v6: random);
//   - v7: t's millisecond and 1/4096 ms with a counter, as a v7 generator
//     makes them when its clock stands still (RFC 9562, Section 6.2,
//     Methods 3 and 1: the 4-bit counter starts below 8 and, when it runs
//     out, carries into the fraction), so the UUIDs increase strictly.
//
// checkAt has made sure the count fits.
func atFiller(v int, t time.Time) func([]uuid.UUID) error {
	if v == 7 {
		// The clock follows the UUIDs, so that the generator never finds it
		// far behind its last timestamp and starts the counter afresh.
		clock := t
		g := uuid.NewGenerator(uuid.GeneratorOptions{Now: func() time.Time { return clock }})
		return func(dst []uuid.UUID) error {
			if err := g.FillV7(dst); err != nil {
				return err
			}
			clock, _ = dst[len(dst)-1].Time()
			return nil
		}
	}
	// A generator whose clock moves one tick per UUID hands out t's tick
	// first and then every following one, all in one run of one clock
	// sequence (v1 with the host's node; v6 with a random node).
	clock := t
	opts := uuid.GeneratorOptions{Now: func() time.Time { return clock }}
	next := func(g *uuid.Generator) (uuid.UUID, error) { return g.NewV1() }
	if v == 6 {
		opts.Node, opts.V6Node = uuid.RandomNode(), true
		next = func(g *uuid.Generator) (uuid.UUID, error) { return g.NewV6() }
	}
	g := uuid.NewGenerator(opts)
	return func(dst []uuid.UUID) error {
		for i := range dst {
			u, err := next(g)
			if err != nil {
				return err
			}
			dst[i] = u
			clock = clock.Add(tick)
		}
		return nil
	}
}
