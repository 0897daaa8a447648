package uuid

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"
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

// A Form is a text form of a UUID, as [UUID.AppendForm] writes it: one of
// the four forms [Parse] accepts, optionally or'ed with [FormUpper].
type Form uint8

// The text forms. FormUpper may be or'ed into any of the others.
const (
	FormCanonical Form = iota // f81d4fae-7dec-11d0-a765-00a0c91e6bf6 (RFC 9562, Section 4)
	FormHex                   // f81d4fae7dec11d0a76500a0c91e6bf6
	FormBraced                // {f81d4fae-7dec-11d0-a765-00a0c91e6bf6}
	FormURN                   // urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6

	// FormUpper writes the hex digits in upper case. A URN's prefix stays
	// "urn:uuid:", its conventional spelling.
	FormUpper Form = 0x80
)

// String returns the form's name: "canonical", "hex", "braced" or "urn",
// with "+upper" appended if FormUpper is set.
func (f Form) String() string {
	var s string
	switch f &^ FormUpper {
	case FormCanonical:
		s = "canonical"
	case FormHex:
		s = "hex"
	case FormBraced:
		s = "braced"
	case FormURN:
		s = "urn"
	default:
		return "Form(" + strconv.Itoa(int(f)) + ")"
	}
	if f&FormUpper != 0 {
		s += "+upper"
	}
	return s
}

// Len returns the length in bytes of u's text in form f, or 0 if f is not
// a form.
func (f Form) Len() int {
	switch f &^ FormUpper {
	case FormCanonical:
		return canonicalLen
	case FormHex:
		return hexLen
	case FormBraced:
		return bracedLen
	case FormURN:
		return urnLen
	}
	return 0
}

// AppendForm appends the text of u in form f to b and returns the extended
// buffer. It does not allocate when b has room. An f that is not a form
// appends the canonical form.
func (u UUID) AppendForm(b []byte, f Form) []byte {
	n := f.Len()
	if n == 0 {
		f, n = f&FormUpper, canonicalLen
	}
	b = slices.Grow(b, n)
	start := len(b)
	b = b[:start+n]
	putForm(b[start:], &u, f) // in place: no buffer to copy
	return b
}

// putForm writes the text of *u in form f, which must be valid, into dst,
// which is exactly f.Len() bytes long.
func putForm(dst []byte, u *UUID, f Form) {
	upper := f&FormUpper != 0
	switch f &^ FormUpper {
	case FormCanonical:
		putCanonical((*[canonicalLen]byte)(dst), u, upper)
	case FormHex:
		putHex((*[hexLen]byte)(dst), u, upper)
	case FormBraced:
		dst[0], dst[bracedLen-1] = '{', '}'
		putCanonical((*[canonicalLen]byte)(dst[1:]), u, upper)
	case FormURN:
		copy(dst, urnPrefix)
		putCanonical((*[canonicalLen]byte)(dst[len(urnPrefix):]), u, upper)
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
	putForm(buf[:], &u, FormURN)
	return string(buf[:])
}

// AppendText implements [encoding.TextAppender]: it appends the canonical
// form of u, as returned by [UUID.String], to b. It never fails.
func (u UUID) AppendText(b []byte) ([]byte, error) {
	return u.AppendForm(b, FormCanonical), nil
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
	var buf [64]byte
	out := buf[:0]
	switch verb {
	case 'v', 's':
		if verb == 'v' && f.Flag('#') {
			out = append(out, `uuid.MustParse("`...)
			out = append(u.AppendForm(out, FormCanonical), `")`...)
		} else {
			out = u.AppendForm(out, FormCanonical)
		}
	case 'S':
		out = u.AppendForm(out, FormCanonical|FormUpper)
	case 'q':
		out = append(u.AppendForm(append(out, '"'), FormCanonical), '"')
	case 'x':
		out = u.AppendForm(out, FormHex)
	case 'X':
		out = u.AppendForm(out, FormHex|FormUpper)
	default:
		out = append(out, "%!"...)
		out = utf8.AppendRune(out, verb)
		out = append(u.AppendForm(append(out, "(uuid.UUID="...), FormCanonical), ')')
		f.Write(out)
		return
	}
	if w, ok := f.Width(); ok && w > len(out) {
		pad := bytes.Repeat([]byte{' '}, w-len(out))
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
