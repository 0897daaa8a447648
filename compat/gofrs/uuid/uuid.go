// Package uuid is the API of github.com/gofrs/uuid/v5 on top of
// [github.com/afb7af96/uuid], so that most code written for gofrs/uuid
// compiles after changing its import path and nothing else. Code that calls
// the methods Bytes, IsNil, Parse, SetVersion or SetVariant of a UUID, or
// DefaultGenerator, the ...AtTime functions and gofrs/uuid's Err... values,
// does not: see "What does not compile" below for each and its
// replacement.
//
// # What behaves differently
//
// These are all the differences in behaviour from gofrs/uuid v5.5.1 in
// what compiles unchanged. A test in CI runs gofrs/uuid beside this package
// on the same inputs and fails on any other.
//
//   - F1. [FromString], UnmarshalText, Scan and JSON reject the braced and
//     URN forms of the 32-digit text ({6ba7b8109dad…} and
//     urn:uuid:6ba7b8109dad…), which gofrs/uuid accepts. Use the
//     hyphenated form inside braces or after the prefix.
//   - F2. The "urn:uuid:" prefix is accepted in any case, as RFC 8141
//     allows; gofrs/uuid accepts only lower case.
//   - F3. On failure [FromString] returns [Nil], and UnmarshalText, Scan
//     and UnmarshalJSON leave the UUID as it was; gofrs/uuid may leave the
//     bytes decoded before the error (and its Scan of bad text sets Nil).
//   - F4. After a failed [NullUUID] Scan, Valid is false; gofrs/uuid sets
//     it to true.
//   - F5. Scan does not accept a UUID value, which gofrs/uuid accepts for
//     gorm: pass u.String() or u[:].
//   - F6. [NullUUID] UnmarshalJSON decodes escapes in the JSON string, as
//     encoding/json does for a UUID; gofrs/uuid's rejects a string with
//     escapes.
//   - F7. Version and Variant return the library's [uuid.Version] and
//     [uuid.Variant], which print as "v4" and "RFC 9562" where gofrs/uuid's
//     byte printed 4 and 1. The constants [V1] to [V8] are untyped, so they
//     compare with either; the Variant constants are [uuid.Variant], not
//     byte: convert with byte(...) where a byte is needed.
//   - F8. fmt honours flags, width and precision, as for a string;
//     gofrs/uuid ignores them.
//   - F9. %#v prints Go syntax of the library (uuid.MustParse("…"));
//     gofrs/uuid printed [16]uint8{0x…, …}.
//   - F10. Errors have other types and texts, and gofrs/uuid's Err… values
//     are not here (but [ErrV8FieldLength]): match errors with [errors.Is]
//     and [errors.As] against the library's ([uuid.ErrLength],
//     [*uuid.ParseError], [uuid.ErrVersion], [uuid.ErrScanType], …).
//   - F11. [NullUUID] has text and binary methods, as google/uuid's has: a
//     NullUUID is its canonical text, or "null", in encoding/xml and
//     log/slog, can be a JSON object key, and is its 16 bytes (or none) in
//     encoding/gob; gofrs/uuid's NullUUID is a plain struct there, so gob
//     streams written by one cannot be read by the other.
//   - F12. A [Gen] whose clock has not moved since its last version 1 or 6
//     UUID gives the next one the next 100-ns tick, staying ahead of the
//     clock; gofrs/uuid keeps the time and increments the clock sequence.
//     Both keep UUIDs unique.
//   - F13. fmt verbs other than %v, %s, %S, %q, %x and %X (such as %d)
//     print the 16 bytes as a [16]byte would print, as google/uuid and
//     Go's uuid do; gofrs/uuid printed %!d(uuid.UUID=…).
//   - F14. [NullUUID.UnmarshalJSON] called directly (not through
//     encoding/json, which removes the spaces and checks the quotes first)
//     accepts null or a quoted UUID with spaces around it, and rejects a
//     UUID without quotes; gofrs/uuid's does the opposite.
//   - F15. A [Gen] whose clock ([WithEpochFunc]) is outside the years 1678
//     to 2262 writes that time, clamped to what version 1 and 6 UUIDs hold
//     (1582-10-15 into the year 5236); gofrs/uuid's timestamp wraps around,
//     because time.Time.UnixNano does.
//   - F16. The random node of [NewV6] has the multicast bit set (RFC 9562,
//     Section 6.10); gofrs/uuid's leaves it as drawn.
//   - F17. The MongoDB Go driver (go.mongodb.org/mongo-driver/v2) writes a
//     [UUID] as BSON binary subtype 4 (UUID) and a [NullUUID] as that or
//     BSON null; for gofrs/uuid it wrote binary subtype 0 and the document
//     {uuid: <binary>, valid: <bool>}. Both shapes are read here, so a
//     program moved onto this package reads what it wrote before, but code
//     still on gofrs/uuid cannot read the new shapes, and a query {id: u}
//     no longer matches the documents written before the move. Either
//     write the old shapes through a registry, or convert the stored
//     documents once: docs/migrating.md gives both, tested against the
//     driver.
//   - F18. Through github.com/fxamacker/cbor/v2, a [UUID] is CBOR tag 37
//     around its 16 bytes and a [NullUUID] is that or CBOR null (f6);
//     gofrs/uuid wrote a bare 16-byte string and the map {"UUID": <bytes>,
//     "Valid": <bool>}. Both shapes are read here, but code still on
//     gofrs/uuid cannot read a NullUUID written after the move: move the
//     readers first.
//   - F19. The 12 bits of a version 7 UUID after the version (rand_a) hold
//     the time within the millisecond in steps of 1/4096 ms (RFC 9562,
//     Section 6.2, Method 3), as Go's standard uuid and PostgreSQL 18
//     write it, and a 4-bit counter after the variant orders the UUIDs of
//     one step; gofrs/uuid's rand_a is a sequence that counts up by one per
//     UUID within a millisecond and is kept across milliseconds. Both keep
//     the values of one generator increasing.
//   - F20. A [Gen] given a reader ([WithRandomReader]) puts its bytes
//     into version 6 and 7 UUIDs in another order than gofrs/uuid's, which
//     first takes 2 bytes for a clock sequence, so the same reader gives
//     other values (versions 1 and 4 get the same bytes in the same
//     places); and where [WithHWAddrFunc]'s function fails, the random node
//     comes from crypto/rand, not from the reader.
//
// # What does not compile
//
// [UUID] is an alias of the library's [uuid.UUID], so values cross freely
// between code on either import, and its methods are the library's: there
// is no Bytes, IsNil, Parse, SetVersion or SetVariant (use u[:],
// u.IsZero(), [uuid.Parse], and the constructors). Not here either:
// DefaultGenerator, the ...AtTime functions and methods, and the NewV3,
// NewV5 and NewV8 methods of [Gen] (use the functions, which need no
// generator).
//
// # Moving to the library's names
//
//	import "github.com/afb7af96/uuid/compat/gofrs/uuid"
//
// Every function here that is one call of the library carries a
// //go:fix inline directive: run
//
//	go fix -inline ./...
//
// (Go 1.26 or later) and the calls are rewritten onto the library's own
// names. What is left afterwards (the variables [Nil], [Max] and
// Namespace*, [Must], the ...OrNil functions, [NewV1], [NewGen], [NewV8],
// [Timestamp] and the generator options) is listed with its replacement in
// the library's docs/migrating.md.
package uuid

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/afb7af96/uuid"
)

// A UUID is the library's [uuid.UUID]: 16 bytes in RFC 9562 order.
//
//go:fix inline
type UUID = uuid.UUID

// NullUUID is the library's [uuid.NullUUID]: a UUID that may be SQL NULL or
// JSON null, with the fields UUID and Valid.
//
//go:fix inline
type NullUUID = uuid.NullUUID

// Size is the length of a UUID in bytes.
//
//go:fix inline
const Size = uuid.Size

// The UUID versions. They are untyped, so they compare with the library's
// [uuid.Version] that [UUID.Version] returns, as they compared with
// gofrs/uuid's byte.
const (
	V1 = 1 // Version 1 (date-time and MAC address)
	V3 = 3 // Version 3 (namespace name-based, MD5)
	V4 = 4 // Version 4 (random)
	V5 = 5 // Version 5 (namespace name-based, SHA-1)
	V6 = 6 // Version 6 (k-sortable Gregorian timestamp)
	V7 = 7 // Version 7 (k-sortable Unix timestamp)
	V8 = 8 // Version 8 (custom)
)

// The UUID layout variants, as [UUID.Variant] returns them.
const (
	//go:fix inline
	VariantNCS = uuid.VariantNCS
	//go:fix inline
	VariantRFC9562 = uuid.VariantRFC9562
	//go:fix inline
	VariantMicrosoft = uuid.VariantMicrosoft
	//go:fix inline
	VariantFuture = uuid.VariantFuture
	//go:fix inline
	VariantRFC4122 = uuid.VariantRFC9562
)

// The DCE Security domains.
const (
	//go:fix inline
	DomainPerson = uuid.DomainPerson
	//go:fix inline
	DomainGroup = uuid.DomainGroup
	//go:fix inline
	DomainOrg = uuid.DomainOrg
)

// Well-known UUIDs. They are variables, as in gofrs/uuid; the library's own
// are functions, so that no caller can change them: Nil is uuid.Nil() (or
// UUID{}), Max is uuid.Max(), NamespaceDNS is uuid.NamespaceDNS(), and so on.
var (
	Nil           = uuid.Nil()
	Max           = uuid.Max()
	NamespaceDNS  = uuid.NamespaceDNS()
	NamespaceURL  = uuid.NamespaceURL()
	NamespaceOID  = uuid.NamespaceOID()
	NamespaceX500 = uuid.NamespaceX500()
)

// Error is the type of the errors this package defines itself.
type Error string

// Error returns e as a string.
func (e Error) Error() string { return string(e) }

// ErrV8FieldLength is returned by NewV8 for a field of the wrong length.
const ErrV8FieldLength = Error("uuid: V8 field has incorrect length")

// FromBytes returns the UUID whose 16 bytes are input, or an error if
// len(input) is not 16.
//
//go:fix inline
func FromBytes(input []byte) (UUID, error) { return uuid.FromBytes(input) }

// FromBytesOrNil is like FromBytes but returns Nil instead of an error.
func FromBytesOrNil(input []byte) UUID {
	u, _ := uuid.FromBytes(input)
	return u
}

// FromString returns the UUID in text, in any of the four forms of
// [uuid.Parse]. It does not accept gofrs/uuid's braced and URN forms of the
// 32-digit form ({6ba7b8109dad...} and urn:uuid:6ba7b8109dad...).
//
//go:fix inline
func FromString(text string) (UUID, error) { return uuid.Parse(text) }

// FromStringOrNil is like FromString but returns Nil instead of an error.
func FromStringOrNil(input string) UUID {
	u, _ := uuid.Parse(input)
	return u
}

// Must returns u if err is nil and panics with err otherwise.
func Must(u UUID, err error) UUID {
	if err != nil {
		panic(err)
	}
	return u
}

// gen is the generator of [NewV1], as gofrs/uuid's DefaultGenerator is.
var gen = NewGen()

// NewV1 returns a version 1 UUID from this package's generator: the
// current time, its clock sequence and, as in gofrs/uuid, the first 6
// bytes of the hardware address of the first network interface that has
// one of 6 bytes or more, in the order [net.Interfaces] lists them, whether
// universally or locally administered (the library's own default,
// [uuid.HardwareNode], skips locally administered addresses); where there
// is none, a random node with the multicast bit set, drawn once per
// process. The error is non-nil only if the clock is so far behind that
// every clock sequence is used; it matches [uuid.ErrExhausted].
func NewV1() (UUID, error) { return gen.NewV1() }

// NewV3 returns the version 3 UUID of name in the namespace ns.
//
//go:fix inline
func NewV3(ns UUID, name string) UUID { return uuid.NewV3(ns, name) }

// NewV4 returns a random (version 4) UUID. The error is always nil: the
// library reads crypto/rand, which cannot fail from Go 1.24 on.
//
//go:fix inline
func NewV4() (UUID, error) { return uuid.NewV4(), nil }

// NewV5 returns the version 5 UUID of name in the namespace ns.
//
//go:fix inline
func NewV5(ns UUID, name string) UUID { return uuid.NewV5(ns, name) }

// NewV6 returns a version 6 UUID with a random clock sequence and node.
// Values are strictly increasing across the process. The error is always nil.
//
//go:fix inline
func NewV6() (UUID, error) { return uuid.NewV6(), nil }

// NewV7 returns a version 7 UUID. Values are strictly increasing across the
// process, whatever the clock does. The error is always nil.
//
//go:fix inline
func NewV7() (UUID, error) { return uuid.NewV7(), nil }

// NewV8 returns a version 8 UUID made of customA (6 bytes), the low 12 bits
// of customB (2 bytes) and the low 62 bits of customC (8 bytes), with the
// version and variant bits set (RFC 9562, Section 5.8). It returns
// ErrV8FieldLength if a field has another length.
func NewV8(customA, customB, customC []byte) (UUID, error) {
	if len(customA) != 6 || len(customB) != 2 || len(customC) != 8 {
		return Nil, ErrV8FieldLength
	}
	var custom [16]byte
	copy(custom[:], customA)
	copy(custom[6:], customB)
	copy(custom[8:], customC)
	return uuid.NewV8(custom), nil
}

// A Timestamp is the timestamp of a version 1, 6 or 7 UUID as a count of
// 100-ns intervals since 1582-10-15 00:00 UTC (version 7's milliseconds
// converted to that unit). The library's [uuid.UUID.Time] returns a
// [time.Time] instead.
type Timestamp uint64

// gregorianOffset is the number of seconds from the start of the Gregorian
// calendar, 1582-10-15, to the Unix epoch.
const gregorianOffset = 12219292800

// Time returns t as a [time.Time] in the local time zone. The error is
// always nil.
func (t Timestamp) Time() (time.Time, error) {
	return time.Unix(int64(t/1e7)-gregorianOffset, int64(t%1e7)*100), nil
}

// TimestampFromV1 returns the Timestamp of a version 1 UUID, or an error
// matching [uuid.ErrVersion] for other versions. As in gofrs/uuid, only the
// version field is checked, not the variant.
func TimestampFromV1(u UUID) (Timestamp, error) {
	if err := checkVersion(u, 1); err != nil {
		return 0, err
	}
	low := uint64(binary.BigEndian.Uint32(u[0:4]))
	mid := uint64(binary.BigEndian.Uint16(u[4:6]))
	hi := uint64(binary.BigEndian.Uint16(u[6:8]) & 0x0fff)
	return Timestamp(hi<<48 | mid<<32 | low), nil
}

// TimestampFromV6 returns the Timestamp of a version 6 UUID, or an error
// matching [uuid.ErrVersion] for other versions. As in gofrs/uuid, only the
// version field is checked, not the variant.
func TimestampFromV6(u UUID) (Timestamp, error) {
	if err := checkVersion(u, 6); err != nil {
		return 0, err
	}
	hi := uint64(binary.BigEndian.Uint32(u[0:4]))
	mid := uint64(binary.BigEndian.Uint16(u[4:6]))
	low := uint64(binary.BigEndian.Uint16(u[6:8]) & 0x0fff)
	return Timestamp(hi<<28 | mid<<12 | low), nil
}

// TimestampFromV7 returns the Timestamp of a version 7 UUID, its Unix
// milliseconds converted, or an error matching [uuid.ErrVersion] for other
// versions. As in gofrs/uuid, only the version field is checked, not the
// variant.
func TimestampFromV7(u UUID) (Timestamp, error) {
	if err := checkVersion(u, 7); err != nil {
		return 0, err
	}
	ms := binary.BigEndian.Uint64(u[0:8]) >> 16
	return Timestamp(gregorianOffset*1e7 + ms*1e4), nil
}

// checkVersion returns an error matching [uuid.ErrVersion] if the version
// field of u is not v.
func checkVersion(u UUID, v uuid.Version) error {
	if u.Version() != v {
		return fmt.Errorf("%w: %s is version %d, not version %d", uuid.ErrVersion, u, u.Version(), v)
	}
	return nil
}
