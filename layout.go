package uuid

import "encoding/binary"

// Every version's bit layout lives in this file: a pair of functions for
// each, one that lays out a UUID from its fields and touches no clock,
// random source or lock, and one that reads the fields back, used by the
// constructors and the accessors alike. versionBits is the only place that
// sets the version and variant bits, and gregorianFields is the one place
// the accessors tell the Gregorian layouts (versions 1, 2 and 6) apart.

// withVersion returns u with the version field set to v and the variant set
// to [VariantRFC9562] (RFC 9562, Sections 4.1 and 4.2).
func (u UUID) withVersion(v Version) UUID {
	return fromWords(binary.BigEndian.Uint64(u[0:]), binary.BigEndian.Uint64(u[8:]), v)
}

// fromWords returns the UUID whose bytes are the big-endian words hi and
// lo, with the version and variant set by versionBits. Building a layout in
// two words keeps it in registers until the UUID is stored once.
func fromWords(hi, lo uint64, v Version) UUID {
	hi, lo = versionBits(hi, lo, v)
	var u UUID
	binary.BigEndian.PutUint64(u[0:], hi)
	binary.BigEndian.PutUint64(u[8:], lo)
	return u
}

// setVersion sets the version and variant of *u in place, as versionBits
// does.
func (u *UUID) setVersion(v Version) {
	hi, lo := versionBits(binary.BigEndian.Uint64(u[0:]), binary.BigEndian.Uint64(u[8:]), v)
	binary.BigEndian.PutUint64(u[0:], hi)
	binary.BigEndian.PutUint64(u[8:], lo)
}

// versionBits returns the big-endian words of a UUID, hi and lo, with the
// version field set to v and the variant set to [VariantRFC9562]
// (RFC 9562, Sections 4.1 and 4.2). It is the only place that sets those
// bits.
func versionBits(hi, lo uint64, v Version) (uint64, uint64) {
	return hi&^0xf000 | uint64(v&0xf)<<12, lo&^(3<<62) | 1<<63
}

// is reports whether u has the RFC 9562 variant and version v.
func (u UUID) is(v Version) bool {
	return u[8]&0xc0 == 0x80 && u[6]>>4 == byte(v)
}

// v1Layout returns the version 1 UUID of a timestamp, clock sequence and
// node (RFC 9562, Section 5.1); v1Fields reads them back:
//
//	time_low (32) | time_mid (16) | ver (4) time_high (12) |
//	var (2) clock_seq (14) | node (48)
func v1Layout(ticks uint64, seq uint16, node [6]byte) UUID {
	hi := ticks<<32 | ticks>>32&0xffff<<16 | ticks>>48&0x0fff
	return fromWords(hi, uint64(seq)<<48|nodeBits(node), 1)
}

// nodeBits returns a node as the low 48 bits of an integer, as it stands
// in the last 6 bytes of the layouts that carry one.
func nodeBits(node [6]byte) uint64 {
	return uint64(node[0])<<40 | uint64(node[1])<<32 | uint64(node[2])<<24 |
		uint64(node[3])<<16 | uint64(node[4])<<8 | uint64(node[5])
}

// v1Fields returns the timestamp, 14-bit clock sequence and node of a
// version 1 layout.
func v1Fields(u UUID) (ticks uint64, seq uint16, node [6]byte) {
	ticks = uint64(binary.BigEndian.Uint16(u[6:])&0x0fff)<<48 |
		uint64(binary.BigEndian.Uint16(u[4:]))<<32 |
		uint64(binary.BigEndian.Uint32(u[0:]))
	return ticks, binary.BigEndian.Uint16(u[8:]) & 0x3fff, [6]byte(u[10:])
}

// v2Layout returns the DCE Security (version 2) UUID of a timestamp, a
// 6-bit clock sequence, a local domain and ID, and a node (DCE 1.1
// Authentication and Security Services, Section 5.2.1.1): the version 1
// layout with time_low replaced by the local ID and clock_seq_low by the
// domain. v2Fields reads them back.
//
//	local_id (32) | time_mid (16) | ver (4) time_high (12) |
//	var (2) clock_seq (6) | domain (8) | node (48)
func v2Layout(ticks uint64, seq uint8, d Domain, id uint32, node [6]byte) UUID {
	hi := uint64(id)<<32 | ticks>>32&0xffff<<16 | ticks>>48&0x0fff
	return fromWords(hi, uint64(seq&0x3f)<<56|uint64(d)<<48|nodeBits(node), 2)
}

// v2Fields returns the fields of a version 2 layout; the timestamp's low 32
// bits, which the local ID replaces, are zero.
func v2Fields(u UUID) (ticks uint64, seq uint8, d Domain, id uint32, node [6]byte) {
	ticks, seq14, node := v1Fields(u)
	return ticks &^ 0xffffffff, uint8(seq14 >> 8), Domain(seq14), binary.BigEndian.Uint32(u[0:]), node
}

// v6Layout returns the version 6 UUID of a timestamp, clock sequence and
// node: version 1's fields with the timestamp's bits in most-significant-
// first order, so that values sort by time (RFC 9562, Section 5.6).
// v6Fields reads them back.
//
//	time_high (32) | time_mid (16) | ver (4) time_low (12) |
//	var (2) clock_seq (14) | node (48)
func v6Layout(ticks uint64, seq uint16, node [6]byte) UUID {
	return fromWords(ticks<<4&^0xffff|ticks&0x0fff, uint64(seq)<<48|nodeBits(node), 6)
}

// v6Fields returns the timestamp, 14-bit clock sequence and node of a
// version 6 layout.
func v6Fields(u UUID) (ticks uint64, seq uint16, node [6]byte) {
	hi := binary.BigEndian.Uint64(u[0:])
	return hi>>4&^0x0fff | hi&0x0fff, binary.BigEndian.Uint16(u[8:]) & 0x3fff, [6]byte(u[10:])
}

// v7Layout returns the version 7 UUID of a Unix time in milliseconds and
// the rand_a and rand_b fields, of which the low 12 and 62 bits are used
// (RFC 9562, Section 5.7). v7Fields reads them back. The generators put
// the sub-millisecond fraction of their clock in rand_a (Section 6.2,
// Method 3), so that unix_ts_ms and rand_a together are the time in 1/4096
// ms ([unixMillis12]).
//
//	unix_ts_ms (48) | ver (4) rand_a (12) | var (2) rand_b (62)
func v7Layout(ms uint64, randA uint16, randB uint64) UUID {
	return fromWords(ms<<16|uint64(randA&0x0fff), randB, 7)
}

// v7Fields returns the Unix milliseconds, 12-bit rand_a and 62-bit rand_b
// of a version 7 layout.
func v7Fields(u UUID) (ms uint64, randA uint16, randB uint64) {
	hi, lo := binary.BigEndian.Uint64(u[0:]), binary.BigEndian.Uint64(u[8:])
	return hi >> 16, uint16(hi) & 0x0fff, lo &^ (3 << 62)
}

// v7FromKey lays out the UUID of a version 7 key ([v7Key]):
//
//	unix_ts_ms (48) | ver (4) fraction (12) | var (2) counter (4) random (58)
//
// The random bits used are the high 58 of random.
func v7FromKey(key, random uint64) UUID {
	return v7Layout(key>>(v7CounterBits+fracBits), uint16(key>>v7CounterBits), key<<58|random>>6)
}

// hashLayout returns the UUID of a name-based version (3, 5 or 8) from the
// first 16 bytes of the hash (RFC 9562, Sections 5.3, 5.5 and B.2): all
// bits but version and variant come from the hash.
func hashLayout(v Version, sum [16]byte) UUID {
	return UUID(sum).withVersion(v)
}

// gregorianFields returns the timestamp, clock sequence (14 bits, or 6
// for version 2) and node of a version 1, 2 or 6 UUID, and reports
// whether u is one.
func (u UUID) gregorianFields() (ticks uint64, seq uint16, node [6]byte, ok bool) {
	if u.Variant() != VariantRFC9562 {
		return 0, 0, node, false
	}
	switch u.Version() {
	case 1:
		ticks, seq, node = v1Fields(u)
	case 2:
		t, s, _, _, n := v2Fields(u)
		ticks, seq, node = t, uint16(s), n
	case 6:
		ticks, seq, node = v6Fields(u)
	default:
		return 0, 0, node, false
	}
	return ticks, seq, node, true
}
