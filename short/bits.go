package short

import "unsafe"

// The bit-string forms write the 128 bits of hi:lo five (Base32) or six
// (Base64URL) at a time, first bit first, as RFC 4648 does: the top 60
// bits of hi, one digit straddling the two words, the next 60 bits of lo,
// and a last digit holding the bits left over followed by zeros. The
// code is unrolled so that every shift is a constant.
const (
	base64Len = 22
	base32Len = 26
)

func put64(d *[base64Len]byte, hi, lo uint64) {
	d[0] = base64URLDigits[hi>>58&63]
	d[1] = base64URLDigits[hi>>52&63]
	d[2] = base64URLDigits[hi>>46&63]
	d[3] = base64URLDigits[hi>>40&63]
	d[4] = base64URLDigits[hi>>34&63]
	d[5] = base64URLDigits[hi>>28&63]
	d[6] = base64URLDigits[hi>>22&63]
	d[7] = base64URLDigits[hi>>16&63]
	d[8] = base64URLDigits[hi>>10&63]
	d[9] = base64URLDigits[hi>>4&63]
	d[10] = base64URLDigits[(hi&15)<<2|lo>>62]
	d[11] = base64URLDigits[lo>>56&63]
	d[12] = base64URLDigits[lo>>50&63]
	d[13] = base64URLDigits[lo>>44&63]
	d[14] = base64URLDigits[lo>>38&63]
	d[15] = base64URLDigits[lo>>32&63]
	d[16] = base64URLDigits[lo>>26&63]
	d[17] = base64URLDigits[lo>>20&63]
	d[18] = base64URLDigits[lo>>14&63]
	d[19] = base64URLDigits[lo>>8&63]
	d[20] = base64URLDigits[lo>>2&63]
	d[21] = base64URLDigits[(lo&3)<<4]
}

func parse64(p unsafe.Pointer) (hi, lo uint64, ok bool) {
	s := (*[base64Len]byte)(p)
	// The text is the 132-bit number x = hi:lo<<4, read as five groups of
	// four digits (24 bits each) and two digits, or-ed in place.
	g0, a0 := quad64(s[0:4])
	g1, a1 := quad64(s[4:8])
	g2, a2 := quad64(s[8:12])
	g3, a3 := quad64(s[12:16])
	g4, a4 := quad64(s[16:20])
	v20, v21 := base64URLValues[s[20]], base64URLValues[s[21]]
	hi = g0<<40 | g1<<16 | g2>>8
	lo = g2<<56 | g3<<32 | g4<<8 | uint64(v20)<<2 | uint64(v21)>>4
	all := (a0 | a1) | (a2 | a3) | (a4 | v20 | v21)
	return hi, lo, all&0x80 == 0 && v21&0xf == 0
}

// quad64 returns the 24 bits four Base64URL digits spell and the or of
// their values.
func quad64(s []byte) (uint64, byte) {
	_ = s[3]
	a, b, c, d := base64URLValues[s[0]], base64URLValues[s[1]], base64URLValues[s[2]], base64URLValues[s[3]]
	return uint64(a)<<18 | uint64(b)<<12 | uint64(c)<<6 | uint64(d), (a | b) | (c | d)
}

func put32(d *[base32Len]byte, hi, lo uint64) {
	d[0] = base32Digits[hi>>59&31]
	d[1] = base32Digits[hi>>54&31]
	d[2] = base32Digits[hi>>49&31]
	d[3] = base32Digits[hi>>44&31]
	d[4] = base32Digits[hi>>39&31]
	d[5] = base32Digits[hi>>34&31]
	d[6] = base32Digits[hi>>29&31]
	d[7] = base32Digits[hi>>24&31]
	d[8] = base32Digits[hi>>19&31]
	d[9] = base32Digits[hi>>14&31]
	d[10] = base32Digits[hi>>9&31]
	d[11] = base32Digits[hi>>4&31]
	d[12] = base32Digits[(hi&15)<<1|lo>>63]
	d[13] = base32Digits[lo>>58&31]
	d[14] = base32Digits[lo>>53&31]
	d[15] = base32Digits[lo>>48&31]
	d[16] = base32Digits[lo>>43&31]
	d[17] = base32Digits[lo>>38&31]
	d[18] = base32Digits[lo>>33&31]
	d[19] = base32Digits[lo>>28&31]
	d[20] = base32Digits[lo>>23&31]
	d[21] = base32Digits[lo>>18&31]
	d[22] = base32Digits[lo>>13&31]
	d[23] = base32Digits[lo>>8&31]
	d[24] = base32Digits[lo>>3&31]
	d[25] = base32Digits[(lo&7)<<2]
}

func parse32(p unsafe.Pointer) (hi, lo uint64, ok bool) {
	s := (*[base32Len]byte)(p)
	// The text is the 130-bit number x = hi:lo<<2, read as six groups of
	// four digits (20 bits each) and two digits, or-ed in place.
	q0, a0 := quad32(s[0:4])
	q1, a1 := quad32(s[4:8])
	q2, a2 := quad32(s[8:12])
	q3, a3 := quad32(s[12:16])
	q4, a4 := quad32(s[16:20])
	q5, a5 := quad32(s[20:24])
	v24, v25 := base32Values[s[24]], base32Values[s[25]]
	hi = q0<<44 | q1<<24 | q2<<4 | q3>>16
	lo = q3<<48 | q4<<28 | q5<<8 | uint64(v24)<<3 | uint64(v25)>>2
	all := (a0 | a1) | (a2 | a3) | (a4 | a5) | (v24 | v25)
	return hi, lo, all&0x80 == 0 && v25&3 == 0
}

// quad32 returns the 20 bits four Base32 digits spell and the or of their
// values.
func quad32(s []byte) (uint64, byte) {
	_ = s[3]
	a, b, c, d := base32Values[s[0]], base32Values[s[1]], base32Values[s[2]], base32Values[s[3]]
	return uint64(a)<<15 | uint64(b)<<10 | uint64(c)<<5 | uint64(d), (a | b) | (c | d)
}
