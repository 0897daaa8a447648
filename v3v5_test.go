package uuid

import (
	"crypto/md5"
	"crypto/sha1"
	"strings"
	"testing"
)

// TestNameBasedLongNames checks the path for names longer than the stack
// buffer against the hashes computed plainly, under FIPS 140 enforcement
// too (the reference hashes run with it lifted, as NewV3 and NewV5 do).
func TestNameBasedLongNames(t *testing.T) {
	for _, n := range []int{0, 1, shortName - 1, shortName, shortName + 1, 1000} {
		name := strings.Repeat("n", n)
		var want3, want5 UUID
		withoutFIPS(func() {
			ns := NamespaceURL()
			want3 = hashLayout(3, md5.Sum(append(ns[:], name...)))
			sum := sha1.Sum(append(ns[:], name...))
			want5 = hashLayout(5, [16]byte(sum[:16]))
		})
		if got := NewV3(NamespaceURL(), name); got != want3 {
			t.Errorf("NewV3(URL, %d bytes) = %v; want %v", n, got, want3)
		}
		if got := NewV5(NamespaceURL(), name); got != want5 {
			t.Errorf("NewV5(URL, %d bytes) = %v; want %v", n, got, want5)
		}
	}
}
