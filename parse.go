package uuid

import (
	"strconv"
	"strings"
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
	if u, ok := parse(s); ok {
		return u, nil
	}
	return UUID{}, diagnose(s, false)
}

// ParseBytes is like [Parse] but takes a byte slice, without converting it
// to a string.
func ParseBytes(b []byte) (UUID, error) {
	if u, ok := parse(b); ok {
		return u, nil
	}
	return UUID{}, diagnose(b, false)
}

// ParseStrict returns the UUID represented by s, which must be in the
// canonical 8-4-4-4-12 form of RFC 9562, Section 4 (hex digits in either
// case), and nothing else.
func ParseStrict(s string) (UUID, error) {
	if len(s) == canonicalLen {
		if u, ok := parseCanonical(s); ok {
			return u, nil
		}
	}
	return UUID{}, diagnose(s, true)
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
	v, ok := parse(text)
	if !ok {
		return diagnose(text, false)
	}
	*u = v
	return nil
}

// parse is the grammar shared by every text entry point. It only answers
// whether in is a UUID; diagnose explains why not.
func parse[T ~string | ~[]byte](in T) (UUID, bool) {
	switch len(in) {
	case canonicalLen:
		return parseCanonical(in)
	case hexLen:
		return parseHex(in)
	case bracedLen:
		if in[0] == '{' && in[bracedLen-1] == '}' {
			return parseCanonical(in[1 : bracedLen-1])
		}
	case urnLen:
		if hasURNPrefix(in) {
			return parseCanonical(in[len(urnPrefix):])
		}
	}
	return UUID{}, false
}

// hasURNPrefix reports whether in starts with "urn:uuid:" in any case.
func hasURNPrefix[T ~string | ~[]byte](in T) bool {
	// Setting bit 5 lowercases letters and leaves ':' (0x3a) as it is; no
	// other byte turns into a letter of the prefix or into ':'.
	_ = in[8]
	return in[0]|0x20 == 'u' && in[1]|0x20 == 'r' && in[2]|0x20 == 'n' && in[3] == ':' &&
		in[4]|0x20 == 'u' && in[5]|0x20 == 'u' && in[6]|0x20 == 'i' && in[7]|0x20 == 'd' && in[8] == ':'
}

// parseCanonical decodes the 36-byte form 8-4-4-4-12.
func parseCanonical[T ~string | ~[]byte](s T) (UUID, bool) {
	_ = s[35]
	if s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return UUID{}, false
	}
	a, ok1 := decodeHex8(load64(s, 0))
	b, ok2 := decodeHex8(load32(s, 9) | load32(s, 14)<<32)
	c, ok3 := decodeHex8(load32(s, 19) | load32(s, 24)<<32)
	d, ok4 := decodeHex8(load64(s, 28))
	var u UUID
	put32(u[0:], a)
	put32(u[4:], b)
	put32(u[8:], c)
	put32(u[12:], d)
	return u, ok1 && ok2 && ok3 && ok4
}

// parseHex decodes the 32-hex-digit form.
func parseHex[T ~string | ~[]byte](s T) (UUID, bool) {
	_ = s[31]
	a, ok1 := decodeHex8(load64(s, 0))
	b, ok2 := decodeHex8(load64(s, 8))
	c, ok3 := decodeHex8(load64(s, 16))
	d, ok4 := decodeHex8(load64(s, 24))
	var u UUID
	put32(u[0:], a)
	put32(u[4:], b)
	put32(u[8:], c)
	put32(u[12:], d)
	return u, ok1 && ok2 && ok3 && ok4
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

// put32 stores the low 32 bits of v in b[0:4], little-endian.
func put32(b []byte, v uint64) {
	_ = b[3]
	b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// decodeHex8 decodes the 8 ASCII hex digits packed little-endian in x (the
// first digit in the low byte) into 4 bytes, also little-endian in the
// result. ok reports whether all 8 bytes are hex digits. Each byte is
// tested in parallel: for bytes below 0x80, adding 0x80-k sets a byte's
// high bit exactly when the byte is >= k, with no carry into its neighbour.
func decodeHex8(x uint64) (v uint64, ok bool) {
	ascii := ^x & highs // high bit set where the byte is ASCII
	x &^= highs         // keep the sums below from carrying
	lower := x | 0x20*ones
	digit := (x + (0x80-'0')*ones) &^ (x + (0x80-'9'-1)*ones)
	letter := (lower + (0x80-'a')*ones) &^ (lower + (0x80-'f'-1)*ones)
	valid := (digit | letter) & ascii & highs
	nib := x&(0x0f*ones) + ((letter&highs)>>7)*9
	// Pair the nibbles: byte 2i becomes nib[2i]<<4 | nib[2i+1].
	nib = (nib<<4 | nib>>8) & 0x00ff00ff00ff00ff
	nib = (nib | nib>>8) & 0x0000ffff0000ffff
	nib = (nib | nib>>16) & 0xffffffff
	return nib, valid == highs
}

// diagnose explains why in is not a UUID. It is the slow path, run only
// after parse has said no; strict limits it to the canonical form.
func diagnose[T ~string | ~[]byte](in T, strict bool) *ParseError {
	e := &ParseError{Input: boundedInput(in), Offset: -1}
	n := len(in)
	if n == 0 {
		e.Msg = "empty input"
		return e
	}
	// Choose the form the input was meant to be, then report the first byte
	// that does not fit it, or the length if every byte fits.
	var tmpl string
	switch {
	case strict:
		tmpl = canonicalTemplate
	case in[0] == 'u' || in[0] == 'U':
		tmpl = urnPrefix + canonicalTemplate
	case in[0] == '{':
		tmpl = "{" + canonicalTemplate + "}"
	case n < canonicalLen && !containsByte(in, '-'):
		tmpl = hexTemplate
	default:
		tmpl = canonicalTemplate
	}
	for i := 0; i < n && i < len(tmpl); i++ {
		c := in[i]
		switch want := tmpl[i]; want {
		case 'x':
			if fromHex(c) < 0 {
				e.Offset, e.Msg = i, "want hex digit"
				return e
			}
		case 'u', 'r', 'n', 'i', 'd':
			if c|0x20 != want {
				e.Offset, e.Msg = i, `want "urn:uuid:" prefix`
				return e
			}
		default:
			if c != want {
				e.Offset, e.Msg = i, "want "+strconv.QuoteRune(rune(want))
				return e
			}
		}
	}
	if n != len(tmpl) {
		e.Msg = "want " + strconv.Itoa(len(tmpl)) + " bytes, got " + strconv.Itoa(n)
		if !strict {
			e.Msg = "want 32, 36, 38 or 45 bytes, got " + strconv.Itoa(n)
		}
		return e
	}
	// Unreachable for input parse rejected, but keep the error truthful.
	e.Msg = "not a UUID"
	return e
}

// Templates for diagnose: 'x' is a hex digit, other bytes stand for
// themselves (the letters of "urn:uuid:" in any case).
const (
	canonicalTemplate = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
	hexTemplate       = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
)

// fromHex returns the value of the hex digit c, or -1.
func fromHex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return int(c - 'A' + 10)
	}
	return -1
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
