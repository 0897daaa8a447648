package uuid

import (
	"strings"
	"unsafe"

	"github.com/afb7af96/uuid/internal/hexcode"
	"github.com/afb7af96/uuid/internal/parseerr"
)

// maxErrInput is how much of a rejected input a ParseError keeps.
const maxErrInput = 64

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
// [*ParseError] giving the offset of the first bad byte and the kind of
// problem.
func Parse(s string) (u UUID, err error) {
	// Parse makes one call, so that it is inlined: then e lives in the
	// caller's frame, and only its copy made by ref on failure may need
	// memory of its own, so a caller that only compares the error with nil
	// allocates nothing (the allocation tests pin that).
	var e ParseError
	if parse(&u, &e, s, false) {
		return
	}
	return u, e.ref()
}

// ParseBytes is like [Parse] but takes a byte slice, without converting it
// to a string.
func ParseBytes(b []byte) (UUID, error) {
	var u UUID
	var e ParseError
	if parse(&u, &e, bytesView(b), true) {
		return u, nil
	}
	return u, e.ref()
}

// ParseStrict returns the UUID represented by s, which must be in the
// canonical 8-4-4-4-12 form of RFC 9562, Section 4 (hex digits in either
// case), and nothing else.
func ParseStrict(s string) (u UUID, err error) {
	var e ParseError
	if len(s) == canonicalLen && decodeCanonical(&u, s) {
		return
	}
	e.Offset, e.Err = diagnose(s, true)
	e.Input = errorInput(s, false)
	return u, e.ref()
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
	var e ParseError
	if !parse(&v, &e, bytesView(text), true) {
		return e.ref()
	}
	*u = v
	return nil
}

// parse is the grammar of the text forms, which every entry point shares:
// it decodes in into *u, which must be the Nil UUID, and reports whether in
// is a UUID. If not, *u is still the Nil UUID and parse explains why in *e.
// It is the table of forms (form.go) written out, one case per form, each
// told by its length; TestFormTable and FuzzParse check that it accepts
// what the table describes.
//
// in is a string or, from the []byte entry points, a caller's bytes seen
// as one (bytesView), which may change once parse returns: copyInput says
// so, and then e.Input is a copy.
func parse(u *UUID, e *ParseError, in string, copyInput bool) bool {
	switch len(in) {
	case canonicalLen: // 8-4-4-4-12
		if decodeCanonical(u, in) {
			return true
		}
	case hexLen: // 32 digits
		if hexcode.DecodeHex((*[16]byte)(u), textArray[[hexLen]byte](in)) {
			return true
		}
	case bracedLen: // {8-4-4-4-12}
		if in[0] == bracedPrefix[0] && in[bracedLen-1] == bracedSuffix[0] && decodeCanonical(u, in[len(bracedPrefix):]) {
			return true
		}
	case urnLen: // urn:uuid:8-4-4-4-12, the prefix in any case
		if hasURNPrefix(in) && decodeCanonical(u, in[len(urnPrefix):]) {
			return true
		}
	}
	// Field by field: a whole-struct copy through a pointer costs more.
	e.Offset, e.Err = diagnose(in, false)
	e.Input = errorInput(in, copyInput)
	return false
}

// bytesView returns the bytes of b as a string without copying them, for
// parse, which only reads them and keeps no part of the string unless it
// copies it.
func bytesView(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// decodeCanonical decodes the canonical body at the start of in, which is
// at least 36 bytes long, into *u, and reports whether it is one; if not,
// *u is the Nil UUID.
func decodeCanonical(u *UUID, in string) bool {
	return hexcode.DecodeCanonical((*[16]byte)(u), textArray[[canonicalLen]byte](in))
}

// errorInput returns in for a ParseError's Input: in itself if it is short
// and may be kept, else a bounded copy.
func errorInput(in string, copyInput bool) string {
	if !copyInput && len(in) <= maxErrInput {
		return in
	}
	return boundedInput(in)
}

// ref returns a pointer to a copy of e. Only error paths call it, so only
// there does the copy need memory of its own, and after an inlined Parse
// only if the caller keeps the error.
func (e ParseError) ref() *ParseError { return &e }

// textArray returns the first bytes of in as an array of A's length, in
// place. The caller has checked that in is that long (a check here would
// not be compiled away, as the callers' are). The array must not be
// written: it goes only to the decoders of internal/hexcode and to
// diagnoseCanonical, which read it. A write would crash: hexcode's tests
// run its decoders on read-only memory, and the parse table's inputs here
// are string literals, which live there too.
func textArray[A [canonicalLen]byte | [hexLen]byte](in string) *A {
	return (*A)(unsafe.Pointer(unsafe.StringData(in)))
}

// hasURNPrefix reports whether in, at least 9 bytes long, starts with
// urnPrefix in any case, eight bytes at a time: with bit 5 set where the
// prefix has a letter, its first eight bytes equal the prefix's (a constant
// once the compiler folds the loads from the constant string), and the
// ninth is ':'.
func hasURNPrefix(in string) bool {
	_ = [1]struct{}{}[len(urnPrefix)-9] // does not compile unless the prefix is 8+1 bytes
	p := load64(urnPrefix, 0)
	return load64(in, 0)|foldMask(p) == p && in[8] == urnPrefix[8]
}

// foldMask returns 0x20 in each byte of p, ASCII bytes packed into a word,
// that is a lower-case letter, and zero elsewhere. For a byte below 0x80,
// adding 0x80-k sets its high bit exactly when the byte is >= k, without
// carrying into the next byte, so two additions test a range.
func foldMask(p uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	return (p + (0x80-'a')*ones) &^ (p + (0x80-'z'-1)*ones) & highs >> 2
}

// foldEq reports whether c matches the byte p of a prefix, whose letters
// are lower case and match in either case.
func foldEq(c, p byte) bool { return c == p || c|0x20 == p && 'a' <= p && p <= 'z' }

// load64 returns s[i:i+8] as a little-endian integer; the compiler merges
// the byte loads into one.
func load64(s string, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// diagnose explains why in is not a UUID: the offset of the first bad byte
// (-1 if every byte fits but the length is wrong) and the kind of problem.
// It is the slow path, run only after parse has said no; strict limits it
// to the canonical form.
//
// It measures the input against one form and reports the first byte that
// does not fit it, or the length if every byte fits: the canonical form if
// strict; else the form of the input's length if there is one; else the
// form whose prefix starts as the input does; else the 32 digits if the
// input is shorter than the canonical form and has no hyphen; else the
// canonical form.
func diagnose(in string, strict bool) (offset int, kind error) {
	switch len(in) {
	case 0:
		return -1, ErrLength
	case canonicalLen: // the usual case, measured against the canonical form
		if off, kind := diagnoseCanonical(textArray[[canonicalLen]byte](in)); kind != nil {
			return off, kind
		}
		return -1, ErrLength // not reached: parse accepts a canonical body
	}
	f := FormCanonical
	if !strict {
		f = guessForm(in)
	}
	t := &textForms[f]
	for i := 0; i < len(t.prefix) && i < len(in); i++ {
		if !foldEq(in[i], t.prefix[i]) {
			return i, ErrPrefix
		}
	}
	p := min(len(t.prefix), len(in))
	if off, kind := diagnoseBody(in[p:], t.body); kind != nil {
		return p + off, kind
	}
	s := len(t.prefix) + len(t.body)
	for i := s; i < len(in) && i-s < len(t.suffix); i++ {
		if in[i] != t.suffix[i-s] {
			return i, ErrSuffix
		}
	}
	return -1, ErrLength
}

// guessForm returns the form diagnose measures in against, if not strict.
func guessForm(in string) Form {
	if f, ok := formOfLen(len(in)); ok {
		return f
	}
	for f, t := range textForms {
		if t.prefix != "" && foldEq(in[0], t.prefix[0]) {
			return Form(f)
		}
	}
	if len(in) < canonicalLen && !containsByte(in, '-') {
		return FormHex
	}
	return FormCanonical
}

// diagnoseBody finds the first byte of in, which may be shorter or longer
// than body, that does not fit the template body (canonicalBody or
// hexBody), and its kind; the kind is nil if every byte fits. It checks a
// word at a time, with diagnoseCanonical or diagnoseHex, on a copy of the
// body's first bytes padded with bytes that fit it, so that the first bad
// byte of the copy is that of in. scanBody (slow_test.go) says the same a
// byte at a time, and FuzzParse compares the two.
func diagnoseBody(in, body string) (offset int, kind error) {
	if body == canonicalBody {
		if len(in) >= canonicalLen {
			return diagnoseCanonical(textArray[[canonicalLen]byte](in))
		}
		buf := [canonicalLen]byte([]byte(fitsCanonical))
		copy(buf[:], in)
		return diagnoseCanonical(&buf)
	}
	buf := [hexLen]byte([]byte(fitsHex))
	copy(buf[:], in)
	return diagnoseHex(&buf)
}

// fitsCanonical and fitsHex are text that fits canonicalBody and hexBody.
const (
	fitsCanonical = "00000000-0000-0000-0000-000000000000"
	fitsHex       = "00000000000000000000000000000000"
)

// diagnoseCanonical finds the first bad byte of s, and its kind: the
// earliest of the first bad digit and the hyphens out of place. The kind is
// nil if s is a canonical body.
func diagnoseCanonical(s *[canonicalLen]byte) (offset int, kind error) {
	offset = hexcode.FirstBadCanonical(s)
	switch {
	case offset > 8 && s[8] != '-':
		return 8, ErrHyphen
	case offset > 13 && s[13] != '-':
		return 13, ErrHyphen
	case offset > 18 && s[18] != '-':
		return 18, ErrHyphen
	case offset > 23 && s[23] != '-':
		return 23, ErrHyphen
	case offset < canonicalLen:
		return offset, ErrDigit
	}
	return 0, nil
}

// diagnoseHex is diagnoseCanonical for 32 hex digits.
func diagnoseHex(s *[hexLen]byte) (offset int, kind error) {
	if offset = hexcode.FirstBadHex(s); offset < hexLen {
		return offset, ErrDigit
	}
	return 0, nil
}

func containsByte(in string, c byte) bool { return strings.IndexByte(in, c) >= 0 }

// boundedInput copies at most maxErrInput bytes of in for an error, so that
// neither a huge input nor a caller's buffer is kept alive by it. It makes
// one allocation, the string's.
func boundedInput[T ~string | ~[]byte](in T) string { return parseerr.Input(in, maxErrInput) }
