package uuid47_test

import (
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/uuid47"
)

// FuzzRoundTrip checks, for any 16 bytes made into a version 7 UUID and
// any two keys: Decode(Encode(u)) == u; the façade is a version 4 UUID
// with u's random bits; a façade decodes only to a version 7 UUID and
// re-encodes to itself; and two different keys give different façades of
// u. (Two keys could in principle give equal masks; for 2^-48 of the pairs
// per UUID, far below what a fuzzer finds.) Inputs that are not a version
// 7 UUID are errors, not panics.
func FuzzRoundTrip(f *testing.F) {
	f.Add(make([]byte, 16), make([]byte, 16), make([]byte, 16))                                                                               // Nil made a v7, zero keys: keys differ only after the fix-up below
	f.Add([]byte("\x01\x8f\x2d\x9f\x9a\x2a\x7d\xef\x8c\x3f\x7b\x1a\x2c\x4d\x5e\x6f"), []byte("0123456789abcdef"), []byte("0123456789abcdeg")) // the demo v7, keys one bit apart
	f.Add([]byte("\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"), make([]byte, 16), []byte("\xff"))                       // Max made a v7, short key padded
	f.Add([]byte("short"), []byte("k"), []byte("k"))                                                                                          // not 16 bytes: only the error path
	f.Fuzz(func(t *testing.T, raw, key1, key2 []byte) {
		var k1, k2 [16]byte
		copy(k1[:], key1)
		copy(k2[:], key2)
		if k1 == k2 {
			k2[0] ^= 1 // two different keys in every run
		}
		a, b := uuid47.NewKey(k1), uuid47.NewKey(k2)
		u, err := uuid.FromBytes(raw)
		if err != nil {
			return
		}
		if _, err := a.Encode(u); (err == nil) != (u.Version() == 7 && u.Variant() == uuid.VariantRFC9562) {
			t.Fatalf("Encode(%v) error %v for version %d, variant %v", u, err, u.Version(), u.Variant())
		}
		if _, err := a.Decode(u); (err == nil) != (u.Version() == 4 && u.Variant() == uuid.VariantRFC9562) {
			t.Fatalf("Decode(%v) error %v for version %d, variant %v", u, err, u.Version(), u.Variant())
		}
		u[6] = u[6]&0x0f | 0x70 // version 7
		u[8] = u[8]&0x3f | 0x80 // variant RFC 9562
		fa, err := a.Encode(u)
		if err != nil || fa.Version() != 4 || fa.Variant() != uuid.VariantRFC9562 || fa[6]&0x0f != u[6]&0x0f || [9]byte(fa[7:]) != [9]byte(u[7:]) {
			t.Fatalf("Encode(%v) = %v, %v; want a version 4 UUID with the same random bits", u, fa, err)
		}
		if back, err := a.Decode(fa); back != u || err != nil {
			t.Fatalf("Decode(Encode(%v)) = %v, %v", u, back, err)
		}
		if fb, err := b.Encode(u); fb == fa || err != nil {
			t.Fatalf("Encode(%v) = %v, %v under two different keys", u, fb, err)
		}
		g := u
		g[6] = g[6]&0x0f | 0x40 // u's bits read as a façade
		d, err := a.Decode(g)
		if err != nil || d.Version() != 7 {
			t.Fatalf("Decode(%v) = %v, %v; want a version 7 UUID", g, d, err)
		}
		if again, err := a.Encode(d); again != g || err != nil {
			t.Fatalf("Encode(Decode(%v)) = %v, %v", g, again, err)
		}
	})
}
