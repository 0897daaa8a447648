package uuid47

import (
	"strconv"
	"strings"

	"github.com/afb7af96/uuid"
)

// keyTextMax bounds the bytes other than white space that ParseKey looks
// at: the longest key text, two halves with "0x" each and a colon, plus
// one, so that a longer text is still seen to be too long.
const keyTextMax = len("0x0011223344556677:0x8899aabbccddeeff") + 1

// ParseKey returns the key written in s as the uuid47 PostgreSQL
// extension's uuid47.key setting reads it: the key's 16 bytes as 32 hex
// digits, byte 0 first, in either case, or as two halves of 16 digits with
// a colon between ("0011223344556677:8899aabbccddeeff"); each half, or the
// whole, may start with "0x", and ASCII white space anywhere is ignored, so
// a key file's final newline does no harm. See [NewKey] for how the bytes
// become SipHash's key words.
//
// Any other text is an error that matches [uuid.ErrDigit] for a byte
// that is no hex digit where one belongs, or [uuid.ErrLength] for a text
// whose bytes fit but whose digits are not 16 and 16 (or 32). The error
// gives the offset of the bad byte but never the text itself, which is a
// secret.
func ParseKey(s string) (Key, error) {
	// Collect the bytes other than white space, with their offsets in s.
	var text [keyTextMax]byte
	var at [keyTextMax]int
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\v', '\f', '\r':
			continue
		}
		if n == keyTextMax {
			return Key{}, &keyError{-1, uuid.ErrLength}
		}
		text[n], at[n] = s[i], i
		n++
	}
	var secret [16]byte
	halves := [][2]int{{0, n}} // the parts to read, as start and end in text
	if c := indexColon(text[:n]); c >= 0 {
		halves = [][2]int{{0, c}, {c + 1, n}}
	}
	digits := 32 / len(halves)
	for h, part := range halves {
		lo, hi := part[0], part[1]
		if hi-lo >= 2 && text[lo] == '0' && (text[lo+1] == 'x' || text[lo+1] == 'X') {
			lo += 2
		}
		for i := lo; i < hi; i++ {
			if unhex(text[i]) > 15 {
				return Key{}, &keyError{at[i], uuid.ErrDigit}
			}
		}
		if hi-lo != digits {
			return Key{}, &keyError{-1, uuid.ErrLength}
		}
		for i := 0; i < digits/2; i++ {
			secret[h*digits/2+i] = unhex(text[lo+2*i])<<4 | unhex(text[lo+2*i+1])
		}
	}
	return NewKey(secret), nil
}

// indexColon returns the index of the first colon in b, or -1.
func indexColon(b []byte) int {
	for i, c := range b {
		if c == ':' {
			return i
		}
	}
	return -1
}

// unhex returns the value of the hex digit c, or 255 if c is none.
func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10
	}
	return 255
}

// keyError reports key text that [ParseKey] cannot read: the kind, which
// it unwraps to, and the offset of the first bad byte, or -1 if only the
// number of digits is wrong. It never holds the text, a secret.
type keyError struct {
	offset int
	kind   error
}

func (e *keyError) Error() string {
	s := "uuid47: key: " + strings.TrimPrefix(e.kind.Error(), "uuid: ")
	if e.offset >= 0 {
		return s + " at offset " + strconv.Itoa(e.offset)
	}
	return s + " (want 32 hex digits, or 16, a colon and 16)"
}

func (e *keyError) Unwrap() error { return e.kind }
