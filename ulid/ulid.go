// Package ulid reads and writes UUIDs as ULIDs, the 26-character text of
// the [ULID specification]:
//
//	01ARYZ6S41TSV4RRFFQ69G5FAV
//
// A ULID and a UUID are both 128 bits, and this package converts between
// them as an identity on those bits: [FromUUID] and [ULID.UUID] change no
// bit. The text is the 128-bit big-endian number in Crockford's base 32,
// "0123456789ABCDEFGHJKMNPQRSTVWXYZ", written in upper case and read in
// either case; I, L, O and U are errors (there is none of Crockford's
// folding), and the first character is at most '7'.
//
// # ULIDs and version 7 UUIDs
//
// A ULID's first 48 bits are a Unix time in milliseconds, as in a version 7
// UUID (RFC 9562, Section 5.7), so every version 7 UUID, such as one from
// [uuid.NewV7], is a valid ULID and sorts the same way in both texts. The
// converse does not hold: a ULID made by a ULID generator has random bits
// where a version 7 UUID has its version and variant. [ULID.IsV7] reports
// whether a ULID already is a valid version 7 UUID, and [ULID.ForceV7]
// makes one by overwriting those 6 bits, which changes the value: two
// ULIDs that differ only there become the same UUID.
//
// [ULID specification]: https://github.com/ulid/spec
package ulid

import (
	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/crockford"
)

// textLen is the length of a ULID's text.
const textLen = len("01ARYZ6S41TSV4RRFFQ69G5FAV")

// ULID is a ULID: 128 bits, in the byte order of its text (big-endian),
// the same as a [uuid.UUID]'s. The zero value is the ULID of the Nil UUID,
// "00000000000000000000000000". Convert with [FromUUID] and [ULID.UUID],
// or with Go's conversions ULID(u) and uuid.UUID(id), which are the same.
type ULID [16]byte

// FromUUID returns the ULID with the same 128 bits as u.
func FromUUID(u uuid.UUID) ULID { return ULID(u) }

// UUID returns the UUID with the same 128 bits as id, whatever they are;
// see [ULID.IsV7] and [ULID.ForceV7] for a version 7 UUID.
func (id ULID) UUID() uuid.UUID { return uuid.UUID(id) }

// IsV7 reports whether id, read as a UUID, is a valid version 7 UUID: its
// version is 7 and its variant that of RFC 9562. It is then equal to
// [ULID.ForceV7].
func (id ULID) IsV7() bool {
	u := uuid.UUID(id)
	return u.Version() == 7 && u.Variant() == uuid.VariantRFC9562
}

// ForceV7 returns id as a version 7 UUID: its 128 bits with the version
// field set to 7 and the variant to that of RFC 9562 (RFC 9562, Section
// 5.7), 6 bits overwritten whatever they held. The millisecond timestamp
// and the other 74 bits are kept.
func (id ULID) ForceV7() uuid.UUID {
	id[6] = id[6]&0x0f | 0x70
	id[8] = id[8]&0x3f | 0x80
	return uuid.UUID(id)
}

// String returns id as 26 characters of upper-case ULID text.
func (id ULID) String() string {
	var s [textLen]byte
	crockford.Encode(&s, (*[16]byte)(&id), alphabet)
	return string(s[:])
}

// AppendText implements [encoding.TextAppender]: it appends
// [ULID.String] to b.
func (id ULID) AppendText(b []byte) ([]byte, error) {
	var s [textLen]byte
	crockford.Encode(&s, (*[16]byte)(&id), alphabet)
	return append(b, s[:]...), nil
}

// MarshalText implements [encoding.TextMarshaler]; it returns
// [ULID.String] as bytes.
func (id ULID) MarshalText() ([]byte, error) { return id.AppendText(nil) }

// Parse returns the ULID that s represents: 26 characters of ULID text in
// either case, and nothing else. On failure it returns the zero ULID and a
// [*ParseError] giving the offset of the first bad byte and the kind of
// problem.
func Parse(s string) (ULID, error) {
	var id ULID
	if len(s) == textLen && crockford.Decode((*[16]byte)(&id), s, &digits) {
		return id, nil
	}
	return ULID{}, diagnose(s)
}

// MustParse is like [Parse] but panics with the [*ParseError] if s is not a
// ULID. It simplifies the initialisation of variables holding known ULIDs.
func MustParse(s string) ULID {
	id, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return id
}

// UnmarshalText implements [encoding.TextUnmarshaler]; it accepts what
// [Parse] accepts. On failure it returns a [*ParseError] and leaves id
// unchanged.
func (id *ULID) UnmarshalText(text []byte) error {
	var v ULID
	if len(text) != textLen || !crockford.Decode((*[16]byte)(&v), text, &digits) {
		return diagnose(text)
	}
	*id = v
	return nil
}

// alphabet is Crockford's base-32 alphabet, as ULID text writes it.
const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// digits maps a byte to its value in alphabet, in either case, or 0xff.
var digits = func() (d [256]byte) {
	for i := range d {
		d[i] = 0xff
	}
	for i := range len(alphabet) {
		d[alphabet[i]] = byte(i)
		d[alphabet[i]|0x20] = byte(i) // the lower case of letters; digits are unchanged
	}
	return d
}()
