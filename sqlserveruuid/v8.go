package sqlserveruuid

import (
	"encoding/binary"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/operr"
)

// NewV8 returns a version 8 UUID that SQL Server sorts by creation time:
// [uuid.NewV7]'s value, rearranged by [FromV7]. Values are strictly
// increasing in [Compare]'s order across all goroutines of the process, as
// NewV7's are in bytewise order, and NewV7's other guarantees (fresh
// crypto/rand bits for each UUID, no allocation) hold.
func NewV8() uuid.UUID {
	u, _ := FromV7(uuid.NewV7()) // cannot fail: NewV7 returns version 7
	return u
}

// FromV7 returns the version 8 UUID that holds v's bits in SQL Server's
// order of significance: for version 7 UUIDs a and b,
// Compare(FromV7(a), FromV7(b)) == a.Compare(b). It returns
// an error matching [uuid.ErrVersion], naming v, if v is not an RFC 9562
// version 7 UUID.
//
// The layout, by SQL Server significance: bytes 10 to 15 hold the 48 bits
// of Unix milliseconds; byte 8 (below the variant bits), byte 9, byte 7 and
// the low half of byte 6 (below the version) hold the top 26 of v's 74
// other bits, and bytes 5 down to 0 the last 48.
func FromV7(v uuid.UUID) (uuid.UUID, error) {
	if v.Version() != 7 || v.Variant() != uuid.VariantRFC9562 {
		return uuid.UUID{}, operr.Version("sqlserveruuid", "FromV7", v.String(), 7, uuid.ErrVersion)
	}
	a := uint64(v[6]&0x0f)<<8 | uint64(v[7])          // rand_a: 12 bits
	b := binary.BigEndian.Uint64(v[8:]) & (1<<62 - 1) // rand_b: 62 bits
	top, low := a<<14|b>>48, b&(1<<48-1)              // 26 and 48 bits
	var u uuid.UUID
	copy(u[10:], v[:6])
	u[8] = 0x80 | byte(top>>20) // variant 10
	u[9] = byte(top >> 12)
	u[7] = byte(top >> 4)
	u[6] = 0x80 | byte(top)&0x0f // version 8
	for i := range 6 {
		u[i] = byte(low >> (8 * i))
	}
	return u, nil
}

// ToV7 returns the version 7 UUID that u was made from, reversing
// [FromV7]. It returns an error matching [uuid.ErrVersion], naming u, if u
// is not an RFC 9562 version 8 UUID. Any version 8 UUID gives a result, meaningful only for this
// package's.
func ToV7(u uuid.UUID) (uuid.UUID, error) {
	if u.Version() != 8 || u.Variant() != uuid.VariantRFC9562 {
		return uuid.UUID{}, operr.Version("sqlserveruuid", "ToV7", u.String(), 8, uuid.ErrVersion)
	}
	top := uint64(u[8]&0x3f)<<20 | uint64(u[9])<<12 | uint64(u[7])<<4 | uint64(u[6]&0x0f)
	var low uint64
	for i := range 6 {
		low |= uint64(u[i]) << (8 * i)
	}
	a, b := top>>14, (top&(1<<14-1))<<48|low
	var v uuid.UUID
	copy(v[:6], u[10:])
	v[6] = 0x70 | byte(a>>8)
	v[7] = byte(a)
	binary.BigEndian.PutUint64(v[8:], b|1<<63) // variant 10
	return v, nil
}

// Time returns the time that a UUID made by [NewV8] or [FromV7] holds, and
// whether u is a version 8 UUID: [uuid.UUID.Time] of the version 7 UUID
// that [ToV7] gives back, the millisecond in bytes 10 to 15 and, where
// the version 7 UUID had it, the sub-millisecond fraction.
func Time(u uuid.UUID) (time.Time, bool) {
	v, err := ToV7(u)
	if err != nil {
		return time.Time{}, false
	}
	return v.Time()
}

// MinV8 returns the least UUID that [NewV8] can make in t's millisecond,
// [FromV7] of [uuid.MinV7](t): with MinV8(t0) and MinV8(t1), the keys made
// from t0 up to (not including) t1's millisecond are those with
// key >= MinV8(t0) AND key < MinV8(t1) in SQL Server's order.
func MinV8(t time.Time) uuid.UUID {
	u, _ := FromV7(uuid.MinV7(t))
	return u
}

// MaxV8 returns the greatest UUID that [NewV8] can make in t's
// millisecond, [FromV7] of [uuid.MaxV7](t).
func MaxV8(t time.Time) uuid.UUID {
	u, _ := FromV7(uuid.MaxV7(t))
	return u
}
