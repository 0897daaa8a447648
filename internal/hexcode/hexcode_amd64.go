//go:build amd64 && !purego

package hexcode

// The hex coding of the canonical and 32-digit bodies in SSE2 (part of
// amd64 itself, so no CPU check is needed): hexcode_amd64.s. On other
// architectures, and with the purego tag, hexcode_purego.go gives the same
// names to the portable code of hexcode.go, and the tests check each
// against it.

// DecodeCanonical decodes s, hyphens at offsets 8, 13, 18 and 23 and hex
// digits in either case everywhere else, into *u, and reports whether s is
// one. On failure *u is all zeros.
//
//go:noescape
func DecodeCanonical(u *[16]byte, s *[canonicalLen]byte) bool

// DecodeHex decodes the 32 hex digits in s into *u and reports whether they
// are all hex digits. On failure *u is all zeros.
//
//go:noescape
func DecodeHex(u *[16]byte, s *[hexLen]byte) bool

// PutCanonical writes the canonical form of *u into dst, with upper-case
// hex digits if upper is set.
//
//go:noescape
func PutCanonical(dst *[canonicalLen]byte, u *[16]byte, upper bool)

// PutHex writes the 32 hex digits of *u into dst, upper case if upper is
// set.
//
//go:noescape
func PutHex(dst *[hexLen]byte, u *[16]byte, upper bool)
