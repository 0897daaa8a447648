package uuid

import "strconv"

// A Form is a text form of a UUID, as [UUID.AppendForm] writes it: one of
// the four forms [Parse] accepts, with lower-case hex digits, as RFC 9562
// recommends. Any other value is not a form: its [Form.Len] is 0. (For
// upper case, fmt's %S prints the canonical form and %X the hex form; see
// [UUID.Format].)
type Form uint8

// The text forms.
const (
	FormCanonical Form = iota // f81d4fae-7dec-11d0-a765-00a0c91e6bf6 (RFC 9562, Section 4)
	FormHex                   // f81d4fae7dec11d0a76500a0c91e6bf6
	FormBraced                // {f81d4fae-7dec-11d0-a765-00a0c91e6bf6}
	FormURN                   // urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6
)

// The two bodies of the text forms, as templates: 'x' stands for a hex
// digit, '-' for itself. Package internal/hexcode codes each body; the
// table of forms puts a prefix and a suffix around one of them.
const (
	canonicalBody = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
	hexBody       = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"

	canonicalLen = len(canonicalBody)
	hexLen       = len(hexBody)
)

// The prefixes and suffixes of the forms that have them, and the lengths of
// those forms.
const (
	bracedPrefix = "{"
	bracedSuffix = "}"
	bracedLen    = len(bracedPrefix) + canonicalLen + len(bracedSuffix)
	urnPrefix    = "urn:uuid:"
	urnLen       = len(urnPrefix) + canonicalLen
)

// textForm is one row of the table of text forms: the text is prefix, then
// body, then suffix. The letters of a prefix are written in lower case and
// match in either case.
type textForm struct {
	name           string
	prefix, suffix string
	body           string // canonicalBody or hexBody
}

// textForms is the table of text forms, indexed by Form. The diagnosis of bad text, Form.Len, Form.String, AppendForm
// and the message for a bad length read it; parse is the same table
// unrolled from the constants above, for speed. Nothing else knows the
// forms' prefixes, suffixes or lengths.
var textForms = [...]textForm{
	FormCanonical: {name: "canonical", body: canonicalBody},
	FormHex:       {name: "hex", body: hexBody},
	FormBraced:    {name: "braced", prefix: bracedPrefix, suffix: bracedSuffix, body: canonicalBody},
	FormURN:       {name: "urn", prefix: urnPrefix, body: canonicalBody},
}

// len returns the length of the form's text.
func (t *textForm) len() int { return len(t.prefix) + len(t.body) + len(t.suffix) }

// form returns the row of f, or nil if f is not a form.
func (f Form) form() *textForm {
	if int(f) < len(textForms) {
		return &textForms[f]
	}
	return nil
}

// formOfLen returns the form whose text is n bytes long, if there is one.
// The forms' lengths are distinct.
func formOfLen(n int) (Form, bool) {
	for f := range Form(len(textForms)) {
		if textForms[f].len() == n {
			return f, true
		}
	}
	return 0, false
}

// String returns the form's name: "canonical", "hex", "braced" or "urn".
// Any other value prints as Form(n).
func (f Form) String() string {
	if t := f.form(); t != nil {
		return t.name
	}
	return "Form(" + strconv.Itoa(int(f)) + ")"
}

// Len returns the length in bytes of a UUID's text in form f, which is the
// same for every UUID, or 0 if f is not a form.
func (f Form) Len() int {
	if t := f.form(); t != nil {
		return t.len()
	}
	return 0
}
