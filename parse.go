package uuid

import (
	"encoding/binary"
	"math/bits"
	"strconv"
	"strings"
	"unsafe"
)

// Lengths of the accepted text forms.
const (
	canonicalLen = len("00000000-0000-0000-0000-000000000000")
	hexLen       = len("00000000000000000000000000000000")
	bracedLen    = len("{00000000-0000-0000-0000-000000000000}")
	urnPrefix    = "urn:uuid:"
	urnLen       = len(urnPrefix) + canonicalLen
	maxErrInput  = 64
)

// ParseError reports text that is not a UUID, or binary input of the wrong
// length.
type ParseError struct {
	Input  string // the rejected input, cut to 64 bytes ("…" marks the cut)
	Offset int    // byte offset of the first bad byte in the original input; -1 for a bad length
	Msg    string // what was expected at Offset, e.g. "want hex digit"
}

// Error returns a message such as
// `uuid: parsing "6ba7b810-9dad-11d1-80b4-00c04fd430zz": want hex digit at offset 34`.
func (e *ParseError) Error() string {
	s := "uuid: parsing " + strconv.Quote(e.Input) + ": " + e.Msg
	if e.Offset >= 0 {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	return s
}

// Parse returns the UUID represented by s, which must be in one of these
// forms, with hex digits in either case and the "urn:uuid:" prefix in any
// case:
//
//	f81d4fae-7dec-11d0-a765-00a0c91e6bf6
//	f81d4fae7dec11d0a76500a0c91e6bf6
//	{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}
//	urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6
//
// Nothing else is accepted: no surrounding space, no other brackets, no
// hyphens elsewhere. On failure Parse returns the Nil UUID and a
// [*ParseError] giving the offset of the first bad byte.
func Parse(s string) (UUID, error) {
	var u UUID
	if parse(&u, s) {
		return u, nil
	}
	return UUID{}, parseError(s, false)
}

// ParseBytes is like [Parse] but takes a byte slice, without converting it
// to a string.
func ParseBytes(b []byte) (UUID, error) {
	var u UUID
	if parse(&u, b) {
		return u, nil
	}
	return UUID{}, parseErrorBytes(b)
}

// ParseStrict returns the UUID represented by s, which must be in the
// canonical 8-4-4-4-12 form of RFC 9562, Section 4 (hex digits in either
// case), and nothing else.
func ParseStrict(s string) (UUID, error) {
	var u UUID
	if len(s) == canonicalLen && decodeCanonical(&u, s) {
		return u, nil
	}
	return UUID{}, parseError(s, true)
}

// MustParse is like [Parse] but panics with the [*ParseError] if s is not a
// UUID. It is meant for package-level variables and tests.
func MustParse(s string) UUID {
	u, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it accepts the forms
// [Parse] accepts. On failure it returns a [*ParseError] and leaves u
// unchanged.
func (u *UUID) UnmarshalText(text []byte) error {
	var v UUID
	if !parse(&v, text) {
		return parseErrorBytes(text)
	}
	*u = v
	return nil
}

// parse is the grammar shared by every text entry point: it decodes in
// into *u and reports whether in is a UUID; diagnose explains why not. It
// writes through a pointer because arrays are returned through memory, a
// copy per call level.
func parse[T ~string | ~[]byte](u *UUID, in T) bool {
	switch len(in) {
	case canonicalLen:
		return decodeCanonical(u, in)
	case hexLen:
		return decodeHex(u, in)
	case bracedLen:
		return in[0] == '{' && in[bracedLen-1] == '}' && decodeCanonical(u, in[1:bracedLen-1])
	case urnLen:
		return hasURNPrefix(in) && decodeCanonical(u, in[len(urnPrefix):])
	}
	return false
}

// decodeCanonical decodes the 36-byte canonical form s into *u and reports
// whether s is one, with the platform's decodeCanonicalAt.
func decodeCanonical[T ~string | ~[]byte](u *UUID, s T) bool {
	_ = s[canonicalLen-1]
	v, ok := decodeCanonicalAt(firstByte(&s))
	*u = v
	return ok
}

// decodeHex is decodeCanonical for the 32-hex-digit form.
func decodeHex[T ~string | ~[]byte](u *UUID, s T) bool {
	_ = s[hexLen-1]
	v, ok := decodeHexAt(firstByte(&s))
	*u = v
	return ok
}

// firstByte returns the address of the first byte of *s, which must not
// be empty. A string and a slice both begin with that pointer, and taking
// it this way does not copy a []byte, as string(s) would.
func firstByte[T ~string | ~[]byte](s *T) *byte { return *(**byte)(unsafe.Pointer(s)) }

// hasURNPrefix reports whether in starts with "urn:uuid:" in any case.
func hasURNPrefix[T ~string | ~[]byte](in T) bool {
	// Setting bit 5 lowercases letters and leaves ':' (0x3a) as it is; no
	// other byte turns into a letter of the prefix or into ':'.
	_ = in[8]
	return in[0]|0x20 == 'u' && in[1]|0x20 == 'r' && in[2]|0x20 == 'n' && in[3] == ':' &&
		in[4]|0x20 == 'u' && in[5]|0x20 == 'u' && in[6]|0x20 == 'i' && in[7]|0x20 == 'd' && in[8] == ':'
}

// parseCanonical decodes the 36-byte form 8-4-4-4-12 in portable Go.
func parseCanonical[T ~string | ~[]byte](u *UUID, s T) bool {
	_ = s[35]
	return s[8] == '-' && s[13] == '-' && s[18] == '-' && s[23] == '-' &&
		decodeHex32(u, load64(s, 0), load32(s, 9)|load32(s, 14)<<32,
			load32(s, 19)|load32(s, 24)<<32, load64(s, 28))
}

// parseHex decodes the 32-hex-digit form in portable Go.
func parseHex[T ~string | ~[]byte](u *UUID, s T) bool {
	_ = s[31]
	return decodeHex32(u, load64(s, 0), load64(s, 8), load64(s, 16), load64(s, 24))
}

// load64 returns s[i:i+8] as a little-endian integer; the compiler merges
// the byte loads into one.
func load64[T ~string | ~[]byte](s T, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// load32 returns s[i:i+4] as a little-endian integer.
func load32[T ~string | ~[]byte](s T, i int) uint64 {
	_ = s[i+3]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// decodeHex32 decodes 32 ASCII hex digits, packed eight to a word with the
// first digit in the low byte, into *u, and reports whether all of them
// were hex digits. On failure *u holds garbage.
func decodeHex32(u *UUID, w0, w1, w2, w3 uint64) bool {
	a, bad0 := decodeHex8(w0)
	b, bad1 := decodeHex8(w1)
	c, bad2 := decodeHex8(w2)
	d, bad3 := decodeHex8(w3)
	binary.LittleEndian.PutUint64(u[0:], a&0xffffffff|b<<32)
	binary.LittleEndian.PutUint64(u[8:], c&0xffffffff|d<<32)
	return bad0|bad1|bad2|bad3 == 0
}

// decodeHex8 decodes the eight hex digits in x (first digit in the low
// byte) into four bytes (first byte in the low byte). bad is zero only if
// every byte of x is a hex digit.
//
// It tests all eight bytes at once. For a byte below 0x80, adding 0x80-k
// sets its high bit exactly when the byte is >= k, without carrying into
// the next byte, so two additions test a range. A byte of 0x80 or more may
// carry and spoil its neighbours' tests, but it marks the word bad by
// itself. The value of a digit is its low nibble, plus 9 for letters,
// which are the digits with bit 6 set.
func decodeHex8(x uint64) (v, bad uint64) {
	lower := x | 0x20*ones
	digit := (x + (0x80-'0')*ones) &^ (x + (0x80-'9'-1)*ones)
	letter := (lower + (0x80-'a')*ones) &^ (lower + (0x80-'f'-1)*ones)
	bad = (^(digit | letter) | x) & highs
	v = x&(0x0f*ones) + (x>>6&ones)*9
	// Pair the nibbles, byte 2k becoming nibble 2k << 4 | nibble 2k+1, then
	// gather the even bytes into the low four.
	v = (v<<4 | v>>8) & 0x00ff00ff00ff00ff
	v = (v | v>>8) & 0x0000ffff0000ffff
	return v | v>>16, bad // bytes 0-3 hold the result; 4-5 repeat 2-3
}

// parseError returns the error for text that parse rejected. Only the
// string's first 64 bytes are kept, and a string is immutable, so a short
// string is kept as it is; anything else is copied.
func parseError(s string, strict bool) *ParseError {
	off, msg := diagnose(s, strict)
	in := s
	if len(s) > maxErrInput {
		in = boundedInput(s)
	}
	return &ParseError{Input: in, Offset: off, Msg: msg}
}

// parseErrorBytes is parseError for a caller's byte slice, which is always
// copied: the caller may reuse it.
func parseErrorBytes(b []byte) *ParseError {
	off, msg := diagnose(b, false)
	return &ParseError{Input: boundedInput(b), Offset: off, Msg: msg}
}

// diagnose explains why in is not a UUID: the offset of the first bad byte
// (-1 if every byte fits but the length is wrong) and what was wanted
// there. It is the slow path, run only after parse has said no; strict
// limits it to the canonical form. It does not allocate.
func diagnose[T ~string | ~[]byte](in T, strict bool) (offset int, msg string) {
	n := len(in)
	if n == 0 {
		return -1, "empty input"
	}
	// Choose the form the input was meant to be, then report the first byte
	// that does not fit it, or the length if every byte fits.
	// An input of an accepted form's length is measured against that form;
	// any other length, against the form its first byte suggests.
	var tmpl string
	switch {
	case strict || n == canonicalLen:
		tmpl = canonicalTemplate
	case n == hexLen:
		tmpl = hexTemplate
	case n == bracedLen:
		tmpl = bracedTemplate
	case n == urnLen:
		tmpl = urnTemplate
	case in[0] == 'u' || in[0] == 'U':
		tmpl = urnTemplate
	case in[0] == '{':
		tmpl = bracedTemplate
	case n < canonicalLen && !containsByte(in, '-'):
		tmpl = hexTemplate
	default:
		tmpl = canonicalTemplate
	}
	if tmpl == canonicalTemplate && n == canonicalLen {
		return diagnoseCanonical(in)
	}
	return scanTemplate(in, tmpl, strict)
}

// diagnoseCanonical finds the first bad byte of a 36-byte input that is
// not in canonical form, with the word-at-a-time tests of decodeHex8: the
// lowest flagged byte of each word is its first bad digit (a byte of 0x80
// or more may spoil the flags above it, never below), and the first bad
// byte overall is the earliest of those and of the hyphens. scanTemplate
// gives the same answer a byte at a time; FuzzParse checks that.
func diagnoseCanonical[T ~string | ~[]byte](s T) (offset int, msg string) {
	_ = s[canonicalLen-1]
	// The input offsets of the eight digits each word holds.
	const (
		w0 = "\x00\x01\x02\x03\x04\x05\x06\x07"
		w1 = "\x09\x0a\x0b\x0c\x0e\x0f\x10\x11"
		w2 = "\x13\x14\x15\x16\x18\x19\x1a\x1b"
		w3 = "\x1c\x1d\x1e\x1f\x20\x21\x22\x23"
	)
	offset = canonicalLen
	for i, w := range [4]uint64{load64(s, 0), load32(s, 9) | load32(s, 14)<<32,
		load32(s, 19) | load32(s, 24)<<32, load64(s, 28)} {
		if _, bad := decodeHex8(w); bad != 0 {
			offset = int([4]string{w0, w1, w2, w3}[i][bits.TrailingZeros64(bad)/8])
			break
		}
	}
	for _, h := range [4]int{8, 13, 18, 23} {
		if h < offset && s[h] != '-' {
			return h, "want '-'"
		}
	}
	if offset < canonicalLen {
		return offset, "want hex digit"
	}
	return -1, "not a UUID" // unreachable for input parse rejected
}

// scanTemplate finds the first byte of in that does not fit tmpl, a byte
// at a time, or reports a bad length if all of them fit.
func scanTemplate[T ~string | ~[]byte](in T, tmpl string, strict bool) (offset int, msg string) {
	n := len(in)
	for i := 0; i < n && i < len(tmpl); i++ {
		c := in[i]
		switch want := tmpl[i]; want {
		case 'x':
			if !isHex(c) {
				return i, "want hex digit"
			}
		case 'u', 'r', 'n', 'i', 'd':
			if c|0x20 != want {
				return i, `want "urn:uuid:" prefix`
			}
		case '-':
			if c != want {
				return i, "want '-'"
			}
		case '{':
			if c != want {
				return i, "want '{'"
			}
		case '}':
			if c != want {
				return i, "want '}'"
			}
		case ':':
			if c != want {
				return i, `want "urn:uuid:" prefix`
			}
		}
	}
	if strict {
		return -1, "want 36 bytes"
	}
	return -1, "want 32, 36, 38 or 45 bytes"
}

// Templates for diagnose: 'x' is a hex digit, other bytes stand for
// themselves (the letters of "urn:uuid:" in any case).
const (
	canonicalTemplate = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
	hexTemplate       = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	bracedTemplate    = "{" + canonicalTemplate + "}"
	urnTemplate       = urnPrefix + canonicalTemplate
)

// isHex reports whether c is a hex digit in either case.
func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

func containsByte[T ~string | ~[]byte](in T, c byte) bool {
	for i := 0; i < len(in); i++ {
		if in[i] == c {
			return true
		}
	}
	return false
}

// boundedInput copies at most maxErrInput bytes of in for an error, so that
// neither a huge input nor a caller's buffer is kept alive by it.
func boundedInput[T ~string | ~[]byte](in T) string {
	if len(in) > maxErrInput {
		return strings.Clone(string(in[:maxErrInput])) + "…"
	}
	return strings.Clone(string(in))
}
