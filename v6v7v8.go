package uuid

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"io"
	"time"
	"unsafe"
)

// NewV6 returns a version 6 UUID from the default generator: the current
// Gregorian time, with a random clock sequence and a random multicast node
// for each UUID, so that it does not reveal the MAC address (RFC 9562,
// Section 5.6). Values are strictly increasing across all goroutines,
// through steps back of the clock of up to a day (see [Generator.NewV6]).
// NewV6 panics with [ErrExhausted] only if the clock reads the last tick
// of the year 5236.
func NewV6() UUID { return orPanic(defaultGenerator.NewV6()) }

// NewV6At returns a version 6 UUID for the time t, as [Generator.NewV6At]
// does with the default generator.
func NewV6At(t time.Time) UUID { return orPanic(defaultGenerator.NewV6At(t)) }

// NewV7 returns a version 7 UUID from the default generator: 48 bits of
// Unix milliseconds, 12 bits of the time within the millisecond (as Go's
// standard uuid.NewV7 and PostgreSQL 18's uuidv7() write them), a 4-bit
// counter and 58 random bits drawn from crypto/rand for this UUID. Values
// are strictly increasing across all goroutines of the process, through
// steps back of the clock of up to a day (see [Generator.NewV7]). NewV7 panics with [ErrExhausted] only if
// the clock reads the last millisecond of the year 10889. NewV7 does not allocate. [FillV7] makes many
// at a lower cost per UUID.
func NewV7() UUID { return orPanic(defaultGenerator.NewV7()) }

// NewV7At returns a version 7 UUID for the time t, as [Generator.NewV7At]
// does with the default generator.
func NewV7At(t time.Time) UUID { return orPanic(defaultGenerator.NewV7At(t)) }

// MinV7 returns the least version 7 UUID whose timestamp is t's
// millisecond (clamped as [NewV7At] clamps): every v7 UUID made at or
// after that millisecond compares at or above it. With [MaxV7] it turns a
// span of time into a range of keys on a v7 primary key's index: the rows
// made from t0's millisecond through t1's, both included, are those with
// id BETWEEN MinV7(t0) AND MaxV7(t1). For a half-open span, from t0 up to
// but not including t1's millisecond, take id >= MinV7(t0) AND
// id < MinV7(t1).
func MinV7(t time.Time) UUID { return v7Layout(unixMillis(t), 0, 0) }

// MaxV7 returns the greatest version 7 UUID whose timestamp is t's
// millisecond (clamped as [NewV7At] clamps): every v7 UUID made in or
// before that millisecond compares at or below it. See [MinV7].
func MaxV7(t time.Time) UUID { return v7Layout(unixMillis(t), 0x0fff, 1<<62-1) }

// FillV7 fills dst with strictly increasing version 7 UUIDs from the
// default generator, as successive calls of [NewV7] would at one clock
// reading, reserving the counter values and drawing the random bits from
// crypto/rand once per 65536 UUIDs. It is the fast way to make many keys; see
// [Generator.FillV7]. Like NewV7, it panics with [ErrExhausted] only if
// the clock reads after the year 10889.
func FillV7(dst []UUID) { orPanic(UUID{}, defaultGenerator.FillV7(dst)) }

// NewV8 returns the version 8 UUID holding the caller's custom bits: all of
// custom except the version and variant bits, which NewV8 sets (RFC 9562,
// Section 5.8). Uniqueness is the caller's business.
func NewV8(custom [16]byte) UUID { return UUID(custom).withVersion(8) }

// NewV8Hash returns the version 8 UUID of name in the namespace ns, made
// from the first 128 bits of h over the namespace's bytes followed by the
// name, as RFC 9562, Section B.2 does with SHA-256:
//
//	uuid.NewV8Hash(sha256.New(), uuid.NamespaceDNS(), "www.example.com")
//
// NewV8Hash resets h before use, so h must not be used concurrently. It
// panics if h's sum is shorter than 16 bytes.
func NewV8Hash(h hash.Hash, ns UUID, name string) UUID {
	h.Reset()
	h.Write(ns[:])
	io.WriteString(h, name)
	var buf [64]byte
	sum := h.Sum(buf[:0])
	return hashLayout(8, [16]byte(sum[:Size]))
}

// NewV6 returns a version 6 UUID (RFC 9562, Section 5.6) from g's clock,
// with a fresh random clock sequence and random multicast node, as RFC
// 9562 recommends. Values from one Generator are strictly increasing
// across all goroutines: bursts count into the following 100-ns ticks, as
// for [Generator.NewV1], and a clock that steps back holds the timestamp
// until the clock catches up, for a step back of up to a day; a clock that
// reads more than a day behind the last timestamp is taken to have read
// wrong before, and the timestamps follow it back (order breaks once;
// values stay unique). With [GeneratorOptions.V6Node], UUIDs carry g's node
// and share version 1's clock sequence and timestamps, in memory or
// through the state file, with [Generator.NewV1]'s guarantee instead: no
// triple twice, and increasing except where the clock goes back by more
// than a second and another clock sequence takes over. The error is non-nil only if the caller's Rand or Node
// source or the state file failed, or the clock reads at the end of the
// layout's range and its last timestamp is used ([ErrExhausted]).
func (g *Generator) NewV6() (UUID, error) {
	if g.v6Node {
		ticks, seq, node, err := g.nextGregorian()
		if err != nil {
			return UUID{}, err
		}
		if ticks, err = exhausted(g.greg.v6(ticks)); err != nil {
			return UUID{}, err
		}
		return v6Layout(ticks, seq, node), nil
	}
	var r [8]byte
	if err := g.entropy.read(r[:]); err != nil {
		return UUID{}, err
	}
	ticks, err := exhausted(g.v6.take(g.clock.ticks()))
	if err != nil {
		return UUID{}, err
	}
	return v6Layout(ticks, binary.BigEndian.Uint16(r[:]), randomNodeFrom(r[2:])), nil
}

// NewV6At returns a version 6 UUID for the time t, clamped to the range the
// layout holds (1582-10-15 to 5236-03-31), with a random clock sequence and node. It
// neither reads nor changes g's state. The error is non-nil only if the
// caller's Rand failed.
func (g *Generator) NewV6At(t time.Time) (UUID, error) {
	var r [8]byte
	if err := g.entropy.read(r[:]); err != nil {
		return UUID{}, err
	}
	return v6Layout(gregorianTicks(t), binary.BigEndian.Uint16(r[:]), randomNodeFrom(r[2:])), nil
}

// NewV7At returns a version 7 UUID for the time t, clamped to the range the
// layout holds (1970-01-01 to 10889-08-02): t's millisecond and, in
// rand_a, its sub-millisecond fraction, as [Generator.NewV7] lays them
// out, so that [UUID.Time] reads t back to 1/4096 ms, and 62 random bits.
// It neither reads nor changes g's state, so values made for one 1/4096 ms
// are not ordered among themselves. The error is non-nil only if the
// caller's Rand failed.
func (g *Generator) NewV7At(t time.Time) (UUID, error) {
	var r [8]byte
	if err := g.entropy.read(r[:]); err != nil {
		return UUID{}, err
	}
	m := unixMillis12(t)
	return v7Layout(m>>fracBits, uint16(m), binary.BigEndian.Uint64(r[:])), nil
}

// NewV7 returns a version 7 UUID (RFC 9562, Section 5.7):
//
//	unix_ts_ms (48) | ver | fraction (12) | var | counter (4) | random (58)
//
// The millisecond and the fraction are g's clock reading: rand_a holds
// its nanoseconds within the millisecond times 4096 divided by 10^6,
// rounded down (Section 6.2, Method 3), as Go's standard uuid.NewV7 and
// PostgreSQL 18's uuidv7() compute it, so that UUIDs from all three sort
// by when they were made, to 1/4096 ms (about 244 ns), and [UUID.Time]
// reads that time back. Below the fraction a 4-bit counter (Method 1)
// orders the UUIDs of one 1/4096 ms: the first starts it at a random value
// below 8, later ones increment it, and a counter that overflows carries
// into the fraction. Every UUID also gets 58 fresh random bits.
//
// The guarantee: each value returned by g is greater than every value g
// returned before it, from any goroutine, whatever the clock does, with
// one exception. At up to 8 UUIDs per 1/4096 ms the time in a UUID is
// never after the clock's; faster, it moves ahead one 1/4096 ms per 16
// UUIDs beyond that, and comes back to the clock once the rate drops. If
// the clock steps back, the time holds still and the counter runs on
// until the clock catches up. The exception: a clock that reads more than
// a day behind the last timestamp is taken to have read wrong before (one
// reading in the far future, say), and the counter starts afresh at the
// clock's time, so that one bad reading neither stamps every later UUID
// with its year nor exhausts the layout; order breaks once, and the 58
// random bits keep values unique. The shared state is one atomic word, so
// no lock is held across the clock read or the random fill, and
// goroutines on different cores do not wait for each other. The error is
// non-nil only if the caller's Rand failed, or if the clock reads the last
// 1/4096 ms of the 48-bit timestamp and its keys are used up
// ([ErrExhausted]).
func (g *Generator) NewV7() (UUID, error) {
	var r [8]byte
	if err := g.entropy.read(r[:]); err != nil {
		return UUID{}, err
	}
	// The UUID takes the high 58 bits; the low 3 seed the counter if a new
	// 1/4096 ms starts.
	random := binary.BigEndian.Uint64(r[:])
	key, err := g.reserveV7(1, uint16(random))
	if err != nil {
		return UUID{}, err
	}
	return v7FromKey(key, random), nil
}

// FillV7 fills dst with strictly increasing version 7 UUIDs, as successive
// calls of [Generator.NewV7] would. For each run of up to 65536 UUIDs it
// reserves the counter values with one compare-and-swap and draws the
// random bits with one read of the random source, straight into dst, so
// nothing is left behind. The error
// is non-nil only if the caller's Rand failed or the keys ran out
// ([ErrExhausted]); dst is then left zeroed.
func (g *Generator) FillV7(dst []UUID) error {
	for rest := dst; len(rest) > 0; {
		n := min(len(rest), maxReserve)
		if err := g.fillV7(rest[:n]); err != nil {
			clear(dst)
			return err
		}
		rest = rest[n:]
	}
	return nil
}

// fillV7 fills dst, of 1 to maxReserve UUIDs, with one reservation. The
// random bytes are read into the first half of dst's memory, 8 per UUID,
// and spread out from the last UUID down, so each UUID's bytes are read
// before the UUIDs written later cover them. Each UUID takes the high 58
// bits of its 8; the low 3 of the first UUID's seed the counter if a new
// 1/4096 ms starts.
func (g *Generator) fillV7(dst []UUID) error {
	n := len(dst)
	flat := unsafe.Slice(&dst[0][0], n*Size)
	if err := g.entropy.read(flat[:8*n]); err != nil {
		return err
	}
	key, err := g.reserveV7(uint64(n), uint16(flat[7]))
	if err != nil {
		return err
	}
	for i := n - 1; i >= 0; i-- {
		dst[i] = v7FromKey(key+uint64(i), binary.BigEndian.Uint64(flat[8*i:]))
	}
	return nil
}

// NewV7Name returns the version 7 UUID of name in the namespace ns at the
// time t: the same arguments always give the same UUID, so that a retried
// request or a replica makes the same ID without asking anyone, and it
// sorts by t's millisecond among the UUIDs of [NewV7]. Its first 48 bits
// are t's Unix millisecond, clamped as [NewV7At] clamps, which
// [UUID.Time] reads back (its rand_a holds hash bits, which Time reads as
// a fraction of the millisecond: truncate to the millisecond); its other
// 74 bits are those of the SHA-256 of
// the namespace's bytes followed by the name. So it is
// NewV8Hash(sha256.New(), ns, name) (RFC 9562, Appendix B.2) with the
// millisecond in place of its first 48 bits and version 7 in place of 8.
//
// Version 7, not 8: RFC 9562, Section 5.7 defines version 7 by its
// timestamp, the field that [UUID.Time] and databases (PostgreSQL's
// uuid_extract_timestamp) decode and indexes sort by, and this keeps it
// exact, while a version 8 layout (Section 5.8) is opaque to every reader.
// Section 6.9 says the other bits of a version 7 SHOULD come from a
// cryptographically secure random source; these come from a hash
// instead, which keeps UUIDs of distinct names distinct (two names share
// a millisecond's UUID with probability 2⁻⁷⁴) but not unguessable: who
// knows the namespace, name and millisecond can compute the UUID, so do
// not use it where an ID must not be guessed (Section 8).
//
// SHA-256 is FIPS 140-approved, so NewV7Name also works under
// GODEBUG=fips140=only. It does not allocate for names of up to 64 bytes.
// At 2022-02-22T19:22:22Z (RFC 9562, Appendix A.6), the name
// "www.example.com" in [NamespaceDNS] gives
// 017f22e2-79b0-7afd-938a-375d0df1fbf6: Appendix B.2's
// 5c146b14-3c52-8afd-938a-375d0df1fbf6 after its first 48 bits. The
// repository's testdata/v7name.txt has more.
func NewV7Name(t time.Time, ns UUID, name string) UUID {
	var sum [16]byte // the first 128 bits of the SHA-256
	if len(name) <= shortName {
		var buf [Size + shortName]byte
		copy(buf[:], ns[:])
		n := copy(buf[Size:], name)
		full := sha256.Sum256(buf[:Size+n])
		sum = [16]byte(full[:])
	} else {
		sum = NewV8Hash(sha256.New(), ns, name) // bits 48 to 127 as the hash's, but version and variant
	}
	return v7Layout(unixMillis(t), binary.BigEndian.Uint16(sum[6:]), binary.BigEndian.Uint64(sum[8:]))
}
