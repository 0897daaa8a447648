package uuid

import "slices"

// AppendForm appends the text of u in form f to b and returns the extended
// buffer. It does not allocate when b has room. It panics if f is not a
// form (f.Len() is 0), as [strconv.AppendInt] panics for an invalid base.
func (u UUID) AppendForm(b []byte, f Form) []byte {
	t := f.form()
	if t == nil {
		panic("uuid: AppendForm with invalid " + f.String())
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
