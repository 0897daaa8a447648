package uuid

import (
	"fmt"
	"strconv"
)

// hexPairs holds the two lowercase hex digits of every byte value, in order.
const hexPairs = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f" +
	"202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f" +
	"404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f" +
	"606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f" +
	"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f" +
	"a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf" +
	"c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf" +
	"e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"

// hexPairsUpper is hexPairs with upper-case digits.
const hexPairsUpper = "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F" +
	"202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F" +
	"404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F" +
	"606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F" +
	"808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9F" +
	"A0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF" +
	"C0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF" +
	"E0E1E2E3E4E5E6E7E8E9EAEBECEDEEEFF0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF"

// canonicalOffsets[i] is where byte i of a UUID starts in the canonical form.
var canonicalOffsets = [16]uint8{0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34}

// encodeCanonical writes the 8-4-4-4-12 form of u into dst, with the hex
// digits from pairs.
func encodeCanonical(dst *[canonicalLen]byte, u UUID, pairs string) {
	_ = pairs[511]
	for i, off := range canonicalOffsets {
		p := int(u[i]) * 2
		dst[off] = pairs[p]
		dst[off+1] = pairs[p+1]
	}
	dst[8], dst[13], dst[18], dst[23] = '-', '-', '-', '-'
}

// encodeHex writes the 32 hex digits of u into dst.
func encodeHex(dst *[hexLen]byte, u UUID, pairs string) {
	_ = pairs[511]
	for i, c := range u {
		p := int(c) * 2
		dst[2*i] = pairs[p]
		dst[2*i+1] = pairs[p+1]
	}
}

// String returns the canonical form of u: 36 lowercase characters,
// 8-4-4-4-12 (RFC 9562, Section 4).
func (u UUID) String() string {
	var buf [canonicalLen]byte
	encodeCanonical(&buf, u, hexPairs)
	return string(buf[:])
}

// URN returns u as a URN: "urn:uuid:" and the canonical form (RFC 9562,
// Section 4).
func (u UUID) URN() string {
	var buf [urnLen]byte
	copy(buf[:], urnPrefix)
	encodeCanonical((*[canonicalLen]byte)(buf[len(urnPrefix):]), u, hexPairs)
	return string(buf[:])
}

// AppendText implements [encoding.TextAppender]: it appends the canonical
// form of u, as returned by [UUID.String], to b. It never fails.
func (u UUID) AppendText(b []byte) ([]byte, error) {
	var buf [canonicalLen]byte
	encodeCanonical(&buf, u, hexPairs)
	return append(b, buf[:]...), nil
}

// MarshalText implements [encoding.TextMarshaler]: it returns the canonical
// form of u, as returned by [UUID.String]. It never fails.
func (u UUID) MarshalText() ([]byte, error) {
	b := make([]byte, canonicalLen)
	encodeCanonical((*[canonicalLen]byte)(b), u, hexPairs)
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
		encodeCanonical(&canon, u, hexPairs)
		out = canon[:]
		if verb == 'v' && f.Flag('#') {
			out = append(append([]byte(`uuid.MustParse("`), out...), `")`...)
		}
	case 'S':
		encodeCanonical(&canon, u, hexPairsUpper)
		out = canon[:]
	case 'q':
		encodeCanonical(&canon, u, hexPairs)
		out = append(append([]byte{'"'}, canon[:]...), '"')
	case 'x':
		encodeHex(&hex, u, hexPairs)
		out = hex[:]
	case 'X':
		encodeHex(&hex, u, hexPairsUpper)
		out = hex[:]
	default:
		encodeCanonical(&canon, u, hexPairs)
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
