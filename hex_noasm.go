//go:build purego || !amd64

package uuid

// The shared names of the hex coding, as the portable code of hex.go.
// hex_amd64.go declares the same names in assembly.

func decodeCanonical(u *UUID, s *[canonicalLen]byte) bool { return decodeCanonicalGeneric(u, s) }
func decodeHex(u *UUID, s *[hexLen]byte) bool             { return decodeHexGeneric(u, s) }

func putCanonical(dst *[canonicalLen]byte, u *UUID, upper bool) { putCanonicalGeneric(dst, u, upper) }
func putHex(dst *[hexLen]byte, u *UUID, upper bool)             { putHexGeneric(dst, u, upper) }
