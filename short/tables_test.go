package short

import "testing"

// TestTables checks each inverse table against its alphabet: every digit
// maps to its index (in either case where the encoding folds case), and
// every other byte to 0xff.
func TestTables(t *testing.T) {
	tests := []struct {
		name           string
		digits, values string
		fold           bool
	}{
		{"base58", base58Digits, base58Values, false},
		{"base57", base57Digits, base57Values, false},
		{"base64url", base64URLDigits, base64URLValues, false},
		{"base36", base36Digits, base36Values, true},
		{"base32", base32Digits, base32Values, true},
	}
	for _, tt := range tests {
		want := [256]byte{}
		for i := range want {
			want[i] = 0xff
		}
		for i := range len(tt.digits) {
			c := tt.digits[i]
			want[c] = byte(i)
			if tt.fold && 'a' <= c && c <= 'z' {
				want[c-'a'+'A'] = byte(i)
			}
		}
		if len(tt.values) != 256 {
			t.Fatalf("%s: table has %d entries", tt.name, len(tt.values))
		}
		for c := range 256 {
			if tt.values[c] != want[c] {
				t.Errorf("%s: value of %q = %#x; want %#x", tt.name, byte(c), tt.values[c], want[c])
			}
		}
		for i := 1; i < len(tt.digits); i++ {
			if e := map[string]bool{"base58": true, "base57": true, "base36": true}[tt.name]; e && tt.digits[i-1] >= tt.digits[i] {
				t.Errorf("%s: alphabet not in byte order at %d, so texts would not sort as UUIDs", tt.name, i)
			}
		}
	}
	// The forms' Max texts are the encodings of the Max UUID.
	max := [16]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
	for e := Base58; e <= Base32; e++ {
		if f := e.form(); f.max != "" && e.String(max) != f.max {
			t.Errorf("%s: max = %q; want %q", f.name, f.max, e.String(max))
		}
	}
}
