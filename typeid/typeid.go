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
// (RFC 9562, Section 8). The prefix may be empty. A prefix that breaks the
// rules in the package doc gives an error matching [ErrPrefix], which
// [errors.As] unwraps to a [*ParseError] giving the prefix and the offset
// of its first bad byte.
func New(prefix string) (TypeID, error) {
	t, err := withPrefix(prefix)
	if err != nil {
		return TypeID{}, err
	}
	t.setUUID(uuid.NewV7())
	return t, nil
}

// FromUUID returns the TypeID with the given prefix and UUID. The prefix may
// be empty. A prefix that breaks the rules in the package doc gives an
// error matching [ErrPrefix], which [errors.As] unwraps to a [*ParseError]
// giving the prefix and the offset of its first bad byte.
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
		return TypeID{}, badPrefix(prefix, off)
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
	crockfordEncode((*[suffixLen]byte)(t.text[t.suffixStart():]), (*[16]byte)(&u), alphabet)
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
		return &scanError{"cannot scan NULL into TypeID", uuid.ErrScanNull}
	default:
		return &scanError{"cannot scan " + typeName(src) + " into TypeID", uuid.ErrScanType}
	}
	*t = v
	return nil
}

// Value implements [database/sql/driver.Valuer]: t as text, [TypeID.String],
// for a text column.
func (t TypeID) Value() (driver.Value, error) { return t.String(), nil }

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
	if !crockfordDecode((*[16]byte)(&t.u), in[n:], &digits) {
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
