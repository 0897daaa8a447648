package uuid

import "strconv"

// Version 2, DCE Security (DCE 1.1, Authentication and Security
// Services): version 1's layout with the low 32 bits of the timestamp
// replaced by a local ID, such as a POSIX UID, and the low byte of the
// clock sequence by the ID's domain.

// A Domain is the local domain of a DCE Security (version 2) UUID: whose
// identifier its local ID is.
type Domain uint8

// The local domains of DCE 1.1 Security.
const (
	DomainPerson Domain = 0 // a POSIX user ID
	DomainGroup  Domain = 1 // a POSIX group ID
	DomainOrg    Domain = 2 // an organization ID
)

// String returns "Person", "Group", "Org", or, for other values, "Domain"
// and the decimal number, such as "Domain3", as github.com/google/uuid
// spells them.
func (d Domain) String() string {
	switch d {
	case DomainPerson:
		return "Person"
	case DomainGroup:
		return "Group"
	case DomainOrg:
		return "Org"
	}
	return "Domain" + strconv.Itoa(int(d))
}

// NewV2 returns a version 2 (DCE Security) UUID for the local domain d and
// ID id, such as a POSIX UID for [DomainPerson]. See [Generator.NewV2] for
// its limits. Like version 1, a v2 UUID reveals when (to within 7m10s)
// and on which machine it was made.
func NewV2(d Domain, id uint32) UUID { return orPanic(defaultGenerator.NewV2(d, id)) }

// NewV2 returns a version 2 (DCE Security) UUID for the local domain d and
// ID id. The layout keeps only a 6-bit clock sequence and drops the low 32
// bits of the time, so it holds 64 distinct values per 7m10s per domain, ID
// and node; g hands out those 64 and then moves the timestamp ahead by one
// such period rather than repeat a value.
func (g *Generator) NewV2(d Domain, id uint32) (UUID, error) {
	ticks, seq, node, err := g.nextDCE()
	if err != nil {
		return UUID{}, err
	}
	return v2Layout(ticks, seq, d, id, node), nil
}

// Domain returns the local domain of a version 2 (DCE Security) UUID and
// reports whether u is one.
func (u UUID) Domain() (Domain, bool) {
	if !u.is(2) {
		return 0, false
	}
	_, _, d, _, _ := v2Fields(u)
	return d, true
}

// LocalID returns the local ID (such as a POSIX UID or GID) of a version 2
// (DCE Security) UUID and reports whether u is one.
func (u UUID) LocalID() (uint32, bool) {
	if !u.is(2) {
		return 0, false
	}
	_, _, _, id, _ := v2Fields(u)
	return id, true
}
