package uuid

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// FuzzJSONString checks the JSON string decoder NullUUID uses against
// encoding/json: for any bytes, it accepts exactly the JSON strings that
// json.Unmarshal decodes into a string, with the same text, and on
// failure reports an offset inside the data.
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{
		`"f81d4fae-7dec-11d0-a765-00a0c91e6bf6"`,                         // plain
		`"\u0066\u0038\u0031d4fae-7dec-11d0-a765-00a0c91e6bf6"`,          // escaped digits
		`"\"\\\/\b\f\n\r\t"`,                                             // every short escape
		`"\ud83d\ude00"`,                                                 // a surrogate pair
		`"\ud83d"`, `"\ude00"`, `"\ud83d\u0041"`, `"\ud83d\ud83d\ude00"`, // lone surrogates
		`"\ud83d\u00zz"`,                        // a lone surrogate, then a bad escape
		"\"\xff\xfe\"", "\"\xe2\x82\"", "\"é\"", // invalid and valid UTF-8
		"\"a\x00b\"", "\"a\x1fb\"", "\"\x7f\"", // control bytes (0x7f is allowed)
		`"abc`, `"\u00`, `"abc\`, `"a"b`, `""`, `"`, ``, // cut short, trailing bytes
		`42`, `null`, `[""]`, `{}`, `"\x"`, `"\U0041"`, // not strings, bad escapes
		`"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"`, // past the 64-byte buffer
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var buf [64]byte
		got, off, kind := appendJSONString(buf[:0], data)
		var want string
		errJSON := json.Unmarshal(data, &want)
		// json.Unmarshal also takes white space around the value and null,
		// which the decoder leaves to its caller.
		wantOK := errJSON == nil && len(data) > 0 && data[0] == '"' && data[len(data)-1] == '"'
		if (kind == nil) != wantOK {
			t.Fatalf("appendJSONString(%q) = %q, %d, %v; json.Unmarshal = %q, %v", data, got, off, kind, want, errJSON)
		}
		if kind == nil {
			if string(got) != want {
				t.Fatalf("appendJSONString(%q) = %q; json.Unmarshal says %q", data, got, want)
			}
			if !utf8.Valid(got) {
				t.Fatalf("appendJSONString(%q) = %q: not UTF-8", data, got)
			}
			return
		}
		if off < -1 || off >= len(data) {
			t.Fatalf("appendJSONString(%q): offset %d outside the data", data, off)
		}
	})
}

// TestJSONStringAllocs checks that decoding a NullUUID's JSON allocates
// nothing for a plain string, and at most once for an escaped one: the
// decoded text is on the stack, unless the parser may keep a reference to
// its input for an error, which moves it to the heap.
func TestJSONStringAllocs(t *testing.T) {
	for _, tc := range []struct {
		in   string
		most float64
	}{
		{` "f81d4fae-7dec-11d0-a765-00a0c91e6bf6" `, 0},
		{` "\u0066\u0038\u0031d4fae-7dec-11d0-a765-00a0c91e6bf6" `, 1},
	} {
		data := []byte(tc.in)
		var n NullUUID
		if got := testing.AllocsPerRun(100, func() { _ = n.UnmarshalJSON(data) }); got > tc.most || !n.Valid {
			t.Errorf("UnmarshalJSON(%s): %v allocations, Valid %v; want at most %v, true", tc.in, got, n.Valid, tc.most)
		}
	}
}
