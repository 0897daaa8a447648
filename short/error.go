package short

import (
	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/parseerr"
)

// maxErrInput is how much of a rejected input a ParseError keeps.
const maxErrInput = 64

// ParseError is the root package's [uuid.ParseError], the one error type
// of every parser of this module: text that is not a UUID in an encoding
// gives a *ParseError whose Syntax is "short" and the encoding's name, such
// as "short base57" (its message starts "short: "), whose Offset is that of the first problem (-1 for a wrong
// length) and whose Err is one of [uuid.ErrLength], [ErrDigit] and
// [ErrRange], matched with [errors.Is]. Its Input is cut to 64 bytes.
type ParseError = uuid.ParseError

// The kinds of [ParseError] besides [uuid.ErrLength], the root package's
// sentinel for every wrong length, which is the kind of a text whose bytes
// are all digits but whose length is not the encoding's, the empty text
// among them. Each is the same value as the variable of the same name in
// packages ulid and typeid.
var (
	// ErrDigit is the kind of a ParseError for a byte that is not a digit
	// of the encoding's alphabet.
	// It is [uuid.ErrDigit].
	ErrDigit = parseerr.ErrDigit

	// ErrRange is the kind of a ParseError for digits that spell a value
	// of 2^128 or more (Base58, Base57, Base36), or a last digit whose
	// unused bits are not zero (Base64URL, Base32). Its Offset is the
	// first digit that makes the value too large.
	ErrRange = parseerr.ErrRange
)

// form describes an encoding for the diagnosis of bad text, which is not
// on the fast path.
type form struct {
	name   string
	width  int
	values string // the inverse of the alphabet
	max    string // for a number form, the text of the Max UUID
	unused byte   // for a bit form, the bits of the last digit that must be zero
}

// forms is indexed by Encoding; forms[0] stands for every invalid value.
var forms = [...]form{
	Base58:    {name: "base58", width: base58Len, values: base58Values, max: "YcVfxkQb6JRzqk5kF2tNLv"},
	Base57:    {name: "base57", width: base57Len, values: base57Values, max: "oZEq7ovRbLq6UnGMPwc8B5"},
	Base64URL: {name: "base64url", width: base64Len, values: base64URLValues, unused: 0xf},
	Base36:    {name: "base36", width: base36Len, values: base36Values, max: "f5lxx1zz5pnorynqglhzmsp33"},
	Base32:    {name: "base32", width: base32Len, values: base32Values, unused: 3},
}

// form returns the description of e, panicking if e is not an encoding.
func (e Encoding) form() *form {
	if e == 0 || int(e) >= len(forms) {
		badEncoding(e)
	}
	return &forms[e]
}

// name returns the name of e for messages, or "" if e is not an encoding.
func (e Encoding) name() string {
	if e == 0 || int(e) >= len(forms) {
		return ""
	}
	return forms[e].name
}

// diagnose returns the error for in, which the fast parser rejected: the
// first byte that is not a digit, else a wrong length, else the first digit
// that makes the value too large. It is kept out of line so that Parse and
// ParseBytes stay small.
//
//go:noinline
func diagnose[T ~string | ~[]byte](e Encoding, in T) *ParseError {
	f := e.form()
	err := &ParseError{Input: parseerr.Input(in, maxErrInput), Offset: -1, Err: uuid.ErrLength, Syntax: "short " + e.name()}
	for i := range len(in) {
		if f.values[in[i]] == 0xff {
			err.Offset, err.Err = i, ErrDigit
			return err
		}
	}
	if len(in) != f.width {
		return err
	}
	err.Err = ErrRange
	if f.max == "" {
		err.Offset = f.width - 1
		return err
	}
	for i := range len(in) {
		d, m := f.values[in[i]], f.values[f.max[i]]
		if d != m {
			if d > m {
				err.Offset = i
				return err
			}
			break
		}
	}
	// Not reached: the fast parser accepts every text of digits at most
	// the Max UUID's. Report the whole text rather than panic.
	err.Offset = 0
	return err
}
