// Package crockford holds the base 32 codec of package ulid: 128 bits as
// 26 digits of Crockford's alphabet, a 130-bit big-endian number whose top
// two bits are zero. The caller brings its own alphabet (upper or lower
// case) and its own table of digit values, since formats read different
// sets of letters. The typeid module keeps its own copy, so that this
// package, like all of internal/, is free to change.
package crockford

import "encoding/binary"

// Len is the number of digits of a 128-bit value.
const Len = 26

// Encode writes u as 26 digits of alphabet, which has 32 bytes: a 130-bit big-endian number whose top two
// bits are zero, digit k holding bits 5*(25-k) to 5*(25-k)+4.
func Encode(s *[Len]byte, u *[16]byte, alphabet string) {
	_ = alphabet[31]
	hi := binary.BigEndian.Uint64(u[:8])
	lo := binary.BigEndian.Uint64(u[8:])
	s[0] = alphabet[hi>>61]
	s[1] = alphabet[hi>>56&31]
	s[2] = alphabet[hi>>51&31]
	s[3] = alphabet[hi>>46&31]
	s[4] = alphabet[hi>>41&31]
	s[5] = alphabet[hi>>36&31]
	s[6] = alphabet[hi>>31&31]
	s[7] = alphabet[hi>>26&31]
	s[8] = alphabet[hi>>21&31]
	s[9] = alphabet[hi>>16&31]
	s[10] = alphabet[hi>>11&31]
	s[11] = alphabet[hi>>6&31]
	s[12] = alphabet[hi>>1&31]
	s[13] = alphabet[(hi<<4|lo>>60)&31]
	s[14] = alphabet[lo>>55&31]
	s[15] = alphabet[lo>>50&31]
	s[16] = alphabet[lo>>45&31]
	s[17] = alphabet[lo>>40&31]
	s[18] = alphabet[lo>>35&31]
	s[19] = alphabet[lo>>30&31]
	s[20] = alphabet[lo>>25&31]
	s[21] = alphabet[lo>>20&31]
	s[22] = alphabet[lo>>15&31]
	s[23] = alphabet[lo>>10&31]
	s[24] = alphabet[lo>>5&31]
	s[25] = alphabet[lo&31]
}

// Decode is the inverse of Encode for a 26-byte s, with digits mapping
// each byte to its value in the alphabet or 0xff; it reports false for a
// byte outside the alphabet or a first digit above '7', which would need a
// 129th bit.
func Decode[T ~string | ~[]byte](u *[16]byte, s T, digits *[256]byte) bool {
	_ = s[Len-1]
	d0 := digits[s[0]]
	if d0 > 7 {
		return false
	}
	d1 := digits[s[1]]
	d2 := digits[s[2]]
	d3 := digits[s[3]]
	d4 := digits[s[4]]
	d5 := digits[s[5]]
	d6 := digits[s[6]]
	d7 := digits[s[7]]
	d8 := digits[s[8]]
	d9 := digits[s[9]]
	d10 := digits[s[10]]
	d11 := digits[s[11]]
	d12 := digits[s[12]]
	d13 := digits[s[13]]
	d14 := digits[s[14]]
	d15 := digits[s[15]]
	d16 := digits[s[16]]
	d17 := digits[s[17]]
	d18 := digits[s[18]]
	d19 := digits[s[19]]
	d20 := digits[s[20]]
	d21 := digits[s[21]]
	d22 := digits[s[22]]
	d23 := digits[s[23]]
	d24 := digits[s[24]]
	d25 := digits[s[25]]
	if d1|d2|d3|d4|d5|d6|d7|d8|d9|d10|d11|d12|d13|d14|d15|d16|d17|d18|d19|d20|d21|d22|d23|d24|d25 == 0xff {
		return false
	}
	hi := uint64(d0)<<61 | uint64(d1)<<56 | uint64(d2)<<51 | uint64(d3)<<46 | uint64(d4)<<41 |
		uint64(d5)<<36 | uint64(d6)<<31 | uint64(d7)<<26 | uint64(d8)<<21 | uint64(d9)<<16 |
		uint64(d10)<<11 | uint64(d11)<<6 | uint64(d12)<<1 | uint64(d13)>>4
	lo := uint64(d13)<<60 | uint64(d14)<<55 | uint64(d15)<<50 | uint64(d16)<<45 | uint64(d17)<<40 |
		uint64(d18)<<35 | uint64(d19)<<30 | uint64(d20)<<25 | uint64(d21)<<20 | uint64(d22)<<15 |
		uint64(d23)<<10 | uint64(d24)<<5 | uint64(d25)
	binary.BigEndian.PutUint64(u[:8], hi)
	binary.BigEndian.PutUint64(u[8:], lo)
	return true
}
