package uuid

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
)

// Hex digits are made eight at a time: hexWord spreads the 4 bytes of a
// big-endian word into one nibble per byte and turns each nibble into its
// ASCII digit with the same carry-free byte arithmetic the parser uses.
// The alphabet offset is what a nibble of 10 or more adds beyond '0'+n:
// 'a'-'0'-10 for lower case, 'A'-'0'-10 for upper.
const (
	lowerHex = 'a' - '0' - 10
	upperHex = 'A' - '0' - 10
)

// hexWord returns the 8 hex digits of x, first digit in the high byte.
func hexWord(x uint32, alpha uint64) uint64 {
	v := uint64(x)
	v = (v<<16 | v) & 0x0000ffff0000ffff
	v = (v<<8 | v) & 0x00ff00ff00ff00ff
	v = (v<<4 | v) & 0x0f0f0f0f0f0f0f0f
	letters := (v + 6*ones) >> 4 & ones // 1 in each byte holding 10..15
	return v + '0'*ones + letters*alpha
}

// putCanonical writes the canonical form of *u into dst, with the SSE2
// code of hex_amd64.s where there is one.
func putCanonical(dst *[canonicalLen]byte, u *UUID, upper bool) {
	if haveSIMD {
		encodeCanonicalSIMD(dst, u, upper)
		return
	}
	encodeCanonical(dst, *u, alphaFor(upper))
}

// putHex writes the 32 hex digits of *u into dst, as putCanonical does.
func putHex(dst *[hexLen]byte, u *UUID, upper bool) {
	if haveSIMD {
		encodeHexSIMD(dst, u, upper)
		return
	}
	encodeHex(dst, *u, alphaFor(upper))
}

// alphaFor returns the alphabet offset of lower- or upper-case digits.
func alphaFor(upper bool) uint64 {
	if upper {
		return upperHex
	}
	return lowerHex
}

// encodeCanonical writes the 8-4-4-4-12 form of u into dst in portable Go.
func encodeCanonical(dst *[canonicalLen]byte, u UUID, alpha uint64) {
	be := binary.BigEndian
	a := hexWord(be.Uint32(u[0:]), alpha)
	b := hexWord(be.Uint32(u[4:]), alpha)
	c := hexWord(be.Uint32(u[8:]), alpha)
	d := hexWord(be.Uint32(u[12:]), alpha)
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

// encodeHex writes the 32 hex digits of u into dst in portable Go.
func encodeHex(dst *[hexLen]byte, u UUID, alpha uint64) {
	be := binary.BigEndian
	for i := 0; i < Size; i += 4 {
		be.PutUint64(dst[2*i:], hexWord(be.Uint32(u[i:]), alpha))
	}
}

// String returns the canonical form of u: 36 lowercase characters,
// 8-4-4-4-12 (RFC 9562, Section 4).
func (u UUID) String() string {
	var buf [canonicalLen]byte
	putCanonical(&buf, &u, false)
	return string(buf[:])
}

// URN returns u as a URN: "urn:uuid:" and the canonical form (RFC 9562,
// Section 4).
func (u UUID) URN() string {
	var buf [urnLen]byte
	copy(buf[:], urnPrefix)
	putCanonical((*[canonicalLen]byte)(buf[len(urnPrefix):]), &u, false)
	return string(buf[:])
}

// AppendText implements [encoding.TextAppender]: it appends the canonical
// form of u, as returned by [UUID.String], to b. It never fails.
func (u UUID) AppendText(b []byte) ([]byte, error) {
	b = slices.Grow(b, canonicalLen)
	n := len(b)
	b = b[:n+canonicalLen]
	putCanonical((*[canonicalLen]byte)(b[n:]), &u, false) // in place: no buffer to copy
	return b, nil
}

// MarshalText implements [encoding.TextMarshaler]: it returns the canonical
// form of u, as returned by [UUID.String]. It never fails.
func (u UUID) MarshalText() ([]byte, error) {
	b := make([]byte, canonicalLen)
	putCanonical((*[canonicalLen]byte)(b), &u, false)
	return b, nil
}

// Format implements [fmt.Formatter]. The verbs are:
//
//	%v, %s  the canonical form, as String returns it
//	%S      the canonical form with upper-case hex digits
//	%q      the canonical form in double quotes
//	%x, %X  the 32 hex digits without hyphens, lower or upper case
//	%#v     Go syntax: uuid.MustParse("…")
//
// Width and the '-' flag pad as they do for strings.
func (u UUID) Format(f fmt.State, verb rune) {
	var canon [canonicalLen]byte
	var hex [hexLen]byte
	var out []byte
	switch verb {
	case 'v', 's':
		putCanonical(&canon, &u, false)
		out = canon[:]
		if verb == 'v' && f.Flag('#') {
			out = append(append([]byte(`uuid.MustParse("`), out...), `")`...)
		}
	case 'S':
		putCanonical(&canon, &u, true)
		out = canon[:]
	case 'q':
		putCanonical(&canon, &u, false)
		out = append(append([]byte{'"'}, canon[:]...), '"')
	case 'x':
		putHex(&hex, &u, false)
		out = hex[:]
	case 'X':
		putHex(&hex, &u, true)
		out = hex[:]
	default:
		putCanonical(&canon, &u, false)
		out = append(append([]byte("%!"+string(verb)+"(uuid.UUID="), canon[:]...), ')')
		f.Write(out)
		return
	}
	if w, ok := f.Width(); ok && w > len(out) {
		pad := make([]byte, w-len(out))
		for i := range pad {
			pad[i] = ' '
		}
		if f.Flag('-') {
			out = append(out, pad...)
		} else {
			out = append(pad, out...)
		}
	}
	f.Write(out)
}

// GoString returns Go syntax for u, as %#v prints it.
func (u UUID) GoString() string { return "uuid.MustParse(" + strconv.Quote(u.String()) + ")" }
