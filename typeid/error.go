package typeid

import (
	"strconv"
	"time"
	"unsafe"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/ulid"
)

// maxErrInput is how much of a rejected input a ParseError keeps: more than
// the longest TypeID, so that a near miss is kept whole.
const maxErrInput = 128

// ParseError is the root package's [uuid.ParseError], the one error type
// of every parser of this module: text that is not a TypeID gives a
// *ParseError whose Syntax is "typeid", whose Offset is that of the first
// problem (-1 for a wrong length) and whose Err is one of [uuid.ErrLength],
// [ErrPrefix], [ErrDigit] and [ErrRange], matched with [errors.Is]. Its
// Input is cut to 128 bytes, more than the longest TypeID.
type ParseError = uuid.ParseError

// The kinds of [ParseError] besides [uuid.ErrLength], the root package's
// sentinel for every wrong length. Text is diagnosed from its first byte
// on: the first byte that fits neither prefix nor suffix decides the kind;
// text whose bytes all fit but whose suffix is not 26 bytes long, the empty
// text among them, has kind uuid.ErrLength; a suffix of 26 digits that
// would need a 129th bit has kind ErrRange. Each is the same value as the
// variable of the same name in the root package (ErrPrefix) or in packages
// ulid and short (ErrDigit, ErrRange).
var (
	// ErrPrefix is the kind of a ParseError for a prefix that breaks the
	// rules: a byte that is not a lowercase ASCII letter or an underscore,
	// an underscore first or last, a 64th byte, or an empty prefix before
	// the separating underscore. It is [uuid.ErrPrefix].
	ErrPrefix = uuid.ErrPrefix

	// ErrDigit is the kind of a ParseError for a byte of the suffix that is
	// not in its alphabet, "0123456789abcdefghjkmnpqrstvwxyz".
	// It is [uuid.ErrDigit].
	ErrDigit = uuid.ErrDigit

	// ErrRange is the kind of a ParseError for a suffix whose first
	// digit is above '7', so that its value needs more than 128 bits.
	// It is [ulid.ErrRange].
	ErrRange = ulid.ErrRange
)

// newParseError returns the error for in, which is copied and cut to
// maxErrInput bytes, so that no caller's buffer escapes through it.
func newParseError[T ~string | ~[]byte](in T, off int, kind error) *ParseError {
	return &ParseError{Input: boundedCopy(in, maxErrInput), Offset: off, Err: kind, Syntax: "typeid"}
}

// prefixError is the error of [New] and [FromUUID] for a prefix that
// breaks the rules. The prefix is checked, not parsed as a TypeID, so the
// message says what was wrong with it; the error unwraps to the
// *ParseError (Syntax "typeid prefix") that gives the offset and kind.
type prefixError struct{ pe *ParseError }

func (e *prefixError) Error() string {
	return "typeid: invalid prefix " + strconv.Quote(e.pe.Input) + " at offset " + strconv.Itoa(e.pe.Offset)
}
func (e *prefixError) Unwrap() error { return e.pe }

// badPrefix returns the error for prefix, whose byte at off breaks the rules.
func badPrefix(prefix string, off int) error {
	return &prefixError{&ParseError{Input: boundedCopy(prefix, maxErrInput), Offset: off, Err: ErrPrefix, Syntax: "typeid prefix"}}
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

// boundedCopy returns a copy of at most max bytes of in, with "…" after it
// if in is longer, so that neither a huge input nor a caller's buffer is
// kept alive by an error. It makes one allocation, the string's, and none
// for empty input.
func boundedCopy[T ~string | ~[]byte](in T, max int) string {
	const cut = "…"
	n := min(len(in), max)
	if n == 0 {
		return ""
	}
	b := make([]byte, n, n+len(cut))
	copy(b, in[:n])
	if len(in) > n {
		b = append(b, cut...)
	}
	return unsafe.String(&b[0], len(b))
}

// scanError is the error of [TypeID.Scan] for a source that cannot hold a
// TypeID: "typeid: cannot scan int64 into TypeID", matching its kind,
// [uuid.ErrScanNull] or [uuid.ErrScanType], with [errors.Is], as the
// library's own Scan errors do.
type scanError struct {
	problem string
	kind    error
}

func (e *scanError) Error() string { return "typeid: " + e.problem }
func (e *scanError) Unwrap() error { return e.kind }

// typeName names the dynamic type of v, a value database/sql may pass to
// Scan, as the library's Scan errors do, without package reflect.
func typeName(v any) string {
	switch v.(type) {
	case int64:
		return "int64"
	case float64:
		return "float64"
	case bool:
		return "bool"
	case int:
		return "int"
	case int8:
		return "int8"
	case int16:
		return "int16"
	case int32:
		return "int32"
	case uint:
		return "uint"
	case uint8:
		return "uint8"
	case uint16:
		return "uint16"
	case uint32:
		return "uint32"
	case uint64:
		return "uint64"
	case float32:
		return "float32"
	case time.Time:
		return "time.Time"
	}
	return "value of unsupported type"
}
