package uuid47

import (
	"encoding/binary"
	"math/bits"
)

// siphash24 returns SipHash-2-4 of msg under the key (k0, k1): two
// compression rounds per 8-byte block, four finalization rounds, a 64-bit
// result (Aumasson and Bernstein, "SipHash: a fast short-input PRF", 2012).
// Blocks and the key words are read little-endian, as the paper specifies.
// It keeps nothing of msg, so a caller's stack array stays on the stack.
func siphash24(k0, k1 uint64, msg []byte) uint64 {
	v0 := k0 ^ 0x736f6d6570736575 // "somepseudorandomlygeneratedbytes"
	v1 := k1 ^ 0x646f72616e646f6d
	v2 := k0 ^ 0x6c7967656e657261
	v3 := k1 ^ 0x7465646279746573
	n := len(msg)
	for ; len(msg) >= 8; msg = msg[8:] {
		m := binary.LittleEndian.Uint64(msg)
		v3 ^= m
		v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
		v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
		v0 ^= m
	}
	// The last block holds the 0 to 7 bytes left, little-endian, and the
	// message length modulo 256 in its top byte.
	var last [8]byte
	copy(last[:], msg)
	last[7] = byte(n)
	m := binary.LittleEndian.Uint64(last[:])
	v3 ^= m
	v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
	v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
	v0 ^= m
	v2 ^= 0xff
	for range 4 {
		v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
	}
	return v0 ^ v1 ^ v2 ^ v3
}

// siphash24Two returns siphash24 of a message of 8 to 15 bytes, given as
// its two little-endian blocks: m0, the first 8 bytes, and m1, the rest
// with the message length in its top byte. It is siphash24 unrolled for
// the 10 bytes that Key.mask hashes, with no slice to build or walk.
func siphash24Two(k0, k1, m0, m1 uint64) uint64 {
	v0 := k0 ^ 0x736f6d6570736575
	v1 := k1 ^ 0x646f72616e646f6d
	v2 := k0 ^ 0x6c7967656e657261
	v3 := k1 ^ 0x7465646279746573 ^ m0
	v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
	v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
	v0 ^= m0
	v3 ^= m1
	v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
	v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
	v0 ^= m1
	v2 ^= 0xff
	v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
	v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
	v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
	v0, v1, v2, v3 = sipRound(v0, v1, v2, v3)
	return v0 ^ v1 ^ v2 ^ v3
}

// sipRound is one SipRound: the add-rotate-xor network of the paper's
// Figure 2.
func sipRound(v0, v1, v2, v3 uint64) (uint64, uint64, uint64, uint64) {
	v0 += v1
	v1 = bits.RotateLeft64(v1, 13) ^ v0
	v0 = bits.RotateLeft64(v0, 32)
	v2 += v3
	v3 = bits.RotateLeft64(v3, 16) ^ v2
	v0 += v3
	v3 = bits.RotateLeft64(v3, 21) ^ v0
	v2 += v1
	v1 = bits.RotateLeft64(v1, 17) ^ v2
	v2 = bits.RotateLeft64(v2, 32)
	return v0, v1, v2, v3
}
