// Package mysqluuid gives MySQL 8's UUID_TO_BIN and BIN_TO_UUID, and the
// order of a BINARY(16) column that holds UUID_TO_BIN(u, 1).
//
// MySQL has no UUID type: a UUID goes in a BINARY(16) column, which sorts
// bytewise. UUID_TO_BIN(u) and UUID_TO_BIN(u, 0) store the 16 bytes as they
// are, so the column sorts as [uuid.UUID.Compare], and u[:] is the value to
// pass. UUID_TO_BIN(u, 1) swaps the time-low field (bytes 0 to 3) with the
// time-high field (bytes 6 and 7), so that version 1 UUIDs, whose time-low
// changes fastest, sort by time: [UUIDToBin] and [BinToUUID] do the same on
// the client, and [Compare] and [Key] give the column's order. For version
// 6 and 7 UUIDs, which already sort by time, the swap only scrambles the
// order: store them unswapped.
package mysqluuid

import (
	"encoding/binary"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/operr"
)

// UUIDToBin returns the 16 bytes MySQL's UUID_TO_BIN(u, swap) returns:
// u's bytes, with bytes 6 and 7, then 4 and 5, then 0 to 3 first when swap
// is true (UUID_TO_BIN(u, 1)), as they are when it is false.
func UUIDToBin(u uuid.UUID, swap bool) [16]byte {
	if !swap {
		return u
	}
	var b [16]byte
	copy(b[0:2], u[6:8])
	copy(b[2:4], u[4:6])
	copy(b[4:8], u[0:4])
	copy(b[8:], u[8:])
	return b
}

// BinToUUID returns the UUID whose UUID_TO_BIN(u, swap) is b, as MySQL's
// BIN_TO_UUID(b, swap) does. It returns an error matching [uuid.ErrLength] if
// len(b) is not 16.
func BinToUUID(b []byte, swap bool) (uuid.UUID, error) {
	if len(b) != uuid.Size {
		return uuid.UUID{}, operr.Length("mysqluuid", "BinToUUID", len(b), uuid.ErrLength)
	}
	if !swap {
		return uuid.UUID(b), nil
	}
	var u uuid.UUID
	copy(u[6:8], b[0:2])
	copy(u[4:6], b[2:4])
	copy(u[0:4], b[4:8])
	copy(u[8:], b[8:])
	return u, nil
}

// Compare returns -1, 0 or +1 as a sorts before, with or after b in a
// BINARY(16) column that holds UUID_TO_BIN(u, 1): the order of
// [UUIDToBin](u, true). (For UUID_TO_BIN(u) or UUID_TO_BIN(u, 0), the order
// is [uuid.UUID.Compare].)
func Compare(a, b uuid.UUID) int {
	if ah, bh := swappedHigh(a), swappedHigh(b); ah != bh {
		if ah < bh {
			return -1
		}
		return +1
	}
	al, bl := binary.BigEndian.Uint64(a[8:]), binary.BigEndian.Uint64(b[8:])
	switch {
	case al < bl:
		return -1
	case al > bl:
		return +1
	}
	return 0
}

// swappedHigh returns the first 8 bytes of UUIDToBin(u, true) as a number.
func swappedHigh(u uuid.UUID) uint64 {
	return uint64(binary.BigEndian.Uint16(u[6:]))<<48 | uint64(binary.BigEndian.Uint16(u[4:]))<<32 | uint64(binary.BigEndian.Uint32(u[:4]))
}

// Key returns UUIDToBin(u, true), whose bytewise order is [Compare]'s.
func Key(u uuid.UUID) [16]byte { return UUIDToBin(u, true) }
