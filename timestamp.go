package uuid

import "time"

// Every epoch, time conversion and clamp of the package lives in this file.
//
// Gregorian time: the 60-bit timestamp of versions 1, 2 and 6 counts
// 100-nanosecond ticks since 1582-10-15 00:00:00 UTC (RFC 9562,
// Section 5.1), which reaches into the year 5236. Unix time: the 48-bit
// timestamp of version 7 counts milliseconds since 1970-01-01 00:00:00 UTC
// (RFC 9562, Section 5.7), which reaches into the year 10889.
const (
	ticksPerSecond     = 10_000_000
	ticksPerMilli      = ticksPerSecond / 1000
	gregorianToUnixSec = 12_219_292_800 // seconds from 1582-10-15 to 1970-01-01
	maxGregorianTicks  = 1<<60 - 1
	maxUnixMillis      = 1<<48 - 1
)

// maxHoldTicks and maxHoldMillis are how far, a day, a generator holds
// its timestamps ahead of a clock that stepped back, to keep versions 6
// and 7 in order. Ordinary steps back (a leap second smeared or stepped,
// an NTP correction, a VM's clock set back by an hour) stay well inside
// it. A clock that reads further behind the generator's last timestamp
// than that is taken to have read wrong before, not now: one bad reading
// (a flat RTC battery, a bad NTP answer, a hypervisor bug) must not stamp
// every later UUID with its year or exhaust the layout for good. The
// generator follows the clock again; order breaks once, uniqueness holds.
const (
	maxHoldTicks  = 24 * 3600 * ticksPerSecond
	maxHoldMillis = 24 * 3600 * 1000
)

// holds reports whether a generator whose timestamps have reached next
// holds them there for the clock reading now, rather than follow the
// clock back: it does while next is at most limit ahead of now. This is
// the rule for every layout (limit is maxHoldTicks or maxHoldMillis).
func holds(next, now, limit uint64) bool { return next <= now || next-now <= limit }

// gregorianTicks returns t as 100-ns ticks since 1582-10-15, clamped to
// the 60 bits the layouts hold. Every time.Time is clamped, however far it
// lies outside the range: t.Unix() is exact for all of them (time.Time's
// own comparisons are not, at the ends of its range, where its internal
// count of seconds wraps), and the range checks come before any arithmetic
// that could overflow.
func gregorianTicks(t time.Time) uint64 {
	const lastSec = maxGregorianTicks/ticksPerSecond - gregorianToUnixSec
	switch sec := t.Unix(); {
	case sec < -gregorianToUnixSec:
		return 0
	case sec > lastSec:
		return maxGregorianTicks
	default:
		ticks := uint64(sec+gregorianToUnixSec)*ticksPerSecond + uint64(t.Nanosecond())/100
		return min(ticks, maxGregorianTicks)
	}
}

// gregorianTime returns the UTC time of a count of 100-ns ticks since
// 1582-10-15.
func gregorianTime(ticks uint64) time.Time {
	sec := int64(ticks/ticksPerSecond) - gregorianToUnixSec
	return time.Unix(sec, int64(ticks%ticksPerSecond)*100).UTC()
}

// unixMillis returns t as milliseconds since 1970-01-01, clamped to 0 and
// the 48 bits of a version 7 timestamp, for every time.Time, as
// gregorianTicks clamps.
func unixMillis(t time.Time) uint64 {
	switch sec := t.Unix(); {
	case sec < 0:
		return 0
	case sec > maxUnixMillis/1000:
		return maxUnixMillis
	default:
		return min(uint64(sec)*1000+uint64(t.Nanosecond())/1e6, maxUnixMillis)
	}
}

// unixMillisTime returns the UTC time of a count of Unix milliseconds.
func unixMillisTime(ms uint64) time.Time { return time.UnixMilli(int64(ms)).UTC() }

// Version 7 time, as [NewV7] writes it: Unix milliseconds as a fixed-point
// number with 12 fraction bits, the 48-bit unix_ts_ms followed by the
// 12-bit sub-millisecond fraction in rand_a (RFC 9562, Section 6.2,
// Method 3). The fraction of a reading is its nanoseconds within the
// millisecond times 4096 divided by 10^6, rounded down, as Go's standard
// uuid package (Go 1.27) and PostgreSQL 18's uuidv7() compute it, so that
// the three agree on the first 64 bits of a UUID made at one instant.
const (
	fracBits       = 12
	maxUnixMilli12 = maxUnixMillis<<fracBits | (1<<fracBits - 1)
)

// millisFraction returns the 12-bit fraction of ns nanoseconds within a
// millisecond (ns below 10^6).
func millisFraction(ns uint64) uint64 { return ns << fracBits / 1e6 }

// unixMillis12 returns t as Unix milliseconds with 12 fraction bits,
// clamped to 0 and to the last 1/4096 ms of the 48-bit timestamp, for every
// time.Time, as gregorianTicks clamps.
func unixMillis12(t time.Time) uint64 {
	switch sec := t.Unix(); {
	case sec < 0:
		return 0
	case sec > maxUnixMillis/1000:
		return maxUnixMilli12
	default:
		ns := uint64(t.Nanosecond())
		return min((uint64(sec)*1000+ns/1e6)<<fracBits|millisFraction(ns%1e6), maxUnixMilli12)
	}
}

// unixMillis12Time returns the UTC time of Unix milliseconds with 12
// fraction bits: the first nanosecond whose fraction it is, so that
// unixMillis12 gives it back and a clock reading t gives a time at most
// 1/4096 ms before t.
func unixMillis12Time(m uint64) time.Time {
	ms, frac := m>>fracBits, m&(1<<fracBits-1)
	ns := (frac*1e6 + 1<<fracBits - 1) >> fracBits // rounded up
	return time.Unix(int64(ms/1000), int64(ms%1000*1e6+ns)).UTC()
}

// A timeBase is a wall reading converted to both timestamps once, so that
// a reading a little later converts by addition: the system clock's
// readings are a base plus the time the monotonic clock has run since.
type timeBase struct {
	wall   time.Time
	exact  bool   // the fields below hold, and wall is a second clear of each range's ends
	ticks  uint64 // gregorianTicks(wall)
	subTk  uint64 // nanoseconds of wall past ticks
	millis uint64 // unixMillis(wall)
	subMs  uint64 // nanoseconds of wall past millis
}

// newTimeBase returns the base of a wall reading t.
func newTimeBase(t time.Time) timeBase {
	b := timeBase{wall: t, ticks: gregorianTicks(t), millis: unixMillis(t)}
	b.exact = t.Unix() >= 0 && b.ticks <= maxGregorianTicks-ticksPerSecond && b.millis <= maxUnixMillis-1000
	if b.exact {
		ns := uint64(t.Nanosecond())
		b.subTk, b.subMs = ns%100, ns%1e6
	}
	return b
}

// ticksAfter returns gregorianTicks(b.wall.Add(d)), for d below a second.
func (b *timeBase) ticksAfter(d time.Duration) uint64 {
	if !b.exact {
		return gregorianTicks(b.wall.Add(d))
	}
	return b.ticks + (b.subTk+uint64(d))/100
}

// millis12After returns unixMillis12(b.wall.Add(d)), for d below a second.
func (b *timeBase) millis12After(d time.Duration) uint64 {
	if !b.exact {
		return unixMillis12(b.wall.Add(d))
	}
	ns := b.subMs + uint64(d)
	return (b.millis+ns/1e6)<<fracBits | millisFraction(ns%1e6)
}
