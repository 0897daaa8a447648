package uuid

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/afb7af96/uuid"
)

// gregorianOffset is the number of 100-ns intervals from the start of the
// Gregorian calendar, 1582-10-15, to the Unix epoch.
const gregorianOffset = 12219292800 * 1e7

// A Time is a time as the number of 100-ns intervals since 1582-10-15 00:00
// UTC, the timestamp of version 1 and 6 UUIDs. The library's
// [uuid.UUID.Time] returns a [time.Time] instead.
type Time int64

// UnixTime returns t as seconds and nanoseconds since the Unix epoch.
func (t Time) UnixTime() (sec, nsec int64) {
	ticks := int64(t) - gregorianOffset
	return ticks / 1e7, ticks % 1e7 * 100
}

// GetTime returns the timestamp and clock sequence of a version 1 UUID just
// made by this package's generator, the one of [NewUUID], so it advances
// that generator's time as google/uuid's GetTime does. As in google/uuid,
// the clock sequence is octets 8 and 9 of such a UUID: its 14 bits with the
// variant bits (0x8000) set. The error is as for NewUUID.
func GetTime() (Time, uint16, error) {
	u, err := gen.NewV1()
	if err != nil {
		return 0, 0, err
	}
	t, _ := u.Time()
	seq, _ := u.ClockSequence()
	return gregorianTime(t), seq | 0x8000, nil
}

// gregorianTime converts t to 100-ns intervals since 1582-10-15.
func gregorianTime(t time.Time) Time {
	return Time(t.Unix()*1e7 + int64(t.Nanosecond()/100) + gregorianOffset)
}

// ClockSequence returns the clock sequence of this package's generator, the
// one of [NewUUID], as the version 1 UUID it makes for the purpose shows it.
func ClockSequence() int {
	u, _ := gen.NewV1()
	seq, _ := u.ClockSequence()
	return int(seq)
}

// NodeID returns the node of the version 1, 2 and 6 UUIDs of this package:
// as in google/uuid, the first 6 bytes of the hardware address of the first
// network interface that has one of 6 bytes or more, in the order
// [net.Interfaces] lists them, whether universally or locally administered.
// Where there is none, it is a random node, drawn once per process, with
// the multicast bit set (G12). The library's own default,
// [uuid.HardwareNode], skips locally administered addresses.
func NodeID() []byte {
	node, _ := nodes.NodeID()
	return node[:]
}

// FromGoogleV6 returns, for a version 6 UUID written by google/uuid, the
// version 6 UUID of RFC 9562 with the same timestamp, clock sequence and
// node, and an error matching [uuid.ErrVersion] if u is not version 6.
//
// google/uuid's NewV6 stores the timestamp as a 64-bit number in octets 0
// to 7 and then writes the version over bits 12 to 15 of it; RFC 9562,
// Section 5.6, stores the 60-bit timestamp's high 48 bits in octets 0 to 5
// and its low 12 bits after the version. Read through the library's
// [uuid.UUID.Time], such a UUID gives a date near 1610, and a version 6 UUID
// of the library read by google/uuid's Time gives one near 8688. The result
// carries the timestamp google/uuid's UUID.Time method reads from u (bits 12
// to 15 read as the version's 6, and bits above the 60th dropped), so its
// [uuid.UUID.Time] is that time.
//
// Nothing in a UUID tells the two layouts apart: call FromGoogleV6 only on
// values known to come from google/uuid's NewV6, for example while reading
// a column that code on google/uuid filled.
func FromGoogleV6(u UUID) (UUID, error) {
	if u.Version() != 6 {
		return UUID{}, fmt.Errorf("%w: version %d, not 6", uuid.ErrVersion, u.Version())
	}
	ticks := binary.BigEndian.Uint64(u[:8]) & (1<<60 - 1)
	var r UUID
	binary.BigEndian.PutUint64(r[:8], ticks<<4) // time_high and time_mid in octets 0-5
	binary.BigEndian.PutUint16(r[6:8], 0x6000|uint16(ticks&0x0fff))
	copy(r[8:], u[8:])
	return r, nil
}
