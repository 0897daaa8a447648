package short

import "math/bits"

// The number forms write the 128-bit value hi:lo in a base b as
// head digits followed by two chunks of k digits, where b^k is the largest
// power of b below 2^64: two 128-by-64-bit divisions by b^k split off the
// chunks, a third leaves the head, and each chunk splits into two halves
// below 2^32 whose digits come from divisions by the constant b, which the
// compiler turns into multiplications. Parsing runs the same steps
// backwards with multiplications only, and reports a value of 2^128 or
// more as a carry out of the top word.
const (
	base58Len   = 22
	base58Half  = 58 * 58 * 58 * 58 * 58 // 5 digits
	base58Chunk = base58Half * base58Half

	base57Len   = 22
	base57Half  = 57 * 57 * 57 * 57 * 57
	base57Chunk = base57Half * base57Half

	base36Len   = 25
	base36Half  = 36 * 36 * 36 * 36 * 36 * 36 // 6 digits
	base36Chunk = base36Half * base36Half
)

// divChunks splits hi:lo into q*chunk^2 + r1*chunk + r0. The caller's
// chunk is above 2^56, so hi/chunk is below 2^8 and q fits in a word.
func divChunks(hi, lo, chunk uint64) (q, r1, r0 uint64) {
	qhi, r := bits.Div64(0, hi, chunk)
	qlo, r0 := bits.Div64(r, lo, chunk)
	q, r1 = bits.Div64(qhi, qlo, chunk)
	return q, r1, r0
}

// mulAdd returns hi:lo*m + a and whether the result overflows 128 bits (as
// a nonzero word).
func mulAdd(hi, lo, m, a uint64) (nhi, nlo, over uint64) {
	h1, l1 := bits.Mul64(lo, m)
	h2, l2 := bits.Mul64(hi, m)
	nhi, c1 := bits.Add64(h1, l2, 0)
	nlo, c2 := bits.Add64(l1, a, 0)
	nhi, c3 := bits.Add64(nhi, 0, c2)
	return nhi, nlo, h2 | c1 | c3
}

// put5 writes v, below base^5, as 5 digits.
func put5(d []byte, v uint32, base uint32, digits string) {
	_ = d[4]
	d[4] = digits[v%base]
	v /= base
	d[3] = digits[v%base]
	v /= base
	d[2] = digits[v%base]
	v /= base
	d[1] = digits[v%base]
	d[0] = digits[v/base]
}

// put6 writes v, below base^6, as 6 digits.
func put6(d []byte, v uint32, base uint32, digits string) {
	_ = d[5]
	d[5] = digits[v%base]
	v /= base
	d[4] = digits[v%base]
	v /= base
	d[3] = digits[v%base]
	v /= base
	d[2] = digits[v%base]
	v /= base
	d[1] = digits[v%base]
	d[0] = digits[v/base]
}

// num returns the number the digit values v spell in base.
func num(v []byte, base uint64) (n uint64) {
	for _, d := range v {
		n = n*base + uint64(d)
	}
	return n
}

func put58(d *[base58Len]byte, hi, lo uint64) {
	q, r1, r0 := divChunks(hi, lo, base58Chunk)
	d[0] = base58Digits[q/58%58]
	d[1] = base58Digits[q%58]
	put5(d[2:7], uint32(r1/base58Half), 58, base58Digits)
	put5(d[7:12], uint32(r1%base58Half), 58, base58Digits)
	put5(d[12:17], uint32(r0/base58Half), 58, base58Digits)
	put5(d[17:22], uint32(r0%base58Half), 58, base58Digits)
}

func parse58(s *[base58Len]byte) (hi, lo uint64, ok bool) {
	var v [base58Len]byte
	var all byte
	for i, c := range s {
		v[i] = base58Values[c]
		all |= v[i]
	}
	hi, lo = bits.Mul64(num(v[0:2], 58), base58Chunk)
	lo, carry := bits.Add64(lo, num(v[2:7], 58)*base58Half+num(v[7:12], 58), 0)
	hi += carry
	hi, lo, over := mulAdd(hi, lo, base58Chunk, num(v[12:17], 58)*base58Half+num(v[17:22], 58))
	return hi, lo, all&0x80 == 0 && over == 0
}

func put57(d *[base57Len]byte, hi, lo uint64) {
	q, r1, r0 := divChunks(hi, lo, base57Chunk)
	d[0] = base57Digits[q/57%57]
	d[1] = base57Digits[q%57]
	put5(d[2:7], uint32(r1/base57Half), 57, base57Digits)
	put5(d[7:12], uint32(r1%base57Half), 57, base57Digits)
	put5(d[12:17], uint32(r0/base57Half), 57, base57Digits)
	put5(d[17:22], uint32(r0%base57Half), 57, base57Digits)
}

func parse57(s *[base57Len]byte) (hi, lo uint64, ok bool) {
	var v [base57Len]byte
	var all byte
	for i, c := range s {
		v[i] = base57Values[c]
		all |= v[i]
	}
	hi, lo = bits.Mul64(num(v[0:2], 57), base57Chunk)
	lo, carry := bits.Add64(lo, num(v[2:7], 57)*base57Half+num(v[7:12], 57), 0)
	hi += carry
	hi, lo, over := mulAdd(hi, lo, base57Chunk, num(v[12:17], 57)*base57Half+num(v[17:22], 57))
	return hi, lo, all&0x80 == 0 && over == 0
}

func put36(d *[base36Len]byte, hi, lo uint64) {
	q, r1, r0 := divChunks(hi, lo, base36Chunk)
	d[0] = base36Digits[q%36]
	put6(d[1:7], uint32(r1/base36Half), 36, base36Digits)
	put6(d[7:13], uint32(r1%base36Half), 36, base36Digits)
	put6(d[13:19], uint32(r0/base36Half), 36, base36Digits)
	put6(d[19:25], uint32(r0%base36Half), 36, base36Digits)
}

func parse36(s *[base36Len]byte) (hi, lo uint64, ok bool) {
	var v [base36Len]byte
	var all byte
	for i, c := range s {
		v[i] = base36Values[c]
		all |= v[i]
	}
	hi, lo = bits.Mul64(uint64(v[0]), base36Chunk)
	lo, carry := bits.Add64(lo, num(v[1:7], 36)*base36Half+num(v[7:13], 36), 0)
	hi += carry
	hi, lo, over := mulAdd(hi, lo, base36Chunk, num(v[13:19], 36)*base36Half+num(v[19:25], 36))
	return hi, lo, all&0x80 == 0 && over == 0
}
