//go:build !go1.26

package uuid

// Before Go 1.26, crypto/fips140 has no WithoutEnforcement: under
// GODEBUG=fips140=only, NewV3 and NewV5 panic as crypto/md5 and
// crypto/sha1 do, which their docs state. A private MD5 and SHA-1 would
// avoid that for Go 1.24 and 1.25 at the cost of two hash implementations
// to keep; those releases are no longer supported by the Go project.

func fipsEnforced() bool   { return false }
func withoutFIPS(f func()) { f() }
