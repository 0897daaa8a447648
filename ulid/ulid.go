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
	"encoding/binary"
	"github.com/afb7af96/uuid"
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
	encode(&s, (*[16]byte)(&id))
	return string(s[:])
}

// AppendText implements [encoding.TextAppender]: it appends
// [ULID.String] to b.
func (id ULID) AppendText(b []byte) ([]byte, error) {
	var s [textLen]byte
	encode(&s, (*[16]byte)(&id))
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
	if len(s) == textLen && decode((*[16]byte)(&id), s) {
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
	if len(text) != textLen || !decode((*[16]byte)(&v), text) {
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

// encode writes u as 26 digits: a 130-bit big-endian number whose top two
// bits are zero, digit k holding bits 5*(25-k) to 5*(25-k)+4.
func encode(s *[textLen]byte, u *[16]byte) {
	hi := binary.BigEndian.Uint64(u[:8])
	lo := binary.BigEndian.Uint64(u[8:])
	s[0] = alphabet[hi>>61]
	s[1] = alphabet[hi>>56&31]
	s[2] = alphabet[hi>>51&31]
	s[3] = alphabet[hi>>46&31]
	s[4] = alphabet[hi>>41&31]
	s[5] = alphabet[hi>>36&31]
	s[6] = alphabet[hi>>31&31]
	s[7] = alphabet[hi>>26&31]
	s[8] = alphabet[hi>>21&31]
	s[9] = alphabet[hi>>16&31]
	s[10] = alphabet[hi>>11&31]
	s[11] = alphabet[hi>>6&31]
	s[12] = alphabet[hi>>1&31]
	s[13] = alphabet[(hi<<4|lo>>60)&31]
	s[14] = alphabet[lo>>55&31]
	s[15] = alphabet[lo>>50&31]
	s[16] = alphabet[lo>>45&31]
	s[17] = alphabet[lo>>40&31]
	s[18] = alphabet[lo>>35&31]
	s[19] = alphabet[lo>>30&31]
	s[20] = alphabet[lo>>25&31]
	s[21] = alphabet[lo>>20&31]
	s[22] = alphabet[lo>>15&31]
	s[23] = alphabet[lo>>10&31]
	s[24] = alphabet[lo>>5&31]
	s[25] = alphabet[lo&31]
}

// decode is the inverse of encode for a 26-byte s; it reports false for a
// byte outside the alphabet or a first digit above '7', which would need a
// 129th bit.
func decode[T ~string | ~[]byte](u *[16]byte, s T) bool {
	_ = s[textLen-1]
	d0 := digits[s[0]]
	if d0 > 7 {
		return false
	}
	d1 := digits[s[1]]
	d2 := digits[s[2]]
	d3 := digits[s[3]]
	d4 := digits[s[4]]
	d5 := digits[s[5]]
	d6 := digits[s[6]]
	d7 := digits[s[7]]
	d8 := digits[s[8]]
	d9 := digits[s[9]]
	d10 := digits[s[10]]
	d11 := digits[s[11]]
	d12 := digits[s[12]]
	d13 := digits[s[13]]
	d14 := digits[s[14]]
	d15 := digits[s[15]]
	d16 := digits[s[16]]
	d17 := digits[s[17]]
	d18 := digits[s[18]]
	d19 := digits[s[19]]
	d20 := digits[s[20]]
	d21 := digits[s[21]]
	d22 := digits[s[22]]
	d23 := digits[s[23]]
	d24 := digits[s[24]]
	d25 := digits[s[25]]
	if d1|d2|d3|d4|d5|d6|d7|d8|d9|d10|d11|d12|d13|d14|d15|d16|d17|d18|d19|d20|d21|d22|d23|d24|d25 == 0xff {
		return false
	}
	hi := uint64(d0)<<61 | uint64(d1)<<56 | uint64(d2)<<51 | uint64(d3)<<46 | uint64(d4)<<41 |
		uint64(d5)<<36 | uint64(d6)<<31 | uint64(d7)<<26 | uint64(d8)<<21 | uint64(d9)<<16 |
		uint64(d10)<<11 | uint64(d11)<<6 | uint64(d12)<<1 | uint64(d13)>>4
	lo := uint64(d13)<<60 | uint64(d14)<<55 | uint64(d15)<<50 | uint64(d16)<<45 | uint64(d17)<<40 |
		uint64(d18)<<35 | uint64(d19)<<30 | uint64(d20)<<25 | uint64(d21)<<20 | uint64(d22)<<15 |
		uint64(d23)<<10 | uint64(d24)<<5 | uint64(d25)
	binary.BigEndian.PutUint64(u[:8], hi)
	binary.BigEndian.PutUint64(u[8:], lo)
	return true
}
