package main

import (
	"errors"
	"strings"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/short"
	"github.com/afb7af96/uuid/ulid"
)

// A textForm is one text form --format chooses for generated UUIDs and, for
// the forms with a grammar of their own, inspect --from reads.
type textForm struct {
	name  string
	help  string // what it looks like, for the usage text
	upper bool   // whether it has an upper-case spelling (+upper, --upper)
	// timed is set for forms whose texts are expected to start with a Unix
	// time in milliseconds (ULID): without a version flag they are made
	// from version 7 UUIDs.
	timed bool
	// appendTo appends u in this form, in upper case if upper is set.
	appendTo func(dst []byte, u uuid.UUID, upper bool) []byte
	// parse reads a text of this form; nil for the root package's forms,
	// which inspect reads without --from.
	parse func(s string) (uuid.UUID, error)
}

// forms is the table of text forms, the first the default. A form with a
// grammar of its own adds a row here. (TypeIDs are not among them: their
// specification is before its 1.0, so package typeid is a module at v0,
// which this command, whose output version 1 keeps, does not import.)
var forms = []textForm{
	libraryForm("canonical", "8-4-4-4-12 hex digits (RFC 9562, Section 4)", uuid.FormCanonical),
	libraryForm("hex", "32 hex digits", uuid.FormHex),
	libraryForm("braced", "{canonical}, as Microsoft writes GUIDs", uuid.FormBraced),
	libraryForm("urn", "urn:uuid:canonical (RFC 9562, Section 4)", uuid.FormURN),
	{"ulid", "ULID text, 26 Crockford base-32 digits of the 128 bits", false, true,
		func(dst []byte, u uuid.UUID, _ bool) []byte {
			b, _ := ulid.FromUUID(u).AppendText(dst) // never fails
			return b
		},
		func(s string) (uuid.UUID, error) {
			id, err := ulid.Parse(s)
			return id.UUID(), err
		}},
	shortForm("base58", "22 digits, a fixed-width number in Bitcoin's alphabet", short.Base58, false),
	shortForm("base57", "22 digits, as github.com/lithammer/shortuuid writes", short.Base57, false),
	shortForm("base64url", "22 characters, RFC 4648 base64url, no padding", short.Base64URL, false),
	shortForm("base36", "25 digits 0-9 a-z, the uuid25 form", short.Base36, true),
	shortForm("base32", "26 characters, RFC 4648 base32, no padding", short.Base32, true),
}

// libraryForm is the row of a form uuid.UUID.AppendForm writes; in upper
// case, the prefix urn:uuid: stays as it is.
func libraryForm(name, help string, f uuid.Form) textForm {
	return textForm{name, help, true, false, func(dst []byte, u uuid.UUID, upper bool) []byte {
		n := len(dst)
		if f == uuid.FormURN {
			n += len("urn:uuid:")
		}
		return toUpper(u.AppendForm(dst, f), n, upper)
	}, nil}
}

// shortForm is the row of an encoding of package short; upper is set for
// those that read their letters in either case.
func shortForm(name, help string, e short.Encoding, upper bool) textForm {
	return textForm{name, help, upper, false, func(dst []byte, u uuid.UUID, up bool) []byte {
		return toUpper(e.Append(dst, u), len(dst), up)
	}, e.Parse}
}

// toUpper returns b with the ASCII letters from b[from:] in upper case, if
// upper is set.
func toUpper(b []byte, from int, upper bool) []byte {
	for i := from; upper && i < len(b); i++ {
		if 'a' <= b[i] && b[i] <= 'z' {
			b[i] -= 'a' - 'A'
		}
	}
	return b
}

// setFormat reads --format: a form's name, with "+upper" after it for a
// form that has an upper-case spelling.
func (c *config) setFormat(_, val string) error {
	name, plus, _ := strings.Cut(val, "+")
	for i, f := range forms {
		if name == f.name && (plus == "" || plus == "upper" && f.upper) {
			c.form, c.upper = &forms[i], plus != ""
			return nil
		}
	}
	return errors.New("want " + formNames(false) + ", maybe with +upper")
}

// setFrom reads inspect's --from: the name of a form with a grammar of its
// own, which every word must then be in.
func (c *config) setFrom(_, val string) error {
	for i, f := range forms {
		if val == f.name && f.parse != nil {
			c.from = &forms[i]
			return nil
		}
	}
	return errors.New("want " + formNames(true) + " (inspect reads canonical, hex, braced and urn without --from)")
}

// formNames lists the forms' names, "a, b or c": all of them, or those
// inspect --from reads.
func formNames(from bool) string {
	var names []string
	for _, f := range forms {
		if !from || f.parse != nil {
			names = append(names, f.name)
		}
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// formHelp is the usage text of --format, made from the table.
func formHelp() string {
	var b strings.Builder
	b.WriteString("the text form, one of (default " + forms[0].name + "):")
	for _, f := range forms {
		b.WriteString("\n  " + f.name + ": " + strings.ReplaceAll(f.help, "\n", "\n    "))
	}
	b.WriteString("\nulid makes v7 UUIDs unless a flag chooses a version;\n" +
		"add +upper for upper case, as in urn+upper (not for ulid, always\n" +
		"upper case, nor base58, base57 and base64url, where case is part\n" +
		"of the digit)")
	return b.String()
}
