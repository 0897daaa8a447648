package main

import (
	"errors"
	"strings"

	"github.com/afb7af96/uuid"
)

// A textForm is one text form --format chooses for generated UUIDs.
type textForm struct {
	name  string
	help  string // what it looks like, for the usage text
	upper bool   // whether it has an upper-case spelling (+upper, --upper)
	// appendTo appends u in this form, in upper case if upper is set.
	appendTo func(dst []byte, u uuid.UUID, upper bool) []byte
}

// forms is the table of text forms, the first the default. A form with a
// grammar of its own adds a row here.
var forms = []textForm{
	libraryForm("canonical", "8-4-4-4-12 hex digits (RFC 9562, Section 4)", uuid.FormCanonical),
	libraryForm("hex", "32 hex digits", uuid.FormHex),
	libraryForm("braced", "{canonical}, as Microsoft writes GUIDs", uuid.FormBraced),
	libraryForm("urn", "urn:uuid:canonical (RFC 9562, Section 4)", uuid.FormURN),
}

// libraryForm is the row of a form uuid.UUID.AppendForm writes.
func libraryForm(name, help string, f uuid.Form) textForm {
	return textForm{name, help, true, func(dst []byte, u uuid.UUID, upper bool) []byte {
		if upper {
			return u.AppendForm(dst, f|uuid.FormUpper)
		}
		return u.AppendForm(dst, f)
	}}
}

// setFormat reads --format: a form's name, with "+upper" after it for a
// form that has an upper-case spelling.
func setFormat(c *config, _, val string) error {
	name, plus, _ := strings.Cut(val, "+")
	for i, f := range forms {
		if name == f.name && (plus == "" || plus == "upper" && f.upper) {
			c.form, c.upper = &forms[i], plus != ""
			return nil
		}
	}
	return errors.New("want " + formNames() + ", maybe with +upper")
}

// formNames lists the forms' names: "a, b or c".
func formNames() string {
	var b strings.Builder
	for i, f := range forms {
		switch {
		case i == 0:
		case i == len(forms)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(f.name)
	}
	return b.String()
}

// formHelp is the usage text of --format, made from the table.
func formHelp() string {
	var b strings.Builder
	b.WriteString("the text form, one of (default " + forms[0].name + "):")
	for _, f := range forms {
		b.WriteString("\n  " + f.name + ": " + f.help)
	}
	b.WriteString("\nadd +upper for upper case, as in urn+upper")
	return b.String()
}
