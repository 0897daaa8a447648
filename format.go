package uuid

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"
)

// AppendForm appends the text of u in form f to b and returns the extended
// buffer. It does not allocate when b has room. If f is not a form, which
// is when f.Len() is 0, it returns b unchanged.
func (u UUID) AppendForm(b []byte, f Form) []byte {
	t := f.form()
	if t == nil {
		return b
	}
	n := t.len()
	b = slices.Grow(b, n)
	start := len(b)
	b = b[:start+n]
	putForm(b[start:], &u, t, f&FormUpper != 0) // in place: no buffer to copy
	return b
}

// putForm writes the text of *u in form t into dst, which is exactly
// t.len() bytes long, with upper-case hex digits if upper is set.
func putForm(dst []byte, u *UUID, t *textForm, upper bool) {
	p := copy(dst, t.prefix)
	s := p + len(t.body)
	if len(t.body) == canonicalLen {
		putCanonical((*[canonicalLen]byte)(dst[p:s]), u, upper)
	} else {
		putHex((*[hexLen]byte)(dst[p:s]), u, upper)
	}
	copy(dst[s:], t.suffix)
}

// String returns the canonical form of u: 36 lowercase characters,
// 8-4-4-4-12 (RFC 9562, Section 4).
func (u UUID) String() string {
	var buf [canonicalLen]byte
	putCanonical(&buf, &u, false)
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
	putCanonical((*[canonicalLen]byte)(b[n:]), &u, false)
	return b, nil
}

// MarshalText implements [encoding.TextMarshaler]: it returns the canonical
// form of u, as returned by [UUID.String]. It never fails.
func (u UUID) MarshalText() ([]byte, error) {
	b := make([]byte, canonicalLen)
	putCanonical((*[canonicalLen]byte)(b), &u, false)
	return b, nil
}

// Format implements [fmt.Formatter]. The verbs are:
//
//	%v, %s  the canonical form, as String returns it
//	%S      the canonical form with upper-case hex digits
//	%q      the canonical form in double quotes
//	%x, %X  the 32 hex digits without hyphens, lower or upper case
//	%#v     Go syntax: uuid.MustParse("…")
//
// Width and the '-' flag pad as they do for strings.
func (u UUID) Format(f fmt.State, verb rune) {
	var buf [64]byte
	out := buf[:0]
	switch verb {
	case 'v', 's':
		if verb == 'v' && f.Flag('#') {
			out = append(out, `uuid.MustParse("`...)
			out = append(u.AppendForm(out, FormCanonical), `")`...)
		} else {
			out = u.AppendForm(out, FormCanonical)
		}
	case 'S':
		out = u.AppendForm(out, FormCanonical|FormUpper)
	case 'q':
		out = append(u.AppendForm(append(out, '"'), FormCanonical), '"')
	case 'x':
		out = u.AppendForm(out, FormHex)
	case 'X':
		out = u.AppendForm(out, FormHex|FormUpper)
	default:
		out = append(out, "%!"...)
		out = utf8.AppendRune(out, verb)
		out = append(u.AppendForm(append(out, "(uuid.UUID="...), FormCanonical), ')')
		f.Write(out)
		return
	}
	if w, ok := f.Width(); ok && w > len(out) {
		pad := bytes.Repeat([]byte{' '}, w-len(out))
		if f.Flag('-') {
			out = append(out, pad...)
		} else {
			out = append(pad, out...)
		}
	}
	f.Write(out)
}

// GoString returns Go syntax for u, as %#v prints it.
func (u UUID) GoString() string { return "uuid.MustParse(" + strconv.Quote(u.String()) + ")" }
