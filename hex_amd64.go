//go:build amd64 && !purego

package uuid

// The hex coding of the canonical and 32-digit forms, in SSE2 (part of
// amd64 itself, so no CPU check is needed): hex_amd64.s. hex_noasm.go
// defines the same functions in portable Go; the shared code calls these
// names and never asks which it got.

// decodeCanonicalAt decodes the 36 bytes at p, which must all be
// readable, as the canonical form 8-4-4-4-12 (hex digits in either case,
// hyphens at offsets 8, 13, 18 and 23), and reports whether they are one.
// On failure u is the Nil UUID.
//
//go:noescape
func decodeCanonicalAt(p *byte) (u UUID, ok bool)

// decodeHexAt decodes the 32 hex digits at p, which must all be readable,
// and reports whether they are all hex digits. On failure u is the Nil
// UUID.
//
//go:noescape
func decodeHexAt(p *byte) (u UUID, ok bool)

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
