// Package hexcode decodes and encodes the two bodies of a UUID's text
// forms, the canonical 8-4-4-4-12 (36 bytes) and 32 plain hex digits, to
// and from the 16 bytes of a UUID.
//
// DecodeCanonical, DecodeHex, PutCanonical and PutHex are SSE2 assembly on
// amd64 (hexcode_amd64.s) and the portable Go of this file elsewhere or
// with the purego build tag (hexcode_purego.go), as crypto/sha256 splits
// its block function. The portable code is always compiled, so that the
// tests check the assembly against it.
//
// The decoders never write their input: the root package hands them the
// bytes of a string, which must not change. The tests enforce it by
// decoding text held in read-only memory.
package hexcode

import (
	"encoding/binary"
	"math/bits"
)

// The lengths of the two bodies.
const (
	canonicalLen = len("00000000-0000-0000-0000-000000000000")
	hexLen       = len("00000000000000000000000000000000")
	size         = 16
)

// decodeCanonicalGeneric decodes s, hyphens at offsets 8, 13, 18 and 23 and
// hex digits in either case everywhere else, into *u, and reports whether s
// is one. On failure *u is all zeros.
func decodeCanonicalGeneric(u *[16]byte, s *[canonicalLen]byte) bool {
	w := canonicalWords(s)
	ok := s[8] == '-' && s[13] == '-' && s[18] == '-' && s[23] == '-' &&
		decodeHex32(u, w[0], w[1], w[2], w[3])
	if !ok {
		*u = [16]byte{}
	}
	return ok
}

// decodeHexGeneric decodes the 32 hex digits in s into *u and reports
// whether they are all hex digits. On failure *u is all zeros.
func decodeHexGeneric(u *[16]byte, s *[hexLen]byte) bool {
	le := binary.LittleEndian
	ok := decodeHex32(u, le.Uint64(s[0:]), le.Uint64(s[8:]), le.Uint64(s[16:]), le.Uint64(s[24:]))
	if !ok {
		*u = [16]byte{}
	}
	return ok
}

// canonicalWords returns the 32 digits of the canonical form s packed eight
// to a word, first digit in the low byte, as decodeHex32 takes them; the
// hyphens are left out.
func canonicalWords(s *[canonicalLen]byte) [4]uint64 {
	le := binary.LittleEndian
	return [4]uint64{le.Uint64(s[0:]), uint64(le.Uint32(s[9:])) | uint64(le.Uint32(s[14:]))<<32,
		uint64(le.Uint32(s[19:])) | uint64(le.Uint32(s[24:]))<<32, le.Uint64(s[28:])}
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// FirstBadCanonical returns the offset of the first byte of s that is not
// a hex digit where the canonical form has one, or len(s) if there is
// none; the hyphens are not looked at. It is the slow path's test, with
// the word-at-a-time tests of decodeHex8: the lowest flagged byte of each
// word is its first bad digit (a byte of 0x80 or more may spoil the flags
// above it, never below).
func FirstBadCanonical(s *[canonicalLen]byte) int {
	// The offsets of the digits, eight to a word as canonicalWords packs
	// them.
	const digitOffsets = "\x00\x01\x02\x03\x04\x05\x06\x07" +
		"\x09\x0a\x0b\x0c\x0e\x0f\x10\x11" +
		"\x13\x14\x15\x16\x18\x19\x1a\x1b" +
		"\x1c\x1d\x1e\x1f\x20\x21\x22\x23"
	for i, w := range canonicalWords(s) {
		if _, bad := decodeHex8(w); bad != 0 {
			return int(digitOffsets[i*8+bits.TrailingZeros64(bad)/8])
		}
	}
	return canonicalLen
}

// FirstBadHex returns the offset of the first byte of s that is not a hex
// digit, or len(s) if there is none.
func FirstBadHex(s *[hexLen]byte) int {
	for i := 0; i < hexLen; i += 8 {
		if _, bad := decodeHex8(binary.LittleEndian.Uint64(s[i:])); bad != 0 {
			return i + bits.TrailingZeros64(bad)/8
		}
	}
	return hexLen
}

// decodeHex32 decodes 32 ASCII hex digits, packed eight to a word with the
// first digit in the low byte, into *u, and reports whether all of them
// were hex digits. On failure *u holds garbage.
func decodeHex32(u *[16]byte, w0, w1, w2, w3 uint64) bool {
	a, bad0 := decodeHex8(w0)
	b, bad1 := decodeHex8(w1)
	c, bad2 := decodeHex8(w2)
	d, bad3 := decodeHex8(w3)
	binary.LittleEndian.PutUint64(u[0:], a&0xffffffff|b<<32)
	binary.LittleEndian.PutUint64(u[8:], c&0xffffffff|d<<32)
	return bad0|bad1|bad2|bad3 == 0
}

// decodeHex8 decodes the eight hex digits in x (first digit in the low
// byte) into four bytes (first byte in the low byte). bad is zero only if
// every byte of x is a hex digit; otherwise its lowest set bit is in the
// first byte that is not.
//
// It tests all eight bytes at once. For a byte below 0x80, adding 0x80-k
// sets its high bit exactly when the byte is >= k, without carrying into
// the next byte, so two additions test a range. A byte of 0x80 or more may
// carry and spoil its neighbours' tests, but only those above it, and it
// marks itself bad. The value of a digit is its low nibble, plus 9 for
// letters, which are the digits with bit 6 set.
func decodeHex8(x uint64) (v, bad uint64) {
	lower := x | 0x20*ones
	digit := (x + (0x80-'0')*ones) &^ (x + (0x80-'9'-1)*ones)
	letter := (lower + (0x80-'a')*ones) &^ (lower + (0x80-'f'-1)*ones)
	bad = (^(digit | letter) | x) & highs
	v = x&(0x0f*ones) + (x>>6&ones)*9
	// Pair the nibbles, byte 2k becoming nibble 2k << 4 | nibble 2k+1, then
	// gather the even bytes into the low four.
	v = (v<<4 | v>>8) & 0x00ff00ff00ff00ff
	v = (v | v>>8) & 0x0000ffff0000ffff
	return v | v>>16, bad // bytes 0-3 hold the result; 4-5 repeat 2-3
}

// Hex digits are made eight at a time: hexWord spreads the 4 bytes of a
// big-endian word into one nibble per byte and turns each nibble into its
// ASCII digit with the same carry-free byte arithmetic the decoder uses.
// The alphabet offset is what a nibble of 10 or more adds beyond '0'+n:
// 'a'-'0'-10 for lower case, 'A'-'0'-10 for upper.
const (
	lowerHex = 'a' - '0' - 10
	upperHex = 'A' - '0' - 10
)

// hexWord returns the 8 hex digits of x, first digit in the high byte.
func hexWord(x uint32, upper bool) uint64 {
	alpha := uint64(lowerHex)
	if upper {
		alpha = upperHex
	}
	v := uint64(x)
	v = (v<<16 | v) & 0x0000ffff0000ffff
	v = (v<<8 | v) & 0x00ff00ff00ff00ff
	v = (v<<4 | v) & 0x0f0f0f0f0f0f0f0f
	letters := (v + 6*ones) >> 4 & ones // 1 in each byte holding 10..15
	return v + '0'*ones + letters*alpha
}

// putCanonicalGeneric writes the canonical form of *u into dst, with
// upper-case hex digits if upper is set.
func putCanonicalGeneric(dst *[canonicalLen]byte, u *[16]byte, upper bool) {
	be := binary.BigEndian
	a := hexWord(be.Uint32(u[0:]), upper)
	b := hexWord(be.Uint32(u[4:]), upper)
	c := hexWord(be.Uint32(u[8:]), upper)
	d := hexWord(be.Uint32(u[12:]), upper)
	be.PutUint64(dst[0:], a)
	dst[8] = '-'
	be.PutUint32(dst[9:], uint32(b>>32))
	dst[13] = '-'
	be.PutUint32(dst[14:], uint32(b))
	dst[18] = '-'
	be.PutUint32(dst[19:], uint32(c>>32))
	dst[23] = '-'
	be.PutUint32(dst[24:], uint32(c))
	be.PutUint64(dst[28:], d)
}

// putHexGeneric writes the 32 hex digits of *u into dst, upper case if
// upper is set.
func putHexGeneric(dst *[hexLen]byte, u *[16]byte, upper bool) {
	be := binary.BigEndian
	for i := 0; i < size; i += 4 {
		be.PutUint64(dst[2*i:], hexWord(be.Uint32(u[i:]), upper))
	}
}
