package uuid

// New returns a new random UUID, as [NewV4] does. Programs that need no
// particular version should use New; Go 1.27's standard uuid package makes
// the same choice.
func New() UUID { return NewV4() }

// NewV4 returns a version 4 UUID: 122 bits from crypto/rand (RFC 9562,
// Section 5.4), read in buffered chunks. It reveals nothing about when or
// where it was made. NewV4 does not allocate and is safe for concurrent use.
func NewV4() UUID {
	var u UUID
	fillCrypto(&defaultGenerator, u[:])
	return u.withVersion(4)
}

// NewV4 returns a version 4 UUID with 122 bits from g's random source. The
// error is non-nil only if the caller's Rand failed.
func (g *Generator) NewV4() (UUID, error) {
	var u UUID
	if err := g.fillRand(u[:]); err != nil {
		return UUID{}, err
	}
	return u.withVersion(4), nil
}
