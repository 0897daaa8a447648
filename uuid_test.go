package uuid

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// vector is one line of testdata/vectors.txt.
type vector struct {
	kind   string
	text   string
	keys   map[string]string
	source string
	line   int
}

func (v vector) name() string {
	return fmt.Sprintf("line%d_%s_%s", v.line, v.kind, v.text[:8])
}

// hexKey returns the 0x-prefixed hex value of key k.
func (v vector) hexKey(t *testing.T, k string) uint64 {
	t.Helper()
	s, ok := v.keys[k]
	if !ok {
		t.Fatalf("%s: no key %s", v.name(), k)
	}
	n, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 64)
	if err != nil {
		t.Fatalf("%s: key %s: %v", v.name(), k, err)
	}
	return n
}

func loadVectors(t *testing.T) []vector {
	t.Helper()
	f, err := os.Open("testdata/vectors.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []vector
	source := ""
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "":
			continue
		case strings.HasPrefix(text, "#"):
			if !strings.HasPrefix(text, "#   ") && !strings.HasPrefix(text, "# ") {
				continue
			}
			source = strings.TrimPrefix(text, "# ")
			continue
		}
		fields := strings.Fields(text)
		v := vector{kind: fields[0], text: fields[1], keys: map[string]string{}, source: source, line: line}
		for _, kv := range fields[2:] {
			k, val, ok := strings.Cut(kv, "=")
			if !ok {
				t.Fatalf("line %d: bad field %q", line, kv)
			}
			v.keys[k] = val
		}
		vs = append(vs, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(vs) < 30 {
		t.Fatalf("only %d vectors in testdata/vectors.txt", len(vs))
	}
	return vs
}

func namespaceByName(t *testing.T, s string) UUID {
	t.Helper()
	switch s {
	case "dns":
		return NamespaceDNS()
	case "url":
		return NamespaceURL()
	case "oid":
		return NamespaceOID()
	case "x500":
		return NamespaceX500()
	}
	u, err := Parse(s)
	if err != nil {
		t.Fatalf("bad ns %q: %v", s, err)
	}
	return u
}

func node48(t *testing.T, s string) [6]byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 6 {
		t.Fatalf("bad node %q", s)
	}
	return [6]byte(b)
}

// TestVectors checks every accessor, layout and constructor against every
// vector of the specifications.
func TestVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.name(), func(t *testing.T) {
			u, err := Parse(v.text)
			if err != nil {
				t.Fatalf("Parse(%q) = %v (%s)", v.text, err, v.source)
			}
			if got := u.String(); got != v.text {
				t.Errorf("String() = %q; want %q", got, v.text)
			}
			if up, err := Parse(strings.ToUpper(v.text)); err != nil || up != u {
				t.Errorf("Parse(upper) = %v, %v; want %v", up, err, u)
			}
			wantVer, _ := strconv.Atoi(v.keys["ver"])
			if got := u.Version(); got != Version(wantVer) {
				t.Errorf("Version() = %v; want %d", got, wantVer)
			}
			wantVar := map[string]Variant{"ncs": VariantNCS, "rfc9562": VariantRFC9562, "microsoft": VariantMicrosoft, "future": VariantFuture}[v.keys["var"]]
			if got := u.Variant(); got != wantVar {
				t.Errorf("Variant() = %v; want %v", got, wantVar)
			}
			checkTimeFields(t, v, u)
			checkConstruction(t, v, u)
			if s, ok := v.keys["int"]; ok {
				want, _ := new(big.Int).SetString(s, 10)
				if got := new(big.Int).SetBytes(u[:]); got.Cmp(want) != 0 {
					t.Errorf("integer form = %v; want %v", got, want)
				}
			}
		})
	}
}

// checkTimeFields checks Time, ClockSequence and NodeID, and that the
// layout functions rebuild all 128 bits from the vector's fields.
func checkTimeFields(t *testing.T, v vector, u UUID) {
	t.Helper()
	gotTime, hasTime := u.Time()
	gotSeq, hasSeq := u.ClockSequence()
	gotNode, hasNode := u.NodeID()
	ver := u.Version()
	if u.Variant() != VariantRFC9562 {
		ver = 0
	}
	wantHasTime := ver == 1 || ver == 2 || ver == 6 || ver == 7
	wantHasNode := ver == 1 || ver == 2 || ver == 6
	if hasTime != wantHasTime || hasSeq != wantHasNode || hasNode != wantHasNode {
		t.Errorf("Time/ClockSequence/NodeID ok = %v/%v/%v; want %v/%v/%v", hasTime, hasSeq, hasNode, wantHasTime, wantHasNode, wantHasNode)
	}
	if ts, ok := v.keys["time"]; ok && hasTime {
		want, err := time.Parse(time.RFC3339Nano, ts)
		if err != nil {
			t.Fatal(err)
		}
		if !gotTime.Equal(want) || gotTime.Location() != time.UTC {
			t.Errorf("Time() = %v; want %v", gotTime, want)
		}
	}
	if _, ok := v.keys["ticks"]; ok && (ver == 1 || ver == 6) {
		ticks, seq, node := v.hexKey(t, "ticks"), uint16(v.hexKey(t, "seq")), node48(t, v.keys["node"])
		if gotSeq != seq {
			t.Errorf("ClockSequence() = %#x; want %#x", gotSeq, seq)
		}
		if gotNode != node {
			t.Errorf("NodeID() = %x; want %x", gotNode, node)
		}
		layout := v1Layout
		if ver == 6 {
			layout = v6Layout
		}
		if got := layout(ticks, seq, node); got != u {
			t.Errorf("layout(%#x, %#x, %x) = %v; want %v", ticks, seq, node, got, u)
		}
		if back := gregorianTicks(gregorianTime(ticks)); back != ticks {
			t.Errorf("gregorianTicks(gregorianTime(%#x)) = %#x", ticks, back)
		}
	}
	if p, ok := v.keys["pair"]; ok {
		pair := MustParse(p)
		conv, other := u.ToV6, pair.ToV1
		if ver == 6 {
			conv, other = u.ToV1, pair.ToV6
		}
		if got, err := conv(); err != nil || got != pair {
			t.Errorf("conversion of %v = %v, %v; want %v", u, got, err, pair)
		}
		if got, err := other(); err != nil || got != u {
			t.Errorf("conversion of pair %v = %v, %v; want %v", pair, got, err, u)
		}
	}
	if _, ok := v.keys["ms"]; ok {
		ms, ra, rb := v.hexKey(t, "ms"), v.hexKey(t, "randa"), v.hexKey(t, "randb")
		if got := v7Layout(ms, uint16(ra), rb); got != u {
			t.Errorf("v7Layout(%#x, %#x, %#x) = %v; want %v", ms, ra, rb, got, u)
		}
		if got := v7Millis(u); got != ms {
			t.Errorf("v7Millis = %#x; want %#x", got, ms)
		}
	}
}

// checkConstruction rebuilds name-based, custom and well-known vectors
// through the public constructors.
func checkConstruction(t *testing.T, v vector, u UUID) {
	t.Helper()
	switch v.kind {
	case "v3", "v5", "v8hash":
		ns, name := namespaceByName(t, v.keys["ns"]), v.keys["name"]
		var got UUID
		switch v.kind {
		case "v3":
			got = NewV3(ns, name)
		case "v5":
			got = NewV5(ns, name)
		default:
			got = NewV8Hash(sha256.New(), ns, name)
		}
		if got != u {
			t.Errorf("%s(%v, %q) = %v; want %v", v.kind, ns, name, got, u)
		}
		if e, ok := v.keys["erratum"]; ok && got == MustParse(e) {
			t.Errorf("%s(%v, %q) reproduces the published erratum %v", v.kind, ns, name, e)
		}
	case "v8":
		var custom [16]byte
		binary.BigEndian.PutUint64(custom[0:], v.hexKey(t, "custa")<<16|v.hexKey(t, "custb"))
		binary.BigEndian.PutUint64(custom[8:], v.hexKey(t, "custc"))
		if got := NewV8(custom); got != u {
			t.Errorf("NewV8(%x) = %v; want %v", custom, got, u)
		}
	case "nil":
		if u != Nil() || !u.IsZero() || u != (UUID{}) {
			t.Errorf("Nil() = %v, IsZero = %v", Nil(), u.IsZero())
		}
	case "max":
		if u != Max() || u.IsZero() {
			t.Errorf("Max() = %v; want %v", Max(), u)
		}
	case "namespace":
		if got := namespaceByName(t, v.keys["ns"]); got != u {
			t.Errorf("Namespace%s() = %v; want %v", strings.ToUpper(v.keys["ns"]), got, u)
		}
	}
}

// TestIntegerForm pins the integer form of RFC 9562, Figure 3.
func TestIntegerForm(t *testing.T) {
	u := MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	want := "329800735698586629295641978511506172918"
	if got := new(big.Int).SetBytes(u[:]).String(); got != want {
		t.Errorf("integer form = %s; want %s", got, want)
	}
}

// TestErratum pins the RFC 4122 Appendix B erratum: the published v3
// value for www.widgets.com is not the MD5 name-based UUID.
func TestErratum(t *testing.T) {
	got := NewV3(NamespaceDNS(), "www.widgets.com")
	if got == MustParse("e902893a-9d22-3c7e-a7b8-d6e313b71d9f") {
		t.Fatalf("NewV3 reproduces the erratum")
	}
	if want := MustParse("3d813cbb-47fb-32ba-91df-831e1593ac29"); got != want {
		t.Errorf("NewV3(DNS, www.widgets.com) = %v; want %v", got, want)
	}
}

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
	{"leading_space", " " + good[1:], false, 0, ErrHexDigit},
	{"trailing_newline", good[:35] + "\n", false, 35, ErrHexDigit},
	{"bad_hex_first", "g81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrHexDigit},
	{"bad_hex_last", "f81d4fae-7dec-11d0-a765-00a0c91e6bfz", false, 35, ErrHexDigit},
	{"bad_hex_mid", "f81d4fae-7dec-11x0-a765-00a0c91e6bf6", false, 16, ErrHexDigit},
	{"hyphen_moved_left", "f81d4fa-e7dec-11d0-a765-00a0c91e6bf6", false, 7, ErrHexDigit},
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
	{"urn_braced", "urn:uuid:{" + good + "}", false, 9, ErrHexDigit},
	{"urn_bad_hex", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bfg", false, 44, ErrHexDigit},
	{"0x_prefix", "0x" + "f81d4fae7dec11d0a76500a0c91e6bf6", false, 1, ErrHexDigit},
	{"nul_embedded", "f81d4fae-7dec-11d0-a765-00a0c9\x00e6bf6", false, 30, ErrHexDigit},
	{"nul_only", "\x00", false, 0, ErrHexDigit},
	{"non_ascii_e_acute", "f81d4fae-7dec-11d0-a765-00a0c91e6b\u00e9", false, 34, ErrHexDigit},
	{"non_ascii_fullwidth_digit", "\uff10" + good[3:], false, 0, ErrHexDigit},
	{"high_byte", "\xff" + good[1:], false, 0, ErrHexDigit},
	{"high_bit_digit", string(rune('0'|0x80)) + good[1:], false, 0, ErrHexDigit},
	{"ascii_0x10_like_zero", "\x10" + good[1:], false, 0, ErrHexDigit},
	// An input of an accepted form's length is measured against that form.
	{"hex32_with_hyphen", "f81d4fae-7dec11d0a76500a0c91e6bf", false, 8, ErrHexDigit},
	{"len36_u_first", "u81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrHexDigit},
	{"len36_brace_first", "{81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrHexDigit},
	{"len38_no_brace", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6ab", false, 0, ErrPrefix},
	{"len45_no_urn", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6abcdefabc", false, 0, ErrPrefix},
	{"len32_braced_start", "{81d4fae7dec11d0a76500a0c91e6bf6", false, 0, ErrHexDigit},
	{"hex32_bad_digit", "f81d4fae7dec11d0a76500a0c91e6bfx", false, 31, ErrHexDigit},
	{"space_inside", "f81d4fae-7dec-11d0-a765 00a0c91e6bf6", false, 23, ErrHyphen},
	{"tab_inside", "f81d4fae\t7dec-11d0-a765-00a0c91e6bf6", false, 8, ErrHyphen},
	{"plus_sign", "+81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrHexDigit},
	{"letter_g_upper", "f81d4fae-7dec-11d0-a765-00a0c91e6bfG", false, 35, ErrHexDigit},
	{"at_sign", "@81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrHexDigit},
	{"backtick", "`81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrHexDigit},
	{"slash", "/81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrHexDigit},
	{"colon_as_digit", ":81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, 0, ErrHexDigit},
	{"all_hyphens", "------------------------------------", false, 0, ErrHexDigit},
	{"just_urn", "urn:uuid:", false, -1, ErrLength},
	{"double_urn", "urn:uuid:urn:uuid:" + good, false, 9, ErrHexDigit},
	{"long_garbage", strings.Repeat("x", 1<<20), false, 0, ErrHexDigit},
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
					t.Errorf("Parse(%q).Offset = %d (%s); want %d", trim(tc.in), pe.Offset, pe.Msg, tc.offset)
				}
				if !errors.Is(e, tc.kind) || pe.Unwrap() != tc.kind {
					t.Errorf("Parse(%q): kind %v; want errors.Is(err, %v)", trim(tc.in), pe.Unwrap(), tc.kind)
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
	_, err := Parse("6ba7b810-9dad-11d1-80b4-00c04fd430zz")
	want := `uuid: parsing "6ba7b810-9dad-11d1-80b4-00c04fd430zz": want hex digit at offset 34`
	if err == nil || err.Error() != want {
		t.Errorf("Error() = %v; want %s", err, want)
	}
	_, err = Parse("abc")
	want = `uuid: parsing "abc": want 32, 36, 38 or 45 bytes`
	if err == nil || err.Error() != want {
		t.Errorf("Error() = %v; want %s", err, want)
	}
	_, err = ParseStrict("abc")
	want = `uuid: parsing "abc": want 36 bytes`
	if err == nil || err.Error() != want {
		t.Errorf("Error() = %v; want %s", err, want)
	}
	_, err = Parse("urn:uuix:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	want = `uuid: parsing "urn:uuix:f81d4fae-7dec-11d0-a765-00a0c91e6bf6": want "urn:uuid:" prefix at offset 7`
	if err == nil || err.Error() != want {
		t.Errorf("Error() = %v; want %s", err, want)
	}
	_, err = Parse("{f81d4fae-7dec-11d0-a765-00a0c91e6bf6)")
	want = `uuid: parsing "{f81d4fae-7dec-11d0-a765-00a0c91e6bf6)": want '}' at offset 37`
	if err == nil || err.Error() != want {
		t.Errorf("Error() = %v; want %s", err, want)
	}
	_, err = Parse("f81d4fae-7dec-11d0-a765-00a0c91e6b\x00\x01")
	want = `uuid: parsing "f81d4fae-7dec-11d0-a765-00a0c91e6b\x00\x01": want hex digit at offset 34`
	if err == nil || err.Error() != want {
		t.Errorf("Error() = %v; want %s", err, want)
	}
}

// TestParseErrorKindless checks that a ParseError made outside the
// package, which has no kind, matches none.
func TestParseErrorKindless(t *testing.T) {
	var err error = &ParseError{Input: "x", Offset: -1, Msg: "want something"}
	if errors.Unwrap(err) != nil || errors.Is(err, ErrLength) || err.Error() != `uuid: parsing "x": want something` {
		t.Errorf("ParseError without a kind: Unwrap %v, Error %q", errors.Unwrap(err), err)
	}
}

func TestParseErrorDoesNotAliasInput(t *testing.T) {
	b := []byte("f81d4fae-7dec-11d0-a765-00a0c91e6bfz")
	_, err := ParseBytes(b)
	copy(b, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Input != "f81d4fae-7dec-11d0-a765-00a0c91e6bfz" {
		t.Errorf("ParseError.Input = %q after the caller reused its buffer", pe.Input)
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
		{"{" + good + "}", false, 0, ErrHexDigit},
		{"urn:uuid:" + good, false, 0, ErrHexDigit},
		{good[:35] + "g", false, 35, ErrHexDigit},
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
	if err := u.Scan(int64(5)); !errors.Is(err, ErrScanType) || errors.Is(err, ErrScanNull) || u != orig {
		t.Errorf("Scan(int64) = %v, left %v; want ErrScanType", err, u)
	}
	if err := u.Scan(int64(5)); err == nil || err.Error() != "uuid: cannot scan int64 into UUID" {
		t.Errorf("Scan(int64) = %v; want it to name int64", err)
	}
	n := NullUUID{UUID: orig, Valid: true}
	if err := n.UnmarshalJSON([]byte(`"bad"`)); err == nil || n != (NullUUID{UUID: orig}) {
		t.Errorf("NullUUID.UnmarshalJSON(bad) = %v, left %+v", err, n)
	}
	var te *json.UnmarshalTypeError
	if err := n.UnmarshalJSON([]byte(`42`)); !errors.As(err, &te) || te.Value != "number" || n != (NullUUID{UUID: orig}) {
		t.Errorf("NullUUID.UnmarshalJSON(42) = %v, left %+v; want a *json.UnmarshalTypeError", err, n)
	}
}

func TestTextForms(t *testing.T) {
	u := MustParse(good)
	upper := strings.ToUpper(good)
	hex32 := strings.ReplaceAll(good, "-", "")
	for _, tc := range []struct{ got, want string }{
		{u.String(), good},
		{u.URN(), "urn:uuid:" + good},
		{fmt.Sprint(u), good},
		{fmt.Sprintf("%v", u), good},
		{fmt.Sprintf("%s", u), good},
		{fmt.Sprintf("%S", u), upper},
		{fmt.Sprintf("%q", u), `"` + good + `"`},
		{fmt.Sprintf("%x", u), hex32},
		{fmt.Sprintf("%X", u), strings.ToUpper(hex32)},
		{fmt.Sprintf("%#v", u), `uuid.MustParse("` + good + `")`},
		{fmt.Sprintf("%40s|", u), "    " + good + "|"},
		{fmt.Sprintf("%-40s|", u), good + "    |"},
		{fmt.Sprintf("%d", u), "%!d(uuid.UUID=" + good + ")"},
		{u.GoString(), `uuid.MustParse("` + good + `")`},
		{Max().String(), "ffffffff-ffff-ffff-ffff-ffffffffffff"},
		{Nil().String(), "00000000-0000-0000-0000-000000000000"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q; want %q", tc.got, tc.want)
		}
	}
	b, err := u.MarshalText()
	if err != nil || string(b) != good {
		t.Errorf("MarshalText() = %q, %v", b, err)
	}
	b, err = u.AppendText([]byte("id="))
	if err != nil || string(b) != "id="+good {
		t.Errorf("AppendText = %q, %v", b, err)
	}
}

// TestFormatAllBytes checks the hex tables on every byte value in every
// position, against encoding/hex.
func TestFormatAllBytes(t *testing.T) {
	for i := range 256 {
		var u UUID
		for j := range u {
			u[j] = byte(i + 17*j)
		}
		h := hex.EncodeToString(u[:])
		want := h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
		if got := u.String(); got != want {
			t.Fatalf("String() = %s; want %s", got, want)
		}
		if got := fmt.Sprintf("%X", u); got != strings.ToUpper(h) {
			t.Fatalf("%%X = %s; want %s", got, strings.ToUpper(h))
		}
		if back, err := Parse(strings.ToUpper(want)); err != nil || back != u {
			t.Fatalf("Parse(%s) = %v, %v; want %v", want, back, err, u)
		}
	}
}

func TestBinary(t *testing.T) {
	u := MustParse(good)
	b, err := u.MarshalBinary()
	if err != nil || !bytes.Equal(b, u[:]) {
		t.Errorf("MarshalBinary = %x, %v", b, err)
	}
	if got, err := FromBytes(b); err != nil || got != u {
		t.Errorf("FromBytes = %v, %v", got, err)
	}
	b, _ = u.AppendBinary([]byte{0xaa})
	if !bytes.Equal(b, append([]byte{0xaa}, u[:]...)) {
		t.Errorf("AppendBinary = %x", b)
	}
	var v UUID
	if err := v.UnmarshalBinary(u[:]); err != nil || v != u {
		t.Errorf("UnmarshalBinary = %v, %v", v, err)
	}
}

// TestBinaryLength checks the error for binary input of the wrong length:
// it matches ErrLength, names the length, is not a *ParseError (which is
// for text), and leaves the receiver alone.
func TestBinaryLength(t *testing.T) {
	orig := MustParse(good)
	for _, n := range []int{0, 1, 15, 17, 36, 300} {
		b := make([]byte, n)
		_, errFrom := FromBytes(b)
		_, errLE := FromBytesLE(b)
		u := orig
		errUnmarshal := u.UnmarshalBinary(b)
		if u != orig {
			t.Errorf("UnmarshalBinary(%d bytes) changed the receiver to %v", n, u)
		}
		for i, err := range []error{errFrom, errLE, errUnmarshal} {
			var pe *ParseError
			if !errors.Is(err, ErrLength) || errors.As(err, &pe) || errors.Is(err, ErrHexDigit) {
				t.Errorf("call %d with %d bytes: %v; want an ErrLength that is not a *ParseError", i, n, err)
			}
			if want := "uuid: want 16 bytes, got " + strconv.Itoa(n); err == nil || err.Error() != want {
				t.Errorf("call %d with %d bytes: Error() = %v; want %q", i, n, err, want)
			}
		}
	}
	short := make([]byte, 15)
	if a := testing.AllocsPerRun(100, func() { _, _ = FromBytes(short) }); a != 0 {
		t.Errorf("FromBytes(15 bytes): %v allocations; want 0", a)
	}
}

// TestGUIDByteOrder checks the Microsoft GUID layout: the first three
// fields little-endian, as Windows' GUID struct stores them.
func TestGUIDByteOrder(t *testing.T) {
	u := MustParse("00112233-4455-6677-8899-aabbccddeeff")
	want := [16]byte{0x33, 0x22, 0x11, 0x00, 0x55, 0x44, 0x77, 0x66, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff}
	if got := u.BytesLE(); got != want {
		t.Errorf("BytesLE() = %x; want %x", got, want)
	}
	if got, err := FromBytesLE(want[:]); err != nil || got != u {
		t.Errorf("FromBytesLE(%x) = %v, %v; want %v", want, got, err, u)
	}
}

func TestVariantAllRows(t *testing.T) {
	for b := range 256 {
		var u UUID
		u[8] = byte(b)
		var want Variant
		switch {
		case b < 0x80:
			want = VariantNCS
		case b < 0xc0:
			want = VariantRFC9562
		case b < 0xe0:
			want = VariantMicrosoft
		default:
			want = VariantFuture
		}
		if got := u.Variant(); got != want {
			t.Errorf("octet 8 = %#02x: Variant() = %v; want %v", b, got, want)
		}
	}
	for v, s := range map[Variant]string{VariantNCS: "NCS", VariantRFC9562: "RFC 9562", VariantMicrosoft: "Microsoft", VariantFuture: "Future", 9: "Variant(9)"} {
		if v.String() != s {
			t.Errorf("Variant(%d).String() = %q; want %q", v, v.String(), s)
		}
	}
	if Version(7).String() != "v7" || Version(0).String() != "v0" {
		t.Errorf("Version.String() = %q, %q", Version(7), Version(0))
	}
	if DomainPerson.String() != "Person" || DomainGroup.String() != "Group" || DomainOrg.String() != "Org" || Domain(9).String() != "Domain(9)" {
		t.Error("Domain.String() wrong")
	}
}

// TestAccessorsNeedRFCVariant checks that layout accessors refuse a UUID
// whose version nibble looks right but whose variant is not RFC 9562.
func TestAccessorsNeedRFCVariant(t *testing.T) {
	u := MustParse("c232ab00-9414-11ec-33c8-9f6bdeced846") // v1 nibble, NCS variant
	if _, ok := u.Time(); ok {
		t.Error("Time() ok for NCS variant")
	}
	if _, ok := u.NodeID(); ok {
		t.Error("NodeID() ok for NCS variant")
	}
	if _, ok := u.ClockSequence(); ok {
		t.Error("ClockSequence() ok for NCS variant")
	}
	if _, err := u.ToV6(); !errors.Is(err, ErrVersion) {
		t.Error("ToV6() of NCS variant succeeded")
	}
	if _, err := MustParse("1ec9414c-232a-6b00-b3c8-9f6bdeced846").ToV6(); !errors.Is(err, ErrVersion) {
		t.Error("ToV6() of a v6 succeeded")
	}
	if _, err := MustParse("c232ab00-9414-11ec-b3c8-9f6bdeced846").ToV1(); !errors.Is(err, ErrVersion) {
		t.Error("ToV1() of a v1 succeeded")
	}
	for _, s := range []string{"919108f7-52d1-4320-9bac-f847db4148a8", "2ed6657d-e927-568b-95e1-2665a8aea6a2"} {
		u := MustParse(s)
		if _, ok := u.Time(); ok {
			t.Errorf("%s: Time() ok", s)
		}
		if _, ok := u.ClockSequence(); ok {
			t.Errorf("%s: ClockSequence() ok", s)
		}
		if _, ok := u.Domain(); ok {
			t.Errorf("%s: Domain() ok", s)
		}
	}
}

func TestCompare(t *testing.T) {
	ids := []UUID{Max(), MustParse(good), Nil(), MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"),
		MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398e"), MustParse("80000000-0000-0000-0000-000000000000"),
		MustParse("7fffffff-ffff-ffff-ffff-ffffffffffff"), MustParse("00000000-0000-0000-8000-000000000000")}
	for _, a := range ids {
		for _, b := range ids {
			want := strings.Compare(a.String(), b.String())
			if got := a.Compare(b); got != want {
				t.Errorf("%v.Compare(%v) = %d; want %d", a, b, got, want)
			}
			if a.Less(b) != (want < 0) {
				t.Errorf("%v.Less(%v) = %v", a, b, a.Less(b))
			}
		}
	}
	slices.SortFunc(ids, UUID.Compare)
	if !slices.IsSortedFunc(ids, func(a, b UUID) int { return strings.Compare(a.String(), b.String()) }) {
		t.Errorf("SortFunc(Compare) not in string order: %v", ids)
	}
}

func TestJSON(t *testing.T) {
	u := MustParse(good)
	type rec struct {
		ID   UUID     `json:"id"`
		Opt  NullUUID `json:"opt"`
		None NullUUID `json:"none"`
		Zero UUID     `json:"zero,omitzero"`
	}
	b, err := json.Marshal(rec{ID: u, Opt: NullUUID{UUID: u, Valid: true}})
	want := `{"id":"` + good + `","opt":"` + good + `","none":null}`
	if err != nil || string(b) != want {
		t.Fatalf("json.Marshal = %s, %v; want %s", b, err, want)
	}
	var r rec
	if err := json.Unmarshal([]byte(want), &r); err != nil || r.ID != u || r.Opt != (NullUUID{u, true}) || r.None.Valid {
		t.Errorf("json.Unmarshal = %+v, %v", r, err)
	}
	// JSON escapes are decoded before parsing.
	if err := json.Unmarshal([]byte(`{"opt":"\u0066`+good[1:]+`"}`), &r); err != nil || r.Opt.UUID != u {
		t.Errorf("escaped JSON string: %+v, %v", r, err)
	}
	if err := json.Unmarshal([]byte(`{"id":"nope"}`), &r); err == nil {
		t.Error("json.Unmarshal of a bad id succeeded")
	}
	m := map[UUID]int{u: 1}
	if b, err := json.Marshal(m); err != nil || string(b) != `{"`+good+`":1}` {
		t.Errorf("map key: %s, %v", b, err)
	}
}

// TestNullUUIDUnmarshalJSON calls UnmarshalJSON directly, as a caller
// holding a json.RawMessage may, with what encoding/json accepts: white
// space around null or a string, escapes; and checks that JSON of another
// type fails as it does for a UUID field, with a *json.UnmarshalTypeError.
func TestNullUUIDUnmarshalJSON(t *testing.T) {
	u := MustParse(good)
	valid := NullUUID{UUID: u, Valid: true}
	for _, tc := range []struct {
		name string
		in   string
		want NullUUID
		ok   bool
	}{
		{"null", `null`, NullUUID{}, true},
		{"space_null", ` null`, NullUUID{}, true},
		{"null_newline", "null\n", NullUUID{}, true},
		{"all_space_null", " \t\r\nnull \t\r\n", NullUUID{}, true},
		{"string", `"` + good + `"`, valid, true},
		{"space_string", " \"" + good + "\"\n", valid, true},
		{"escaped", `"\u0066` + good[1:] + `"`, valid, true},
		{"space_escaped", "\t\"\\u0066" + good[1:] + "\" ", valid, true},
		{"urn", `"urn:uuid:` + good + `"`, valid, true},
		// Not what encoding/json accepts as white space, or not one value.
		{"vtab_null", "\vnull", NullUUID{}, false},
		{"nbsp_null", "\u00a0null", NullUUID{}, false},
		{"nul", "null\x00", NullUUID{}, false},
		{"nulls", "null null", NullUUID{}, false},
		{"Null", "Null", NullUUID{}, false},
		{"space_in_string", `" ` + good + `"`, NullUUID{}, false},
		{"two_strings", `"` + good + `" "` + good + `"`, NullUUID{}, false},
		{"empty", ``, NullUUID{}, false},
		{"spaces", `   `, NullUUID{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// json.Unmarshal, which checks the whole input first, must agree.
			var viaJSON NullUUID
			errJSON := json.Unmarshal([]byte(tc.in), &viaJSON)
			n := NullUUID{UUID: Max(), Valid: true} // failure must only clear Valid
			err := n.UnmarshalJSON([]byte(tc.in))
			if tc.ok {
				if err != nil || n != tc.want || errJSON != nil || viaJSON != tc.want {
					t.Errorf("UnmarshalJSON(%q) = %v, %+v; json.Unmarshal = %v, %+v; want %+v", tc.in, err, n, errJSON, viaJSON, tc.want)
				}
				return
			}
			if err == nil || errJSON == nil || n != (NullUUID{UUID: Max()}) {
				t.Errorf("UnmarshalJSON(%q) = %v, left %+v; json.Unmarshal = %v; want errors and Valid false", tc.in, err, n, errJSON)
			}
		})
	}

	// JSON of another type: the error encoding/json gives for a UUID
	// field, with the field named when it is one.
	for _, in := range []string{`42`, `true`, `[]`, `{}`, ` 42 `} {
		var n NullUUID
		var te *json.UnmarshalTypeError
		var pe *ParseError
		err := n.UnmarshalJSON([]byte(in))
		if !errors.As(err, &te) || te.Type != reflect.TypeFor[NullUUID]() || errors.As(err, &pe) {
			t.Errorf("UnmarshalJSON(%s) = %v; want a *json.UnmarshalTypeError for NullUUID", in, err)
		}
	}
	var r struct {
		Opt NullUUID `json:"opt"`
	}
	var te *json.UnmarshalTypeError
	if err := json.Unmarshal([]byte(`{"opt": 42}`), &r); !errors.As(err, &te) || te.Field != "opt" || te.Value != "number" {
		t.Errorf(`json.Unmarshal({"opt": 42}) = %v; want a *json.UnmarshalTypeError for field opt`, err)
	}
	// Not JSON at all: encoding/json's own error.
	var se *json.SyntaxError
	var n NullUUID
	if err := n.UnmarshalJSON([]byte(`"abc`)); !errors.As(err, &se) {
		t.Errorf("UnmarshalJSON(%q) = %v; want a *json.SyntaxError", `"abc`, err)
	}
	// A string that is not a UUID: a *ParseError of the right kind.
	var pe *ParseError
	if err := n.UnmarshalJSON([]byte(` "` + good[:35] + `g" `)); !errors.As(err, &pe) || pe.Offset != 35 || !errors.Is(err, ErrHexDigit) {
		t.Errorf("UnmarshalJSON of a bad digit = %v; want a *ParseError at offset 35", err)
	}
}

func TestSQL(t *testing.T) {
	u := MustParse(good)
	for _, src := range []any{good, []byte(good), u[:], "urn:uuid:" + good, []byte("{" + good + "}")} {
		var got UUID
		if err := got.Scan(src); err != nil || got != u {
			t.Errorf("Scan(%v) = %v, %v", src, got, err)
		}
	}
	var bad UUID
	for _, src := range []any{"x", []byte("x"), int64(1), 1.5, true, nil} {
		if err := bad.Scan(src); err == nil {
			t.Errorf("Scan(%#v) succeeded", src)
		}
	}
	if v, err := u.Value(); err != nil || v != good {
		t.Errorf("Value() = %v, %v", v, err)
	}
	var n NullUUID
	if err := n.Scan(nil); err != nil || n.Valid {
		t.Errorf("NullUUID.Scan(nil) = %+v, %v", n, err)
	}
	if v, err := n.Value(); err != nil || v != nil {
		t.Errorf("NullUUID{}.Value() = %v, %v", v, err)
	}
	if err := n.Scan(good); err != nil || !n.Valid || n.UUID != u {
		t.Errorf("NullUUID.Scan(good) = %+v, %v", n, err)
	}
	if v, err := n.Value(); err != nil || v != good {
		t.Errorf("NullUUID.Value() = %v, %v", v, err)
	}
}

// Package-level sinks make results escape, as they do for real callers.
var (
	stringSink string
	bytesSink  []byte
)

// TestAllocs pins the allocation counts of the hot paths.
func TestAllocs(t *testing.T) {
	u := MustParse(good)
	b := []byte(good)
	dst := make([]byte, 0, 64)
	var sink UUID
	long := strings.Repeat("n", shortName)
	for _, tc := range []struct {
		name string
		want float64
		f    func()
	}{
		{"Parse", 0, func() { sink, _ = Parse(good) }},
		{"ParseURN", 0, func() { sink, _ = Parse("urn:uuid:" + good) }},
		{"ParseBytes", 0, func() { sink, _ = ParseBytes(b) }},
		{"UnmarshalText", 0, func() { _ = sink.UnmarshalText(b) }},
		{"AppendText", 0, func() { dst, _ = u.AppendText(dst[:0]) }},
		{"AppendBinary", 0, func() { dst, _ = u.AppendBinary(dst[:0]) }},
		{"AppendForm", 0, func() { dst = u.AppendForm(dst[:0], FormURN|FormUpper) }},
		{"Compare", 0, func() { _ = u.Compare(sink) }},
		{"Version", 0, func() { _ = u.Version() }},
		{"Variant", 0, func() { _ = u.Variant() }},
		{"Time", 0, func() { _, _ = u.Time() }},
		{"ClockSequence", 0, func() { _, _ = u.ClockSequence() }},
		{"NodeID", 0, func() { _, _ = u.NodeID() }},
		{"ToV6", 0, func() { sink, _ = u.ToV6() }},
		{"BytesLE", 0, func() { _ = u.BytesLE() }},
		{"NewV3", 0, func() { sink = NewV3(u, "www.example.com") }},
		{"NewV5", 0, func() { sink = NewV5(u, "www.example.com") }},
		{"NewV5_64", 0, func() { sink = NewV5(u, long) }},
		{"NewV4", 0, func() { sink = NewV4() }},
		{"NewV7", 0, func() { sink = NewV7() }},
		{"NewV6", 0, func() { sink = NewV6() }},
		{"NewV1", 0, func() { sink = NewV1() }},
		{"String", 1, func() { stringSink = u.String() }},
		{"URN", 1, func() { stringSink = u.URN() }},
		{"MarshalText", 1, func() { bytesSink, _ = u.MarshalText() }},
	} {
		if raceEnabled && strings.HasPrefix(tc.name, "NewV") && tc.name != "NewV3" && !strings.HasPrefix(tc.name, "NewV5") {
			continue // crypto/rand's buffer escapes under the race detector
		}
		if got := testing.AllocsPerRun(1000, tc.f); got != tc.want {
			t.Errorf("%s: %v allocs; want %v", tc.name, got, tc.want)
		}
	}
}

// TestAppendForm checks every form, in both cases, against a slow writer
// built from encoding/hex, and that Parse reads each one back.
func TestAppendForm(t *testing.T) {
	u := MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	slowHex := func(upper bool) string {
		h := hex.EncodeToString(u[:])
		if upper {
			h = strings.ToUpper(h)
		}
		return h
	}
	for _, tc := range []struct {
		f    Form
		name string
		want func(h string) string
	}{
		{FormCanonical, "canonical", func(h string) string { return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:] }},
		{FormHex, "hex", func(h string) string { return h }},
		{FormBraced, "braced", func(h string) string {
			return "{" + h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:] + "}"
		}},
		{FormURN, "urn", func(h string) string {
			return "urn:uuid:" + h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
		}},
	} {
		for _, upper := range []bool{false, true} {
			f, name := tc.f, tc.name
			if upper {
				f, name = f|FormUpper, name+"+upper"
			}
			t.Run(name, func(t *testing.T) {
				want := tc.want(slowHex(upper))
				if got := string(u.AppendForm([]byte("x"), f)); got != "x"+want {
					t.Errorf("AppendForm(\"x\", %v) = %q; want %q", f, got, "x"+want)
				}
				if f.String() != name || f.Len() != len(want) {
					t.Errorf("Form %d: String() = %q, Len() = %d; want %q, %d", f, f.String(), f.Len(), name, len(want))
				}
				if v, err := Parse(want); v != u || err != nil {
					t.Errorf("Parse(%q) = %v, %v; want %v", want, v, err, u)
				}
			})
		}
	}
	// A value that is not a form has length 0, and AppendForm appends
	// nothing for it, whatever FormUpper says.
	for _, f := range []Form{4, 9, 0x7f, FormUpper | 4, 0xff} {
		if got := u.AppendForm([]byte("x"), f); string(got) != "x" {
			t.Errorf("AppendForm(\"x\", %v) = %q; want \"x\"", f, got)
		}
		if f.Len() != 0 {
			t.Errorf("Form(%d).Len() = %d; want 0", f, f.Len())
		}
		if got, want := f.String(), "Form("+strconv.Itoa(int(f))+")"; got != want {
			t.Errorf("Form(%d).String() = %q; want %q", f, got, want)
		}
	}
}

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
