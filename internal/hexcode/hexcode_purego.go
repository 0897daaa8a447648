//go:build purego || !amd64

package hexcode

// The exported names of the hex coding, as the portable code of
// hexcode.go. hexcode_amd64.go declares the same names in assembly.

// DecodeCanonical decodes s, hyphens at offsets 8, 13, 18 and 23 and hex
// digits in either case everywhere else, into *u, and reports whether s is
// one. On failure *u is all zeros.
func DecodeCanonical(u *[16]byte, s *[canonicalLen]byte) bool { return decodeCanonicalGeneric(u, s) }

// DecodeHex decodes the 32 hex digits in s into *u and reports whether they
// are all hex digits. On failure *u is all zeros.
func DecodeHex(u *[16]byte, s *[hexLen]byte) bool { return decodeHexGeneric(u, s) }

// PutCanonical writes the canonical form of *u into dst, with upper-case
// hex digits if upper is set.
func PutCanonical(dst *[canonicalLen]byte, u *[16]byte, upper bool) {
	putCanonicalGeneric(dst, u, upper)
}

// PutHex writes the 32 hex digits of *u into dst, upper case if upper is
// set.
func PutHex(dst *[hexLen]byte, u *[16]byte, upper bool) { putHexGeneric(dst, u, upper) }
