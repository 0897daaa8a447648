package uuid

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid/internal/operr"
)

const good = "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"

// parseCases is the differential parse table: every accepted form, near
// misses and odd input, with the expected result, error offset and kind.
var parseCases = []struct {
	name   string
	in     string
	ok     bool
	offset int   // for failures
	kind   error // for failures: what errors.Is matches
}{
	{"canonical", good, true, 0, nil},
	{"canonical_upper", strings.ToUpper(good), true, 0, nil},
	{"canonical_mixed", "F81d4FAE-7DEc-11d0-A765-00a0C91e6bF6", true, 0, nil},
	{"hex32", "f81d4fae7dec11d0a76500a0c91e6bf6", true, 0, nil},
	{"hex32_upper", "F81D4FAE7DEC11D0A76500A0C91E6BF6", true, 0, nil},
	{"braced", "{" + good + "}", true, 0, nil},
	{"braced_upper", "{" + strings.ToUpper(good) + "}", true, 0, nil},
	{"urn", "urn:uuid:" + good, true, 0, nil},
	{"urn_upper_prefix", "URN:UUID:" + good, true, 0, nil},
	{"urn_mixed_prefix", "uRn:UuId:" + strings.ToUpper(good), true, 0, nil},
	{"nil", "00000000-0000-0000-0000-000000000000", true, 0, nil},
	{"max", "ffffffff-ffff-ffff-ffff-ffffffffffff", true, 0, nil},
	{"max_upper", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", true, 0, nil},
	{"empty", "", false, -1, ErrLength},
	{"len35", good[:35], false, -1, ErrLength},
	{"len37", good + "0", false, -1, ErrLength},
	{"len37_trailing_space", good + " ", false, -1, ErrLength},
	{"len44_urn_short", "urn:uuid:" + good[:35], false, -1, ErrLength},
	{"len46_urn_long", "urn:uuid:" + good + "0", false, -1, ErrLength},
	{"len31_hex", "f81d4fae7dec11d0a76500a0c91e6bf", false, -1, ErrLength},
	{"len33_hex", "f81d4fae7dec11d0a76500a0c91e6bf60", false, -1, ErrLength},
	{"leading_space", " " + good[1:], false, 0, ErrDigit},
	{"trailing_newline", good[:35] + "\n", false, 35, ErrDigit},
	{"bad_hex_first", "g81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrDigit},
	{"bad_hex_last", "f81d4fae-7dec-11d0-a765-00a0c91e6bfz", false, 35, ErrDigit},
	{"bad_hex_mid", "f81d4fae-7dec-11x0-a765-00a0c91e6bf6", false, 16, ErrDigit},
	{"hyphen_moved_left", "f81d4fa-e7dec-11d0-a765-00a0c91e6bf6", false, 7, ErrDigit},
	{"hyphen_moved_right", "f81d4fae7-dec-11d0-a765-00a0c91e6bf6", false, 8, ErrHyphen},
	{"underscore_sep", "f81d4fae_7dec_11d0_a765_00a0c91e6bf6", false, 8, ErrHyphen},
	{"colon_sep", "f81d4fae:7dec:11d0:a765:00a0c91e6bf6", false, 8, ErrHyphen},
	{"hyphen_at_13_missing", "f81d4fae-7dec011d0-a765-00a0c91e6bf6", false, 13, ErrHyphen},
	{"hyphen_at_18_missing", "f81d4fae-7dec-11d00a765-00a0c91e6bf6", false, 18, ErrHyphen},
	{"hyphen_at_23_missing", "f81d4fae-7dec-11d0-a765000a0c91e6bf6", false, 23, ErrHyphen},
	{"square_brackets", "[" + good + "]", false, 0, ErrPrefix},
	{"paren", "(" + good + ")", false, 0, ErrPrefix},
	{"brace_open_only", "{" + good + " ", false, 37, ErrSuffix},
	{"brace_close_missing", "{" + good, false, -1, ErrLength},
	{"brace_close_only", good + "}", false, -1, ErrLength},
	{"brace_hex32", "{f81d4fae7dec11d0a76500a0c91e6bf6}", false, 9, ErrHyphen},
	{"urn_bad_prefix", "urn:uuix:" + good, false, 7, ErrPrefix},
	{"urn_no_colon", "urn-uuid:" + good, false, 3, ErrPrefix},
	{"urn_hex32", "urn:uuid:f81d4fae7dec11d0a76500a0c91e6bf6", false, 17, ErrHyphen},
	{"urn_braced", "urn:uuid:{" + good + "}", false, 9, ErrDigit},
	{"urn_bad_hex", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bfg", false, 44, ErrDigit},
	{"0x_prefix", "0x" + "f81d4fae7dec11d0a76500a0c91e6bf6", false, 1, ErrDigit},
	{"nul_embedded", "f81d4fae-7dec-11d0-a765-00a0c9\x00e6bf6", false, 30, ErrDigit},
	{"nul_only", "\x00", false, 0, ErrDigit},
	{"non_ascii_e_acute", "f81d4fae-7dec-11d0-a765-00a0c91e6b\u00e9", false, 34, ErrDigit},
	{"non_ascii_fullwidth_digit", "\uff10" + good[3:], false, 0, ErrDigit},
	{"high_byte", "\xff" + good[1:], false, 0, ErrDigit},
	{"high_bit_digit", string(rune('0'|0x80)) + good[1:], false, 0, ErrDigit},
	{"ascii_0x10_like_zero", "\x10" + good[1:], false, 0, ErrDigit},
	// An input of an accepted form's length is measured against that form.
	{"hex32_with_hyphen", "f81d4fae-7dec11d0a76500a0c91e6bf", false, 8, ErrDigit},
	{"len36_u_first", "u81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrDigit},
	{"len36_brace_first", "{81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrDigit},
	{"len38_no_brace", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6ab", false, 0, ErrPrefix},
	{"len45_no_urn", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6abcdefabc", false, 0, ErrPrefix},
	{"len32_braced_start", "{81d4fae7dec11d0a76500a0c91e6bf6", false, 0, ErrDigit},
	{"hex32_bad_digit", "f81d4fae7dec11d0a76500a0c91e6bfx", false, 31, ErrDigit},
	{"space_inside", "f81d4fae-7dec-11d0-a765 00a0c91e6bf6", false, 23, ErrHyphen},
	{"tab_inside", "f81d4fae\t7dec-11d0-a765-00a0c91e6bf6", false, 8, ErrHyphen},
	{"plus_sign", "+81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrDigit},
	{"letter_g_upper", "f81d4fae-7dec-11d0-a765-00a0c91e6bfG", false, 35, ErrDigit},
	{"at_sign", "@81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrDigit},
	{"backtick", "`81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrDigit},
	{"slash", "/81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrDigit},
	{"colon_as_digit", ":81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrDigit},
	{"all_hyphens", "------------------------------------", false, 0, ErrDigit},
	{"just_urn", "urn:uuid:", false, -1, ErrLength},
	{"double_urn", "urn:uuid:urn:uuid:" + good, false, 9, ErrDigit},
	{"long_garbage", strings.Repeat("x", 1<<20), false, 0, ErrDigit},
	{"long_valid_prefix", good + strings.Repeat("0", 1000), false, -1, ErrLength},
}

func TestParseTable(t *testing.T) {
	want := MustParse(good)
	for _, tc := range parseCases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse(tc.in)
			gotB, errB := ParseBytes([]byte(tc.in))
			var gotT UUID
			errT := gotT.UnmarshalText([]byte(tc.in))
			if tc.ok {
				if err != nil || errB != nil || errT != nil {
					t.Fatalf("Parse(%q) = %v, %v / %v / %v; want success", tc.in, got, err, errB, errT)
				}
				wantU := want // every other accepted case spells good
				switch tc.name {
				case "nil":
					wantU = Nil()
				case "max", "max_upper":
					wantU = Max()
				}
				if got != wantU {
					t.Errorf("Parse(%q) = %v; want %v", tc.in, got, wantU)
				}
				if got != gotB || got != gotT {
					t.Errorf("Parse, ParseBytes, UnmarshalText disagree: %v %v %v", got, gotB, gotT)
				}
				return
			}
			if got != (UUID{}) || gotB != (UUID{}) || gotT != (UUID{}) {
				t.Errorf("failed Parse(%q) returned %v, %v, %v; want Nil", tc.in, got, gotB, gotT)
			}
			for _, e := range []error{err, errB, errT} {
				var pe *ParseError
				if !errors.As(e, &pe) {
					t.Fatalf("Parse(%q) error = %T %v; want *ParseError", tc.in, e, e)
				}
				if pe.Offset != tc.offset {
					t.Errorf("Parse(%q).Offset = %d (%v); want %d", trim(tc.in), pe.Offset, pe.Err, tc.offset)
				}
				if !errors.Is(e, tc.kind) || pe.Err != tc.kind {
					t.Errorf("Parse(%q): Err %v; want %v", trim(tc.in), pe.Err, tc.kind)
				}
				if pe.Offset < -1 || pe.Offset >= max(len(tc.in), 1) {
					t.Errorf("Offset %d out of range for input of %d bytes", pe.Offset, len(tc.in))
				}
				wantInput := tc.in
				if len(wantInput) > maxErrInput {
					wantInput = wantInput[:maxErrInput] + "…"
				}
				if pe.Input != wantInput {
					t.Errorf("Input = %q; want %q", trim(pe.Input), trim(wantInput))
				}
				if len(e.Error()) > 300 || !strings.HasPrefix(e.Error(), "uuid: parsing ") {
					t.Errorf("Error() = %q: want a bounded message starting uuid: parsing", trim(e.Error()))
				}
			}
		})
	}
	if len(parseCases) < 60 {
		t.Errorf("parse table has %d cases; want at least 60", len(parseCases))
	}
}

func trim(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

func TestParseErrorMessage(t *testing.T) {
	for _, tc := range []struct {
		parse func(string) (UUID, error)
		in    string
		want  string
	}{
		{Parse, "6ba7b810-9dad-11d1-80b4-00c04fd430zz", `uuid: parsing "6ba7b810-9dad-11d1-80b4-00c04fd430zz": invalid digit at offset 34`},
		{Parse, "abc", `uuid: parsing "abc": invalid length`},
		{ParseStrict, "abc", `uuid: parsing "abc": invalid length`},
		{Parse, "", `uuid: parsing "": invalid length`},
		{Parse, "urn:uuix:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", `uuid: parsing "urn:uuix:f81d4fae-7dec-11d0-a765-00a0c91e6bf6": invalid prefix at offset 7`},
		{Parse, "{f81d4fae-7dec-11d0-a765-00a0c91e6bf6)", `uuid: parsing "{f81d4fae-7dec-11d0-a765-00a0c91e6bf6)": invalid suffix at offset 37`},
		{Parse, "f81d4fae-7dec-11d0xa765-00a0c91e6bf6", `uuid: parsing "f81d4fae-7dec-11d0xa765-00a0c91e6bf6": missing hyphen at offset 18`},
		{Parse, "f81d4fae-7dec-11d0-a765-00a0c91e6b\x00\x01", `uuid: parsing "f81d4fae-7dec-11d0-a765-00a0c91e6b\x00\x01": invalid digit at offset 34`},
	} {
		if _, err := tc.parse(tc.in); err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%q) error = %v; want %s", tc.in, err, tc.want)
		}
	}
}

// TestParseErrorMadeElsewhere checks a ParseError made outside the
// package: its Err is what it matches, and without one its message still
// reads.
func TestParseErrorMadeElsewhere(t *testing.T) {
	var err error = &ParseError{Input: "x", Offset: -1}
	if errors.Unwrap(err) != nil || errors.Is(err, ErrLength) || err.Error() != `uuid: parsing "x": invalid UUID` {
		t.Errorf("ParseError without Err: Unwrap %v, Error %q", errors.Unwrap(err), err)
	}
	err = &ParseError{Input: "x", Offset: 0, Err: ErrDigit}
	if !errors.Is(err, ErrDigit) || err.Error() != `uuid: parsing "x": invalid digit at offset 0` {
		t.Errorf("ParseError{Err: ErrDigit}: Error %q", err)
	}
}

// TestParseErrorDoesNotAliasInput checks that the errors of the []byte
// parsers keep a copy of the text, short or cut, not the caller's buffer.
func TestParseErrorDoesNotAliasInput(t *testing.T) {
	for _, in := range []string{"f81d4fae-7dec-11d0-a765-00a0c91e6bfz", strings.Repeat("f", 100), "f"} {
		want := in
		if len(in) > maxErrInput {
			want = in[:maxErrInput] + "…"
		}
		for name, parse := range map[string]func([]byte) error{
			"ParseBytes":    func(b []byte) error { _, err := ParseBytes(b); return err },
			"UnmarshalText": func(b []byte) error { var u UUID; return u.UnmarshalText(b) },
		} {
			b := []byte(in)
			err := parse(b)
			for i := range b {
				b[i] = 'x'
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Input != want {
				t.Errorf("%s(%.10q…): Input = %q after the caller reused its buffer; want %q", name, in, pe.Input, want)
			}
		}
	}
}

func TestParseStrict(t *testing.T) {
	for _, tc := range []struct {
		in     string
		ok     bool
		offset int
		kind   error
	}{
		{good, true, 0, nil},
		{strings.ToUpper(good), true, 0, nil},
		{"f81d4fae7dec11d0a76500a0c91e6bf6", false, 8, ErrHyphen},
		{"{" + good + "}", false, 0, ErrDigit},
		{"urn:uuid:" + good, false, 0, ErrDigit},
		{good[:35] + "g", false, 35, ErrDigit},
		{good + "0", false, -1, ErrLength},
		{"", false, -1, ErrLength},
	} {
		u, err := ParseStrict(tc.in)
		if tc.ok {
			if err != nil || u != MustParse(good) {
				t.Errorf("ParseStrict(%q) = %v, %v; want %v", tc.in, u, err, good)
			}
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Offset != tc.offset || !errors.Is(err, tc.kind) || u != (UUID{}) {
			t.Errorf("ParseStrict(%q) = %v, %v; want *ParseError at offset %d, %v", tc.in, u, err, tc.offset, tc.kind)
		}
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		r := recover()
		if _, ok := r.(*ParseError); !ok {
			t.Errorf("MustParse panicked with %T %v; want *ParseError", r, r)
		}
	}()
	MustParse("not a uuid")
	t.Error("MustParse did not panic")
}

func TestUnmarshalFailureKeepsReceiver(t *testing.T) {
	orig := MustParse(good)
	u := orig
	if err := u.UnmarshalText([]byte("bad")); err == nil || u != orig {
		t.Errorf("UnmarshalText(bad) = %v, left %v; want error and %v", err, u, orig)
	}
	if err := u.UnmarshalBinary([]byte{1, 2, 3}); err == nil || u != orig {
		t.Errorf("UnmarshalBinary(3 bytes) = %v, left %v", err, u)
	}
	if err := u.Scan(nil); !errors.Is(err, ErrScanNull) || u != orig {
		t.Errorf("Scan(nil) = %v, left %v; want ErrScanNull", err, u)
	}
	if err := u.UnmarshalBinary([]byte{1, 2, 3}); err != ErrLength {
		t.Errorf("UnmarshalBinary(3 bytes) = %v; want ErrLength", err)
	}
	if err := u.Scan(int64(5)); !errors.Is(err, ErrScanType) || errors.Is(err, ErrScanNull) || u != orig {
		t.Errorf("Scan(int64) = %v, left %v; want ErrScanType", err, u)
	}
	for _, tc := range []struct {
		src  any
		name string
	}{{int64(5), "int64"}, {42, "int"}, {float32(1), "float32"}, {time.Time{}, "time.Time"}} {
		err := u.Scan(tc.src)
		var oe *operr.Error
		if !errors.As(err, &oe) || oe.Input != tc.name || !errors.Is(err, ErrScanType) || !strings.Contains(err.Error(), " "+tc.name+" ") {
			t.Errorf("Scan(%T) = %v; want ErrScanType with Input %q, named in the message", tc.src, err, tc.name)
		}
	}
	n := NullUUID{UUID: orig, Valid: true}
	if err := n.UnmarshalJSON([]byte(`"bad"`)); err == nil || n != (NullUUID{UUID: orig}) {
		t.Errorf("NullUUID.UnmarshalJSON(bad) = %v, left %+v", err, n)
	}
	var pe *ParseError
	if err := n.UnmarshalJSON([]byte(`42`)); !errors.As(err, &pe) || !errors.Is(err, ErrPrefix) || n != (NullUUID{UUID: orig}) {
		t.Errorf("NullUUID.UnmarshalJSON(42) = %v, left %+v; want a *ParseError matching ErrPrefix", err, n)
	}
}
