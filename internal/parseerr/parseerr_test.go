package parseerr

import (
	"strings"
	"testing"
)

func TestInput(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		max      int
		want     string
	}{
		{"empty", "", 4, ""},
		{"short", "abc", 4, "abc"},
		{"exact", "abcd", 4, "abcd"},
		{"long", "abcde", 4, "abcd…"},
		{"non-ASCII", "\xff\xfe\xfd", 2, "\xff\xfe…"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Input(tc.in, tc.max); got != tc.want {
				t.Errorf("Input(%q, %d) = %q; want %q", tc.in, tc.max, got, tc.want)
			}
			b := []byte(tc.in)
			got := Input(b, tc.max)
			for i := range b {
				b[i] = 'x' // the caller reuses its buffer
			}
			if got != tc.want {
				t.Errorf("Input(%q as []byte, %d) = %q after the buffer changed; want %q", tc.in, tc.max, got, tc.want)
			}
		})
	}
}

func TestInputAllocs(t *testing.T) {
	long := []byte(strings.Repeat("z", 1000))
	for _, tc := range []struct {
		name string
		in   []byte
		want float64
	}{{"empty", nil, 0}, {"long", long, 1}} {
		if got := testing.AllocsPerRun(100, func() { _ = Input(tc.in, 64) }); got != tc.want {
			t.Errorf("Input(%s): %v allocs; want %v", tc.name, got, tc.want)
		}
	}
}
