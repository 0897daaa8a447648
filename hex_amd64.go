//go:build amd64 && !purego

package uuid

// The hex coding of the canonical and 32-digit bodies in SSE2 (part of
// amd64 itself, so no CPU check is needed): hex_amd64.s. On other
// architectures, and with the purego tag, hex_noasm.go gives the same names
// to the portable code of hex.go, and the tests check each against it.

// decodeCanonical decodes s, hyphens at offsets 8, 13, 18 and 23 and hex
// digits in either case everywhere else, into *u, and reports whether s is
// one. On failure *u is the Nil UUID.
//
//go:noescape
func decodeCanonical(u *UUID, s *[canonicalLen]byte) bool

// decodeHex decodes the 32 hex digits in s into *u and reports whether they
// are all hex digits. On failure *u is the Nil UUID.
//
//go:noescape
func decodeHex(u *UUID, s *[hexLen]byte) bool

// putCanonical writes the canonical form of *u into dst, with upper-case
// hex digits if upper is set.
//
//go:noescape
func putCanonical(dst *[canonicalLen]byte, u *UUID, upper bool)

// putHex writes the 32 hex digits of *u into dst, upper case if upper is
// set.
//
//go:noescape
func putHex(dst *[hexLen]byte, u *UUID, upper bool)
