package uuid_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/short"
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
		"prefix": {uuid.ErrPrefix},
		"suffix": {uuid.ErrSuffix},
		"hyphen": {uuid.ErrHyphen},
		"digit":  {uuid.ErrDigit, ulid.ErrDigit, short.ErrDigit},
		"range":  {ulid.ErrRange, short.ErrRange},
	}
	for kind, errs := range names {
		for _, e := range errs[1:] {
			if e != errs[0] {
				t.Errorf("kind %s: %v and %v are two values", kind, errs[0], e)
			}
		}
	}
	root := func(s string) error { _, err := uuid.Parse(s); return err }
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
