package typeid

import (
	"errors"
	"strconv"
	"strings"

	"github.com/afb7af96/uuid"
)

// maxErrInput is how much of a rejected input a ParseError keeps: more than
// the longest TypeID, so that a near miss is kept whole.
const maxErrInput = 128

// ParseError reports text that is not a TypeID, as [uuid.ParseError] does
// for the root package's forms and [strconv.NumError] for numbers: the
// input, where its first problem is, and the kind of problem, one of
// [uuid.ErrLength], [ErrPrefix], [ErrDigit] and [ErrRange], which
// [errors.Is] matches through the error.
type ParseError struct {
	Input  string // the rejected text, cut to 128 bytes ("…" marks the cut)
	Offset int    // byte offset of the first problem in the input; -1 for a wrong length
	Err    error  // the kind: uuid.ErrLength, ErrPrefix, ErrDigit or ErrRange
}

// The kinds of [ParseError] besides [uuid.ErrLength], the root package's
// sentinel for every wrong length. Text is diagnosed from its first byte
// on: the first byte that fits neither prefix nor suffix decides the kind;
// text whose bytes all fit but whose suffix is not 26 bytes long, the empty
// text among them, has kind uuid.ErrLength; a suffix of 26 digits that
// would need a 129th bit has kind ErrRange.
var (
	// ErrPrefix is the kind of a ParseError for a prefix that breaks the
	// rules: a byte that is not a lowercase ASCII letter or an underscore,
	// an underscore first or last, a 64th byte, or an empty prefix before
	// the separating underscore.
	ErrPrefix = errors.New("uuid: invalid type prefix")

	// ErrDigit is the kind of a ParseError for a byte of the suffix that is
	// not in its alphabet, "0123456789abcdefghjkmnpqrstvwxyz".
	ErrDigit = errors.New("uuid: invalid digit")

	// ErrRange is the kind of a ParseError for a suffix whose first
	// digit is above '7', so that its value needs more than 128 bits.
	ErrRange = errors.New("uuid: value out of range")
)

// Error returns a message such as
// `uuid: parsing "user_01h455vb4pex5vsknk084sn0iq" as typeid: invalid digit at offset 29`.
func (e *ParseError) Error() string {
	what := "invalid"
	if e.Err != nil {
		what = strings.TrimPrefix(e.Err.Error(), "uuid: ")
	}
	s := "uuid: parsing " + strconv.Quote(e.Input) + " as typeid: " + what
	if e.Offset >= 0 {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	return s
}

// Unwrap returns the kind of the error, so that errors.Is(err, [ErrDigit])
// and the like match it.
func (e *ParseError) Unwrap() error { return e.Err }

// newParseError returns the error for in, which is copied and cut to
// maxErrInput bytes, so that no caller's buffer escapes through it.
func newParseError[T ~string | ~[]byte](in T, off int, kind error) *ParseError {
	var s string
	if len(in) > maxErrInput {
		s = string(in[:maxErrInput]) + "…"
	} else {
		s = string(in)
	}
	return &ParseError{Input: s, Offset: off, Err: kind}
}

// diagnose explains why parse rejected in. It is the slow path.
//
// The separator is the underscore 27 bytes from the end if there is one,
// else the last underscore: so a near miss with a bad byte in its suffix is
// read as prefix and suffix, as its writer meant it. Then the first bad
// byte of the prefix, the first bad byte of the suffix, the suffix's
// length and its first digit are checked, in that order.
func diagnose[T ~string | ~[]byte](in T) *ParseError {
	sep := -1
	if n := len(in) - suffixLen - 1; n >= 0 && in[n] == '_' {
		sep = n
	} else if len(in) != suffixLen {
		for i := len(in) - 1; i >= 0; i-- {
			if in[i] == '_' {
				sep = i
				break
			}
		}
	}
	if sep == 0 {
		return newParseError(in, 0, ErrPrefix)
	}
	if sep > 0 {
		if off := checkPrefix(in[:sep]); off >= 0 {
			return newParseError(in, off, ErrPrefix)
		}
	}
	suffix := in[sep+1:]
	for i := 0; i < len(suffix); i++ {
		if digits[suffix[i]] == 0xff {
			return newParseError(in, sep+1+i, ErrDigit)
		}
	}
	if len(suffix) != suffixLen {
		return newParseError(in, -1, uuid.ErrLength)
	}
	return newParseError(in, sep+1, ErrRange)
}
