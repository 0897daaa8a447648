//go:build amd64 && !purego

package uuid

// haveSIMD reports whether the SSE2 code in hex_amd64.s decodes and encodes
// hex digits. SSE2 is part of amd64 itself, so no CPU check is needed.
const haveSIMD = true

// decodeCanonicalSIMD decodes the 36 bytes at p, which must all be
// readable, as the canonical form 8-4-4-4-12 (hex digits in either case,
// hyphens at offsets 8, 13, 18 and 23), and reports whether they are one.
// On failure u is the Nil UUID.
//
//go:noescape
func decodeCanonicalSIMD(p *byte) (u UUID, ok bool)

// decodeHexSIMD decodes the 32 hex digits at p, which must all be
// readable, and reports whether they are all hex digits. On failure u is
// the Nil UUID.
//
//go:noescape
func decodeHexSIMD(p *byte) (u UUID, ok bool)

// encodeCanonicalSIMD writes the canonical form of *u into dst, with
// upper-case hex digits if upper is set.
//
//go:noescape
func encodeCanonicalSIMD(dst *[canonicalLen]byte, u *UUID, upper bool)

// encodeHexSIMD writes the 32 hex digits of *u into dst, upper case if
// upper is set.
//
//go:noescape
func encodeHexSIMD(dst *[hexLen]byte, u *UUID, upper bool)
