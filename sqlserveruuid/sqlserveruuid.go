// Package sqlserveruuid gives SQL Server's order and bytes for its
// uniqueidentifier type, and version 8 UUIDs that SQL Server sorts by
// creation time.
//
// # Order
//
// SQL Server does not compare a uniqueidentifier as 16 bytes in order. As
// .NET's SqlGuid does, it takes the GUID's bytes (the first three fields
// little-endian, see [uuid.UUID.BytesLE]) and compares bytes 10 to 15 first,
// then 8 and 9, 6 and 7, 4 and 5, and 0 to 3. In the UUID's own byte order
// (its text, read left to right) that is bytes 10 to 15, 8, 9, then 7, 6,
// 5, 4, 3, 2, 1, 0: the last six bytes decide first, and
// FFFFFFFF-0000-0000-0000-000000000001 sorts before
// 00000000-0000-0000-0000-000000000002. [Compare] gives that order and [Key]
// a 16-byte value whose bytewise order is that order, for merge, CDC and
// backfill code that must agree with the server. A version 4 or 7 key is
// random in that order, so each insert lands anywhere in a clustered
// index; [NewV8] makes keys that land at its end.
//
// # Keys that sort by time
//
// [NewV8] returns a version 8 UUID (RFC 9562, Section 5.8) that holds what
// a version 7 UUID holds, 48 bits of Unix milliseconds, a counter and
// random bits, laid out so that SQL Server's order is creation order: the
// milliseconds are bytes 10 to 15, and the rest fill the remaining bytes in
// SQL Server's order of significance around the version and variant bits.
// It is a one-to-one rearrangement of [uuid.NewV7]'s value, so it keeps
// NewV7's guarantees: values strictly increase, in SQL Server's order,
// across all goroutines of the process; each draws fresh bits from
// crypto/rand. [FromV7] makes one from a version 7 UUID of your own (from a
// [uuid.Generator], say), [ToV7] and [Time] read it back, and [MinV8] and
// [MaxV8] bound the keys of a span of time for a range query. Like a
// version 7 UUID, it reveals when it was made (RFC 9562, Section 8).
//
// # Drivers
//
// With github.com/microsoft/go-mssqldb, a uniqueidentifier column arrives
// as the GUID's 16 bytes (first three fields little-endian) unless the
// connection string says "guid conversion=true", in which case it arrives
// in the UUID's own order. Scan into a [uuid.UUID] with guid conversion on,
// or into a *[GUID] with it off. As a parameter, a [uuid.UUID] (or a GUID)
// is sent as its text, which SQL Server converts correctly either way;
// never pass u[:], whose bytes SQL Server would read as a GUID's.
package sqlserveruuid

import (
	"encoding/binary"
	"math/bits"

	"github.com/afb7af96/uuid"
)

// Compare returns -1, 0 or +1 as a sorts before, with or after b in SQL
// Server's ORDER BY on a uniqueidentifier column, the order of .NET's
// SqlGuid.CompareTo.
func Compare(a, b uuid.UUID) int {
	ah, bh := high(a), high(b)
	if ah != bh {
		if ah < bh {
			return -1
		}
		return +1
	}
	al, bl := binary.LittleEndian.Uint64(a[:8]), binary.LittleEndian.Uint64(b[:8])
	switch {
	case al < bl:
		return -1
	case al > bl:
		return +1
	}
	return 0
}

// high returns the most significant half of u in SQL Server's order:
// bytes 10 to 15, then 8 and 9.
func high(u uuid.UUID) uint64 { return bits.RotateLeft64(binary.BigEndian.Uint64(u[8:]), 16) }

// Key returns u's bytes in SQL Server's order of significance, 10 to 15,
// 8, 9, 7, 6, 5, 4, 3, 2, 1, 0, so that
// bytes.Compare(Key(a)[:], Key(b)[:]) == Compare(a, b).
func Key(u uuid.UUID) [16]byte {
	var k [16]byte
	binary.BigEndian.PutUint64(k[:8], high(u))
	binary.BigEndian.PutUint64(k[8:], binary.LittleEndian.Uint64(u[:8]))
	return k
}
