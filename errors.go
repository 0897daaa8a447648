package uuid

import (
	"errors"
	"strconv"
	"strings"

	"github.com/afb7af96/uuid/internal/parseerr"
	"github.com/afb7af96/uuid/internal/statefile"
)

// Errors follow one pattern. A failure a caller may branch on is a
// sentinel, an errors.New value or one wrapping a standard error, matched
// with [errors.Is]. An error that says more (which input, which offset,
// which UUID) is a value of a type that carries its sentinel through one
// Unwrap method returning error, as [*ParseError] does; no error type has
// an Is method. Text that is not a UUID, in any form of this module, is a
// *ParseError, whatever package parsed it.

// ParseError reports text that is not a UUID in some text form, as
// [strconv.NumError] reports a number: the text, where its first problem
// is, and the kind of problem. Every package of this module that parses
// text (this one, typeid, ulid and short) returns a *ParseError, so one
// [errors.As] serves them all. Each kind is one value wherever it is
// reported: a wrong length is ErrLength, a bad prefix ErrPrefix and a bad
// digit ErrDigit in every package, and the ErrRange of packages typeid,
// ulid and short is one value, shared by the three.
type ParseError struct {
	Input  string // the rejected text, cut to 64 bytes (128 for a TypeID; "…" marks the cut)
	Offset int    // byte offset of the first bad byte in the original input; -1 if only the length is wrong
	Err    error  // the kind: ErrLength, ErrPrefix, ErrSuffix, ErrHyphen or ErrDigit; for another package's form also its ErrRange

	// Syntax names the package that read the text and, after a space,
	// the form if the package has several, for the message: empty for the
	// forms of [Parse], "typeid" or "ulid" for those packages' forms, and
	// "short base58", "short base32" and so on for package short's.
	Syntax string
}

// Error returns a message such as
// `uuid: parsing "6ba7b810-9dad-11d1-80b4-00c04fd430zz": invalid digit at offset 34`.
// It starts with the package Syntax names, if it is set, and names the
// form Syntax gives after the quoted text:
// `short: parsing "0a6hrgRGNfQ57QMHZdNYAg" as base58: invalid digit at offset 0`.
func (e *ParseError) Error() string {
	what := "invalid UUID"
	if e.Err != nil {
		what = strings.TrimPrefix(e.Err.Error(), "uuid: ")
	}
	pkg, form := "uuid", ""
	if e.Syntax != "" {
		pkg, form, _ = strings.Cut(e.Syntax, " ")
	}
	s := pkg + ": parsing " + strconv.Quote(e.Input)
	if form != "" {
		s += " as " + form
	}
	s += ": " + what
	if e.Offset >= 0 {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	return s
}

// Unwrap returns e.Err, so that errors.Is(err, [ErrDigit]) and the like
// match a ParseError.
func (e *ParseError) Unwrap() error { return e.Err }

// The kinds of problem a [ParseError] reports in its Err field, matched
// with [errors.Is], for every text form of the module. The first byte that
// breaks the form decides the kind, and text whose bytes all fit a form but
// whose length is that of none has the wrong length. A caller that only
// needs to know whether text is a UUID compares the error with nil; these
// are for a caller that answers each problem differently, such as a form
// that points at the bad character.
var (
	// ErrLength reports input of the wrong length: text, empty or not,
	// whose bytes all fit a form but whose length is that of none
	// ([ParseStrict]: not 36 bytes), and binary input that is not 16
	// bytes. [FromBytes], [FromBytesLE] and [UUID.UnmarshalBinary]
	// return ErrLength itself, not a ParseError; [UUID.Scan] reports a
	// []byte whose length is neither 16 nor a text form's as a ParseError
	// with Err ErrLength. Text that is not a UUID because of a bad byte,
	// such as "not-a-uuid", has that byte's kind, not ErrLength.
	ErrLength = errors.New("uuid: invalid length")

	// ErrPrefix reports text that does not start with its form's prefix,
	// "{" or "urn:uuid:", or, for a TypeID, whose type prefix breaks the
	// rules of package typeid.
	ErrPrefix = errors.New("uuid: invalid prefix")

	// ErrSuffix reports text that does not end with its form's suffix,
	// "}".
	ErrSuffix = errors.New("uuid: invalid suffix")

	// ErrHyphen reports text with another byte where its form has a
	// hyphen.
	ErrHyphen = errors.New("uuid: missing hyphen")

	// ErrDigit reports text with another byte where its form has a
	// digit: a hex digit in the forms of [Parse], a digit of the form's
	// alphabet in those of packages typeid, ulid and short, which report
	// this same value.
	ErrDigit error = parseerr.ErrDigit
)

// ErrVersion is matched, with [errors.Is], by the error a conversion such
// as [UUID.ToV6] returns for a UUID that is not of the version it converts.
// A caller branches on it to tell such a UUID from other failures.
var ErrVersion = errors.New("uuid: wrong version")

// Errors from [UUID.Scan] for sources that are not a UUID's text or bytes;
// text that is not a UUID gives a [*ParseError] instead.
var (
	// ErrScanNull is returned for SQL NULL, as it is for other
	// non-nullable types. A caller branches on it where NULL is expected
	// after all: scan a column that may be NULL into a [NullUUID], or
	// into a *UUID variable by passing its address (a **UUID), which NULL
	// sets to nil.
	ErrScanNull = errors.New("uuid: cannot scan NULL into UUID")

	// ErrScanType is matched by the error returned for a source type that
	// cannot hold a UUID, such as int64: a column of the wrong type, which
	// a caller reports as a schema problem rather than bad data.
	ErrScanType = errors.New("uuid: cannot scan unsupported type into UUID")
)

// ErrEncoding is matched, through [errors.Is], by the error of
// [UUID.UnmarshalBSONValue], [UUID.UnmarshalCBOR] and their [NullUUID]
// counterparts for a value that is not a UUID in that encoding: another
// BSON type or binary subtype, a CBOR item other than a byte string or
// tag 37, a null where a UUID is required, or malformed bytes. A byte
// string of the right kind but a length other than 16 gives an error
// matching [ErrLength] instead.
var ErrEncoding = errors.New("uuid: not a UUID in this encoding")

// wireError is the error of the BSON and CBOR decoders: a message of its
// own, matching one kind (ErrEncoding or ErrLength) through Unwrap.
type wireError struct {
	msg  string
	kind error
}

func (e *wireError) Error() string { return e.msg }
func (e *wireError) Unwrap() error { return e.kind }

// ErrExhausted is returned by a [Generator] when no new value fits a
// layout: its clock reads at or past the last timestamp the layout holds
// (5236-03-31 for versions 1 and 6, 10889-08-02 for version 7) and the
// counters and clock sequences that stretch that timestamp are used up.
// The Generator never hands out a repeated value instead. After a wrong
// reading in the far future, it makes UUIDs again as soon as the clock
// reads sane. The package-level functions, which cannot return an error,
// panic with it; with the system clock that cannot happen before the
// year 5236.
var ErrExhausted = errors.New("uuid: generator exhausted: no new value fits the layout")

// ErrRandom is matched, with [errors.Is], by the error a [Generator]
// returns when its caller-supplied random source fails; the error also
// matches the source's own error. It reads "uuid: reading random source:
// <the source's error>".
var ErrRandom = errors.New("uuid: reading random source")

// randError reports a failure of a caller's random source. Its one Unwrap
// returns the standard library's join of ErrRandom and the cause, so that
// errors.Is matches both, without fmt (which would grow every program
// that imports the package).
type randError struct{ cause error }

func (e *randError) Error() string { return ErrRandom.Error() + ": " + e.cause.Error() }
func (e *randError) Unwrap() error { return errors.Join(ErrRandom, e.cause) }

// ErrNotStateFile is wrapped by the [*StateFileError] of a path that names
// something other than a state file this package wrote (see
// [GeneratorOptions.StateFile]). The file is left as it was.
var ErrNotStateFile error = statefile.ErrNotStateFile

// A StateFileError reports a state file (see [GeneratorOptions.StateFile])
// that cannot be used. It reads "uuid: state file <path>: <op>: <cause>"
// and wraps the cause, so errors.Is(err, fs.ErrPermission) works, and so
// do [ErrNotStateFile], [ErrNoFileLocks] and os.ErrDeadlineExceeded
// (another process held the lock throughout
// [GeneratorOptions.StateFileLockWait]).
type StateFileError struct {
	Path string // the state file's path
	Op   string // what failed: "open", "lock", "stat", "read", "grow", "write", "unlock" or "close"
	Err  error  // why
}

// Error reads "uuid: state file <path>: <op>: <cause>".
func (e *StateFileError) Error() string { return (*statefile.Error)(e).Error() }

// Unwrap returns the cause.
func (e *StateFileError) Unwrap() error { return e.Err }

// stateFileError returns err, an error of the state file's package, as
// the root's *StateFileError.
func stateFileError(err error) error {
	if e, ok := err.(*statefile.Error); ok {
		c := StateFileError(*e)
		return &c
	}
	return err
}

// ErrNoFileLocks is wrapped by the [*StateFileError] of a
// [GeneratorOptions.StateFile] on a platform without flock(2): Windows,
// Plan 9, WebAssembly, AIX and Solaris (illumos has it). It matches
// [errors.ErrUnsupported].
var ErrNoFileLocks error = statefile.ErrNoFileLocks

// ErrClosed is returned after [Generator.Close] by the methods that use
// the Generator's state file: [Generator.NewV1], and [Generator.NewV6]
// with [GeneratorOptions.V6Node].
var ErrClosed = errors.New("uuid: generator closed")
