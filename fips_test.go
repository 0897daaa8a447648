package uuid

import "testing"

// TestWithoutFIPS checks the shim NewV3 and NewV5 use under FIPS 140
// enforcement: it runs its function, once. (The RFC vectors run under
// GODEBUG=fips140=only in CI, through the ordinary tests.)
func TestWithoutFIPS(t *testing.T) {
	n := 0
	withoutFIPS(func() { n++ })
	if n != 1 {
		t.Fatalf("withoutFIPS ran its function %d times; want 1", n)
	}
	if u := nameBasedWithoutFIPS(NewV5, NamespaceDNS(), "www.example.com"); u != MustParse("2ed6657d-e927-568b-95e1-2665a8aea6a2") {
		t.Errorf("NewV5 without FIPS enforcement = %v; want RFC 9562, Appendix A.4", u)
	}
}
