// Package short writes and reads UUIDs in the short text forms other
// libraries and languages use: each a fixed-width string of digits in one
// alphabet, shorter than the 36-character canonical form.
//
// Each form is an [Encoding], named by its convention:
//
//	Encoding   width  alphabet                           convention
//	Base58     22     Bitcoin's 58 digits                uuid-creator's Base58BtcCodec
//	Base57     22     shortuuid's 57 digits              github.com/lithammer/shortuuid (v4)
//	Base64URL  22     RFC 4648, Section 5                RFC 4648 without padding
//	Base36     25     0-9, a-z                           uuid25
//	Base32     26     RFC 4648, Section 6, lower case    RFC 4648 without padding
//
// Base58, Base57 and Base36 write the UUID as one 128-bit unsigned number,
// most significant digit first, padded on the left with the zero digit to
// the full width, so every UUID has exactly one text of the same length and
// texts sort as the UUIDs do. Base64URL and Base32 write the 16 bytes as a
// bit string, as RFC 4648 does, leaving out the padding characters; the
// last digit carries the final bits and zeros after them.
//
// Base58 is the fixed-width number, not Bitcoin's byte-oriented Base58
// (the form of Bitcoin addresses and of packages such as
// github.com/mr-tron/base58), which writes each leading zero byte as a
// "1" and the rest as a number: there, every UUID whose first byte is 1 —
// every version 7 UUID made between November 2004 and September 2039 —
// takes 21 characters, and a 22-character text may decode to 17 bytes.
// The two write the same text exactly when Bitcoin's also has 22
// characters, that is when the leading zero bytes and the digits of the
// number after them come to 22: for every UUID from
// 0819237f-3896-f2f3-0bb8-32ce3da00000 (58^21) up, and for some that start
// with zero bytes, such as 00ff22e2-79b0-7cc3-98c4-dc0c0c07398f, which
// both write 188zyNzVqsoYmqpXK3QLkn.
//
// Parsing is strict: a text has exactly the width of its encoding, every
// byte is a digit of its alphabet, and the number it spells fits in 128
// bits (for Base64URL and Base32, the unused bits of the last digit are
// zero), so that a UUID has no text but the one written for it. Base36 and
// Base32 are the exception: they also accept their letters in upper case,
// as uuid25 and RFC 4648 do, and write lower case. Failures
// are [*ParseError] values whose kind, [uuid.ErrLength], [ErrDigit] or
// [ErrRange], [errors.Is] matches.
//
// Base57 reads only 22-character texts. github.com/lithammer/shortuuid
// also reads shorter and longer ones, as numbers with leading zero digits
// left out or added, but its encoder always writes 22 characters, so its
// texts read the same here.
package short

import (
	"encoding/binary"
	"slices"
	"strconv"
	"unsafe"

	"github.com/afb7af96/uuid"
)

// An Encoding is one of the short text forms of a UUID: Base58, Base57,
// Base64URL, Base36 or Base32. Any other value, including the zero
// value, is not an encoding: its methods panic, as [strconv.AppendInt]
// does for an invalid base.
type Encoding uint8

// The encodings. The package doc gives their conventions.
const (
	// Base58 writes a UUID as a 22-digit base-58 number in the Bitcoin
	// alphabet 123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz:
	// the fixed-width 128-bit number of uuid-creator's Base58BtcCodec, not
	// Bitcoin's byte-oriented Base58.
	Base58 Encoding = iota + 1

	// Base57 writes a UUID as a 22-digit base-57 number in the alphabet
	// 23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz: the
	// default encoding of github.com/lithammer/shortuuid (v4).
	Base57

	// Base64URL writes the 16 bytes of a UUID in 22 characters of the
	// RFC 4648, Section 5 alphabet (A-Z, a-z, 0-9, "-" and "_") without
	// padding, as base64.RawURLEncoding does.
	Base64URL

	// Base36 writes a UUID as a 25-digit base-36 number in the digits
	// 0-9 and a-z: the uuid25 form. Parsing also accepts A-Z.
	Base36

	// Base32 writes the 16 bytes of a UUID in 26 characters of the
	// RFC 4648, Section 6 alphabet (a-z, 2-7) in lower case, without
	// padding. Parsing also accepts A-Z, so the upper-case text of
	// base32.StdEncoding.WithPadding(base32.NoPadding) reads back.
	Base32
)

// Len returns the number of bytes of every text of the encoding.
func (e Encoding) Len() int { return e.form().width }

// Append appends the text of u in the encoding to dst and returns the
// extended buffer.
func (e Encoding) Append(dst []byte, u uuid.UUID) []byte {
	hi, lo := binary.BigEndian.Uint64(u[:8]), binary.BigEndian.Uint64(u[8:])
	n := len(dst)
	switch e {
	case Base58:
		dst = slices.Grow(dst, base58Len)[:n+base58Len]
		put58((*[base58Len]byte)(dst[n:]), hi, lo)
	case Base57:
		dst = slices.Grow(dst, base57Len)[:n+base57Len]
		put57((*[base57Len]byte)(dst[n:]), hi, lo)
	case Base64URL:
		dst = slices.Grow(dst, base64Len)[:n+base64Len]
		put64((*[base64Len]byte)(dst[n:]), hi, lo)
	case Base36:
		dst = slices.Grow(dst, base36Len)[:n+base36Len]
		put36((*[base36Len]byte)(dst[n:]), hi, lo)
	case Base32:
		dst = slices.Grow(dst, base32Len)[:n+base32Len]
		put32((*[base32Len]byte)(dst[n:]), hi, lo)
	default:
		badEncoding(e)
	}
	return dst
}

// String returns the text of u in the encoding.
func (e Encoding) String(u uuid.UUID) string {
	// One allocation of a fixed-size array, written in place and never
	// changed after, as strings.Builder does.
	hi, lo := binary.BigEndian.Uint64(u[:8]), binary.BigEndian.Uint64(u[8:])
	switch e {
	case Base58:
		d := new([base58Len]byte)
		put58(d, hi, lo)
		return unsafe.String(&d[0], len(d))
	case Base57:
		d := new([base57Len]byte)
		put57(d, hi, lo)
		return unsafe.String(&d[0], len(d))
	case Base64URL:
		d := new([base64Len]byte)
		put64(d, hi, lo)
		return unsafe.String(&d[0], len(d))
	case Base36:
		d := new([base36Len]byte)
		put36(d, hi, lo)
		return unsafe.String(&d[0], len(d))
	case Base32:
		d := new([base32Len]byte)
		put32(d, hi, lo)
		return unsafe.String(&d[0], len(d))
	}
	badEncoding(e)
	return ""
}

// Parse decodes s, a text of the encoding, into a UUID. On failure it
// returns the Nil UUID and a [*ParseError].
func (e Encoding) Parse(s string) (uuid.UUID, error) {
	if int(e) < len(decoders) && len(s) == decoders[e].width {
		if hi, lo, ok := decoders[e].decode(unsafe.Pointer(unsafe.StringData(s))); ok {
			return fromWords(hi, lo), nil
		}
	}
	return uuid.UUID{}, diagnose(e, s)
}

// ParseBytes is like [Encoding.Parse] but takes a byte slice, which the
// returned error does not keep.
func (e Encoding) ParseBytes(b []byte) (uuid.UUID, error) {
	if int(e) < len(decoders) && len(b) == decoders[e].width {
		if hi, lo, ok := decoders[e].decode(unsafe.Pointer(unsafe.SliceData(b))); ok {
			return fromWords(hi, lo), nil
		}
	}
	return uuid.UUID{}, diagnose(e, b)
}

// decoders holds, by Encoding, the width of its texts and its decoder,
// which reports only whether a text of that width is one of the encoding;
// diagnose says why not. A decoder reads the text through an array
// pointer, so that it indexes it without bounds checks and without a copy;
// it never writes to it, so the text may be a string. decoders[0] stands
// for every invalid value: no text has its width, so diagnose runs and
// panics.
var decoders = [...]struct {
	width  int
	decode func(p unsafe.Pointer) (hi, lo uint64, ok bool)
}{
	{width: -1},
	Base58:    {base58Len, parse58},
	Base57:    {base57Len, parse57},
	Base64URL: {base64Len, parse64},
	Base36:    {base36Len, parse36},
	Base32:    {base32Len, parse32},
}

// fromWords returns the UUID whose bytes are hi then lo, big-endian.
func fromWords(hi, lo uint64) (u uuid.UUID) {
	binary.BigEndian.PutUint64(u[:8], hi)
	binary.BigEndian.PutUint64(u[8:], lo)
	return u
}

// badEncoding panics for a method called on a value that is not an
// encoding. It is kept out of line so that the fast paths that can reach
// it stay small.
//
//go:noinline
func badEncoding(e Encoding) {
	panic("short: invalid Encoding " + strconv.Itoa(int(e)))
}
