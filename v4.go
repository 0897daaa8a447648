package uuid

import "crypto/rand"

// New returns a new random UUID, as [NewV4] does. Programs that need no
// particular version should use New; Go 1.27's standard uuid package makes
// the same choice.
func New() UUID { return NewV4() }

// NewV4 returns a version 4 UUID: 122 bits from crypto/rand (RFC 9562,
// Section 5.4), read afresh for each UUID. It reveals nothing about when or
// where it was made. NewV4 does not allocate and is safe for concurrent use.
// [FillV4] makes many at a lower cost per UUID.
func NewV4() UUID {
	// The default generator's source is crypto/rand, which cannot fail:
	// read it straight into the result, with no lock or copy between.
	var u UUID
	rand.Read(u[:])
	u.setVersion(4)
	return u
}

// FillV4 fills dst with version 4 UUIDs, drawing the random bits of all of
// them from crypto/rand in one read. It is the fast way to make many random
// UUIDs, and keeps nothing afterwards. It cannot fail: like [FillV7], it
// would panic with the error of [Generator.FillV4], which for crypto/rand
// is always nil.
func FillV4(dst []UUID) { orPanic(UUID{}, defaultGenerator.FillV4(dst)) }

// NewV4 returns a version 4 UUID with 122 bits from g's random source. The
// error is non-nil only if the caller's Rand failed.
func (g *Generator) NewV4() (UUID, error) {
	var u UUID
	if err := g.entropy.read(u[:]); err != nil {
		return UUID{}, err
	}
	return u.withVersion(4), nil
}

// FillV4 fills dst with version 4 UUIDs, reading the random bits of all of
// them from g's random source at once. The error is non-nil only if the
// caller's Rand failed; dst is then left zeroed.
func (g *Generator) FillV4(dst []UUID) error {
	if err := g.entropy.readUUIDs(dst); err != nil {
		clear(dst)
		return err
	}
	for i := range dst {
		dst[i].setVersion(4) // in place: no 16-byte copy to stall on
	}
	return nil
}
