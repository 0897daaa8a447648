package ulid

import (
	"errors"
	"strconv"
	"strings"

	"github.com/afb7af96/uuid"
)

// maxErrInput is how much of a rejected input a ParseError keeps.
const maxErrInput = 64

// ParseError reports text that is not a ULID, as [uuid.ParseError] does
// for the root package's forms and [strconv.NumError] for numbers: the
// input, where its first problem is, and the kind of problem, one of
// [uuid.ErrLength], [ErrDigit] and [ErrRange], which [errors.Is] matches
// through the error.
type ParseError struct {
	Input  string // the rejected text, cut to 64 bytes ("…" marks the cut)
	Offset int    // byte offset of the first problem in the input; -1 for a wrong length
	Err    error  // the kind: uuid.ErrLength, ErrDigit or ErrRange
}

// The kinds of [ParseError] besides [uuid.ErrLength], the root package's
// sentinel for every wrong length. The first byte outside the alphabet
// decides the kind; text whose bytes all fit but that is not 26 bytes long,
// the empty text among them, has kind uuid.ErrLength; 26 digits that would
// need a 129th bit have kind ErrRange.
var (
	// ErrDigit is the kind of a ParseError for a byte that is not a digit
	// of Crockford's base 32 in either case; I, L, O and U are not.
	ErrDigit = errors.New("uuid: invalid digit")

	// ErrRange is the kind of a ParseError for text whose first digit
	// is above '7', so that its value needs more than 128 bits.
	ErrRange = errors.New("uuid: value out of range")
)

// Error returns a message such as
// `uuid: parsing "01ARYZ6S41TSV4RRFFQ69G5FAU" as ulid: invalid digit at offset 25`.
func (e *ParseError) Error() string {
	what := "invalid"
	if e.Err != nil {
		what = strings.TrimPrefix(e.Err.Error(), "uuid: ")
	}
	s := "uuid: parsing " + strconv.Quote(e.Input) + " as ulid: " + what
	if e.Offset >= 0 {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	return s
}

// Unwrap returns the kind of the error, so that errors.Is(err, [ErrDigit])
// and the like match it.
func (e *ParseError) Unwrap() error { return e.Err }

// diagnose explains why in is not a ULID. It is the slow path, run only
// after the fast parser said no. The input is copied and cut to
// maxErrInput bytes, so that no caller's buffer escapes through the error.
func diagnose[T ~string | ~[]byte](in T) *ParseError {
	off, kind := -1, uuid.ErrLength
	for i := 0; i < len(in); i++ {
		if digits[in[i]] == 0xff {
			off, kind = i, ErrDigit
			break
		}
	}
	if kind == uuid.ErrLength && len(in) == textLen {
		off, kind = 0, ErrRange
	}
	var s string
	if len(in) > maxErrInput {
		s = string(in[:maxErrInput]) + "…"
	} else {
		s = string(in)
	}
	return &ParseError{Input: s, Offset: off, Err: kind}
}
