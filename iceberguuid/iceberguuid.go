// Package iceberguuid gives Apache Iceberg's bucket partition transform of
// a UUID column, so that a writer places each row in the bucket Iceberg's
// readers expect and prunes the others.
//
// Iceberg's spec (Appendix B, "32-bit Hash Requirements") hashes a uuid
// value as its 16 bytes in big-endian order, which is the order of a
// [uuid.UUID]'s bytes, with the 32-bit Murmur3 hash, x86 variant, seed 0;
// the bucket[N] transform is (hash & Integer.MAX_VALUE) % N. A reader that
// hashes any other form of the value (text, a sign-flipped integer, the
// halves swapped) computes other buckets, and pruning then drops rows.
package iceberguuid

import (
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/afb7af96/uuid"
)

// Hash returns the 32-bit hash Iceberg's bucket transform uses for a uuid
// value: Murmur3 x86 32-bit, seed 0, of u's 16 bytes. The spec's example,
// f79c3e09-677c-4bbd-a479-3f349cb785e7, hashes to 1488055340. Iceberg
// keeps the hash as a Java int, so Hash returns it signed.
func Hash(u uuid.UUID) int32 {
	// The UUID's bytes go in their own (big-endian) order; Murmur3's x86
	// variant reads each 4-byte block of them as a little-endian word.
	h := mixHash(0, binary.LittleEndian.Uint32(u[0:])) // seed 0
	h = mixHash(h, binary.LittleEndian.Uint32(u[4:]))
	h = mixHash(h, binary.LittleEndian.Uint32(u[8:]))
	h = mixHash(h, binary.LittleEndian.Uint32(u[12:]))
	h ^= uuid.Size // the length; 16 bytes are whole blocks, so no tail
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return int32(h)
}

// mixHash mixes the 4-byte block k into the hash h.
func mixHash(h, k uint32) uint32 {
	k *= 0xcc9e2d51
	k = bits.RotateLeft32(k, 15)
	h ^= k * 0x1b873593
	return bits.RotateLeft32(h, 13)*5 + 0xe6546b64
}

// Bucket returns the bucket of u in a partition by Iceberg's bucket[n]
// transform: (Hash(u) & math.MaxInt32) % n, from 0 to n-1. A table's n is
// a positive Java int; Iceberg refuses a transform with n ≤ 0, and Bucket
// returns -1 for it, a value no bucket has, rather than panic. An n above
// math.MaxInt32 is no table's; Bucket then returns the masked hash.
func Bucket(u uuid.UUID, n int) int {
	if n <= 0 {
		return -1
	}
	return int(uint32(Hash(u))&math.MaxInt32) % n
}
