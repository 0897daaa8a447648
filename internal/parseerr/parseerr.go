// Package parseerr holds what the module's parsers share to build a
// uuid.ParseError: ErrDigit, which every form reports, and ErrRange, which
// only the packages for other text forms (ulid and short, and the typeid
// module through ulid.ErrRange) report,
// defined once here so that each is one value in every package and
// errors.Is matches it whichever package parsed the text; and the bounded
// copy of a rejected input. The root package defines the other kinds
// (uuid.ErrLength, uuid.ErrPrefix, …), which the other packages report too.
package parseerr

import (
	"errors"
	"unsafe"
)

var (
	// ErrDigit is the kind of a byte that is not a digit of its form's
	// alphabet, a hex digit in the forms of uuid.Parse. The root
	// package exports it as uuid.ErrDigit, and typeid, ulid and short as
	// their ErrDigit.
	ErrDigit = errors.New("uuid: invalid digit")

	// ErrRange is the kind of digits whose value needs more than 128 bits,
	// or whose unused last bits are not zero.
	ErrRange = errors.New("uuid: value out of range")
)

// Input returns a copy of at most max bytes of in, with "…" after it if
// in is longer, so that neither a huge input nor a caller's buffer is kept
// alive by an error. It makes one allocation, the string's, and none for
// empty input.
func Input[T ~string | ~[]byte](in T, max int) string {
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
