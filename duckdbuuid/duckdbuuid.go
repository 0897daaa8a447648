// Package duckdbuuid gives DuckDB's order and stored value for its UUID
// type.
//
// DuckDB sorts UUIDs bytewise, as [uuid.UUID.Compare] does, so [Compare]
// and [Key] are that order under this package's name, for code that picks
// an engine's comparator by package. What differs is the stored value: a
// UUID is a HUGEINT (a signed 128-bit integer) whose top bit is flipped, so
// that signed order is the UUID's bytewise order. A client that reads that
// stored value (through an extension, the C API's vectors, a file written
// from them) gets [Hugeint]'s two halves, and [FromHugeint] turns them back
// into the UUID.
package duckdbuuid

import (
	"encoding/binary"

	"github.com/afb7af96/uuid"
)

const topBit = 1 << 63

// Compare returns -1, 0 or +1 as a sorts before, with or after b in
// DuckDB's ORDER BY on a UUID column: bytewise, as [uuid.UUID.Compare].
func Compare(a, b uuid.UUID) int { return a.Compare(b) }

// Key returns the 16 bytes of u, whose bytewise order is DuckDB's:
// bytes.Compare(Key(a)[:], Key(b)[:]) == Compare(a, b).
func Key(u uuid.UUID) [16]byte { return u }

// Hugeint returns the HUGEINT DuckDB stores for u, as its upper (signed)
// and lower 64 bits: u's first 8 bytes big-endian with the top bit
// flipped, and its last 8 bytes big-endian; the number is
// upper*2^64 + lower. The Nil UUID is -2^127, the Max UUID 2^127-1.
func Hugeint(u uuid.UUID) (upper int64, lower uint64) {
	return int64(binary.BigEndian.Uint64(u[:8]) ^ topBit), binary.BigEndian.Uint64(u[8:])
}

// FromHugeint returns the UUID whose stored HUGEINT has the given upper
// and lower 64 bits, reversing [Hugeint]. Every HUGEINT is some UUID's.
func FromHugeint(upper int64, lower uint64) uuid.UUID {
	var u uuid.UUID
	binary.BigEndian.PutUint64(u[:8], uint64(upper)^topBit)
	binary.BigEndian.PutUint64(u[8:], lower)
	return u
}
