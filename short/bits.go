package short

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

func parse64(s *[base64Len]byte) (hi, lo uint64, ok bool) {
	v0 := base64URLValues[s[0]]
	v1 := base64URLValues[s[1]]
	v2 := base64URLValues[s[2]]
	v3 := base64URLValues[s[3]]
	v4 := base64URLValues[s[4]]
	v5 := base64URLValues[s[5]]
	v6 := base64URLValues[s[6]]
	v7 := base64URLValues[s[7]]
	v8 := base64URLValues[s[8]]
	v9 := base64URLValues[s[9]]
	v10 := base64URLValues[s[10]]
	v11 := base64URLValues[s[11]]
	v12 := base64URLValues[s[12]]
	v13 := base64URLValues[s[13]]
	v14 := base64URLValues[s[14]]
	v15 := base64URLValues[s[15]]
	v16 := base64URLValues[s[16]]
	v17 := base64URLValues[s[17]]
	v18 := base64URLValues[s[18]]
	v19 := base64URLValues[s[19]]
	v20 := base64URLValues[s[20]]
	v21 := base64URLValues[s[21]]
	all := (((v0 | v1) | (v2 | (v3 | v4))) | ((v5 | (v6 | v7)) | (v8 | (v9 | v10)))) | (((v11 | v12) | (v13 | (v14 | v15))) | ((v16 | (v17 | v18)) | (v19 | (v20 | v21))))
	hi = ((uint64(v0)<<58 | uint64(v1)<<52) | (uint64(v2)<<46 | (uint64(v3)<<40 | uint64(v4)<<34))) | ((uint64(v5)<<28 | (uint64(v6)<<22 | uint64(v7)<<16)) | (uint64(v8)<<10 | (uint64(v9)<<4 | uint64(v10)>>2)))
	lo = ((uint64(v10&3)<<62 | (uint64(v11)<<56 | uint64(v12)<<50)) | (uint64(v13)<<44 | (uint64(v14)<<38 | uint64(v15)<<32))) | ((uint64(v16)<<26 | (uint64(v17)<<20 | uint64(v18)<<14)) | (uint64(v19)<<8 | (uint64(v20)<<2 | uint64(v21)>>4)))
	return hi, lo, all&0x80 == 0 && v21&15 == 0
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

func parse32(s *[base32Len]byte) (hi, lo uint64, ok bool) {
	v0 := base32Values[s[0]]
	v1 := base32Values[s[1]]
	v2 := base32Values[s[2]]
	v3 := base32Values[s[3]]
	v4 := base32Values[s[4]]
	v5 := base32Values[s[5]]
	v6 := base32Values[s[6]]
	v7 := base32Values[s[7]]
	v8 := base32Values[s[8]]
	v9 := base32Values[s[9]]
	v10 := base32Values[s[10]]
	v11 := base32Values[s[11]]
	v12 := base32Values[s[12]]
	v13 := base32Values[s[13]]
	v14 := base32Values[s[14]]
	v15 := base32Values[s[15]]
	v16 := base32Values[s[16]]
	v17 := base32Values[s[17]]
	v18 := base32Values[s[18]]
	v19 := base32Values[s[19]]
	v20 := base32Values[s[20]]
	v21 := base32Values[s[21]]
	v22 := base32Values[s[22]]
	v23 := base32Values[s[23]]
	v24 := base32Values[s[24]]
	v25 := base32Values[s[25]]
	all := (((v0 | (v1 | v2)) | (v3 | (v4 | v5))) | ((v6 | (v7 | v8)) | ((v9 | v10) | (v11 | v12)))) | (((v13 | (v14 | v15)) | (v16 | (v17 | v18))) | ((v19 | (v20 | v21)) | ((v22 | v23) | (v24 | v25))))
	hi = ((uint64(v0)<<59 | (uint64(v1)<<54 | uint64(v2)<<49)) | (uint64(v3)<<44 | (uint64(v4)<<39 | uint64(v5)<<34))) | ((uint64(v6)<<29 | (uint64(v7)<<24 | uint64(v8)<<19)) | ((uint64(v9)<<14 | uint64(v10)<<9) | (uint64(v11)<<4 | uint64(v12)>>1)))
	lo = ((uint64(v12&1)<<63 | (uint64(v13)<<58 | uint64(v14)<<53)) | ((uint64(v15)<<48 | uint64(v16)<<43) | (uint64(v17)<<38 | uint64(v18)<<33))) | ((uint64(v19)<<28 | (uint64(v20)<<23 | uint64(v21)<<18)) | ((uint64(v22)<<13 | uint64(v23)<<8) | (uint64(v24)<<3 | uint64(v25)>>2)))
	return hi, lo, all&0x80 == 0 && v25&3 == 0
}
