// Package uuid is the API of github.com/google/uuid v1.6 on top of
// [github.com/afb7af96/uuid], so that most code written for google/uuid
// compiles after changing its import path and nothing else. Code that
// calls the methods Time, ClockSequence, NodeID, Domain or ID of a UUID, or
// SetRand and the other functions that change google/uuid's package state,
// does not: see "What does not compile" below for each and its
// replacement.
//
// # What behaves differently
//
// These are all the differences in behaviour from google/uuid v1.6.0 in
// what compiles unchanged. A test in CI runs google/uuid beside this package
// on the same inputs and fails on any other.
//
//   - G1. [UUID.Scan] of SQL NULL, of "" and of an empty []byte is an
//     error; google/uuid returns nil and leaves the UUID unchanged (and its
//     NullUUID reports Valid for ""). Scan a column that may be NULL or
//     empty into a [NullUUID].
//   - G2. The 38-byte form must be braced: google/uuid's Parse, ParseBytes,
//     UnmarshalText, MustParse and Scan accept any two bytes around the
//     36-byte form, such as "[…]". (Its Validate checked the braces.)
//   - G3. On failure Parse and ParseBytes return [Nil]; google/uuid's
//     return the bytes decoded before the error.
//   - G4. [IsInvalidLengthError] also reports true for the error Scan
//     returns for text of a wrong length; google/uuid's Scan wraps that
//     error, so its IsInvalidLengthError reports false.
//   - G5. [Version] prints as "v4" (google/uuid: "VERSION_4"), and
//     [Variant] as "RFC 9562", "NCS", "Microsoft" or "Future" (google/uuid:
//     "RFC4122", "Reserved", …), with other numbers behind the constants:
//     compare with [RFC4122] and the others, not with integers.
//   - G6. fmt's %x and %X print the 32 hex digits, and %S the upper-case
//     text; google/uuid printed the hex of the 36-character text (72
//     digits) and [%!S(uint8=248) …]. %s, %v, %q and %d, with any flags,
//     width and precision, print what google/uuid prints.
//   - G7. %#v prints Go syntax of the library (uuid.MustParse("…"));
//     google/uuid printed uuid.UUID{0x…, …}.
//   - G8. [NewV6] writes the version 6 layout of RFC 9562; google/uuid's
//     NewV6 wrote its 60-bit timestamp as a 64-bit number, so that the
//     library reads a version 6 UUID made by google/uuid as made near 1610,
//     and google/uuid reads one made here as made near 8688. Convert stored
//     values from google/uuid with [FromGoogleV6].
//   - G9. The time and clock sequence of a version 2 (DCE Security) UUID are
//     read as DCE 1.1 defines them: the time without its low 32 bits, which
//     hold the local ID, and a 6-bit clock sequence; google/uuid reads them
//     as in version 1.
//   - G10. [NullUUID.UnmarshalText] of "null" and
//     [NullUUID.UnmarshalBinary] of no bytes give a null NullUUID, the
//     forms its MarshalText and MarshalBinary give one; google/uuid returns
//     an error.
//   - G11. Errors have other types and texts: match them with [errors.Is]
//     and [errors.As] against the library's ([uuid.ErrLength],
//     [*uuid.ParseError], [uuid.ErrScanNull], …), and a wrong length with
//     [IsInvalidLengthError], which agrees with google/uuid's except as G4
//     says.
//   - G12. Where no network interface has a hardware address, the node of
//     [NodeID], [NewUUID], [NewV6] and the version 2 UUIDs is random with
//     the multicast bit set (RFC 9562, Section 6.10); google/uuid's random
//     node leaves that bit as drawn. Where one has, both take the first.
//   - G13. [NewUUID] (and [NewV6], [GetTime]) called again within the same
//     100-ns tick of the clock, or after the clock stepped back, gives the
//     next tick after the last UUID and keeps the clock sequence;
//     google/uuid keeps the clock's time and increments the clock
//     sequence. Both keep UUIDs unique.
//   - G14. [NullUUID.UnmarshalJSON] called directly (not through
//     encoding/json, which removes the spaces first) on null with spaces
//     around it (" null ") sets a null NullUUID; google/uuid's leaves the
//     UUID as it was and sets Valid.
//   - G15. The MongoDB Go driver (go.mongodb.org/mongo-driver/v2) writes a
//     [UUID] as BSON binary subtype 4 (UUID) and a [NullUUID] as that or
//     BSON null; for google/uuid it wrote binary subtype 0 and the document
//     {uuid: <binary>, valid: <bool>}. Both shapes are read here, so a
//     program moved onto this package reads what it wrote before, but code
//     still on google/uuid cannot read the new shapes, and a query
//     {id: u} no longer matches the documents written before the move.
//     Either write the old shapes through a registry, or convert the stored
//     documents once: docs/migrating.md gives both, tested against the
//     driver.
//   - G16. Through github.com/fxamacker/cbor/v2, a [UUID] is CBOR tag 37
//     around its 16 bytes and a null [NullUUID] is CBOR null (f6);
//     google/uuid wrote a bare 16-byte string and, for null, an empty byte
//     string, which its own NullUUID cannot read back. Both shapes are read
//     here, and google/uuid reads the new ones.
//   - G17. The 12 bits of a version 7 UUID after the version (rand_a) hold
//     the time within the millisecond in steps of 1/4096 ms (RFC 9562,
//     Section 6.2, Method 3), as Go's standard uuid and PostgreSQL 18
//     write it, and a 4-bit counter after the variant orders the UUIDs of
//     one step; google/uuid's rand_a is the time within the millisecond in
//     256-ns steps, plus one per UUID when that has not moved. Both keep
//     the values of one process increasing. [uuid.UUID.Time] reads rand_a
//     back, to 1/4096 ms; google/uuid's Time reads the millisecond alone.
//
// # What does not compile
//
// [UUID] is an alias of the library's [uuid.UUID], so values cross freely
// between code on either import, and its methods are the library's. Where
// they differ in signature from google/uuid's, the compiler says so:
// Time returns a [time.Time] and a bool (use [uuid.UUID.Time]; google/uuid's
// Time type stays here for [GetTime]), ClockSequence, NodeID and Domain
// return a bool too, NodeID an array, and ID is [uuid.UUID.LocalID]. Not
// here, because they would change the library's state for every caller:
// SetRand, EnableRandPool, DisableRandPool, SetNodeID, SetNodeInterface,
// NodeInterface and SetClockSequence (use a [uuid.Generator] with
// [uuid.GeneratorOptions]); NewV7FromReader (use a Generator with Rand); and
// the Variant Invalid, which Variant never returned.
//
// # Moving to the library's names
//
//	import "github.com/afb7af96/uuid/compat/google/uuid"
//
// Every function here that is one call of the library carries a
// //go:fix inline directive: run
//
//	go fix -inline ./...
//
// (Go 1.26 or later) and the calls are rewritten onto the library's own
// names. What is left afterwards (the variables [Nil], [Max] and NameSpace*,
// [Must], [MustParse], [Validate], [IsInvalidLengthError], [NewHash],
// [NewRandomFromReader], [NewUUID], [NewV6] and the DCE constructors, whose
// node the library's defaults choose differently, [GetTime] and the other
// clock functions) is listed with its replacement in the library's
// docs/migrating.md.
package uuid

import (
	"hash"
	"io"
	"os"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/compat/internal/hwnode"
)

// A UUID is the library's [uuid.UUID]: 16 bytes in RFC 9562 order.
//
//go:fix inline
type UUID = uuid.UUID

// A Version is the library's [uuid.Version]. Its String method prints "v4"
// where google/uuid printed "VERSION_4".
//
//go:fix inline
type Version = uuid.Version

// A Variant is the library's [uuid.Variant]. Its constants have the same
// meaning as google/uuid's, but other numbers: compare with the constants,
// not with integers.
//
//go:fix inline
type Variant = uuid.Variant

// A Domain is the library's [uuid.Domain], the local domain of a version 2
// (DCE Security) UUID.
//
//go:fix inline
type Domain = uuid.Domain

// NullUUID is the library's [uuid.NullUUID]: a UUID that may be SQL NULL or
// JSON null, with the fields UUID and Valid.
//
//go:fix inline
type NullUUID = uuid.NullUUID

// The domains of version 2 (DCE Security) UUIDs.
const (
	//go:fix inline
	Person = uuid.DomainPerson
	//go:fix inline
	Group = uuid.DomainGroup
	//go:fix inline
	Org = uuid.DomainOrg
)

// The variants that [UUID.Variant] returns. google/uuid's Invalid is not here:
// its Variant method never returned it.
const (
	//go:fix inline
	RFC4122 = uuid.VariantRFC9562
	//go:fix inline
	Reserved = uuid.VariantNCS
	//go:fix inline
	Microsoft = uuid.VariantMicrosoft
	//go:fix inline
	Future = uuid.VariantFuture
)

// Well-known UUIDs. They are variables, as in google/uuid; the library's own
// are functions, so that no caller can change them: Nil is uuid.Nil() (or
// UUID{}), Max is uuid.Max(), NameSpaceDNS is uuid.NamespaceDNS(), and so on.
var (
	NameSpaceDNS  = uuid.NamespaceDNS()
	NameSpaceURL  = uuid.NamespaceURL()
	NameSpaceOID  = uuid.NamespaceOID()
	NameSpaceX500 = uuid.NamespaceX500()
	Nil           UUID // the Nil UUID, all zeros
	Max           = uuid.Max()
)

// New returns a random (version 4) UUID. It never fails and never panics.
//
//go:fix inline
func New() UUID { return uuid.New() }

// NewRandom returns a random (version 4) UUID. The error is always nil:
// the library reads crypto/rand, which cannot fail from Go 1.24 on.
//
//go:fix inline
func NewRandom() (UUID, error) { return uuid.New(), nil }

// NewString returns a new random UUID as a string, as New().String() does.
//
//go:fix inline
func NewString() string { return uuid.New().String() }

// NewRandomFromReader returns a version 4 UUID made from the first 16 bytes
// read from r, with the version and variant bits set, as google/uuid does.
// The error is non-nil if r fails; it matches [uuid.ErrRandom] and r's error.
//
// It has no //go:fix inline directive: Go 1.26.8's inliner adds an import of
// "io" that the rewritten call does not use, so the caller would not compile.
func NewRandomFromReader(r io.Reader) (UUID, error) {
	return uuid.NewGenerator(uuid.GeneratorOptions{Rand: r}).NewV4()
}

// gen makes the clock-based UUIDs of this package, as google/uuid's
// package state does: its node is the hardware address of the first
// network interface that has one (see [NodeID]), and version 6 UUIDs carry
// that node and the clock sequence of version 1.
var gen = uuid.NewGenerator(uuid.GeneratorOptions{Node: nodes, V6Node: true})

// nodes is the node of gen.
var nodes = hwnode.First()

// NewUUID returns a version 1 UUID: the current time, the clock sequence
// and the node of this package's generator (see [NodeID]). A clock that has
// not moved since the last call gives the next 100-ns tick, where
// google/uuid keeps the time and increments the clock sequence (G13). The
// error is non-nil only if the clock is so far behind that every clock
// sequence is used; it matches [uuid.ErrExhausted].
func NewUUID() (UUID, error) { return gen.NewV1() }

// NewV6 returns a version 6 UUID with the node and clock sequence that
// [NewUUID] uses, as google/uuid's does (see G8 for its layout). Values are
// strictly increasing. The error is as for NewUUID.
func NewV6() (UUID, error) { return gen.NewV6() }

// NewV7 returns a version 7 UUID. Values are strictly increasing across the
// process. The error is always nil.
//
//go:fix inline
func NewV7() (UUID, error) { return uuid.NewV7(), nil }

// NewDCESecurity returns a version 2 (DCE Security) UUID for the domain and
// ID, with the node of [NewUUID]. The error is as for NewUUID.
func NewDCESecurity(domain Domain, id uint32) (UUID, error) { return gen.NewV2(domain, id) }

// NewDCEPerson returns a version 2 UUID in the Person domain for the
// caller's POSIX user ID, os.Getuid(). The error is as for [NewUUID].
func NewDCEPerson() (UUID, error) { return gen.NewV2(uuid.DomainPerson, uint32(os.Getuid())) }

// NewDCEGroup returns a version 2 UUID in the Group domain for the caller's
// POSIX group ID, os.Getgid(). The error is as for [NewUUID].
func NewDCEGroup() (UUID, error) { return gen.NewV2(uuid.DomainGroup, uint32(os.Getgid())) }

// NewMD5 returns the version 3 UUID of data in the namespace space.
//
//go:fix inline
func NewMD5(space UUID, data []byte) UUID { return uuid.NewV3(space, string(data)) }

// NewSHA1 returns the version 5 UUID of data in the namespace space.
//
//go:fix inline
func NewSHA1(space UUID, data []byte) UUID { return uuid.NewV5(space, string(data)) }

// NewHash returns the UUID made of the first 16 bytes of h over space's
// bytes followed by data, with the version field set to the low 4 bits of
// version and the variant of RFC 9562. h is reset first. A hash shorter than
// 16 bytes leaves the remaining bytes zero. For versions 3, 5 and 8, the
// library has [uuid.NewV3], [uuid.NewV5] and [uuid.NewV8Hash].
func NewHash(h hash.Hash, space UUID, data []byte, version int) UUID {
	h.Reset()
	h.Write(space[:])
	h.Write(data)
	var u UUID
	copy(u[:], h.Sum(nil))
	u[6] = u[6]&0x0f | byte(version&0x0f)<<4
	u[8] = u[8]&0x3f | 0x80
	return u
}

// Parse returns the UUID in s, in any of the four forms of [uuid.Parse].
// It is stricter than google/uuid's: braces must be braces.
//
//go:fix inline
func Parse(s string) (UUID, error) { return uuid.Parse(s) }

// ParseBytes is like Parse but takes a byte slice.
//
//go:fix inline
func ParseBytes(b []byte) (UUID, error) { return uuid.ParseBytes(b) }

// MustParse is like Parse but panics if s is not a UUID, with the string
// google/uuid's MustParse panics with: "uuid: Parse(" + s + "): " and the
// error's text. (The library's [uuid.MustParse] panics with the
// [*uuid.ParseError] itself, so this function has no //go:fix inline
// directive.)
func MustParse(s string) UUID {
	u, err := uuid.Parse(s)
	if err != nil {
		panic(`uuid: Parse(` + s + `): ` + err.Error())
	}
	return u
}

// FromBytes returns the UUID whose 16 bytes are b, or an error if len(b) is
// not 16.
//
//go:fix inline
func FromBytes(b []byte) (UUID, error) { return uuid.FromBytes(b) }

// Must returns u if err is nil and panics with err otherwise.
func Must(u UUID, err error) UUID {
	if err != nil {
		panic(err)
	}
	return u
}

// Validate returns an error if s is not a UUID in one of the four forms
// Parse accepts, the same forms google/uuid's Validate accepts.
func Validate(s string) error {
	_, err := uuid.Parse(s)
	return err
}

// IsInvalidLengthError reports whether err is the error Parse, ParseBytes,
// Validate or [UUID.UnmarshalText] return for text of a length no form has:
// not 32, 36, 38 or 45 bytes. As in google/uuid, only that error itself
// matches, not an error wrapping it, and text of one of those lengths does
// not match even when it is too short for its form (a 38-byte text that does
// not start with "{").
func IsInvalidLengthError(err error) bool {
	pe, ok := err.(*uuid.ParseError)
	if !ok {
		return false
	}
	// The library keeps up to 64 bytes of the input, with a mark after a
	// cut, so the kept length is the input's for every length that matters.
	switch len(pe.Input) {
	case 32, 36, 38, 45:
		return false
	}
	return true
}

// UUIDs is a slice of UUIDs.
type UUIDs []UUID

// Strings returns the canonical form of each UUID in uuids.
func (uuids UUIDs) Strings() []string {
	s := make([]string, len(uuids))
	for i, u := range uuids {
		s[i] = u.String()
	}
	return s
}
