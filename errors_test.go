package uuid_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/short"
	"github.com/afb7af96/uuid/typeid"
	"github.com/afb7af96/uuid/ulid"
)

// TestErrorKindsAcrossPackages walks every kind of parse error through
// every package that reports it: each failure is a *uuid.ParseError with
// the package's Syntax, and errors.Is matches its kind by the root's name
// and by every package's name for it, and no other kind.
func TestErrorKindsAcrossPackages(t *testing.T) {
	// Every name of every kind: a kind's names must all be one value.
	names := map[string][]error{
		"length": {uuid.ErrLength},
		"prefix": {uuid.ErrPrefix, typeid.ErrPrefix},
		"suffix": {uuid.ErrSuffix},
		"hyphen": {uuid.ErrHyphen},
		"digit":  {uuid.ErrDigit, typeid.ErrDigit, ulid.ErrDigit, short.ErrDigit},
		"range":  {typeid.ErrRange, ulid.ErrRange, short.ErrRange},
	}
	for kind, errs := range names {
		for _, e := range errs[1:] {
			if e != errs[0] {
				t.Errorf("kind %s: %v and %v are two values", kind, errs[0], e)
			}
		}
	}
	root := func(s string) error { _, err := uuid.Parse(s); return err }
	tid := func(s string) error { _, err := typeid.Parse(s); return err }
	ul := func(s string) error { _, err := ulid.Parse(s); return err }
	b58 := func(s string) error { _, err := short.Base58.Parse(s); return err }
	b32 := func(s string) error { _, err := short.Base32.Parse(s); return err }
	for _, tc := range []struct {
		name   string
		parse  func(string) error
		in     string
		syntax string
		kind   string
		offset int
	}{
		{"root/length", root, "f81d4fae", "", "length", -1},
		{"root/prefix", root, "urn:uuix:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "", "prefix", 7},
		{"root/suffix", root, "{f81d4fae-7dec-11d0-a765-00a0c91e6bf6]", "", "suffix", 37},
		{"root/hyphen", root, "f81d4fae+7dec-11d0-a765-00a0c91e6bf6", "", "hyphen", 8},
		{"root/digit", root, "f81d4fae-7dec-11d0-a765-00a0c91e6bfz", "", "digit", 35},
		{"typeid/length", tid, "user_01h455vb4pex5vsknk084sn0", "typeid", "length", -1},
		{"typeid/prefix", tid, "User_01h455vb4pex5vsknk084sn02q", "typeid", "prefix", 0},
		{"typeid/digit", tid, "user_01h455vb4pex5vsknk084sn0iq", "typeid", "digit", 29},
		{"typeid/range", tid, "user_81h455vb4pex5vsknk084sn02q", "typeid", "range", 5},
		{"ulid/length", ul, "01ARYZ6S41TSV4RRFFQ69G5FA", "ulid", "length", -1},
		{"ulid/digit", ul, "01ARYZ6S41TSV4RRFFQ69G5FAU", "ulid", "digit", 25},
		{"ulid/range", ul, "81ARYZ6S41TSV4RRFFQ69G5FAV", "ulid", "range", 0},
		{"short/length", b58, "1111", "short base58", "length", -1},
		{"short/digit", b58, "0a6hrgRGNfQ57QMHZdNYAg", "short base58", "digit", 0},
		{"short/range", b58, "zzzzzzzzzzzzzzzzzzzzzz", "short base58", "range", 0},
		{"short/range-bits", b32, "aaaaaaaaaaaaaaaaaaaaaaaaab", "short base32", "range", 25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.parse(tc.in)
			var pe *uuid.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("parsing %q: %v; want a *uuid.ParseError", tc.in, err)
			}
			prefix := "uuid: " // the message names the package that parsed the text
			if tc.syntax != "" {
				prefix = strings.Fields(tc.syntax)[0] + ": "
			}
			if pe.Syntax != tc.syntax || pe.Offset != tc.offset || pe.Input != tc.in || !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("parsing %q: %#v; want Syntax %q, Offset %d", tc.in, pe, tc.syntax, tc.offset)
			}
			for kind, errs := range names {
				for _, e := range errs {
					if got := errors.Is(err, e); got != (kind == tc.kind) {
						t.Errorf("parsing %q: errors.Is(err, %v) = %v; the kind is %s", tc.in, e, got, tc.kind)
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

// TestParseErrorAllocsFromAnotherPackage counts Parse's allocations on bad
// text from a caller in another package, as users call it: nothing when
// the caller only checks the error or drops it, the error alone when it
// keeps it. (Generic code instantiated in the caller's package can lose
// track of pointers that code compiled in package uuid keeps on the stack.)
func TestParseErrorAllocsFromAnotherPackage(t *testing.T) {
	if uuid.RaceEnabled {
		t.Skip("the race detector's instrumentation lets the error escape")
	}
	const bad = "f81d4fae-7dec-11d0-a765-00a0c91e6bfz"
	var ok bool
	var kept error
	for _, tc := range []struct {
		name string
		want float64
		f    func()
	}{
		{"nil-check", 0, func() { _, err := uuid.Parse(bad); ok = err == nil }},
		{"dropped", 0, func() { uuid.Parse(bad) }},
		{"kept", 1, func() { _, kept = uuid.Parse(bad) }},
		{"valid", 0, func() { _, err := uuid.Parse(good); ok = err == nil }},
	} {
		if got := testing.AllocsPerRun(1000, tc.f); got != tc.want {
			t.Errorf("%s: %v allocs; want %v", tc.name, got, tc.want)
		}
	}
	_, _ = ok, kept
}
