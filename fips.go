//go:build go1.26

package uuid

import "crypto/fips140"

// NewV3 and NewV5 hash with MD5 and SHA-1 as RFC 9562 does, to make an
// identifier, not for security, which is the tightly scoped use
// crypto/fips140.WithoutEnforcement (Go 1.26) exists for. The check comes
// first so that the ordinary path makes no closure.

// fipsEnforced reports whether GODEBUG=fips140=only forbids MD5 and SHA-1
// here.
func fipsEnforced() bool { return fips140.Enforced() }

// withoutFIPS runs f with FIPS 140 enforcement lifted.
func withoutFIPS(f func()) { fips140.WithoutEnforcement(f) }
