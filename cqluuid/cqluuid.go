// Package cqluuid gives the orders of Apache Cassandra's and ScyllaDB's uuid
// and timeuuid column types, and the range bounds that gocql and CQL's
// minTimeuuid and maxTimeuuid compute for a time.
//
// Neither type sorts its values bytewise:
//
//   - A timeuuid column ([CompareTimeUUID], [TimeUUIDKey]) sorts by the
//     60-bit timestamp of the version 1 UUID, then by its last 8 bytes (clock
//     sequence and node) compared as signed bytes, -128 to 127.
//   - A uuid column ([Compare], [Key]) sorts by version first; two version 1
//     UUIDs by timestamp, then by their last 8 bytes as unsigned bytes; two
//     of any other version bytewise. So a version 7 key sorts by time among
//     version 7 keys, but every version 4 key sorts before every version 7
//     one.
//
// These are the rules of Cassandra's TimeUUIDType and UUIDType, which
// ScyllaDB keeps for its sstables to stay readable. (ScyllaDB's timeuuid
// columns also accept version 7 UUIDs, with an order of their own that this
// package does not model.)
//
// To select the rows of a span of time from a timeuuid clustering column,
// bound it with [MinTimeUUID] and [MaxTimeUUID], as gocql computes them for
// a time to the 100 nanoseconds, or with the values of CQL's
// minTimeuuid(t) and maxTimeuuid(t), computed for t's millisecond, which
// [MinTimeUUIDMillis] and [MaxTimeUUIDMillis] return.
package cqluuid

import (
	"encoding/binary"
	"time"

	"github.com/afb7af96/uuid"
)

// Compare returns -1, 0 or +1 as a sorts before, with or after b in a
// Cassandra or ScyllaDB uuid column: by version, then version 1 UUIDs by
// timestamp and their last 8 bytes unsigned, others bytewise.
func Compare(a, b uuid.UUID) int {
	return compareHalves(uuidHigh(a), binary.BigEndian.Uint64(a[8:]), uuidHigh(b), binary.BigEndian.Uint64(b[8:]))
}

// Key returns a 16-byte value whose bytewise order is [Compare]'s:
// bytes.Compare(Key(a)[:], Key(b)[:]) == Compare(a, b). It is the
// byte-comparable form Cassandra gives a uuid value: the version, then the
// timestamp of a version 1 UUID (the other bits of any other), then the
// last 8 bytes.
func Key(u uuid.UUID) [16]byte {
	var k [16]byte
	binary.BigEndian.PutUint64(k[:8], uuidHigh(u))
	copy(k[8:], u[8:])
	return k
}

// uuidHigh returns the first 8 bytes of u rearranged so that unsigned order
// is a uuid column's: the version on top, then a version 1 UUID's
// timestamp, or any other UUID's remaining 60 bits in order.
func uuidHigh(u uuid.UUID) uint64 {
	msb := binary.BigEndian.Uint64(u[:8])
	if version := msb >> 12 & 0xf; version != 1 {
		return version<<60 | msb>>4&0x0fff_ffff_ffff_f000 | msb&0xfff
	}
	return timestampFirst(msb)
}

// timestampFirst moves the fields of a version 1 UUID's first 8 bytes
// (time_low, time_mid, version and time_high) into the order version,
// time_high, time_mid, time_low, so that the 60-bit timestamp reads in
// order below the version.
func timestampFirst(msb uint64) uint64 {
	return msb<<48 | msb<<16&0xffff_0000_0000 | msb>>32
}

// signFlip turns 8 signed bytes into 8 bytes whose unsigned order is the
// signed bytes' order.
const signFlip = 0x8080_8080_8080_8080

// CompareTimeUUID returns -1, 0 or +1 as a sorts before, with or after b in
// a Cassandra or ScyllaDB timeuuid column: by timestamp, then by the last 8
// bytes compared as signed bytes. A timeuuid column holds only version 1
// UUIDs (ScyllaDB's, version 7 too, see the package doc); for others, the
// version decides first and the same fields follow.
func CompareTimeUUID(a, b uuid.UUID) int {
	return compareHalves(
		timestampFirst(binary.BigEndian.Uint64(a[:8])), binary.BigEndian.Uint64(a[8:])^signFlip,
		timestampFirst(binary.BigEndian.Uint64(b[:8])), binary.BigEndian.Uint64(b[8:])^signFlip)
}

// TimeUUIDKey returns a 16-byte value whose bytewise order is
// [CompareTimeUUID]'s, the byte-comparable form Cassandra gives a timeuuid
// value: version and timestamp, then the last 8 bytes with each sign bit
// flipped.
func TimeUUIDKey(u uuid.UUID) [16]byte {
	var k [16]byte
	binary.BigEndian.PutUint64(k[:8], timestampFirst(binary.BigEndian.Uint64(u[:8])))
	binary.BigEndian.PutUint64(k[8:], binary.BigEndian.Uint64(u[8:])^signFlip)
	return k
}

func compareHalves(ah, al, bh, bl uint64) int {
	switch {
	case ah < bh:
		return -1
	case ah > bh:
		return +1
	case al < bl:
		return -1
	case al > bl:
		return +1
	}
	return 0
}

// The last 8 bytes of the bounds: the least and greatest as signed bytes.
// gocql sets the variant bits (10) over its clock sequence, so its greatest
// starts 0xbf; CQL's maxTimeuuid keeps 0x7f.
const (
	gocqlMinLow = 0x8080_8080_8080_8080
	gocqlMaxLow = 0xbf7f_7f7f_7f7f_7f7f
	cqlMinLow   = 0x8080_8080_8080_8080
	cqlMaxLow   = 0x7f7f_7f7f_7f7f_7f7f
)

// MinTimeUUID returns the version 1 UUID gocql's MinTimeUUID returns for t:
// t's timestamp to the 100 nanoseconds, clock sequence and node bytes 0x80
// (the least signed bytes), variant 10. In a timeuuid column it sorts at or
// before every UUID of that timestamp. Times outside the 60-bit Gregorian
// range (1582 to 5236) are clamped to it.
func MinTimeUUID(t time.Time) uuid.UUID { return v1(ticks(t), gocqlMinLow) }

// MaxTimeUUID returns the version 1 UUID gocql's MaxTimeUUID returns for t:
// t's timestamp to the 100 nanoseconds, clock sequence 0x3f7f with the
// variant bits (byte 8 is 0xbf) and node bytes 0x7f. In a timeuuid column
// it sorts at or after every RFC 9562 version 1 UUID of that timestamp.
func MaxTimeUUID(t time.Time) uuid.UUID { return v1(ticks(t), gocqlMaxLow) }

// MinTimeUUIDMillis returns the UUID that CQL's minTimeuuid(t) returns:
// the first 100-nanosecond tick of t's millisecond, and last 8 bytes 0x80.
// A query that binds the timestamp and calls minTimeuuid on the server gets
// the same value.
func MinTimeUUIDMillis(t time.Time) uuid.UUID {
	return v1(ticks(time.UnixMilli(t.UnixMilli())), cqlMinLow)
}

// MaxTimeUUIDMillis returns the UUID that CQL's maxTimeuuid(t) returns: the
// last 100-nanosecond tick of t's millisecond, and last 8 bytes 0x7f (which
// are not an RFC 9562 variant, but are the greatest signed bytes). Like
// the other bounds, it clamps to the 60-bit Gregorian range.
func MaxTimeUUIDMillis(t time.Time) uuid.UUID {
	ms := time.UnixMilli(t.UnixMilli())
	return v1(lastTick(ms), cqlMaxLow)
}

// lastTick returns the last 100-nanosecond tick of the millisecond that
// starts at ms, clamped as ticks clamps: 0 for a millisecond that ends at
// or before 1582-10-15, maxTicks for one past the range. The start of
// every millisecond is a multiple of 10 000 ticks and maxTicks is not, so
// a next millisecond at maxTicks is one that ticks clamped.
func lastTick(ms time.Time) uint64 {
	switch next := ticks(ms.Add(time.Millisecond)); next {
	case 0, maxTicks:
		return next
	default:
		return next - 1
	}
}

// gregorianSeconds is the number of seconds from 1582-10-15 to 1970-01-01.
const gregorianSeconds = 12219292800

const maxTicks = 1<<60 - 1

// ticks returns t as 100-nanosecond ticks since 1582-10-15 UTC, clamped to
// 60 bits.
func ticks(t time.Time) uint64 {
	sec := t.Unix() + gregorianSeconds
	switch {
	case sec < 0:
		return 0
	case uint64(sec) > maxTicks/10_000_000:
		return maxTicks
	}
	return min(uint64(sec)*10_000_000+uint64(t.Nanosecond()/100), maxTicks)
}

// v1 lays out a version 1 UUID: the timestamp's low 32 bits, its middle 16,
// the version and its top 12 bits, then low as the last 8 bytes.
func v1(ticks, low uint64) uuid.UUID {
	var u uuid.UUID
	binary.BigEndian.PutUint32(u[0:], uint32(ticks))
	binary.BigEndian.PutUint16(u[4:], uint16(ticks>>32))
	binary.BigEndian.PutUint16(u[6:], 0x1000|uint16(ticks>>48)&0x0fff)
	binary.BigEndian.PutUint64(u[8:], low)
	return u
}
