// Package typeid implements TypeIDs: type-safe, K-sortable identifiers made
// of a type prefix and a UUID, as defined by the [TypeID specification],
// version 0.3.0.
//
// A TypeID reads as a prefix, an underscore and 26 characters encoding the
// UUID's 128 bits, or as the 26 characters alone when the prefix is empty:
//
//	user_01h455vb4pex5vsknk084sn02q
//	01h455vb4pex5vsknk084sn02q
//
// The prefix is 1 to 63 lowercase ASCII letters and underscores, and neither
// starts nor ends with an underscore. The suffix is the UUID as a 128-bit
// big-endian number in base 32 with the alphabet
// "0123456789abcdefghjkmnpqrstvwxyz", lowercase only and with none of
// Crockford's folding (i, l, o and u are errors), so its first character is
// at most '7'. [New] makes a TypeID from a version 7 UUID, which sorts by
// creation time (see [uuid.NewV7]); [FromUUID] wraps any UUID.
//
// A TypeID is a value: store it in a database text column through
// [TypeID.Value] and [TypeID.Scan], and in JSON through
// [TypeID.MarshalText] and [TypeID.UnmarshalText].
//
// [TypeID specification]: https://github.com/jetify-com/typeid/blob/main/spec/README.md
package typeid

import (
	"database/sql/driver"
	"encoding/binary"

	"github.com/afb7af96/uuid"
)

// maxPrefixLen is the longest prefix the specification allows.
const maxPrefixLen = 63

// suffixLen is the length of the encoded UUID.
const suffixLen = len("01h455vb4pex5vsknk084sn02q")

// maxLen is the length of the longest TypeID text.
const maxLen = maxPrefixLen + 1 + suffixLen

// TypeID is a type prefix and a UUID. The zero value has no prefix and the
// Nil UUID, and reads "00000000000000000000000000".
//
// A TypeID is an immutable value that holds its prefix and text in place,
// in 107 bytes, so parsing or writing one allocates nothing; it can be
// copied and used concurrently freely.
// Two TypeIDs are equal under == exactly when their prefixes and UUIDs are
// equal, so a TypeID can be a map key.
type TypeID struct {
	u uuid.UUID
	n uint8 // length of the prefix
	// text holds t's text, [TypeID.String], and zeros after it, or only
	// zeros for the zero TypeID; so == compares TypeIDs by prefix and UUID,
	// and appending t is a copy.
	text [maxLen]byte
}

// New returns a TypeID with the given prefix and a new version 7 UUID from
// [uuid.NewV7], whose text sorts by creation time and so reveals it
// (RFC 9562, Section 8). The prefix may be empty. A prefix that breaks the rules in
// the package doc gives a [*ParseError] of kind [ErrPrefix] for the prefix.
func New(prefix string) (TypeID, error) {
	t, err := withPrefix(prefix)
	if err != nil {
		return TypeID{}, err
	}
	t.setUUID(uuid.NewV7())
	return t, nil
}

// FromUUID returns the TypeID with the given prefix and UUID. The prefix may
// be empty. A prefix that breaks the rules in the package doc gives a
// [*ParseError] of kind [ErrPrefix] for the prefix.
func FromUUID(prefix string, u uuid.UUID) (TypeID, error) {
	t, err := withPrefix(prefix)
	if err != nil {
		return TypeID{}, err
	}
	t.setUUID(u)
	return t, nil
}

// withPrefix returns the TypeID with the prefix and the Nil UUID, whose
// suffix is not yet written.
func withPrefix(prefix string) (TypeID, error) {
	var t TypeID
	if off := checkPrefix(prefix); off >= 0 {
		return TypeID{}, newParseError(prefix, off, ErrPrefix)
	}
	if prefix != "" {
		t.n = uint8(copy(t.text[:], prefix))
		t.text[t.n] = '_'
	}
	return t, nil
}

// setUUID sets t's UUID and writes its suffix.
func (t *TypeID) setUUID(u uuid.UUID) {
	t.u = u
	if t.n == 0 && u.IsZero() {
		return // the zero TypeID, whose text is all zeros
	}
	encode((*[suffixLen]byte)(t.text[t.suffixStart():]), (*[16]byte)(&u))
}

// suffixStart is the offset of the suffix in t's text.
func (t *TypeID) suffixStart() int {
	if t.n == 0 {
		return 0
	}
	return int(t.n) + 1
}

// zeroText is the text of the zero TypeID.
const zeroText = "00000000000000000000000000"

// Prefix returns t's type prefix, "" if it has none.
func (t TypeID) Prefix() string { return string(t.text[:t.n]) }

// UUID returns the UUID t carries.
func (t TypeID) UUID() uuid.UUID { return t.u }

// String returns t as text: the prefix, an underscore and the 26-character
// suffix, or the suffix alone if t has no prefix.
func (t TypeID) String() string {
	if t.text[0] == 0 {
		return zeroText
	}
	return string(t.text[:t.len()])
}

// AppendText implements [encoding.TextAppender]: it appends [TypeID.String]
// to b.
func (t TypeID) AppendText(b []byte) ([]byte, error) { return t.appendTo(b), nil }

// MarshalText implements [encoding.TextMarshaler]; it returns
// [TypeID.String] as bytes.
func (t TypeID) MarshalText() ([]byte, error) {
	return t.appendTo(make([]byte, 0, t.len())), nil
}

// len returns the length of t's text.
func (t *TypeID) len() int { return t.suffixStart() + suffixLen }

func (t *TypeID) appendTo(b []byte) []byte {
	if t.text[0] == 0 {
		return append(b, zeroText...)
	}
	return append(b, t.text[:t.len()]...)
}

// Parse returns the TypeID that s represents, in the form the package doc
// describes and nothing else. On failure it returns the zero TypeID and a
// [*ParseError] giving the offset of the first bad byte and the kind of
// problem.
func Parse(s string) (TypeID, error) {
	var t TypeID
	if parse(&t, s) {
		return t, nil
	}
	return TypeID{}, diagnose(s)
}

// MustParse is like [Parse] but panics with the [*ParseError] if s is not
// a TypeID. It simplifies the initialisation of variables holding known
// TypeIDs.
func MustParse(s string) TypeID {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// UnmarshalText implements [encoding.TextUnmarshaler]; it accepts what
// [Parse] accepts. On failure it returns a [*ParseError] and leaves t
// unchanged.
func (t *TypeID) UnmarshalText(text []byte) error {
	var v TypeID
	if !parse(&v, text) {
		return diagnose(text)
	}
	*t = v
	return nil
}

// Scan implements [database/sql.Scanner] for a text column: it accepts a
// string or []byte that [Parse] accepts. Text that is not a TypeID gives a
// [*ParseError]; SQL NULL gives an error matching [uuid.ErrScanNull] and
// other source types one matching [uuid.ErrScanType]. On failure t is
// unchanged.
func (t *TypeID) Scan(src any) error {
	var v TypeID
	switch src := src.(type) {
	case string:
		if !parse(&v, src) {
			return diagnose(src)
		}
	case []byte:
		if !parse(&v, src) {
			return diagnose(src)
		}
	case nil:
		return scanError{uuid.ErrScanNull, "uuid: cannot scan NULL into TypeID"}
	default:
		return scanError{uuid.ErrScanType, "uuid: cannot scan unsupported type into TypeID"}
	}
	*t = v
	return nil
}

// Value implements [database/sql/driver.Valuer]: t as text, [TypeID.String],
// for a text column.
func (t TypeID) Value() (driver.Value, error) { return t.String(), nil }

// scanError is a failure of Scan that is not about the text: it matches
// the root package's sentinel for it.
type scanError struct {
	kind error
	msg  string
}

func (e scanError) Error() string        { return e.msg }
func (e scanError) Is(target error) bool { return target == e.kind }

// parse decodes in into t, reporting whether in is a TypeID. It is the fast
// path: it only answers yes or no, and diagnose explains a no.
func parse[T ~string | ~[]byte](t *TypeID, in T) bool {
	n := len(in) - suffixLen
	switch {
	case n == 0:
	case n >= 2 && n <= maxPrefixLen+1 && in[n-1] == '_':
		if checkPrefix(in[:n-1]) >= 0 {
			return false
		}
	default:
		return false
	}
	if !decode((*[16]byte)(&t.u), in[n:]) {
		return false
	}
	if n == 0 && t.u.IsZero() {
		return true // the zero TypeID, whose text is all zeros
	}
	if n > 0 {
		t.n = uint8(n - 1)
	}
	copy(t.text[:], in)
	return true
}

// checkPrefix returns the offset of the first byte of a non-empty prefix
// that breaks the rules, or -1 if there is none: a byte that is not a
// lowercase letter or underscore, an underscore first or last, or a 64th
// byte.
func checkPrefix[T ~string | ~[]byte](p T) int {
	if len(p) == 0 {
		return -1
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		if i == maxPrefixLen || !('a' <= c && c <= 'z' || c == '_' && i > 0) {
			return i
		}
	}
	if p[len(p)-1] == '_' {
		return len(p) - 1
	}
	return -1
}

// alphabet is the suffix's base-32 alphabet, Crockford's in lowercase.
const alphabet = "0123456789abcdefghjkmnpqrstvwxyz"

// digits maps a byte to its value in alphabet, or 0xff.
var digits = func() (d [256]byte) {
	for i := range d {
		d[i] = 0xff
	}
	for i := range len(alphabet) {
		d[alphabet[i]] = byte(i)
	}
	return d
}()

// encode writes u as 26 digits: a 130-bit big-endian number whose top two
// bits are zero, digit k holding bits 5*(25-k) to 5*(25-k)+4.
func encode(s *[suffixLen]byte, u *[16]byte) {
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
	_ = s[suffixLen-1]
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
