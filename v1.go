package uuid

import (
	"encoding/binary"
	"os"
	"time"
)

// Gregorian time: the 60-bit timestamp of versions 1, 2 and 6 counts
// 100-nanosecond intervals since 1582-10-15 00:00:00 UTC (RFC 9562,
// Section 5.1).
const (
	ticksPerSecond     = 10_000_000
	gregorianToUnixSec = 12_219_292_800 // seconds from 1582-10-15 to 1970-01-01
	maxGregorianTicks  = 1<<60 - 1
)

// gregorianTicks returns t as 100-ns ticks since 1582-10-15, clamped to
// the 60 bits the layouts hold (years 1582 to 5236).
func gregorianTicks(t time.Time) uint64 {
	sec := t.Unix() + gregorianToUnixSec
	if sec < 0 {
		return 0
	}
	if sec > maxGregorianTicks/ticksPerSecond {
		return maxGregorianTicks
	}
	return min(uint64(sec)*ticksPerSecond+uint64(t.Nanosecond())/100, maxGregorianTicks)
}

// gregorianTime returns the UTC time of a count of 100-ns ticks since
// 1582-10-15.
func gregorianTime(ticks uint64) time.Time {
	sec := int64(ticks/ticksPerSecond) - gregorianToUnixSec
	return time.Unix(sec, int64(ticks%ticksPerSecond)*100).UTC()
}

// v1Layout returns the version 1 UUID of a timestamp, clock sequence and
// node (RFC 9562, Section 5.1):
//
//	time_low (32) | time_mid (16) | ver (4) time_high (12) |
//	var (2) clock_seq (14) | node (48)
func v1Layout(ticks uint64, seq uint16, node [6]byte) UUID {
	var u UUID
	binary.BigEndian.PutUint32(u[0:], uint32(ticks))
	binary.BigEndian.PutUint16(u[4:], uint16(ticks>>32))
	binary.BigEndian.PutUint16(u[6:], uint16(ticks>>48))
	binary.BigEndian.PutUint16(u[8:], seq)
	copy(u[10:], node[:])
	return u.withVersion(1)
}

// v1Ticks returns the timestamp of a version 1 or 2 layout.
func v1Ticks(u UUID) uint64 {
	return uint64(binary.BigEndian.Uint16(u[6:])&0x0fff)<<48 |
		uint64(binary.BigEndian.Uint16(u[4:]))<<32 |
		uint64(binary.BigEndian.Uint32(u[0:]))
}

// v2Layout returns the DCE Security (version 2) UUID of a timestamp, a
// 6-bit clock sequence, a local domain and ID, and a node (DCE 1.1
// Authentication and Security Services, Section 5.2.1.1): the version 1
// layout with time_low replaced by the local ID and clock_seq_low by the
// domain.
//
//	local_id (32) | time_mid (16) | ver (4) time_high (12) |
//	var (2) clock_seq (6) | domain (8) | node (48)
func v2Layout(ticks uint64, seq uint8, d Domain, id uint32, node [6]byte) UUID {
	u := v1Layout(ticks, uint16(seq&0x3f)<<8|uint16(d), node)
	binary.BigEndian.PutUint32(u[0:], id)
	return u.withVersion(2)
}

// NewV1 returns a version 1 UUID: the current Gregorian time, a clock
// sequence and the node of the default generator, which is the MAC address
// of a network interface (or a random multicast node if the host has none).
// See [Generator.NewV1] for the guarantees. A v1 UUID reveals when and on
// which machine it was made; prefer [NewV7] or [NewV4] unless a protocol
// asks for v1.
func NewV1() UUID {
	u, _ := defaultGenerator.NewV1()
	return u
}

// NewV1At returns a version 1 UUID for the time t, with a random clock
// sequence and the default generator's node. It neither reads nor changes
// the generator's clock state, so it offers no uniqueness guarantee beyond
// its 14 random bits: use it for tests and back-filling, not for keys.
func NewV1At(t time.Time) UUID {
	var b [2]byte
	fillCrypto(&defaultGenerator, b[:])
	node, _ := defaultGenerator.node()
	return v1Layout(gregorianTicks(t), binary.BigEndian.Uint16(b[:]), node)
}

// NewV2 returns a version 2 (DCE Security) UUID for the local domain d and
// ID id, such as a POSIX UID for [DomainPerson]. See [Generator.NewV2] for
// its limits.
func NewV2(d Domain, id uint32) UUID {
	u, _ := defaultGenerator.NewV2(d, id)
	return u
}

// NewV2Person returns NewV2(DomainPerson, uid) for the caller's POSIX user
// ID (0 on systems without one).
func NewV2Person() UUID { return NewV2(DomainPerson, uint32(max(os.Getuid(), 0))) }

// NewV2Group returns NewV2(DomainGroup, gid) for the caller's POSIX group
// ID (0 on systems without one).
func NewV2Group() UUID { return NewV2(DomainGroup, uint32(max(os.Getgid(), 0))) }

// NewV1 returns a version 1 UUID (RFC 9562, Section 5.1) from g's clock and
// node. Within one Generator every (timestamp, clock sequence) pair is used
// once:
//   - UUIDs made within one 100-ns tick are counted into the following
//     ticks (RFC 4122, Section 4.2.1.2), so the timestamp may run ahead of
//     the clock during a burst, by at most one second; past that, NewV1 waits
//     for the clock. One generator yields up to 10 million UUIDs a second.
//   - When the clock goes backwards, the clock sequence is incremented
//     (RFC 9562, Section 6.1) and timestamps restart from the clock.
//
// The clock sequence starts at a random value. The error is non-nil only
// if the caller's Rand or Node source failed.
func (g *Generator) NewV1() (UUID, error) {
	ticks, seq, node, err := g.nextGregorian(false)
	if err != nil {
		return UUID{}, err
	}
	return v1Layout(ticks, seq, node), nil
}

// NewV2 returns a version 2 (DCE Security) UUID for the local domain d and
// ID id. The layout keeps only a 6-bit clock sequence and drops the low 32
// bits of the time, so it holds 64 distinct values per 7m10s per domain, ID
// and node; g hands out those 64 and then moves the timestamp ahead by one
// such period rather than repeat a value.
func (g *Generator) NewV2(d Domain, id uint32) (UUID, error) {
	ticks, seq, node, err := g.nextDCE()
	if err != nil {
		return UUID{}, err
	}
	return v2Layout(ticks, seq, d, id, node), nil
}
