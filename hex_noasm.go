//go:build !amd64 || purego

package uuid

import "unsafe"

// The portable hex coding, under the names hex_amd64.go gives the SSE2
// code.

// decodeCanonicalAt decodes the 36 bytes at p as the canonical form
// 8-4-4-4-12 and reports whether they are one. On failure u is the Nil
// UUID.
func decodeCanonicalAt(p *byte) (u UUID, ok bool) {
	if !parseCanonical(&u, unsafe.String(p, canonicalLen)) {
		return UUID{}, false
	}
	return u, true
}

// decodeHexAt decodes the 32 hex digits at p and reports whether they are
// all hex digits. On failure u is the Nil UUID.
func decodeHexAt(p *byte) (u UUID, ok bool) {
	if !parseHex(&u, unsafe.String(p, hexLen)) {
		return UUID{}, false
	}
	return u, true
}

// putCanonical writes the canonical form of *u into dst, with upper-case
// hex digits if upper is set.
func putCanonical(dst *[canonicalLen]byte, u *UUID, upper bool) {
	encodeCanonical(dst, *u, alphaFor(upper))
}

// putHex writes the 32 hex digits of *u into dst, upper case if upper is
// set.
func putHex(dst *[hexLen]byte, u *UUID, upper bool) {
	encodeHex(dst, *u, alphaFor(upper))
}
