package uuid

import (
	"encoding/binary"
	"time"
)

// v6Layout returns the version 6 UUID of a timestamp, clock sequence and
// node: version 1's fields with the timestamp's bits in most-significant-
// first order, so that values sort by time (RFC 9562, Section 5.6):
//
//	time_high (32) | time_mid (16) | ver (4) time_low (12) |
//	var (2) clock_seq (14) | node (48)
func v6Layout(ticks uint64, seq uint16, node [6]byte) UUID {
	var u UUID
	binary.BigEndian.PutUint64(u[0:], ticks<<4&^0xffff|ticks&0x0fff)
	binary.BigEndian.PutUint16(u[8:], seq)
	copy(u[10:], node[:])
	return u.withVersion(6)
}

// v6Ticks returns the timestamp of a version 6 layout.
func v6Ticks(u UUID) uint64 {
	hi := binary.BigEndian.Uint64(u[0:])
	return hi>>4&^0x0fff | hi&0x0fff
}

// v7Layout returns the version 7 UUID of a Unix time in milliseconds and
// the rand_a and rand_b fields, of which the low 12 and 62 bits are used
// (RFC 9562, Section 5.7):
//
//	unix_ts_ms (48) | ver (4) rand_a (12) | var (2) rand_b (62)
func v7Layout(ms uint64, randA uint16, randB uint64) UUID {
	var u UUID
	binary.BigEndian.PutUint64(u[0:], ms<<16|uint64(randA&0x0fff))
	binary.BigEndian.PutUint64(u[8:], randB)
	return u.withVersion(7)
}

// v7Millis returns the Unix milliseconds of a version 7 layout.
func v7Millis(u UUID) uint64 { return binary.BigEndian.Uint64(u[0:]) >> 16 }

// NewV6 returns a version 6 UUID from the default generator: the current
// Gregorian time, with a random clock sequence and a random multicast node
// for each UUID, so that it does not reveal the MAC address (RFC 9562,
// Section 5.6). Values are strictly increasing across all goroutines. See
// [Generator.NewV6].
func NewV6() UUID {
	u, _ := defaultGenerator.NewV6()
	return u
}

// NewV6At returns a version 6 UUID for the time t with a random clock
// sequence and node. It neither reads nor changes the generator's state.
func NewV6At(t time.Time) UUID {
	var r [8]byte
	fillCrypto(&defaultGenerator, r[:])
	return v6Layout(gregorianTicks(t), binary.BigEndian.Uint16(r[:]), randomNodeFrom(r[2:]))
}

// NewV7 returns a version 7 UUID from the default generator: 48 bits of
// Unix milliseconds, a 16-bit counter and 58 random bits. Values are
// strictly increasing across all goroutines of the process, whatever the
// clock does. See [Generator.NewV7]. NewV7 does not allocate.
func NewV7() UUID {
	u, _ := defaultGenerator.NewV7()
	return u
}

// NewV7At returns a version 7 UUID for the time t (clamped to the 48-bit
// millisecond range) with 74 random bits. It neither reads nor changes the
// generator's state, so values made for one millisecond are not ordered
// among themselves.
func NewV7At(t time.Time) UUID {
	var r [10]byte
	fillCrypto(&defaultGenerator, r[:])
	return v7Layout(unixMillis(t), binary.BigEndian.Uint16(r[:]), binary.BigEndian.Uint64(r[2:]))
}

// FillV7 fills dst with strictly increasing version 7 UUIDs from the
// default generator, reserving the whole run at once. It is the fast way to
// make many keys; see [Generator.FillV7].
func FillV7(dst []UUID) {
	_ = defaultGenerator.FillV7(dst)
}

// NewV8 returns the version 8 UUID holding the caller's custom bits: all of
// custom except the version and variant bits, which NewV8 sets (RFC 9562,
// Section 5.8). Uniqueness is the caller's business.
func NewV8(custom [16]byte) UUID { return UUID(custom).withVersion(8) }

// unixMillis returns t in Unix milliseconds, clamped to 0 and the 48 bits
// of a version 7 timestamp.
func unixMillis(t time.Time) uint64 {
	ms := t.UnixMilli()
	switch {
	case ms < 0:
		return 0
	case ms > 1<<48-1:
		return 1<<48 - 1
	}
	return uint64(ms)
}

// NewV6 returns a version 6 UUID (RFC 9562, Section 5.6) from g's clock.
// Values from one Generator are strictly increasing across all goroutines:
// bursts count into the following 100-ns ticks, as for [Generator.NewV1],
// and a clock that steps back holds the timestamp until the clock catches
// up. (With a StateFile, a step back of more than a second instead moves
// the shared state to the next clock sequence and restarts from the clock,
// as RFC 4122 prescribes, since holding the timestamp could reach into
// another process's timestamps.) Unless g has a Node source, each UUID gets a fresh random clock
// sequence and random multicast node, as RFC 9562 recommends; with one, it
// uses g's node and clock sequence, as v1 does. The error is non-nil only
// if the caller's Rand or Node source failed.
func (g *Generator) NewV6() (UUID, error) {
	if g.nodes != nil {
		ticks, seq, node, err := g.nextGregorian(true)
		if err != nil {
			return UUID{}, err
		}
		return v6Layout(ticks, seq, node), nil
	}
	var r [8]byte
	if err := g.fillRand(r[:]); err != nil {
		return UUID{}, err
	}
	ticks, _, _, err := g.nextGregorian(true)
	if err != nil {
		return UUID{}, err
	}
	return v6Layout(ticks, binary.BigEndian.Uint16(r[:]), randomNodeFrom(r[2:])), nil
}

// NewV7 returns a version 7 UUID (RFC 9562, Section 5.7):
//
//	unix_ts_ms (48) | ver | counter (12 of 16) | var | counter (4 of 16) | random (58)
//
// It uses RFC 9562, Section 6.2, Method 1 with a 16-bit counter: the first
// UUID of each millisecond starts the counter at a random value below 2^15,
// later ones in the same millisecond increment it, and a counter that
// overflows carries into the timestamp. Every UUID also gets 58 fresh
// random bits. The guarantee: each value returned by g is greater than
// every value g returned before it, from any goroutine, whatever the clock
// does. If the clock steps back, the timestamp holds still and the counter
// runs on until the clock catches up; at up to 32768 UUIDs per millisecond
// the timestamp never runs ahead of the clock. The shared state is one
// atomic word, so no lock is held across the clock read or the random
// fill, and goroutines on different cores do not wait for each other. The
// error is non-nil only if the caller's Rand failed.
func (g *Generator) NewV7() (UUID, error) {
	var r [8]byte
	if err := g.fillRand(r[:]); err != nil {
		return UUID{}, err
	}
	key, err := g.reserveV7(1)
	if err != nil {
		return UUID{}, err
	}
	return v7FromKey(key, binary.BigEndian.Uint64(r[:])), nil
}

// FillV7 fills dst with strictly increasing version 7 UUIDs, as successive
// calls of [Generator.NewV7] would, but reserves the run of counter values
// with one atomic add (and a compare-and-swap when it starts a new
// millisecond), and reads the random source 64 bytes at a time.
func (g *Generator) FillV7(dst []UUID) error {
	if len(dst) == 0 {
		return nil
	}
	key, err := g.reserveV7(uint64(len(dst)))
	if err != nil {
		return err
	}
	var r [64]byte
	for i := range dst {
		if i%8 == 0 {
			if err := g.fillRand(r[:]); err != nil {
				return err
			}
		}
		dst[i] = v7FromKey(key, binary.BigEndian.Uint64(r[i%8*8:]))
		key++
	}
	return nil
}

// v7FromKey lays out a v7 UUID from a reserved key (milliseconds << 16 |
// counter) and random bits.
func v7FromKey(key, random uint64) UUID {
	return v7Layout(key>>16, uint16(key>>4), key<<58|random>>6)
}
