package ulid

import (
	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/parseerr"
)

// maxErrInput is how much of a rejected input a ParseError keeps.
const maxErrInput = 64

// ParseError is the root package's [uuid.ParseError], the one error type
// of every parser of this module: text that is not a ULID gives a
// *ParseError whose Syntax is "ulid", whose Offset is that of the first
// problem (-1 for a wrong length) and whose Err is one of [uuid.ErrLength],
// [ErrDigit] and [ErrRange], matched with [errors.Is]. Its Input is cut to
// 64 bytes.
type ParseError = uuid.ParseError

// The kinds of [ParseError] besides [uuid.ErrLength], the root package's
// sentinel for every wrong length. The first byte outside the alphabet
// decides the kind; text whose bytes all fit but that is not 26 bytes long,
// the empty text among them, has kind uuid.ErrLength; 26 digits that would
// need a 129th bit have kind ErrRange. Each is the same value as the
// variable of the same name in packages typeid and short.
var (
	// ErrDigit is the kind of a ParseError for a byte that is not a digit
	// of Crockford's base 32 in either case; I, L, O and U are not.
	// It is [uuid.ErrDigit].
	ErrDigit = parseerr.ErrDigit

	// ErrRange is the kind of a ParseError for text whose first digit
	// is above '7', so that its value needs more than 128 bits.
	ErrRange = parseerr.ErrRange
)

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
	return &ParseError{Input: parseerr.Input(in, maxErrInput), Offset: off, Err: kind, Syntax: "ulid"}
}
