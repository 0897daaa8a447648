package hexcode

import (
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// The SIMD functions are checked three ways: against the portable parser
// and encoder, against the slow references below, and against themselves
// through a round trip. Without assembly (another GOARCH, or -tags purego)
// they are the portable code, and the tests still run.

// simdRefDecode is a slow, obviously correct decoder of the canonical form
// (hyphens true) or of 32 hex digits.
func simdRefDecode(s string, hyphens bool) (UUID, bool) {
	if hyphens {
		if len(s) != canonicalLen || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
			return UUID{}, false
		}
		s = s[:8] + s[9:13] + s[14:18] + s[19:23] + s[24:]
	}
	if len(s) != hexLen {
		return UUID{}, false
	}
	var u UUID
	if _, err := hex.Decode(u[:], []byte(s)); err != nil {
		return UUID{}, false
	}
	return u, true
}

// UUID stands for the root package's type in these tests.
type UUID = [16]byte

// simdRefEncode is a slow, obviously correct encoder.
func simdRefEncode(u UUID, hyphens, upper bool) string {
	s := hex.EncodeToString(u[:])
	if hyphens {
		s = s[:8] + "-" + s[8:12] + "-" + s[12:16] + "-" + s[16:20] + "-" + s[20:]
	}
	if upper {
		s = strings.ToUpper(s)
	}
	return s
}

// simdDecode runs the SIMD decoder on s, which it copies into the middle
// of a buffer of bytes that are not hex digits, so that a read outside s
// shows up as a wrong answer. The portable parser must agree.
func simdDecode(t *testing.T, s string) (UUID, bool) {
	t.Helper()
	buf := []byte(strings.Repeat("x", 16) + s + strings.Repeat("x", 16))
	in := buf[16 : 16+len(s)]
	// Both start from garbage, which a failure must replace with Nil.
	u, pure := UUID{1, 2, 3}, UUID{4, 5, 6}
	var ok, pureOK bool
	switch len(s) {
	case canonicalLen:
		ok = DecodeCanonical(&u, (*[canonicalLen]byte)(in))
		pureOK = decodeCanonicalGeneric(&pure, (*[canonicalLen]byte)(in))
	case hexLen:
		ok = DecodeHex(&u, (*[hexLen]byte)(in))
		pureOK = decodeHexGeneric(&pure, (*[hexLen]byte)(in))
	default:
		t.Fatalf("simdDecode(%q): bad length %d", s, len(s))
	}
	if ok != pureOK || u != pure {
		t.Fatalf("SIMD decode of %q = %v, %v; portable decoder says %v, %v", s, u, ok, pure, pureOK)
	}
	if !ok && u != (UUID{}) {
		t.Fatalf("SIMD decode of %q failed but returned %v; want Nil", s, u)
	}
	return u, ok
}

// simdEncode runs the SIMD encoder into the middle of a buffer and checks
// that nothing around dst changed and that the portable encoder agrees.
func simdEncode(t *testing.T, u UUID, hyphens, upper bool) string {
	t.Helper()
	const pad = 16
	var buf [pad + canonicalLen + pad]byte
	for i := range buf {
		buf[i] = 'x'
	}
	var got, pure string
	if hyphens {
		PutCanonical((*[canonicalLen]byte)(buf[pad:]), &u, upper)
		got = string(buf[pad : pad+canonicalLen])
		var p [canonicalLen]byte
		putCanonicalGeneric(&p, &u, upper)
		pure = string(p[:])
	} else {
		PutHex((*[hexLen]byte)(buf[pad:]), &u, upper)
		got = string(buf[pad : pad+hexLen])
		var p [hexLen]byte
		putHexGeneric(&p, &u, upper)
		pure = string(p[:])
	}
	if got != pure {
		t.Fatalf("SIMD encode of %x (upper %v) = %q; portable encoder says %q", u[:], upper, got, pure)
	}
	if rest := string(buf[:pad]) + string(buf[pad+len(got):]); strings.Trim(rest, "x") != "" {
		t.Fatalf("SIMD encode of %x wrote outside dst: %q", u[:], buf)
	}
	return got
}

// TestDecodeReadOnly decodes text that lives in read-only memory, the
// bytes of string constants, as the root package passes the bytes of a
// string: a decoder that wrote its input, even to put back what it found,
// would crash the test with a fault.
func TestDecodeReadOnly(t *testing.T) {
	const canonical = "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
	const digits = "f81d4fae7dec11d0a76500a0c91e6bf6"
	const bad = "f81d4fae-7dec-11d0-a765-00a0c91e6bfz"
	want := UUID{0xf8, 0x1d, 0x4f, 0xae, 0x7d, 0xec, 0x11, 0xd0, 0xa7, 0x65, 0x00, 0xa0, 0xc9, 0x1e, 0x6b, 0xf6}
	for _, tc := range []struct {
		name string
		f    func(*UUID) bool
		ok   bool
	}{
		{"DecodeCanonical", func(u *UUID) bool { return DecodeCanonical(u, readOnly[[canonicalLen]byte](canonical)) }, true},
		{"DecodeHex", func(u *UUID) bool { return DecodeHex(u, readOnly[[hexLen]byte](digits)) }, true},
		{"DecodeCanonical_bad", func(u *UUID) bool { return DecodeCanonical(u, readOnly[[canonicalLen]byte](bad)) }, false},
		{"decodeCanonicalGeneric", func(u *UUID) bool { return decodeCanonicalGeneric(u, readOnly[[canonicalLen]byte](canonical)) }, true},
		{"decodeHexGeneric", func(u *UUID) bool { return decodeHexGeneric(u, readOnly[[hexLen]byte](digits)) }, true},
		{"FirstBadCanonical", func(*UUID) bool { return FirstBadCanonical(readOnly[[canonicalLen]byte](bad)) == 35 }, true},
		{"FirstBadHex", func(*UUID) bool { return FirstBadHex(readOnly[[hexLen]byte](digits)) == hexLen }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var u UUID
			if ok := tc.f(&u); ok != tc.ok || ok && u != want && u != (UUID{}) {
				t.Errorf("%s = %v, %x; want %v", tc.name, ok, u, tc.ok)
			}
		})
	}
}

// readOnly returns the bytes of the string s as an array, in place.
func readOnly[A [canonicalLen]byte | [hexLen]byte](s string) *A {
	return (*A)(unsafe.Pointer(unsafe.StringData(s)))
}

// TestFirstBad checks FirstBadCanonical and FirstBadHex against a byte
// at a time scan, with every byte value at every offset of a valid text.
func TestFirstBad(t *testing.T) {
	for _, form := range simdForms {
		t.Run(form.name, func(t *testing.T) {
			in := []byte(simdRefEncode(UUID{0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef}, form.hyphens, false))
			for i := range in {
				orig := in[i]
				for c := range 256 {
					in[i] = byte(c)
					want := len(in)
					for j, b := range in {
						if !(form.hyphens && (j == 8 || j == 13 || j == 18 || j == 23)) && !isHexRef(b) {
							want = j
							break
						}
					}
					var got int
					if form.hyphens {
						got = FirstBadCanonical((*[canonicalLen]byte)(in))
					} else {
						got = FirstBadHex((*[hexLen]byte)(in))
					}
					if got != want {
						t.Fatalf("first bad digit of %q = %d; want %d", in, got, want)
					}
				}
				in[i] = orig
			}
		})
	}
}

// isHexRef reports whether c is a hex digit in either case.
func isHexRef(c byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0 }

// simdForms are the two layouts the SIMD code handles.
var simdForms = []struct {
	name    string
	hyphens bool
}{{"form=canonical", true}, {"form=hex", false}}

// TestDecodeSIMDEveryByte sets every byte value at every offset of some
// valid inputs and checks the SIMD decoder against the reference.
func TestDecodeSIMDEveryByte(t *testing.T) {
	bases := []UUID{
		{}, // all '0': a byte just below '0' or just above '9' is next to it
		{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
		{0xf8, 0x1d, 0x4f, 0xae, 0x7d, 0xec, 0x11, 0xd0, 0xa7, 0x65, 0x00, 0xa0, 0xc9, 0x1e, 0x6b, 0xf6},
		{0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10},
	}
	for _, form := range simdForms {
		t.Run(form.name, func(t *testing.T) {
			for _, base := range bases {
				for _, upper := range []bool{false, true} {
					in := []byte(simdRefEncode(base, form.hyphens, upper))
					for i := range in {
						orig := in[i]
						for c := range 256 {
							in[i] = byte(c)
							s := string(in)
							u, ok := simdDecode(t, s)
							ref, refOK := simdRefDecode(s, form.hyphens)
							if ok != refOK || u != ref {
								t.Fatalf("SIMD decode of %q = %v, %v; want %v, %v", s, u, ok, ref, refOK)
							}
						}
						in[i] = orig
					}
				}
			}
		})
	}
}

// TestEncodeSIMDEveryByte sets every byte value at every offset of some
// UUIDs and checks the SIMD encoder against the reference, in both cases.
func TestEncodeSIMDEveryByte(t *testing.T) {
	for _, form := range simdForms {
		t.Run(form.name, func(t *testing.T) {
			for _, base := range []UUID{{}, {0xf8, 0x1d, 0x4f, 0xae, 0x7d, 0xec, 0x11, 0xd0, 0xa7, 0x65, 0x00, 0xa0, 0xc9, 0x1e, 0x6b, 0xf6}} {
				for i := range size {
					for c := range 256 {
						u := base
						u[i] = byte(c)
						for _, upper := range []bool{false, true} {
							got := simdEncode(t, u, form.hyphens, upper)
							if want := simdRefEncode(u, form.hyphens, upper); got != want {
								t.Fatalf("SIMD encode of %x (upper %v) = %q; want %q", u[:], upper, got, want)
							}
						}
					}
				}
			}
		})
	}
}

// TestHexSIMDRoundTrip encodes random UUIDs and decodes them back.
func TestHexSIMDRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		var u UUID
		for i := range u {
			u[i] = byte(r.Uint32())
		}
		for _, form := range simdForms {
			for _, upper := range []bool{false, true} {
				s := simdEncode(t, u, form.hyphens, upper)
				if want := simdRefEncode(u, form.hyphens, upper); s != want {
					t.Fatalf("SIMD encode of %x (upper %v) = %q; want %q", u[:], upper, s, want)
				}
				if back, ok := simdDecode(t, s); !ok || back != u {
					t.Fatalf("SIMD decode of %q = %v, %v; want %v, true", s, back, ok, u)
				}
			}
		}
	}
}

// FuzzSIMD checks the SIMD decoder against the reference on 36- and
// 32-byte inputs, and the encoder on the UUID made of any input's first 16
// bytes.
func FuzzSIMD(f *testing.F) {
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430c8")    // NamespaceDNS
	f.Add("6BA7B810-9DAD-11D1-80B4-00C04FD430C8")    // upper case
	f.Add("6ba7b8109dad11d180b400c04fd430c8")        // 32 digits
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430g8")    // 'g', one past 'f'
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430/8")    // '/', one below '0'
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430:8")    // ':', one past '9'
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430`8")    // '`', one below 'a'
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430@8")    // '@', one below 'A'
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430\xc18") // 0xc1, 'A' with bit 7 set
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430\x118") // 0x11, '1' with bit 5 clear
	f.Add("6ba7b810+9dad-11d1-80b4-00c04fd430c8")    // '+' for a hyphen
	f.Add("6ba7b8109-dad-11d1-80b4-00c04fd430c8")    // a hyphen one place late
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430c")     // 35 bytes: encoder only
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) == canonicalLen || len(s) == hexLen {
			u, ok := simdDecode(t, s)
			ref, refOK := simdRefDecode(s, len(s) == canonicalLen)
			if ok != refOK || u != ref {
				t.Fatalf("SIMD decode of %q = %v, %v; want %v, %v", s, u, ok, ref, refOK)
			}
		}
		var u UUID
		copy(u[:], s)
		for _, form := range simdForms {
			for _, upper := range []bool{false, true} {
				got := simdEncode(t, u, form.hyphens, upper)
				if want := simdRefEncode(u, form.hyphens, upper); got != want {
					t.Fatalf("SIMD encode of %x (upper %v) = %q; want %q", u[:], upper, got, want)
				}
			}
		}
	})
}

// BenchmarkSIMD compares the SIMD functions with the portable ones on the
// canonical form. Run it with `benchstat -col /impl`.
func BenchmarkSIMD(b *testing.B) {
	var ids [64]UUID
	var texts [64]string
	r := rand.New(rand.NewPCG(3, 4))
	for i := range ids {
		for j := range ids[i] {
			ids[i][j] = byte(r.Uint32())
		}
		texts[i] = simdRefEncode(ids[i], true, i%2 == 1)
	}
	var arrays [64]*[canonicalLen]byte
	for i, s := range texts {
		arrays[i] = (*[canonicalLen]byte)([]byte(s))
	}
	b.Run("op=decode/impl=simd", func(b *testing.B) {
		var u UUID
		i := 0
		for b.Loop() {
			DecodeCanonical(&u, arrays[i&63])
			i++
		}
	})
	b.Run("op=decode/impl=go", func(b *testing.B) {
		var u UUID
		i := 0
		for b.Loop() {
			decodeCanonicalGeneric(&u, arrays[i&63])
			i++
		}
	})
	b.Run("op=encode/impl=simd", func(b *testing.B) {
		var dst [canonicalLen]byte
		i := 0
		for b.Loop() {
			PutCanonical(&dst, &ids[i&63], false)
			i++
		}
	})
	b.Run("op=encode/impl=go", func(b *testing.B) {
		var dst [canonicalLen]byte
		i := 0
		for b.Loop() {
			putCanonicalGeneric(&dst, &ids[i&63], false)
			i++
		}
	})
}
