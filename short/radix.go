package short

import (
	"math/bits"
	"unsafe"
)

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

// divChunks splits hi:lo into q*chunk^2 + r1*chunk + r0. The first step
// divides a word by a constant, which compiles to a multiplication, so only
// two of the three steps are 128-by-64-bit divisions. The caller's chunk
// is above 2^56, so hi/chunk is below 2^8 and q fits in a word.
func divChunks(hi, lo, chunk uint64) (q, r1, r0 uint64) {
	qhi, r := hi/chunk, hi%chunk
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

// put58 and parse58, put57 and parse57 are the same code for two bases,
// written out for each: with the base and its powers as constants the
// divisions become multiplications. A shared function taking the base as
// an argument measured 15 % slower for String and 5 % for Parse.
func put58(d *[base58Len]byte, hi, lo uint64) {
	q, r1, r0 := divChunks(hi, lo, base58Chunk)
	d[0] = base58Digits[q/58%58]
	d[1] = base58Digits[q%58]
	put5(d[2:7], uint32(r1/base58Half), 58, base58Digits)
	put5(d[7:12], uint32(r1%base58Half), 58, base58Digits)
	put5(d[12:17], uint32(r0/base58Half), 58, base58Digits)
	put5(d[17:22], uint32(r0%base58Half), 58, base58Digits)
}

func parse58(p unsafe.Pointer) (hi, lo uint64, ok bool) {
	s := (*[base58Len]byte)(p)
	d0 := uint64(base58Values[s[0]])
	d1 := uint64(base58Values[s[1]])
	d2 := uint64(base58Values[s[2]])
	d3 := uint64(base58Values[s[3]])
	d4 := uint64(base58Values[s[4]])
	d5 := uint64(base58Values[s[5]])
	d6 := uint64(base58Values[s[6]])
	d7 := uint64(base58Values[s[7]])
	d8 := uint64(base58Values[s[8]])
	d9 := uint64(base58Values[s[9]])
	d10 := uint64(base58Values[s[10]])
	d11 := uint64(base58Values[s[11]])
	d12 := uint64(base58Values[s[12]])
	d13 := uint64(base58Values[s[13]])
	d14 := uint64(base58Values[s[14]])
	d15 := uint64(base58Values[s[15]])
	d16 := uint64(base58Values[s[16]])
	d17 := uint64(base58Values[s[17]])
	d18 := uint64(base58Values[s[18]])
	d19 := uint64(base58Values[s[19]])
	d20 := uint64(base58Values[s[20]])
	d21 := uint64(base58Values[s[21]])
	all := (((d0 | d1) | (d2 | (d3 | d4))) | ((d5 | (d6 | d7)) | (d8 | (d9 | d10)))) | (((d11 | d12) | (d13 | (d14 | d15))) | ((d16 | (d17 | d18)) | (d19 | (d20 | d21))))
	head := d0*58 + d1
	g0 := (((d2*58+d3)*58+d4)*58+d5)*58 + d6
	g1 := (((d7*58+d8)*58+d9)*58+d10)*58 + d11
	g2 := (((d12*58+d13)*58+d14)*58+d15)*58 + d16
	g3 := (((d17*58+d18)*58+d19)*58+d20)*58 + d21
	hi, lo = bits.Mul64(head, base58Chunk)
	lo, carry := bits.Add64(lo, g0*base58Half+g1, 0)
	hi += carry
	hi, lo, over := mulAdd(hi, lo, base58Chunk, g2*base58Half+g3)
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

func parse57(p unsafe.Pointer) (hi, lo uint64, ok bool) {
	s := (*[base57Len]byte)(p)
	d0 := uint64(base57Values[s[0]])
	d1 := uint64(base57Values[s[1]])
	d2 := uint64(base57Values[s[2]])
	d3 := uint64(base57Values[s[3]])
	d4 := uint64(base57Values[s[4]])
	d5 := uint64(base57Values[s[5]])
	d6 := uint64(base57Values[s[6]])
	d7 := uint64(base57Values[s[7]])
	d8 := uint64(base57Values[s[8]])
	d9 := uint64(base57Values[s[9]])
	d10 := uint64(base57Values[s[10]])
	d11 := uint64(base57Values[s[11]])
	d12 := uint64(base57Values[s[12]])
	d13 := uint64(base57Values[s[13]])
	d14 := uint64(base57Values[s[14]])
	d15 := uint64(base57Values[s[15]])
	d16 := uint64(base57Values[s[16]])
	d17 := uint64(base57Values[s[17]])
	d18 := uint64(base57Values[s[18]])
	d19 := uint64(base57Values[s[19]])
	d20 := uint64(base57Values[s[20]])
	d21 := uint64(base57Values[s[21]])
	all := (((d0 | d1) | (d2 | (d3 | d4))) | ((d5 | (d6 | d7)) | (d8 | (d9 | d10)))) | (((d11 | d12) | (d13 | (d14 | d15))) | ((d16 | (d17 | d18)) | (d19 | (d20 | d21))))
	head := d0*57 + d1
	g0 := (((d2*57+d3)*57+d4)*57+d5)*57 + d6
	g1 := (((d7*57+d8)*57+d9)*57+d10)*57 + d11
	g2 := (((d12*57+d13)*57+d14)*57+d15)*57 + d16
	g3 := (((d17*57+d18)*57+d19)*57+d20)*57 + d21
	hi, lo = bits.Mul64(head, base57Chunk)
	lo, carry := bits.Add64(lo, g0*base57Half+g1, 0)
	hi += carry
	hi, lo, over := mulAdd(hi, lo, base57Chunk, g2*base57Half+g3)
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

func parse36(p unsafe.Pointer) (hi, lo uint64, ok bool) {
	s := (*[base36Len]byte)(p)
	d0 := uint64(base36Values[s[0]])
	d1 := uint64(base36Values[s[1]])
	d2 := uint64(base36Values[s[2]])
	d3 := uint64(base36Values[s[3]])
	d4 := uint64(base36Values[s[4]])
	d5 := uint64(base36Values[s[5]])
	d6 := uint64(base36Values[s[6]])
	d7 := uint64(base36Values[s[7]])
	d8 := uint64(base36Values[s[8]])
	d9 := uint64(base36Values[s[9]])
	d10 := uint64(base36Values[s[10]])
	d11 := uint64(base36Values[s[11]])
	d12 := uint64(base36Values[s[12]])
	d13 := uint64(base36Values[s[13]])
	d14 := uint64(base36Values[s[14]])
	d15 := uint64(base36Values[s[15]])
	d16 := uint64(base36Values[s[16]])
	d17 := uint64(base36Values[s[17]])
	d18 := uint64(base36Values[s[18]])
	d19 := uint64(base36Values[s[19]])
	d20 := uint64(base36Values[s[20]])
	d21 := uint64(base36Values[s[21]])
	d22 := uint64(base36Values[s[22]])
	d23 := uint64(base36Values[s[23]])
	d24 := uint64(base36Values[s[24]])
	all := (((d0 | (d1 | d2)) | (d3 | (d4 | d5))) | ((d6 | (d7 | d8)) | (d9 | (d10 | d11)))) | (((d12 | (d13 | d14)) | (d15 | (d16 | d17))) | ((d18 | (d19 | d20)) | ((d21 | d22) | (d23 | d24))))
	head := d0
	g0 := ((((d1*36+d2)*36+d3)*36+d4)*36+d5)*36 + d6
	g1 := ((((d7*36+d8)*36+d9)*36+d10)*36+d11)*36 + d12
	g2 := ((((d13*36+d14)*36+d15)*36+d16)*36+d17)*36 + d18
	g3 := ((((d19*36+d20)*36+d21)*36+d22)*36+d23)*36 + d24
	hi, lo = bits.Mul64(head, base36Chunk)
	lo, carry := bits.Add64(lo, g0*base36Half+g1, 0)
	hi += carry
	hi, lo, over := mulAdd(hi, lo, base36Chunk, g2*base36Half+g3)
	return hi, lo, all&0x80 == 0 && over == 0
}
