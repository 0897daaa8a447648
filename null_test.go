package uuid_test

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
)

const nullTestText = "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"

// TestNullUUIDFailureClearsValid checks that every decoder of NullUUID that
// fails leaves Valid false and UUID as it was, as google/uuid's NullUUID
// does, except UnmarshalBinary, which leaves n unchanged.
func TestNullUUIDFailureClearsValid(t *testing.T) {
	old := uuid.NullUUID{UUID: uuid.Max(), Valid: true}
	for _, tc := range []struct {
		name string
		call func(n *uuid.NullUUID) error
		want uuid.NullUUID
		kind error // matched with errors.Is; nil to skip
	}{
		{"Scan_bad_text", func(n *uuid.NullUUID) error { return n.Scan("not a uuid") }, uuid.NullUUID{UUID: uuid.Max()}, nil},
		{"Scan_bad_bytes", func(n *uuid.NullUUID) error { return n.Scan([]byte("0123")) }, uuid.NullUUID{UUID: uuid.Max()}, uuid.ErrLength},
		{"Scan_int64", func(n *uuid.NullUUID) error { return n.Scan(int64(1)) }, uuid.NullUUID{UUID: uuid.Max()}, uuid.ErrScanType},
		{"UnmarshalJSON_bad", func(n *uuid.NullUUID) error { return n.UnmarshalJSON([]byte(`"0123"`)) }, uuid.NullUUID{UUID: uuid.Max()}, uuid.ErrLength},
		{"UnmarshalJSON_number", func(n *uuid.NullUUID) error { return n.UnmarshalJSON([]byte(`1`)) }, uuid.NullUUID{UUID: uuid.Max()}, nil},
		{"UnmarshalText_bad", func(n *uuid.NullUUID) error { return n.UnmarshalText([]byte("x")) }, uuid.NullUUID{UUID: uuid.Max()}, nil},
		{"UnmarshalText_empty", func(n *uuid.NullUUID) error { return n.UnmarshalText(nil) }, uuid.NullUUID{UUID: uuid.Max()}, uuid.ErrLength},
		{"UnmarshalBinary_15", func(n *uuid.NullUUID) error { return n.UnmarshalBinary(make([]byte, 15)) }, old, uuid.ErrLength},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := old
			err := tc.call(&n)
			if err == nil || n != tc.want || tc.kind != nil && !errors.Is(err, tc.kind) {
				t.Errorf("%s = %v, left %+v; want an error matching %v and %+v", tc.name, err, n, tc.kind, tc.want)
			}
		})
	}
}

// TestNullUUIDText checks MarshalText, UnmarshalText, MarshalBinary and
// UnmarshalBinary on a valid and a null NullUUID.
func TestNullUUIDText(t *testing.T) {
	u := uuid.MustParse(nullTestText)
	valid := uuid.NullUUID{UUID: u, Valid: true}
	for _, tc := range []struct {
		name       string
		n          uuid.NullUUID
		text       string
		binary     []byte
		fromOthers []string // other text that decodes to n
	}{
		{"valid", valid, nullTestText, u[:], []string{strings.ToUpper(nullTestText), "urn:uuid:" + nullTestText}},
		{"null", uuid.NullUUID{}, "null", nil, nil},
		{"null_with_uuid", uuid.NullUUID{UUID: u}, "null", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.n
			if !want.Valid {
				want = uuid.NullUUID{}
			}
			text, err := tc.n.MarshalText()
			if err != nil || string(text) != tc.text {
				t.Errorf("MarshalText() = %q, %v; want %q", text, err, tc.text)
			}
			for _, in := range append([]string{tc.text}, tc.fromOthers...) {
				got := uuid.NullUUID{UUID: uuid.Max(), Valid: true}
				if err := got.UnmarshalText([]byte(in)); err != nil || got != want {
					t.Errorf("UnmarshalText(%q) = %v, %+v; want %+v", in, err, got, want)
				}
			}
			bin, err := tc.n.MarshalBinary()
			if err != nil || !bytes.Equal(bin, tc.binary) {
				t.Errorf("MarshalBinary() = %x, %v; want %x", bin, err, tc.binary)
			}
			got := uuid.NullUUID{UUID: uuid.Max(), Valid: true}
			if err := got.UnmarshalBinary(bin); err != nil || got != want {
				t.Errorf("UnmarshalBinary(%x) = %v, %+v; want %+v", bin, err, got, want)
			}
		})
	}
}

// TestNullUUIDEncodings checks that a NullUUID works where encoders need
// text or binary methods: as a JSON object key, in XML, in a slog text
// handler, and through gob, both valid and null.
func TestNullUUIDEncodings(t *testing.T) {
	u := uuid.MustParse(nullTestText)
	valid := uuid.NullUUID{UUID: u, Valid: true}

	t.Run("json_map_key", func(t *testing.T) {
		in := map[uuid.NullUUID]int{valid: 1, {}: 2}
		b, err := json.Marshal(in)
		want := `{"` + nullTestText + `":1,"null":2}`
		if err != nil || string(b) != want {
			t.Fatalf("json.Marshal(map) = %s, %v; want %s", b, err, want)
		}
		// A key goes through UnmarshalJSON as a JSON string, and the
		// string "null" is not a UUID, so only valid keys decode.
		b = []byte(`{"` + nullTestText + `":1}`)
		var out map[uuid.NullUUID]int
		if err := json.Unmarshal(b, &out); err != nil || len(out) != 1 || out[valid] != 1 {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want the valid key", b, out, err)
		}
	})

	t.Run("xml", func(t *testing.T) {
		type rec struct {
			A uuid.NullUUID `xml:"a"`
			B uuid.NullUUID `xml:"b"`
		}
		b, err := xml.Marshal(rec{A: valid})
		want := "<rec><a>" + nullTestText + "</a><b>null</b></rec>"
		if err != nil || string(b) != want {
			t.Fatalf("xml.Marshal = %s, %v; want %s", b, err, want)
		}
		var r rec
		if err := xml.Unmarshal(b, &r); err != nil || r != (rec{A: valid}) {
			t.Errorf("xml.Unmarshal(%s) = %+v, %v", b, r, err)
		}
	})

	t.Run("slog_text", func(t *testing.T) {
		var buf bytes.Buffer
		log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{
			ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
				if a.Key == slog.TimeKey || a.Key == slog.LevelKey {
					return slog.Attr{}
				}
				return a
			},
		}))
		log.Info("m", "id", valid, "none", uuid.NullUUID{})
		want := "msg=m id=" + nullTestText + " none=null\n"
		if buf.String() != want {
			t.Errorf("slog text = %q; want %q", buf.String(), want)
		}
	})

	t.Run("gob", func(t *testing.T) {
		in := []uuid.NullUUID{valid, {}}
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(in); err != nil {
			t.Fatal(err)
		}
		var out []uuid.NullUUID
		if err := gob.NewDecoder(&buf).Decode(&out); err != nil || len(out) != 2 || out[0] != valid || out[1] != (uuid.NullUUID{}) {
			t.Errorf("gob round trip = %+v, %v; want %+v", out, err, in)
		}
	})
}

// TestNullUUIDAllocs pins the allocations of the NullUUID text methods: one
// for the result of MarshalText, none for UnmarshalText and UnmarshalBinary.
func TestNullUUIDAllocs(t *testing.T) {
	n := uuid.NullUUID{UUID: uuid.MustParse(nullTestText), Valid: true}
	text := []byte(nullTestText)
	for _, tc := range []struct {
		name string
		f    func()
		want float64
	}{
		{"MarshalText", func() { _, _ = n.MarshalText() }, 1},
		{"UnmarshalText", func() { _ = n.UnmarshalText(text) }, 0},
		{"UnmarshalBinary", func() { _ = n.UnmarshalBinary(n.UUID[:]) }, 0},
	} {
		if got := testing.AllocsPerRun(100, tc.f); got != tc.want {
			t.Errorf("%s: %v allocations; want %v", tc.name, got, tc.want)
		}
	}
}

// jsonEscapeAll writes every byte of the ASCII string s as a \u escape.
func jsonEscapeAll(s string) string {
	var b strings.Builder
	for i := range len(s) {
		fmt.Fprintf(&b, "\\u%04x", s[i])
	}
	return b.String()
}

// TestNullUUIDUnmarshalJSON calls UnmarshalJSON directly, as a caller
// holding a json.RawMessage may, with what encoding/json accepts: white
// space around null or a string, escapes; and checks the *uuid.ParseError
// for JSON of another type and for data that is not JSON.
func TestNullUUIDUnmarshalJSON(t *testing.T) {
	u := uuid.MustParse(nullTestText)
	valid := uuid.NullUUID{UUID: u, Valid: true}
	for _, tc := range []struct {
		name string
		in   string
		want uuid.NullUUID
		ok   bool
	}{
		{"null", `null`, uuid.NullUUID{}, true},
		{"space_null", ` null`, uuid.NullUUID{}, true},
		{"null_newline", "null\n", uuid.NullUUID{}, true},
		{"all_space_null", " \t\r\nnull \t\r\n", uuid.NullUUID{}, true},
		{"string", `"` + nullTestText + `"`, valid, true},
		{"space_string", " \"" + nullTestText + "\"\n", valid, true},
		{"escaped", `"\u0066` + nullTestText[1:] + `"`, valid, true},
		{"space_escaped", "\t\"\\u0066" + nullTestText[1:] + "\" ", valid, true},
		{"urn", `"urn:uuid:` + nullTestText + `"`, valid, true},
		{"all_escaped", `"` + jsonEscapeAll(nullTestText) + `"`, valid, true},
		{"upper_escapes", `"\u0046\u0038` + strings.ToUpper(nullTestText[2:]) + `"`, valid, true},
		{"escaped_non_hex", `"\u0067` + nullTestText[1:] + `"`, uuid.NullUUID{}, false},
		{"escaped_nul", `"\u0000` + nullTestText[1:] + `"`, uuid.NullUUID{}, false},
		{"surrogate_pair", `"\ud83d\ude00` + nullTestText[1:] + `"`, uuid.NullUUID{}, false},
		// Not what encoding/json accepts as white space, or not one value.
		{"vtab_null", "\vnull", uuid.NullUUID{}, false},
		{"nbsp_null", "\u00a0null", uuid.NullUUID{}, false},
		{"nul", "null\x00", uuid.NullUUID{}, false},
		{"nulls", "null null", uuid.NullUUID{}, false},
		{"Null", "Null", uuid.NullUUID{}, false},
		{"space_in_string", `" ` + nullTestText + `"`, uuid.NullUUID{}, false},
		{"two_strings", `"` + nullTestText + `" "` + nullTestText + `"`, uuid.NullUUID{}, false},
		{"empty", ``, uuid.NullUUID{}, false},
		{"spaces", `   `, uuid.NullUUID{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// json.Unmarshal, which checks the whole input first, must agree.
			var viaJSON uuid.NullUUID
			errJSON := json.Unmarshal([]byte(tc.in), &viaJSON)
			n := uuid.NullUUID{UUID: uuid.Max(), Valid: true} // failure must only clear Valid
			err := n.UnmarshalJSON([]byte(tc.in))
			if tc.ok {
				if err != nil || n != tc.want || errJSON != nil || viaJSON != tc.want {
					t.Errorf("UnmarshalJSON(%q) = %v, %+v; json.Unmarshal = %v, %+v; want %+v", tc.in, err, n, errJSON, viaJSON, tc.want)
				}
				return
			}
			if err == nil || errJSON == nil || n != (uuid.NullUUID{UUID: uuid.Max()}) {
				t.Errorf("UnmarshalJSON(%q) = %v, left %+v; json.Unmarshal = %v; want errors and Valid false", tc.in, err, n, errJSON)
			}
		})
	}

	// Not a JSON string or null: a *uuid.ParseError for the data, with the
	// kind and offset UnmarshalJSON documents.
	for _, tc := range []struct {
		in     string
		offset int
		kind   error
	}{
		{`42`, 0, uuid.ErrPrefix},
		{` 42 `, 1, uuid.ErrPrefix},
		{`true`, 0, uuid.ErrPrefix},
		{`[]`, 0, uuid.ErrPrefix},
		{`{}`, 0, uuid.ErrPrefix},
		{`{` + nullTestText + `}`, 0, uuid.ErrPrefix}, // braced form, but not JSON
		{`"abc`, -1, uuid.ErrLength},
		{`"\u00`, -1, uuid.ErrLength},
		{`"abc\`, -1, uuid.ErrLength},
		{`"ab"c"`, 4, uuid.ErrSuffix},
		{` "` + nullTestText + `"x`, 39, uuid.ErrSuffix},
		{"\"a\tb\"", 2, uuid.ErrDigit},
		{`"a\qb"`, 3, uuid.ErrDigit},
		{`"\u00g0"`, 5, uuid.ErrDigit},
	} {
		var n uuid.NullUUID
		var pe *uuid.ParseError
		err := n.UnmarshalJSON([]byte(tc.in))
		if !errors.As(err, &pe) || pe.Offset != tc.offset || !errors.Is(err, tc.kind) || pe.Input != tc.in {
			t.Errorf("UnmarshalJSON(%#q) = %v; want a *uuid.ParseError at offset %d matching %v", tc.in, err, tc.offset, tc.kind)
		}
		if json.Unmarshal([]byte(tc.in), new(string)) == nil {
			t.Errorf("json.Unmarshal(%#q) into a string succeeded; the case is meant to be no JSON string", tc.in)
		}
	}
	var n uuid.NullUUID
	// A string that is not a UUID: a *uuid.ParseError of the right kind.
	var pe *uuid.ParseError
	if err := n.UnmarshalJSON([]byte(` "` + nullTestText[:35] + `g" `)); !errors.As(err, &pe) || pe.Offset != 35 || !errors.Is(err, uuid.ErrDigit) {
		t.Errorf("UnmarshalJSON of a bad digit = %v; want a *uuid.ParseError at offset 35", err)
	}
}
