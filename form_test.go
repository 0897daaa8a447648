package uuid

import (
	"errors"
	"strings"
	"testing"
)

// TestFormTable checks that Parse accepts exactly what the table of forms
// describes: for every length, a text of that length is a UUID only if a
// form has it; for every form, changing any byte of its prefix, hyphens or
// suffix makes the text fail at that byte with the kind of that part, and
// changing the case of a prefix's letter does not.
func TestFormTable(t *testing.T) {
	u := MustParse(good)
	lengths := map[int]Form{}
	for f := range Form(len(textForms)) {
		lengths[f.Len()] = f
	}
	if len(lengths) != len(textForms) {
		t.Fatalf("forms share a length: %v", lengths)
	}
	for n := range 100 {
		// Every byte a hex digit but the hyphens and affixes of the form
		// of length n, if there is one.
		in := []byte(strings.Repeat("a", n))
		f, isForm := lengths[n]
		if isForm {
			in = u.AppendForm(nil, f)
		}
		if _, err := ParseBytes(in); (err == nil) != isForm {
			t.Errorf("ParseBytes(%q) = %v; want success %v", in, err, isForm)
		}
	}
	for f := range Form(len(textForms)) {
		tf := &textForms[f]
		text := string(u.AppendForm(nil, f))
		for i := range len(text) {
			var kind error
			switch {
			case i < len(tf.prefix):
				kind = ErrPrefix
			case i >= len(tf.prefix)+len(tf.body):
				kind = ErrSuffix
			case tf.body[i-len(tf.prefix)] == '-':
				kind = ErrHyphen
			default:
				continue // digits: the parse table and FuzzParse cover them
			}
			bad := text[:i] + "a" + text[i+1:]
			_, err := Parse(bad)
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Offset != i || !errors.Is(err, kind) {
				t.Errorf("Parse(%q) = %v; want %v at offset %d", bad, err, kind, i)
			}
			if c := text[i]; 'a' <= c && c <= 'z' {
				other := text[:i] + strings.ToUpper(text[i:i+1]) + text[i+1:]
				if v, err := Parse(other); err != nil || v != u {
					t.Errorf("Parse(%q) = %v, %v; want %v", other, v, err, u)
				}
			}
		}
	}
}
