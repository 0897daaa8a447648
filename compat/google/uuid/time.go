package uuid

import (
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
// made by the library's default generator, so it advances that generator's
// time as google/uuid's GetTime does. The error is always nil.
func GetTime() (Time, uint16, error) {
	u := uuid.NewV1()
	t, _ := u.Time()
	seq, _ := u.ClockSequence()
	return gregorianTime(t), seq, nil
}

// gregorianTime converts t to 100-ns intervals since 1582-10-15.
func gregorianTime(t time.Time) Time {
	return Time(t.Unix()*1e7 + int64(t.Nanosecond()/100) + gregorianOffset)
}

// ClockSequence returns the clock sequence of the library's default
// generator, as the version 1 UUID it makes for the purpose shows it.
func ClockSequence() int {
	seq, _ := uuid.NewV1().ClockSequence()
	return int(seq)
}

// NodeID returns the node ID of the library's default generator, which
// version 1 and 2 UUIDs carry: the MAC address of a network interface, or a
// random node if there is none.
func NodeID() []byte {
	node, _ := uuid.NewV1().NodeID()
	return node[:]
}
