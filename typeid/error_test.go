package typeid_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/typeid"
	"github.com/afb7af96/uuid/ulid"
)

// TestErrorKinds checks that each kind of a TypeID's parse error is the
// root package's value of that kind (package ulid's for ErrRange), as for packages ulid and short (the
// root's TestErrorKindsAcrossPackages), so that errors.Is matches it by
// either name: a *uuid.ParseError with Syntax "typeid", a message that
// starts "typeid: ", and no other kind.
func TestErrorKinds(t *testing.T) {
	names := map[string][]error{
		"length": {uuid.ErrLength},
		"prefix": {uuid.ErrPrefix, typeid.ErrPrefix},
		"digit":  {uuid.ErrDigit, typeid.ErrDigit},
		"range":  {ulid.ErrRange, typeid.ErrRange},
	}
	for kind, errs := range names {
		for _, e := range errs[1:] {
			if e != errs[0] {
				t.Errorf("kind %s: %v and %v are two values", kind, errs[0], e)
			}
		}
	}
	for _, tc := range []struct {
		name, in, kind string
		offset         int
	}{
		{"length", "user_01h455vb4pex5vsknk084sn0", "length", -1},
		{"prefix", "User_01h455vb4pex5vsknk084sn02q", "prefix", 0},
		{"digit", "user_01h455vb4pex5vsknk084sn0iq", "digit", 29},
		{"range", "user_81h455vb4pex5vsknk084sn02q", "range", 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := typeid.Parse(tc.in)
			var pe *uuid.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) = %v; want a *uuid.ParseError", tc.in, err)
			}
			if pe.Syntax != "typeid" || pe.Offset != tc.offset || pe.Input != tc.in || !strings.HasPrefix(err.Error(), "typeid: ") {
				t.Errorf("Parse(%q) = %#v; want Syntax typeid, Offset %d", tc.in, pe, tc.offset)
			}
			for kind, errs := range names {
				for _, e := range errs {
					if got := errors.Is(err, e); got != (kind == tc.kind) {
						t.Errorf("Parse(%q): errors.Is(err, %v) = %v; the kind is %s", tc.in, e, got, tc.kind)
					}
				}
			}
		})
	}
}

// TestTypeIDPrefixError checks the error for a prefix that breaks the rules,
// which New and FromUUID check but do not parse: the message names the
// prefix as a prefix, and the error unwraps to the *uuid.ParseError with
// its offset.
func TestTypeIDPrefixError(t *testing.T) {
	for _, tc := range []struct {
		name   string
		f      func() error
		prefix string
		offset int
	}{
		{"New", func() error { _, err := typeid.New("User"); return err }, "User", 0},
		{"FromUUID", func() error { _, err := typeid.FromUUID("user_", uuid.Nil()); return err }, "user_", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.f()
			var pe *uuid.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, uuid.ErrPrefix) || pe.Input != tc.prefix || pe.Offset != tc.offset {
				t.Fatalf("%s(%q) = %v; want ErrPrefix at offset %d", tc.name, tc.prefix, err, tc.offset)
			}
			if msg := err.Error(); strings.Contains(msg, "parsing") || !strings.HasPrefix(msg, "typeid: ") {
				t.Errorf("%s(%q): message %q; want one that starts \"typeid: \" and does not say the prefix was parsed", tc.name, tc.prefix, msg)
			}
		})
	}
}
