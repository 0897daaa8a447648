package uuid

import (
	"crypto/md5"
	"crypto/sha1"
)

// shortName is the longest name hashed without allocating: namespace and
// name are copied into a stack buffer, which Go zeroes on every call, so
// it is no larger than most names need.
const shortName = 64

// NewV3 returns the version 3 UUID of name in the namespace ns: the MD5 of
// the namespace's bytes followed by the name (RFC 9562, Section 5.3). Prefer
// [NewV5] unless a protocol asks for MD5. NewV3 does not allocate for names
// of up to 64 bytes.
//
// MD5 here, like SHA-1 in [NewV5], makes an identifier, as RFC 9562 uses
// it, not a security property: a name-based UUID is no secret and no
// signature. So NewV3 and NewV5 also work when crypto/fips140 enforcement
// forbids those hashes (GODEBUG=fips140=only, from Go 1.26; with older Go
// they panic in that mode, as crypto/md5 does). For new designs that must
// use a FIPS-approved hash, use [NewV8Hash] with crypto/sha256:
// NewV8Hash(sha256.New(), ns, name).
func NewV3(ns UUID, name string) UUID {
	if fipsEnforced() {
		return nameBasedWithoutFIPS(NewV3, ns, name)
	}
	if len(name) <= shortName {
		var buf [Size + shortName]byte
		copy(buf[:], ns[:])
		n := copy(buf[Size:], name)
		return hashLayout(3, md5.Sum(buf[:Size+n]))
	}
	return NewV8Hash(md5.New(), ns, name).withVersion(3)
}

// NewV5 returns the version 5 UUID of name in the namespace ns: the first
// 128 bits of the SHA-1 of the namespace's bytes followed by the name
// (RFC 9562, Section 5.5). The same namespace and name always give the same
// UUID. NewV5 does not allocate for names of up to 64 bytes. As for
// [NewV3], the hash makes an identifier, not a security property, and
// NewV5 works under GODEBUG=fips140=only from Go 1.26; [NewV8Hash] with
// crypto/sha256 is the FIPS-approved choice for new designs.
func NewV5(ns UUID, name string) UUID {
	if fipsEnforced() {
		return nameBasedWithoutFIPS(NewV5, ns, name)
	}
	if len(name) <= shortName {
		var buf [Size + shortName]byte
		copy(buf[:], ns[:])
		n := copy(buf[Size:], name)
		sum := sha1.Sum(buf[:Size+n])
		return hashLayout(5, [16]byte(sum[:]))
	}
	return NewV8Hash(sha1.New(), ns, name).withVersion(5)
}

// nameBasedWithoutFIPS returns f(ns, name) with FIPS 140 enforcement
// lifted, inside which f takes its ordinary path. It is a function of its
// own so that NewV3 and NewV5 keep the frame and speed they have without it.
//
//go:noinline
func nameBasedWithoutFIPS(f func(UUID, string) UUID, ns UUID, name string) (u UUID) {
	withoutFIPS(func() { u = f(ns, name) })
	return u
}
