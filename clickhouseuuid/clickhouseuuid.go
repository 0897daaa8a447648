// Package clickhouseuuid gives ClickHouse's order and bytes for its UUID
// type.
//
// ClickHouse keeps a UUID as an unsigned 128-bit integer whose high 64 bits
// are the UUID's bytes 8 to 15 and whose low 64 bits are bytes 0 to 7, so
// ORDER BY sorts by the second half first ("due to historical reasons, UUIDs
// are sorted by their second half", says the UUID type's documentation). A
// version 7 UUID therefore sorts by its random half, not by its time:
// [Compare] gives that order, and [Key] a 16-byte value whose bytewise order
// is that order, for code that merges or pages through rows as the server
// sorts them.
//
// The native and RowBinary formats carry each 64-bit half little-endian:
// [NativeBytes] and [FromNativeBytes] convert, as reinterpretAsString(u)
// and reinterpretAsUUID(s) do on the server. The text form is the usual
// one, so [uuid.UUID.String] and [uuid.Parse] need nothing from here.
package clickhouseuuid

import (
	"encoding/binary"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/operr"
)

// Compare returns -1, 0 or +1 as a sorts before, with or after b in
// ClickHouse's ORDER BY on a UUID column: bytes 8 to 15 as one unsigned
// 64-bit number, then bytes 0 to 7.
func Compare(a, b uuid.UUID) int {
	if c := cmp64(binary.BigEndian.Uint64(a[8:]), binary.BigEndian.Uint64(b[8:])); c != 0 {
		return c
	}
	return cmp64(binary.BigEndian.Uint64(a[:8]), binary.BigEndian.Uint64(b[:8]))
}

func cmp64(x, y uint64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return +1
	}
	return 0
}

// Key returns u's bytes 8 to 15 followed by bytes 0 to 7, so that
// bytes.Compare(Key(a)[:], Key(b)[:]) == Compare(a, b).
func Key(u uuid.UUID) [16]byte {
	var k [16]byte
	copy(k[:8], u[8:])
	copy(k[8:], u[:8])
	return k
}

// NativeBytes returns u as ClickHouse's native and RowBinary formats carry
// it, and as reinterpretAsString(u) returns it: each 64-bit half
// little-endian. For 00112233-4455-6677-8899-aabbccddeeff that is
// 77 66 55 44 33 22 11 00 ff ee dd cc bb aa 99 88.
func NativeBytes(u uuid.UUID) [16]byte {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], binary.BigEndian.Uint64(u[:8]))
	binary.LittleEndian.PutUint64(b[8:], binary.BigEndian.Uint64(u[8:]))
	return b
}

// FromNativeBytes returns the UUID whose native bytes are b, reversing
// [NativeBytes]. It returns an error matching [uuid.ErrLength] if len(b) is not 16.
func FromNativeBytes(b []byte) (uuid.UUID, error) {
	if len(b) != uuid.Size {
		return uuid.UUID{}, operr.Length("clickhouseuuid", "FromNativeBytes", len(b), uuid.ErrLength)
	}
	var u uuid.UUID
	binary.BigEndian.PutUint64(u[:8], binary.LittleEndian.Uint64(b[:8]))
	binary.BigEndian.PutUint64(u[8:], binary.LittleEndian.Uint64(b[8:]))
	return u, nil
}
