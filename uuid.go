// Package uuid implements the UUIDs of [RFC 9562], versions 1 to 8.
//
// A [UUID] is a [16]byte in RFC 9562 byte order whose zero value is the Nil
// UUID. UUIDs compare with ==, sort with [UUID.Compare] and print with
// [UUID.String].
//
// # Choosing a version
//
// Use [New] (version 4, random) for opaque identifiers, [NewV7] for
// database keys that sort by creation time, [NewV5] for the same UUID from
// the same name, and [NewV7Name] for a key that sorts by time and that a
// retry makes again from the same time and name. [NewV1], [NewV6] and
// [NewV2] serve protocols that name them; [NewV8] takes your own layout.
// Versions 1, 2 and 6 may carry the host's MAC address; versions 1, 2, 6
// and 7 reveal when they were made (RFC 9562, Section 8).
//
// # Text forms
//
// [Parse] accepts the canonical form, 32 hex digits, the canonical form in
// braces and the URN, in either case; [ParseStrict] only the canonical
// form. Text that is not a UUID gives a [*ParseError], whose kind, such as
// [ErrDigit], matches with [errors.Is]; the packages typeid, ulid and
// short report bad text with the same *ParseError. [UUID.String] writes
// the lowercase canonical form, [UUID.AppendForm] the others.
//
// # SQL and JSON
//
// [UUID.Value] stores the canonical text; [UUID.Scan] reads any text form
// or 16 raw bytes. Scanning SQL NULL into a UUID is an error matching
// [ErrScanNull]: scan a column that may be NULL into a [NullUUID] (which
// also handles JSON null) or a *UUID. A JSON field tagged omitzero leaves
// out the Nil UUID.
//
// # Generators, concurrency and snapshots
//
// The package-level functions use one default [Generator]: the system
// clock, crypto/rand and the host's MAC address. A Generator is safe for
// concurrent use; its version 7 UUIDs, and by default version 6, increase
// strictly through steps back of the clock of up to a day. [NewGenerator]
// takes your own clock, random source and node, as tests need.
//
// Random bits are read for every UUID or batch ([FillV4], [FillV7]) and
// never kept, so clones of one memory snapshot make different version 4,
// 6 and 7 UUIDs (versions 1 and 2: see [Generator]).
//
// # Time-based UUIDs across processes
//
// A Generator never repeats a version 1 timestamp, clock sequence and node,
// but knows only its own. Processes on one host that make version 1 UUIDs
// (or version 6 with [GeneratorOptions.V6Node]) with one node should share
// a [GeneratorOptions.StateFile], which the repository's
// docs/state-file.md describes.
//
// # Migrating
//
// Code for Go 1.27's uuid package compiles after its import path changes,
// with the same meanings; some outputs differ (docs/migrating.md lists
// them). Code for github.com/google/uuid or github.com/gofrs/uuid first
// imports compat/google/uuid or compat/gofrs/uuid, then moves here with go
// fix -inline.
//
// [RFC 9562]: https://www.rfc-editor.org/rfc/rfc9562.html
package uuid

import (
	"strconv"
	"time"

	"github.com/afb7af96/uuid/internal/operr"
)

// A UUID is a Universally Unique Identifier as specified in RFC 9562.
//
// The zero value is the Nil UUID. UUIDs are comparable with ==, usable as
// map keys, and safe to copy and to use concurrently.
type UUID [16]byte

// Size is the length of a UUID in bytes.
const Size = 16

// Nil returns the Nil UUID 00000000-0000-0000-0000-000000000000
// (RFC 9562, Section 5.9). It is the zero value of [UUID].
func Nil() UUID { return UUID{} }

// Max returns the Max UUID ffffffff-ffff-ffff-ffff-ffffffffffff
// (RFC 9562, Section 5.10).
func Max() UUID {
	return UUID{
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	}
}

// NamespaceDNS returns the namespace for fully qualified domain names
// (RFC 9562, Section 6.6).
func NamespaceDNS() UUID {
	return UUID{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}
}

// NamespaceURL returns the namespace for URLs (RFC 9562, Section 6.6).
func NamespaceURL() UUID {
	return UUID{0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}
}

// NamespaceOID returns the namespace for ISO object identifiers
// (RFC 9562, Section 6.6).
func NamespaceOID() UUID {
	return UUID{0x6b, 0xa7, 0xb8, 0x12, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}
}

// NamespaceX500 returns the namespace for X.500 distinguished names
// (RFC 9562, Section 6.6).
func NamespaceX500() UUID {
	return UUID{0x6b, 0xa7, 0xb8, 0x14, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}
}

// IsZero reports whether u is the Nil UUID.
func (u UUID) IsZero() bool { return u == UUID{} }

// A Version is the 4-bit version field of a UUID (RFC 9562, Section 4.2).
// It says how the other bits were made only when the variant is
// [VariantRFC9562].
type Version uint8

// String returns "v" and the decimal version number, such as "v7".
func (v Version) String() string { return "v" + strconv.Itoa(int(v)) }

// A Variant is the layout family of a UUID, read from the most significant
// bits of octet 8 (RFC 9562, Section 4.1).
type Variant uint8

// The variants of RFC 9562, Section 4.1, Table 1.
const (
	VariantNCS       Variant = iota // 0xxx: reserved, NCS backward compatibility
	VariantRFC9562                  // 10xx: the layouts of RFC 9562 (and RFC 4122)
	VariantMicrosoft                // 110x: reserved, Microsoft backward compatibility
	VariantFuture                   // 111x: reserved for future definition
)

// String returns the variant's name: "NCS", "RFC 9562", "Microsoft" or
// "Future".
func (v Variant) String() string {
	switch v {
	case VariantNCS:
		return "NCS"
	case VariantRFC9562:
		return "RFC 9562"
	case VariantMicrosoft:
		return "Microsoft"
	case VariantFuture:
		return "Future"
	}
	return "Variant(" + strconv.Itoa(int(v)) + ")"
}

// Version returns the version field of u, octet 6's high nibble
// (RFC 9562, Section 4.2). It is meaningful only when u.Variant() is
// [VariantRFC9562]; the Max UUID, for one, reports 15.
func (u UUID) Version() Version { return Version(u[6] >> 4) }

// Variant returns the variant of u (RFC 9562, Section 4.1).
func (u UUID) Variant() Variant {
	switch {
	case u[8]&0x80 == 0x00:
		return VariantNCS
	case u[8]&0xc0 == 0x80:
		return VariantRFC9562
	case u[8]&0xe0 == 0xc0:
		return VariantMicrosoft
	}
	return VariantFuture
}

// Time returns the time encoded in u, in UTC, and reports whether u has one:
// versions 1 and 6 to 100 nanoseconds, version 7 to 1/4096 of a
// millisecond, and version 2 approximately (its low 32 time bits hold the
// local ID, so the result can be up to 7m10s earlier than the time it was
// made). Other versions return the zero time and false.
//
// For version 7, Time reads unix_ts_ms and, in rand_a, the sub-millisecond
// fraction that [NewV7] and [NewV7At], Go's standard uuid.NewV7 and
// PostgreSQL 18's uuidv7() put there (RFC 9562, Section 6.2, Method 3); it
// returns the first nanosecond of that 1/4096 ms, at most 244 ns before the
// clock reading the UUID was made from. Where the maker put something else
// in rand_a (a counter, as this package did before it used the fraction,
// or random bits, or the hash of [NewV7Name]), the millisecond is right
// and the rest is not a time: t.Truncate(time.Millisecond) is the exact
// timestamp of every version 7 UUID, and what PostgreSQL's
// uuid_extract_timestamp returns.
func (u UUID) Time() (time.Time, bool) {
	if ticks, _, _, ok := u.gregorianFields(); ok {
		return gregorianTime(ticks), true
	}
	if u.is(7) {
		ms, frac, _ := v7Fields(u)
		return unixMillis12Time(ms<<fracBits | uint64(frac)), true
	}
	return time.Time{}, false
}

// ClockSequence returns the clock sequence of u and reports whether u has
// one: 14 bits for versions 1 and 6, 6 bits for version 2 (RFC 9562,
// Section 5.1; DCE 1.1 Security).
func (u UUID) ClockSequence() (uint16, bool) {
	_, seq, _, ok := u.gregorianFields()
	return seq, ok
}

// NodeID returns the 48-bit node of u and reports whether u has one
// (versions 1, 2 and 6). A node whose multicast bit (the least significant
// bit of the first octet) is set was chosen at random, not taken from a
// network card (RFC 9562, Section 6.10).
func (u UUID) NodeID() ([6]byte, bool) {
	_, _, node, ok := u.gregorianFields()
	return node, ok
}

// ToV6 returns the version 6 UUID with the same timestamp, clock sequence
// and node as the version 1 UUID u (RFC 9562, Section 5.6). The conversion is
// lossless: ToV1 undoes it. It fails, with an error matching [ErrVersion],
// if u is not a version 1 UUID.
func (u UUID) ToV6() (UUID, error) {
	if !u.is(1) {
		return UUID{}, operr.Version("uuid", "ToV6", u.String(), 1, ErrVersion)
	}
	return v6Layout(v1Fields(u)), nil
}

// ToV1 returns the version 1 UUID with the same timestamp, clock sequence
// and node as the version 6 UUID u (RFC 9562, Section 5.6). It fails, with
// an error matching [ErrVersion], if u is not a version 6 UUID.
func (u UUID) ToV1() (UUID, error) {
	if !u.is(6) {
		return UUID{}, operr.Version("uuid", "ToV1", u.String(), 6, ErrVersion)
	}
	return v1Layout(v6Fields(u)), nil
}

// FromBytes returns the UUID whose 16 bytes, in RFC 9562 order, are b. It
// returns [ErrLength] if len(b) is not 16.
func FromBytes(b []byte) (UUID, error) {
	if len(b) != Size {
		return UUID{}, ErrLength
	}
	return UUID(b), nil
}

// FromBytesLE returns the UUID whose bytes in Microsoft GUID order are b:
// the first three fields (4, 2 and 2 bytes) little-endian, the last 8 bytes
// as they are. It returns [ErrLength] if len(b) is not 16.
func FromBytesLE(b []byte) (UUID, error) {
	if len(b) != Size {
		return UUID{}, ErrLength
	}
	return UUID(b).swapGUID(), nil
}

// BytesLE returns u in Microsoft GUID byte order, as read by [FromBytesLE].
func (u UUID) BytesLE() [16]byte { return u.swapGUID() }

// swapGUID reverses the byte order of the first three fields, which turns
// RFC order into GUID order and back.
func (u UUID) swapGUID() UUID {
	u[0], u[1], u[2], u[3] = u[3], u[2], u[1], u[0]
	u[4], u[5] = u[5], u[4]
	u[6], u[7] = u[7], u[6]
	return u
}

// MarshalBinary implements [encoding.BinaryMarshaler]: the 16 bytes of u.
func (u UUID) MarshalBinary() ([]byte, error) { return u[:], nil }

// AppendBinary implements [encoding.BinaryAppender]: it appends the 16
// bytes of u to b.
func (u UUID) AppendBinary(b []byte) ([]byte, error) { return append(b, u[:]...), nil }

// UnmarshalBinary implements [encoding.BinaryUnmarshaler]. It returns
// [ErrLength], leaving u unchanged, if len(b) is not 16.
func (u *UUID) UnmarshalBinary(b []byte) error {
	if len(b) != Size {
		return ErrLength
	}
	*u = UUID(b)
	return nil
}
