package uuid

import (
	"fmt"
	"slices"

	"github.com/afb7af96/uuid/internal/hexcode"
)

// AppendForm appends the text of u in form f to b and returns the extended
// buffer. It does not allocate when b has room. It panics if f is not a
// form (f.Len() is 0), as [strconv.AppendInt] panics for an invalid base.
func (u UUID) AppendForm(b []byte, f Form) []byte {
	return u.appendForm(b, f, false)
}

// appendForm is AppendForm with upper-case hex digits if upper is set, as
// fmt's %S and %X print them.
func (u UUID) appendForm(b []byte, f Form, upper bool) []byte {
	t := f.form()
	if t == nil {
		panic("uuid: AppendForm with invalid " + f.String())
	}
	n := t.len()
	b = slices.Grow(b, n)
	start := len(b)
	b = b[:start+n]
	putForm(b[start:], &u, t, upper) // in place: no buffer to copy
	return b
}

// putForm writes the text of *u in form t into dst, which is exactly
// t.len() bytes long, with upper-case hex digits if upper is set.
func putForm(dst []byte, u *UUID, t *textForm, upper bool) {
	p := copy(dst, t.prefix)
	s := p + len(t.body)
	if len(t.body) == canonicalLen {
		hexcode.PutCanonical((*[canonicalLen]byte)(dst[p:s]), (*[16]byte)(u), upper)
	} else {
		hexcode.PutHex((*[hexLen]byte)(dst[p:s]), (*[16]byte)(u), upper)
	}
	copy(dst[s:], t.suffix)
}

// String returns the canonical form of u: 36 lowercase characters,
// 8-4-4-4-12 (RFC 9562, Section 4).
func (u UUID) String() string {
	var buf [canonicalLen]byte
	hexcode.PutCanonical(&buf, (*[16]byte)(&u), false)
	return string(buf[:])
}

// URN returns u as a URN: "urn:uuid:" and the canonical form (RFC 9562,
// Section 4).
func (u UUID) URN() string {
	var buf [urnLen]byte
	putForm(buf[:], &u, &textForms[FormURN], false)
	return string(buf[:])
}

// AppendText implements [encoding.TextAppender]: it appends the canonical
// form of u, as returned by [UUID.String], to b. It never fails.
func (u UUID) AppendText(b []byte) ([]byte, error) {
	b = slices.Grow(b, canonicalLen)
	n := len(b)
	b = b[:n+canonicalLen]
	hexcode.PutCanonical((*[canonicalLen]byte)(b[n:]), (*[16]byte)(&u), false)
	return b, nil
}

// MarshalText implements [encoding.TextMarshaler]: it returns the canonical
// form of u, as returned by [UUID.String]. It never fails.
func (u UUID) MarshalText() ([]byte, error) {
	b := make([]byte, canonicalLen)
	hexcode.PutCanonical((*[canonicalLen]byte)(b), (*[16]byte)(&u), false)
	return b, nil
}

// Format implements [fmt.Formatter]. The verbs are:
//
//	%v, %s  the canonical form, as String returns it
//	%q      the canonical form in double quotes (%#q: in backquotes)
//	%S      the canonical form with upper-case hex digits
//	%x, %X  the 32 hex digits without hyphens, lower or upper case
//	%#v     Go syntax: uuid.MustParse("…")
//
// Width, precision and flags apply to that text as they do to a string:
// %.8s is the first 8 characters, and %-40v pads on the right. So %v, %s
// and %q print what they print for Go 1.27's standard uuid package and
// for github.com/google/uuid, whose UUIDs fmt formats through their
// String method; %x, %X and %#v differ from those (which print the hex of
// the 36 characters and a composite literal). Any other verb, such as %d,
// formats the 16 bytes as fmt formats a [16]byte, as it does for those
// packages.
func (u UUID) Format(f fmt.State, verb rune) {
	var buf [64]byte
	var out []byte
	switch verb {
	case 'v', 's':
		if verb == 'v' && f.Flag('#') {
			out = append(buf[:0], `uuid.MustParse("`...)
			out = append(u.AppendForm(out, FormCanonical), `")`...)
		} else {
			out = u.AppendForm(buf[:0], FormCanonical)
		}
	case 'q':
		if plainFormat(f) && !f.Flag('#') {
			f.Write(append(u.AppendForm(append(buf[:0], '"'), FormCanonical), '"'))
			return
		}
		fmt.Fprintf(f, fmt.FormatString(f, verb), u.AppendForm(buf[:0], FormCanonical))
		return
	case 'S':
		out = u.appendForm(buf[:0], FormCanonical, true)
	case 'x':
		out = u.AppendForm(buf[:0], FormHex)
	case 'X':
		out = u.appendForm(buf[:0], FormHex, true)
	default:
		fmt.Fprintf(f, fmt.FormatString(f, verb), [Size]byte(u))
		return
	}
	if plainFormat(f) {
		f.Write(out)
		return
	}
	// The text as a string: fmt applies width, precision and flags.
	fmt.Fprintf(f, fmt.FormatString(f, 's'), out)
}

// plainFormat reports whether f has no width, precision or flag that would
// change a string's text, other than '#', which Format handles itself.
func plainFormat(f fmt.State) bool {
	_, w := f.Width()
	_, p := f.Precision()
	return !w && !p && !f.Flag('-') && !f.Flag('+') && !f.Flag(' ') && !f.Flag('0')
}
