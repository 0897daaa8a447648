// Package uuid47 shows a version 7 UUID to the outside as a version 4
// UUID, a façade, and turns the façade back into the version 7 UUID, under
// a secret key: the keyed, reversible mapping of UUIDv47, byte for byte as
// its C reference (github.com/stateless-me/uuidv47) and that project's
// PostgreSQL extension, also named uuid47, compute it.
//
// Keep the version 7 UUID in the database, where its time order helps the
// indexes; call [Key.Encode] where an identifier leaves for a client, and
// [Key.Decode] where one comes back.
//
// # The mapping
//
// A version 7 UUID is a 48-bit Unix millisecond timestamp, the version
// field, 12 bits rand_a, the variant field and 62 bits rand_b (RFC 9562,
// Section 5.7). Encode computes SipHash-2-4, under the key, of the 74 bits
// rand_a and rand_b, taken as 10 bytes: octet 6's low nibble, octet 7,
// octet 8's low 6 bits, octets 9 to 15. It XORs the low 48 bits of the hash
// into the timestamp and sets the version field to 4. Nothing else
// changes: rand_a and rand_b pass through as they are, so Decode computes
// the same hash from the façade, XORs it out and sets the version back to
// 7. For every key, Encode is a one-to-one map from version 7 UUIDs onto
// version 4 UUIDs, and Decode is its inverse.
//
// # The key
//
// A [Key] is 128 secret bits. Made with [NewKey] from 16 bytes, or with
// [ParseKey] from their 32 hex digits, byte 0 first, as the extension's
// uuid47.key setting writes them (optionally as two halves of 16 digits
// with a colon between: "0011223344556677:8899aabbccddeeff"). SipHash's
// two 64-bit key words are the two halves read little-endian: k0 is bytes
// 0 to 7, k1 bytes 8 to 15, as the SipHash paper reads its key, so the
// text above is k0 = 0x7766554433221100, k1 = 0xffeeddccbbaa9988. (Code
// that passes the reference's C struct {k0, k1} as numbers must write each
// word's bytes in little-endian order to get the same key.)
//
// Make a key from a cryptographically secure source, such as
// [crypto/rand.Read] or "openssl rand -hex 16", and keep it as secret as a
// session key: whoever has it reads the creation time of every façade.
//
// # What the façade hides, and what not
//
// Without the key, the façade shows nothing of the creation time: the mask
// is the output of a keyed pseudorandom function. It does not hide the
// rest. The façade of a row is always the same, so it is still an
// identifier that can be correlated across requests; rand_a and rand_b
// are visible as they are, so the façades of UUIDs one generator made in
// one millisecond, whose rand_a this module's generator fills with a
// counter, betray their order; and a leaked key reveals every time. There
// is no key id inside the UUID: to rotate a key, keep the old one to
// decode the façades already handed out, or store each façade. Decode
// under a wrong key, or of a version 4 UUID that was never a façade,
// returns a valid-looking wrong version 7 UUID, which cannot be detected
// here: look the result up in the database. docs/facade.md in the module
// discusses these points, and when a separate random column or a time
// offset is the better tool.
//
// Encode, Decode and the key are safe for concurrent use, allocate nothing
// and never panic.
package uuid47

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/afb7af96/uuid"
)

// A Key is the 128-bit secret of the mapping, held as SipHash's two key
// words. Its zero value is the all-zero key, a valid key that is no
// secret; use it only in tests. A Key is a small value: copy it freely and
// use it from many goroutines. It prints as "uuid47.Key(…)" with every
// fmt verb, so a Key logged by mistake does not leak.
type Key struct {
	k0, k1 uint64
}

// NewKey returns the key whose 16 bytes are secret, byte 0 first, as
// [ParseKey] reads them from hex: SipHash's k0 is secret[0:8] and k1 is
// secret[8:16], each read little-endian.
func NewKey(secret [16]byte) Key {
	return Key{binary.LittleEndian.Uint64(secret[:8]), binary.LittleEndian.Uint64(secret[8:])}
}

// String returns "uuid47.Key(…)": no bit of the key.
func (k Key) String() string { return "uuid47.Key(…)" }

// Format writes what String returns, whatever the verb and flags, so that
// no verb of package fmt (%d and %x included, which would otherwise print
// a struct's fields) shows a bit of the key.
func (k Key) Format(f fmt.State, verb rune) { io.WriteString(f, k.String()) }

// Encode returns the version 4 façade of the version 7 UUID v7 under k.
// It returns an error matching [uuid.ErrVersion] if v7 is not a version 7
// UUID of the RFC 9562 variant (a façade given twice is not).
func (k Key) Encode(v7 uuid.UUID) (uuid.UUID, error) {
	if v7.Version() != 7 || v7.Variant() != uuid.VariantRFC9562 {
		return uuid.UUID{}, errNotV7
	}
	return k.mask(v7, 4), nil
}

// Decode returns the version 7 UUID whose façade under k is facade. It
// returns an error matching [uuid.ErrVersion] if facade is not a version 4
// UUID of the RFC 9562 variant. Any other version 4 UUID decodes to a
// version 7 UUID, the right one only if k is the key that encoded it:
// check the result against your data.
func (k Key) Decode(facade uuid.UUID) (uuid.UUID, error) {
	if facade.Version() != 4 || facade.Variant() != uuid.VariantRFC9562 {
		return uuid.UUID{}, errNotV4
	}
	return k.mask(facade, 7), nil
}

// mask XORs the 48-bit timestamp field of u with the low 48 bits of
// SipHash-2-4 under k of u's rand_a and rand_b, which it leaves alone, and
// sets the version field to version. XOR is its own inverse, and the hash
// input does not change, so the same call undoes it.
//
//	octets 0-5    timestamp (XORed)
//	octet  6      version (set) | rand_a high 4 bits
//	octet  7      rand_a low 8 bits
//	octet  8      variant 10 | rand_b high 6 bits
//	octets 9-15   rand_b low 56 bits
func (k Key) mask(u uuid.UUID, version byte) uuid.UUID {
	// The 10 bytes hashed, u[6]&0x0f, u[7], u[8]&0x3f, u[9], …, u[15], as
	// SipHash's two little-endian blocks; the second carries the length.
	m0 := uint64(u[6]&0x0f) | uint64(u[7])<<8 | uint64(u[8]&0x3f)<<16 | uint64(binary.LittleEndian.Uint32(u[9:13]))<<24 |
		uint64(u[13])<<56
	m1 := uint64(binary.LittleEndian.Uint16(u[14:16])) | 10<<56
	m := siphash24Two(k.k0, k.k1, m0, m1)
	ts := uint64(binary.BigEndian.Uint16(u[0:2]))<<32 | uint64(binary.BigEndian.Uint32(u[2:6]))
	ts ^= m & (1<<48 - 1)
	binary.BigEndian.PutUint16(u[0:2], uint16(ts>>32))
	binary.BigEndian.PutUint32(u[2:6], uint32(ts))
	u[6] = u[6]&0x0f | version<<4
	return u
}

// versionError is the error of Encode or Decode given a UUID of the wrong
// version; it unwraps to [uuid.ErrVersion]. It names no UUID, so that the
// error of Encode cannot carry a creation time into a log.
type versionError struct {
	op   string
	want byte
}

func (e *versionError) Error() string {
	return "uuid47: " + e.op + ": not a version " + string('0'+e.want) + " UUID"
}

func (e *versionError) Unwrap() error { return uuid.ErrVersion }

// The errors of Encode and Decode are two values, so that their error
// paths allocate nothing either.
var (
	errNotV7 error = &versionError{"Encode", 7}
	errNotV4 error = &versionError{"Decode", 4}
)
