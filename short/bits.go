package short

// The bit-string forms write the 128 bits of hi:lo five (Base32) or six
// (Base64URL) at a time, first bit first, as RFC 4648 does: the top 60
// bits of hi, one digit straddling the two words, the next 60 bits of lo,
// and a last digit holding the bits left over followed by zeros.
const (
	base64Len = 22
	base32Len = 26
)

func put64(d *[base64Len]byte, hi, lo uint64) {
	for i := range 10 {
		d[i] = base64URLDigits[hi>>(58-6*i)&63]
	}
	d[10] = base64URLDigits[(hi&0xf)<<2|lo>>62]
	for i := range 10 {
		d[11+i] = base64URLDigits[lo>>(56-6*i)&63]
	}
	d[21] = base64URLDigits[(lo&3)<<4]
}

func parse64(s *[base64Len]byte) (hi, lo uint64, ok bool) {
	var all byte
	for i := range 10 {
		v := base64URLValues[s[i]]
		all |= v
		hi |= uint64(v) << (58 - 6*i)
	}
	v := base64URLValues[s[10]]
	all |= v
	hi |= uint64(v&0x3f) >> 2
	lo = uint64(v&3) << 62
	for i := range 10 {
		v := base64URLValues[s[11+i]]
		all |= v
		lo |= uint64(v) << (56 - 6*i)
	}
	v = base64URLValues[s[21]]
	all |= v
	lo |= uint64(v) >> 4
	return hi, lo, all&0x80 == 0 && v&0xf == 0
}

func put32(d *[base32Len]byte, hi, lo uint64) {
	for i := range 12 {
		d[i] = base32Digits[hi>>(59-5*i)&31]
	}
	d[12] = base32Digits[(hi&0xf)<<1|lo>>63]
	for i := range 12 {
		d[13+i] = base32Digits[lo>>(58-5*i)&31]
	}
	d[25] = base32Digits[(lo&7)<<2]
}

func parse32(s *[base32Len]byte) (hi, lo uint64, ok bool) {
	var all byte
	for i := range 12 {
		v := base32Values[s[i]]
		all |= v
		hi |= uint64(v) << (59 - 5*i)
	}
	v := base32Values[s[12]]
	all |= v
	hi |= uint64(v&0x1f) >> 1
	lo = uint64(v&1) << 63
	for i := range 12 {
		v := base32Values[s[13+i]]
		all |= v
		lo |= uint64(v) << (58 - 5*i)
	}
	v = base32Values[s[25]]
	all |= v
	lo |= uint64(v) >> 2
	return hi, lo, all&0x80 == 0 && v&3 == 0
}
